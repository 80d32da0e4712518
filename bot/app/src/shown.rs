//! Text that users wrote, shown back to users: their display names, and words of theirs that a
//! refusal echoes. A name is a label, not a message: it loses bidi controls (which can reorder
//! the sentence around it), zero-width and control characters, and line breaks, and is cut to
//! [`MAX_NAME`] characters. On Discord, Markdown in it is escaped, so a nickname such as
//! `[Verify](https://evil.example)` reads as written instead of becoming a link inside the bot's
//! message. Matrix messages are escaped HTML already, and the console shows text as it is.

use crate::ids::Platform;

/// The longest display name shown.
pub const MAX_NAME: usize = 32;

/// Characters that change how text around them is laid out or that cannot be seen: bidi
/// embeddings, overrides and isolates, zero-width spaces and joiners, marks, the BOM.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// A display name as lalao keeps it; `None` if nothing visible is left.
pub fn clean_name(raw: &str) -> Option<String> {
    let mut name = String::new();
    let mut count = 0;
    let mut pending_space = false;
    for c in raw.chars() {
        if invisible(c) {
            continue;
        }
        if c.is_whitespace() || c.is_control() {
            pending_space = !name.is_empty();
            continue;
        }
        if count + usize::from(pending_space) + 1 > MAX_NAME {
            break;
        }
        if pending_space {
            name.push(' ');
            count += 1;
            pending_space = false;
        }
        name.push(c);
        count += 1;
    }
    (!name.is_empty()).then_some(name)
}

/// Discord Markdown escaped, so that the text shows as written.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '|' | '[' | ']' | '<' | '>' | '#'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// User text as it is safe to show on `platform`.
pub fn on(platform: Platform, text: &str) -> String {
    match platform {
        Platform::Discord => escape_markdown(text),
        Platform::Console | Platform::Matrix => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_bidi_controls_invisible_characters_and_line_breaks() {
        assert_eq!(clean_name("Ana").as_deref(), Some("Ana"));
        assert_eq!(clean_name("  Mme   Rabe \n").as_deref(), Some("Mme Rabe"));
        assert_eq!(clean_name("Eve\u{202E}gnp.exe").as_deref(), Some("Evegnp.exe"));
        assert_eq!(
            clean_name("B\u{200B}o\u{2066}b\u{2069}\u{FEFF}").as_deref(),
            Some("Bob")
        );
        assert_eq!(
            clean_name("line\r\nbreak\tand\u{7}bell").as_deref(),
            Some("line break and bell")
        );
        assert_eq!(clean_name("\u{200B}\u{202E} \n"), None);
        let long = "é".repeat(40);
        assert_eq!(clean_name(&long).unwrap().chars().count(), MAX_NAME);
        assert_eq!(clean_name("Rabe").unwrap(), "Rabe");
    }

    #[test]
    fn markdown_in_a_name_shows_as_written_on_discord_only() {
        let nick = "[Verify](https://evil.example) *now*";
        assert_eq!(
            on(Platform::Discord, nick),
            "\\[Verify\\](https://evil.example) \\*now\\*"
        );
        assert_eq!(
            on(Platform::Discord, "<@123> # big > quote"),
            "\\<@123\\> \\# big \\> quote"
        );
        assert_eq!(
            on(Platform::Discord, "ana_b `x` ~~s~~ ||spoiler|| \\"),
            "ana\\_b \\`x\\` \\~\\~s\\~\\~ \\|\\|spoiler\\|\\| \\\\"
        );
        assert_eq!(on(Platform::Matrix, nick), nick);
        assert_eq!(on(Platform::Console, nick), nick);
    }
}
