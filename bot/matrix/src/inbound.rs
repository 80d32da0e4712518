//! From a Matrix message to the command text the bot core parses. Pure functions.
//!
//! A message is a command when it starts with `!lalao`, or with a mention of the bot (its
//! pill, its user id, or its name when `m.mentions` names the bot), or, in a direct-message
//! room, always. Pills become the user ids they point at, so `!lalao play fano @Bako` written
//! with a pill reaches the grammar as `play fano @bako:example.org`.

/// The written prefix every room understands.
pub const PREFIX: &str = "!lalao";

/// Who the bot is, for recognising mentions of it.
#[derive(Clone, Debug)]
pub struct BotIdentity {
    /// `@lalao:example.org`.
    pub user_id: String,
    /// Display name and localpart, lowercase.
    pub names: Vec<String>,
}

impl BotIdentity {
    pub fn new(user_id: &str, display_name: Option<&str>) -> BotIdentity {
        let mut names = Vec::new();
        if let Some(name) = display_name.filter(|name| !name.trim().is_empty()) {
            names.push(name.trim().to_lowercase());
        }
        let localpart = user_id
            .trim_start_matches('@')
            .split(':')
            .next()
            .unwrap_or_default()
            .to_lowercase();
        if !localpart.is_empty() && !names.contains(&localpart) {
            names.push(localpart);
        }
        BotIdentity {
            user_id: user_id.to_owned(),
            names,
        }
    }
}

/// The parts of an `m.room.message` that matter here.
#[derive(Clone, Copy, Debug, Default)]
pub struct Message<'a> {
    pub body: &'a str,
    /// `formatted_body` when `format` is `org.matrix.custom.html`.
    pub html: Option<&'a str>,
    /// Whether `m.mentions.user_ids` names the bot.
    pub mentions_bot: bool,
    /// Sent in a direct-message room with the bot.
    pub direct: bool,
    /// A reply to one of the bot's messages, or a message in a thread the bot started: a
    /// command without the prefix, like a line in a direct message.
    pub answers_bot: bool,
}

/// The command text (prefix removed, pills as user ids, whitespace collapsed), or `None` when
/// the message is not addressed to the bot.
pub fn command_text(message: Message, bot: &BotIdentity) -> Option<String> {
    let text = match message.html {
        Some(html) => html_to_text(html),
        None => strip_reply_fallback(message.body),
    };
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(rest) = strip_word_prefix(&text, PREFIX) {
        return Some(rest.to_owned());
    }
    if let Some(rest) = strip_word_prefix(&text, &bot.user_id) {
        return Some(rest.to_owned());
    }
    if message.mentions_bot {
        for name in &bot.names {
            if let Some(rest) = strip_word_prefix(&text, name) {
                return Some(rest.to_owned());
            }
        }
    }
    ((message.direct || message.answers_bot) && !text.is_empty()).then_some(text)
}

/// `text` without a leading `word` (case-insensitive) followed by the end, whitespace, `:` or `,`.
fn strip_word_prefix<'t>(text: &'t str, word: &str) -> Option<&'t str> {
    let head = text.get(..word.len())?;
    if !head.eq_ignore_ascii_case(word) && head.to_lowercase() != word.to_lowercase() {
        return None;
    }
    let rest = &text[word.len()..];
    let rest = rest
        .strip_prefix(':')
        .or_else(|| rest.strip_prefix(','))
        .unwrap_or(rest);
    if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
        return None;
    }
    Some(rest.trim())
}

/// Drops the quoted lines of an old-style rich reply fallback (`> <@ana:x> …`).
fn strip_reply_fallback(body: &str) -> String {
    let mut lines = body.lines().peekable();
    if lines.peek().is_some_and(|line| line.starts_with("> ")) {
        while lines.peek().is_some_and(|line| line.starts_with('>')) {
            lines.next();
        }
    }
    lines.collect::<Vec<_>>().join("\n")
}

/// Plain text of a message's HTML: user pills become user ids, `<mx-reply>` fallbacks vanish,
/// other tags are dropped and entities decoded.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    // Text inside a pill is replaced by the user id; inside mx-reply it is dropped.
    let mut skipping_link = false;
    let mut reply_depth = 0usize;
    while let Some(open) = rest.find('<') {
        if !skipping_link && reply_depth == 0 {
            out.push_str(&decode_entities(&rest[..open]));
        }
        let Some(close) = rest[open..].find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let closing = tag.starts_with('/');
        match name.as_str() {
            "mx-reply" => {
                reply_depth = if closing {
                    reply_depth.saturating_sub(1)
                } else {
                    reply_depth + 1
                }
            }
            "a" if closing => skipping_link = false,
            "a" if reply_depth == 0 => {
                if let Some(user) = pill_target(tag) {
                    out.push_str(&user);
                    skipping_link = true;
                }
            }
            "br" | "p" | "div" | "li" if reply_depth == 0 => out.push(' '),
            _ => {}
        }
    }
    if !skipping_link && reply_depth == 0 {
        out.push_str(&decode_entities(rest));
    }
    out
}

/// The user id a `<a href="https://matrix.to/#/@user:server">` tag points at.
fn pill_target(tag: &str) -> Option<String> {
    let start = tag.find("href=")? + "href=".len();
    let value = &tag[start..];
    let quote = value.chars().next()?;
    let value = if quote == '"' || quote == '\'' {
        let inner = &value[1..];
        &inner[..inner.find(quote)?]
    } else {
        value.split_whitespace().next()?
    };
    let target = if let Some(fragment) = value.strip_prefix("https://matrix.to/#/") {
        percent_decode(fragment.split('?').next()?)
    } else {
        // The `matrix:` URI scheme (spec 1.2): matrix:u/user:server
        format!(
            "@{}",
            percent_decode(value.strip_prefix("matrix:u/")?.split(['?', '#']).next()?)
        )
    };
    (target.starts_with('@') && target.contains(':')).then_some(target)
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            if let (Some(high), Some(low)) = (
                bytes.get(i + 1).and_then(|&b| hex(b)),
                bytes.get(i + 2).and_then(|&b| hex(b)),
            ) {
                out.push((high * 16 + low) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest.find(';').filter(|&semi| semi <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|dec| dec.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bot() -> BotIdentity {
        BotIdentity::new("@lalao:example.org", Some("Lalao Bot"))
    }

    fn plain(body: &str) -> Option<String> {
        command_text(
            Message {
                body,
                ..Message::default()
            },
            &bot(),
        )
    }

    #[test]
    fn the_written_prefix_starts_a_command() {
        assert_eq!(plain("!lalao play fano").as_deref(), Some("play fano"));
        assert_eq!(plain("  !LALAO   move  a1-b1 ").as_deref(), Some("move a1-b1"));
        assert_eq!(plain("!lalao").as_deref(), Some(""));
    }

    #[test]
    fn other_messages_are_not_commands() {
        assert_eq!(plain("hello"), None);
        assert_eq!(plain("!lalaoplay"), None);
        assert_eq!(plain("I said !lalao play"), None);
    }

    #[test]
    fn a_pill_of_the_bot_is_a_prefix_and_other_pills_become_user_ids() {
        let html = r#"<a href="https://matrix.to/#/@lalao:example.org">Lalao Bot</a>: play fano <a href="https://matrix.to/#/%40bako%3Aexample.org">Bako</a>"#;
        let text = command_text(
            Message {
                body: "Lalao Bot: play fano Bako",
                html: Some(html),
                mentions_bot: true,
                direct: false,
                answers_bot: false,
            },
            &bot(),
        );
        assert_eq!(text.as_deref(), Some("play fano @bako:example.org"));
    }

    #[test]
    fn matrix_uri_pills_and_unknown_links() {
        assert_eq!(
            html_to_text(r#"play <a href="matrix:u/bako:example.org?action=chat">Bako</a>"#),
            "play @bako:example.org"
        );
        // A link that is not a user keeps its text.
        assert_eq!(
            html_to_text(r#"see <a href="https://example.org">this</a>"#),
            "see this"
        );
    }

    #[test]
    fn the_bot_name_counts_only_when_the_bot_is_mentioned() {
        let named = |mentions_bot| {
            command_text(
                Message {
                    body: "lalao: help",
                    html: None,
                    mentions_bot,
                    direct: false,
                    answers_bot: false,
                },
                &bot(),
            )
        };
        assert_eq!(named(true).as_deref(), Some("help"));
        assert_eq!(named(false), None);
    }

    #[test]
    fn in_a_direct_room_every_message_is_a_command() {
        let text = command_text(
            Message {
                body: "move a1-b1",
                html: None,
                mentions_bot: false,
                direct: true,
                answers_bot: false,
            },
            &bot(),
        );
        assert_eq!(text.as_deref(), Some("move a1-b1"));
    }

    #[test]
    fn reply_fallbacks_are_ignored() {
        let body = "> <@ana:example.org> !lalao play\n> more\n\n!lalao board";
        assert_eq!(plain(body).as_deref(), Some("board"));
        let html = "<mx-reply><blockquote>!lalao play</blockquote></mx-reply>!lalao board";
        let text = command_text(
            Message {
                body: "x",
                html: Some(html),
                ..Message::default()
            },
            &bot(),
        );
        assert_eq!(text.as_deref(), Some("board"));
    }

    #[test]
    fn html_entities_and_tags_are_decoded() {
        assert_eq!(
            html_to_text("<p>!lalao&nbsp;move <b>a1&gt;b1</b> &amp; &#x41;&#66;</p>").trim(),
            "!lalao move a1>b1 & AB"
        );
        assert_eq!(html_to_text("a &bogus; &"), "a &bogus; &");
    }
}
