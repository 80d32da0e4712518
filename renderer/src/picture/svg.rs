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
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || (0x7f..0xa0).contains(&(c as u32)) => {}
            '\u{fffe}' | '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

/// An SVG document being written: shapes are appended as text, in painting order.
pub(crate) struct Svg {
    body: String,
}

/// Coordinates with one decimal: enough at these sizes, and the same text on every run.
pub(crate) fn n(value: f32) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded == rounded.trunc() {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded:.1}")
    }
}

impl Svg {
    pub(crate) fn new() -> Svg {
        Svg {
            body: String::with_capacity(16 * 1024),
        }
    }

    /// Raw SVG elements (already escaped).
    pub(crate) fn raw(&mut self, element: &str) {
        self.body.push_str(element);
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

    /// Text whose baseline is placed so that the text is centred vertically on `y`.
    pub(crate) fn text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        anchor: Anchor,
        bold: bool,
        fill: &str,
        text: &str,
    ) {
        let anchor = match anchor {
            Anchor::Start => "",
            Anchor::Middle => r#" text-anchor="middle""#,
            Anchor::End => r#" text-anchor="end""#,
        };
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        // DejaVu's digits and capitals are about 0.73 em tall: half of that below the centre.
        let baseline = y + size * 0.36;
        let _ = write!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}"{anchor}{weight} fill="{fill}">{}</text>"#,
            n(x),
            n(baseline),
            n(size),
            escape(text)
        );
    }

    /// The elements written so far, to nest in another document.
    pub(crate) fn into_body(self) -> String {
        self.body
    }

    /// The finished document, `width` × `height` pixels on the opaque background.
    pub(crate) fn finish(self, width: f32, height: f32) -> String {
        let (w, h) = (width.ceil(), height.ceil());
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}, sans-serif" fill="{INK}"><rect width="{w}" height="{h}" fill="{BACKGROUND}"/>{}</svg>"#,
            self.body
        )
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
    fn text_wraps_at_spaces() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap("", 3), [""]);
    }
}
