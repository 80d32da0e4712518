//! Writing SVG as text: the document, shapes, and text with its escaping. Every string that
//! reaches the SVG goes through [`escape`], player names through [`cut_name`] first.

use std::fmt::Write;

use super::palette::{BACKGROUND, HIGHLIGHT, INK};

/// The family the rasteriser finds in its bundled fonts (and a web page in its own).
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans";

/// Longest player name drawn, in characters: a longer one is cut with an ellipsis.
pub(crate) const NAME_MAX: usize = 24;

/// XML-escapes text for an SVG text node or attribute, and drops what XML 1.0 cannot carry
/// (control characters, noncharacters), so that no name can break the document.
pub(crate) fn escape(text: &str) -> String {
    let carried: String = text
        .chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if (c as u32) < 0x20 || (0x7f..0xa0).contains(&(c as u32)) => None,
            '\u{fffe}' | '\u{ffff}' => None,
            c => Some(c),
        })
        .collect();
    // The same five entities as Matrix HTML.
    crate::escape_html(&carried)
}

/// A player name as drawn: at most [`NAME_MAX`] characters (longer ones end in "…"),
/// whitespace runs and line breaks as single spaces.
pub(crate) fn cut_name(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let name = words.join(" ");
    if name.chars().count() <= NAME_MAX {
        name
    } else {
        let mut cut: String = name.chars().take(NAME_MAX - 1).collect();
        cut.push('…');
        cut
    }
}

/// Rough width of text in DejaVu Sans, for layout only (wrapping, centring boxes): the
/// average advance of its Latin letters and digits is about 0.55 em.
pub(crate) fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.55
}

/// Splits a line of text into lines of at most `max` characters, at spaces when it can.
pub(crate) fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > max {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > max {
            let head: String = line.chars().take(max).collect();
            let tail: String = line.chars().skip(max).collect();
            lines.push(head);
            line = tail;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// How a text is anchored at its x coordinate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

/// A line of text placed on a picture: drawn last, over the shapes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Text {
    pub x: f32,
    /// The baseline.
    pub y: f32,
    pub size: f32,
    pub anchor: Anchor,
    pub bold: bool,
    pub fill: &'static str,
    pub text: String,
}

impl Text {
    /// The `<text>` element (with `x` and `y` as given: the rasteriser and the SVG place it
    /// on the same whole pixel).
    pub(crate) fn element(&self) -> String {
        let anchor = match self.anchor {
            Anchor::Start => "",
            Anchor::Middle => r#" text-anchor="middle""#,
            Anchor::End => r#" text-anchor="end""#,
        };
        let weight = if self.bold { r#" font-weight="bold""# } else { "" };
        format!(
            r#"<text x="{}" y="{}" font-size="{}"{anchor}{weight} fill="{}">{}</text>"#,
            n(self.x),
            n(self.y),
            n(self.size),
            self.fill,
            escape(&self.text)
        )
    }
}

/// A small drawing repeated many times on a picture (a mancala pit with its seeds), its
/// origin placed at (`x`, `y`). The rasteriser draws each distinct one once per sub-pixel
/// offset and copies it: filling hundreds of anti-aliased discs was most of the cost of a wide
/// board's picture.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Stamp {
    pub x: f32,
    pub y: f32,
    /// SVG elements drawn around the origin.
    pub fragment: std::sync::Arc<str>,
    /// How far from the origin the drawing reaches, in pixels.
    pub reach: f32,
}

/// A place on a board a player can tap: a cell, square or pit, named as the
/// notation names it, with what it holds in words for screen readers. Pictures leave them
/// out; a web page that plays draws them over everything, invisible.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Target {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub name: String,
    pub label: String,
}

/// An SVG document being written, in three layers painted in order: shapes appended as text,
/// then the stamps, then the shapes over them; the texts are kept apart, to be drawn over
/// everything (the rasteriser draws each distinct text once and reuses it: shaping text is
/// most of the cost of a picture).
pub(crate) struct Svg {
    body: String,
    stamps: Vec<Stamp>,
    over: String,
    texts: Vec<Text>,
    targets: Vec<Target>,
}

/// A finished picture: its shapes as an SVG document without text, the stamps and the shapes
/// (an SVG document without background, empty if none) to draw over them, the texts over all,
/// and its size in pixels.
pub(crate) struct Document {
    pub shapes: String,
    pub stamps: Vec<Stamp>,
    pub over: String,
    pub texts: Vec<Text>,
    pub targets: Vec<Target>,
    pub width: u32,
    pub height: u32,
}

impl Document {
    /// The whole SVG document, stamps, shapes over them and texts included.
    pub(crate) fn to_svg(&self) -> String {
        self.svg_with(false)
    }

    /// The whole SVG document with its tap targets last: squares of the board's cells, each
    /// `class="tap"`, its name in `data-tap` and its contents in `aria-label`, transparent.
    pub(crate) fn to_svg_with_targets(&self) -> String {
        self.svg_with(true)
    }

    /// Frames the places named `names` (as tap targets name them) over everything but the
    /// texts: where a lesson's step points.
    pub(crate) fn highlight(&mut self, names: &[String]) {
        let mut frames = String::new();
        for target in self.targets.iter().filter(|target| names.contains(&target.name)) {
            let stroke = (target.size * 0.1).max(3.0);
            let inset = stroke / 2.0;
            let _ = write!(
                frames,
                r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{HIGHLIGHT}" fill-opacity="0.22" stroke="{HIGHLIGHT}" stroke-width="{}"/>"#,
                n(target.x + inset),
                n(target.y + inset),
                n(target.size - stroke),
                n(target.size - stroke),
                n(stroke),
                n(stroke),
            );
        }
        if frames.is_empty() {
            return;
        }
        let (w, h) = (self.width, self.height);
        self.over = match self.over.rfind("</svg>") {
            Some(end) => format!("{}{frames}</svg>", &self.over[..end]),
            None => format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" fill="{INK}">{frames}</svg>"#
            ),
        };
    }

    /// [`Document::to_svg_with_targets`] cut to the board: its places and their labels, without
    /// the title, legend and status around them, so that a page can draw the board as wide as
    /// the screen (the page says those in words of its own).
    pub(crate) fn to_board_svg_with_targets(&self) -> String {
        let Some(first) = self.targets.first() else {
            return self.svg_with(true);
        };
        let (mut left, mut top, mut right, mut bottom) = (first.x, first.y, first.x, first.y);
        let mut size: f32 = 0.0;
        for target in &self.targets {
            left = left.min(target.x);
            top = top.min(target.y);
            right = right.max(target.x + target.size);
            bottom = bottom.max(target.y + target.size);
            size = size.max(target.size);
        }
        // The board's own texts (its labels, what a place holds) are centred on what they name;
        // the title, legend and status lines start at the picture's left edge.
        let board_left = left;
        let svg = self.svg_with_texts(true, &|text: &Text| {
            !(text.anchor == Anchor::Start && text.x < board_left)
        });
        // The row and column labels sit within about half a place outside the places.
        let margin = size * 0.6;
        let left = (left - margin).max(0.0).floor();
        let top = (top - margin).max(0.0).floor();
        let right = (right + margin).min(self.width as f32).ceil();
        let bottom = (bottom + margin).min(self.height as f32).ceil();
        let (w, h) = (self.width, self.height);
        let whole = format!(r#"width="{w}" height="{h}" viewBox="0 0 {w} {h}""#);
        let (cut_w, cut_h) = (right - left, bottom - top);
        let cut = format!(r#"width="{cut_w}" height="{cut_h}" viewBox="{left} {top} {cut_w} {cut_h}""#);
        svg.replacen(&whole, &cut, 1)
    }

    fn svg_with(&self, targets: bool) -> String {
        self.svg_with_texts(targets, &|_| true)
    }

    fn svg_with_texts(&self, targets: bool, keep: &dyn Fn(&Text) -> bool) -> String {
        let mut all = String::with_capacity(self.shapes.len() + self.over.len() + 64 * self.stamps.len());
        all.push_str(&self.shapes[..self.shapes.len() - "</svg>".len()]);
        for stamp in &self.stamps {
            let _ = write!(
                all,
                r#"<g transform="translate({},{})">{}</g>"#,
                n(stamp.x),
                n(stamp.y),
                stamp.fragment
            );
        }
        if let Some(start) = self.over.find('>') {
            all.push_str(&self.over[start + 1..self.over.len() - "</svg>".len()]);
        }
        for text in self.texts.iter().filter(|text| keep(text)) {
            all.push_str(&text.element());
        }
        if targets {
            for target in &self.targets {
                let _ = write!(
                    all,
                    r#"<rect class="tap" data-tap="{}" role="button" tabindex="0" aria-label="{}" x="{}" y="{}" width="{}" height="{}" fill="transparent"/>"#,
                    escape(&target.name),
                    escape(&target.label),
                    n(target.x),
                    n(target.y),
                    n(target.size),
                    n(target.size)
                );
            }
        }
        all.push_str("</svg>");
        all
    }
}

/// Coordinates with one decimal: enough at these sizes, and the same text on every run.
/// Written from whole tenths (float formatting was a tenth of a picture's time).
pub(crate) fn n(value: f32) -> String {
    let tenths = (value * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let (whole, tenth) = (tenths.abs() / 10, tenths.abs() % 10);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

impl Svg {
    pub(crate) fn new() -> Svg {
        Svg {
            body: String::with_capacity(16 * 1024),
            stamps: Vec::new(),
            over: String::new(),
            texts: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// Draws `other` with its origin at (`dx`, `dy`), whole pixels, each of its layers over
    /// this one's.
    pub(crate) fn nest(&mut self, other: Svg, dx: f32, dy: f32) {
        let (dx, dy) = (dx.round(), dy.round());
        let open = format!(r#"<g transform="translate({},{})">"#, n(dx), n(dy));
        for (to, from) in [(&mut self.body, &other.body), (&mut self.over, &other.over)] {
            if !from.is_empty() {
                to.push_str(&open);
                to.push_str(from);
                to.push_str("</g>");
            }
        }
        self.targets
            .extend(other.targets.into_iter().map(|target| Target {
                x: target.x + dx,
                y: target.y + dy,
                ..target
            }));
        self.stamps.extend(other.stamps.into_iter().map(|stamp| Stamp {
            x: stamp.x + dx,
            y: stamp.y + dy,
            ..stamp
        }));
        self.texts.extend(other.texts.into_iter().map(|text| Text {
            x: text.x + dx,
            y: text.y + dy,
            ..text
        }));
    }

    pub(crate) fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, attrs: &str) {
        let _ = write!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
            n(x),
            n(y),
            n(w),
            n(h)
        );
    }

    pub(crate) fn circle(&mut self, cx: f32, cy: f32, r: f32, attrs: &str) {
        let _ = write!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
            n(cx),
            n(cy),
            n(r)
        );
    }

    pub(crate) fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, attrs: &str) {
        let _ = write!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#,
            n(x1),
            n(y1),
            n(x2),
            n(y2)
        );
    }

    pub(crate) fn path(&mut self, d: &str, attrs: &str) {
        let _ = write!(self.body, r#"<path d="{d}" {attrs}/>"#);
    }

    /// Places a stamp: over every shape drawn so far, under those of [`Svg::over`].
    pub(crate) fn stamp(&mut self, stamp: Stamp) {
        self.stamps.push(stamp);
    }

    /// A tap target: the square of side `size` centred on (`cx`, `cy`).
    pub(crate) fn target(&mut self, cx: f32, cy: f32, size: f32, name: String, label: String) {
        self.targets.push(Target {
            x: cx - size / 2.0,
            y: cy - size / 2.0,
            size,
            name,
            label,
        });
    }

    /// Draws `top`'s shapes over the stamps (and its texts with the others).
    pub(crate) fn over(&mut self, top: Svg) {
        debug_assert!(top.stamps.is_empty() && top.over.is_empty());
        self.over.push_str(&top.body);
        self.texts.extend(top.texts);
        self.targets.extend(top.targets);
    }

    /// Text centred vertically on `y`, placed on a whole pixel.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        anchor: Anchor,
        bold: bool,
        fill: &'static str,
        text: &str,
    ) {
        // DejaVu's digits and capitals are about 0.73 em tall: half of that below the centre.
        self.texts.push(Text {
            x: x.round(),
            y: (y + size * 0.36).round(),
            size,
            anchor,
            bold,
            fill,
            text: text.to_owned(),
        });
    }

    /// The finished document, `width` × `height` pixels on the opaque background.
    pub(crate) fn finish(self, width: f32, height: f32) -> Document {
        let (w, h) = (width.ceil(), height.ceil());
        let over = if self.over.is_empty() {
            String::new()
        } else {
            format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" fill="{INK}">{}</svg>"#,
                self.over
            )
        };
        Document {
            targets: self.targets,
            stamps: self.stamps,
            over,
            shapes: format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}, sans-serif" fill="{INK}"><rect width="{w}" height="{h}" fill="{BACKGROUND}"/>{}</svg>"#,
                self.body
            ),
            texts: self.texts,
            width: w as u32,
            height: h as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_and_cut() {
        assert_eq!(escape("<script>&\"'"), "&lt;script&gt;&amp;&quot;&#39;");
        assert_eq!(escape("a\u{1}b\u{7f}c\nd"), "abc d");
        let long = "x".repeat(40);
        let cut = cut_name(&long);
        assert_eq!(cut.chars().count(), NAME_MAX);
        assert!(cut.ends_with('…'));
        assert_eq!(cut_name("  Ana \n  Bako "), "Ana Bako");
    }

    #[test]
    fn coordinates_have_one_decimal() {
        assert_eq!(n(3.0), "3");
        assert_eq!(n(2.25), "2.3");
        assert_eq!(n(-0.5), "-0.5");
        assert_eq!(n(-0.04), "0");
        assert_eq!(n(120.96), "121");
    }

    #[test]
    fn text_wraps_at_spaces() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap("", 3), [""]);
    }
}
