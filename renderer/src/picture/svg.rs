//! Writing SVG as text: the document, shapes, and text with its escaping. Every string that
//! reaches the SVG goes through [`escape`], player names through [`cut_name`] first.

use std::fmt::Write;

use super::palette::{BACKGROUND, INK};

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

/// An SVG document being written: shapes are appended as text, in painting order, and the
/// texts kept apart, to be drawn over them (the rasteriser draws each distinct text once and
/// reuses it: shaping text is most of the cost of a picture).
pub(crate) struct Svg {
    body: String,
    texts: Vec<Text>,
}

/// A finished picture: its shapes as an SVG document without text, the texts to draw over
/// them, and its size in pixels.
pub(crate) struct Document {
    pub shapes: String,
    pub texts: Vec<Text>,
    pub width: u32,
    pub height: u32,
}

impl Document {
    /// The whole SVG document, texts included.
    pub(crate) fn to_svg(&self) -> String {
        let texts: String = self.texts.iter().map(Text::element).collect();
        let end = self.shapes.len() - "</svg>".len();
        format!("{}{texts}</svg>", &self.shapes[..end])
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
            texts: Vec::new(),
        }
    }

    /// Draws `other` with its origin at (`dx`, `dy`), whole pixels.
    pub(crate) fn nest(&mut self, other: Svg, dx: f32, dy: f32) {
        let (dx, dy) = (dx.round(), dy.round());
        self.body
            .push_str(&format!(r#"<g transform="translate({},{})">"#, n(dx), n(dy)));
        self.body.push_str(&other.body);
        self.body.push_str("</g>");
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
        Document {
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
