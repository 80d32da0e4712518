//! From the application's replies to Matrix message text: board messages with their HTML and
//! plain bodies, and user pills. Pure functions; sending is `adapter/replies.rs`'s business.

/// Matrix HTML escaping is the renderer's: one definition for boards and messages.
pub use lalao_renderer::escape_html;
use std::sync::Arc;

use lalao_renderer::{Board, Locale, Picture};

use lalao_app::i18n::t as tr;

/// A player as the adapter shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// `@user:server`.
    pub user_id: String,
    pub name: String,
}

/// A match's board to show in the room.
#[derive(Clone, Debug)]
pub struct BoardReply {
    /// The match's short id: the adapter keeps one board message per match and room.
    pub match_id: String,
    /// A localized line above the board ("Ana played c2-d2"), if any.
    pub headline: Option<String>,
    /// The board as the renderer drew it for this room (its `html` and `plain` are used).
    pub board: Board,
    /// The player whose turn it is: mentioned with a pill so that their client notifies them.
    pub to_move: Option<Player>,
    /// Others to notify (the opponent of someone who resigned).
    pub also_mention: Vec<Player>,
    /// The language of the line that mentions the player to move.
    pub locale: Locale,
    /// The board's picture, posted as an `m.image` beside the text board and
    /// replaced with it.
    pub picture: Option<Arc<Picture>>,
}

/// A message's two bodies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub plain: String,
    pub html: String,
}

/// A `matrix.to` link to a user: clients show it as a pill, and together with `m.mentions`
/// it notifies the user.
pub fn pill(player: &Player) -> String {
    format!(
        r#"<a href="https://matrix.to/#/{}">{}</a>"#,
        escape_html(&link_encode(&player.user_id)),
        escape_html(display_name(player))
    )
}

fn display_name(player: &Player) -> &str {
    if player.name.trim().is_empty() {
        &player.user_id
    } else {
        &player.name
    }
}

/// Percent-encodes what a URL fragment must not carry raw (user ids may hold `/`, `+`, `=`).
fn link_encode(user_id: &str) -> String {
    user_id
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'@' | b':' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A localized sentence in which `$player` is a pill in HTML and the display name in plain.
pub fn sentence_with_pill(locale: Locale, id: &str, player: &Player, args: &[(&str, String)]) -> Text {
    // Render with a marker, then splice: the rest of the sentence is escaped, the pill is not.
    const MARK: &str = "\u{E000}";
    let mut all: Vec<(&str, String)> = vec![("player", MARK.to_owned())];
    all.extend(args.iter().cloned());
    let sentence = tr(locale, id, &all);
    Text {
        plain: sentence.replace(MARK, display_name(player)),
        html: sentence
            .split(MARK)
            .map(escape_html)
            .collect::<Vec<_>>()
            .join(&pill(player)),
    }
}

/// A direct message: its text, then the board it shows as a room's answer shows one, in the
/// renderer's HTML (a board's columns are spaces, which HTML text would run together).
pub fn direct_text(text: &str, board: Option<&lalao_renderer::Board>) -> Text {
    let mut body = plain_text(text);
    if let Some(board) = board {
        body.plain = format!("{}\n\n{}", body.plain, board.plain);
        body.html = format!("<p>{}</p>\n{}", body.html, board.html);
    }
    body
}

/// Plain text as both bodies (for notices).
pub fn plain_text(text: &str) -> Text {
    Text {
        plain: text.to_owned(),
        html: inline_code(&escape_html(text)).replace('\n', "<br>"),
    }
}

/// Escaped HTML with each inline code span of the text (`` `!lalao accept #1` ``) as `<code>`,
/// as Matrix clients show the plain body's backticks. An odd number of backticks
/// is left as it is.
pub fn inline_code(escaped: &str) -> String {
    let pieces: Vec<&str> = escaped.split('`').collect();
    if pieces.len().is_multiple_of(2) {
        return escaped.to_owned();
    }
    let mut html = String::with_capacity(escaped.len() + 16);
    for (n, piece) in pieces.iter().enumerate() {
        match n % 2 {
            1 => {
                html.push_str("<code>");
                html.push_str(piece);
                html.push_str("</code>");
            }
            _ => html.push_str(piece),
        }
    }
    html
}

/// A board message: headline, the renderer's board, and the pill of the player to move.
pub fn board_message(reply: &BoardReply) -> Text {
    let mut plain = Vec::new();
    let mut html = Vec::new();
    if let Some(headline) = &reply.headline {
        plain.push(headline.clone());
        html.push(format!(
            "<p>{}</p>",
            inline_code(&escape_html(headline)).replace('\n', "<br>")
        ));
    }
    plain.push(reply.board.plain.clone());
    html.push(reply.board.html.clone());
    if let Some(player) = &reply.to_move {
        let line = sentence_with_pill(reply.locale, "matrix-your-move", player, &[]);
        plain.push(line.plain);
        html.push(format!("<p>{}</p>", line.html));
    }
    Text {
        plain: plain.join("\n\n"),
        html: html.join("\n"),
    }
}

/// The most a message's two bodies may weigh together. Homeservers refuse events over
/// 65,536 bytes (`M_TOO_LARGE`), counted on the event as sent: in an encrypted room that is
/// the ciphertext, base64 (4/3 of the clear JSON). 30,000 bytes of bodies stay well under.
pub const MESSAGE_BUDGET: usize = 30_000;

/// Cuts `text` into as few pieces as fit: each piece's [`plain_text`] bodies weigh at most
/// `budget` together. Cuts fall at line ends; a single overlong line is cut between
/// characters. Each piece is then a message of its own: a long list arrives whole and in
/// order rather than refused.
pub fn split_for_budget(text: &str, budget: usize) -> Vec<&str> {
    // A line break costs `\n` in the plain body and `<br>` in the HTML one.
    const BREAK: usize = 1 + "<br>".len();
    let weight = |piece: &str| piece.len() + escape_html(piece).len();
    // Units: whole lines, or the parts of a line too heavy alone; `(start, end, after_break)`.
    let mut units = Vec::new();
    let mut offset = 0;
    for line in text.split('\n') {
        let (start, end) = (offset, offset + line.len());
        offset = end + 1;
        if weight(line) <= budget {
            units.push((start, end, start > 0));
            continue;
        }
        let mut part_start = start;
        let mut part_weight = 0;
        for (at, c) in line.char_indices() {
            let c_weight = weight(c.encode_utf8(&mut [0; 4]));
            if part_weight + c_weight > budget && start + at > part_start {
                units.push((part_start, start + at, part_start == start && start > 0));
                part_start = start + at;
                part_weight = 0;
            }
            part_weight += c_weight;
        }
        units.push((part_start, end, part_start == start && start > 0));
    }
    let mut pieces = Vec::new();
    let mut current: Option<(usize, usize, usize)> = None; // start, end, weight
    for (start, end, after_break) in units {
        let unit = weight(&text[start..end]);
        let joined = unit + if after_break { BREAK } else { 0 };
        current = match current {
            Some((first, _, total)) if total + joined <= budget => Some((first, end, total + joined)),
            Some((first, last, _)) => {
                pieces.push(&text[first..last]);
                Some((start, end, unit))
            }
            None => Some((start, end, unit)),
        };
    }
    if let Some((first, last, _)) = current {
        pieces.push(&text[first..last]);
    }
    pieces
}

#[cfg(test)]
mod tests {
    use lalao_core::any::AnyOptions;
    use lalao_core::{AnyGame, GameKind};
    use lalao_renderer::{Style, View};

    use super::*;

    fn ana() -> Player {
        Player {
            user_id: "@ana:example.org".into(),
            name: "Ana <3".into(),
        }
    }

    #[test]
    fn a_pill_links_to_the_user_and_escapes_the_name() {
        assert_eq!(
            pill(&ana()),
            r#"<a href="https://matrix.to/#/@ana:example.org">Ana &lt;3</a>"#
        );
        let odd = Player {
            user_id: "@a/b=c:example.org".into(),
            name: String::new(),
        };
        assert_eq!(
            pill(&odd),
            r#"<a href="https://matrix.to/#/@a%2Fb%3Dc:example.org">@a/b=c:example.org</a>"#
        );
    }

    #[test]
    fn the_pill_line_is_localized_with_the_pill_in_html_only() {
        let line = sentence_with_pill(Locale::En, "matrix-your-move", &ana(), &[]);
        assert_eq!(line.plain, "Ana <3, it's your move.");
        assert_eq!(
            line.html,
            r#"<a href="https://matrix.to/#/@ana:example.org">Ana &lt;3</a>, it&#39;s your move."#
        );
    }

    #[test]
    fn a_board_message_carries_the_renderer_board_and_the_mention() {
        let game = AnyGame::new(AnyOptions::standard(GameKind::Fano).unwrap()).unwrap();
        let view = View {
            names: ["Ana <3", "Bako"],
            ..View::new(Style::Text, Locale::En)
        };
        let board = lalao_renderer::render(&game, &view);
        let reply = BoardReply {
            match_id: "k7".into(),
            headline: Some("Match k7 & co".into()),
            board: board.clone(),
            to_move: Some(ana()),
            also_mention: Vec::new(),
            locale: Locale::En,
            picture: None,
        };
        let text = board_message(&reply);
        assert!(text.html.starts_with("<p>Match k7 &amp; co</p>"));
        assert!(text.html.contains(&board.html));
        assert!(text.plain.starts_with("Match k7 & co\n\n"));
        assert!(text.plain.contains(&board.plain));
        assert!(text.plain.ends_with("Ana <3, it's your move."));
        assert!(text
            .html
            .ends_with(&format!("<p>{}, it&#39;s your move.</p>", pill(&ana()))));
    }

    #[test]
    fn a_direct_message_shows_its_board_as_a_room_does() {
        let game = AnyGame::new(AnyOptions::standard(GameKind::Katro).unwrap()).unwrap();
        let board = lalao_renderer::render(&game, &View::new(Style::Text, Locale::En));
        let text = direct_text("Step 1 of 3: play `c1B`.", Some(&board));
        assert_eq!(text.plain, format!("Step 1 of 3: play `c1B`.\n\n{}", board.plain));
        // The board's columns are spaces: its HTML is the renderer's, not text whose spaces
        // a client would run together.
        assert_eq!(
            text.html,
            format!("<p>Step 1 of 3: play <code>c1B</code>.</p>\n{}", board.html)
        );
        assert_eq!(
            direct_text("You hide 2 in your hand.", None),
            plain_text("You hide 2 in your hand.")
        );
    }

    #[test]
    fn a_short_text_is_one_piece() {
        assert_eq!(split_for_budget("a\nb", 100), ["a\nb"]);
        assert_eq!(split_for_budget("", 100), [""]);
    }

    #[test]
    fn a_long_list_is_cut_at_line_ends_into_as_few_pieces_as_fit() {
        // 2,000 lines of 35 bytes, each weighing 35 + 35, and 5 more for the break before it:
        // 70 + 399 × 75 = 29,995, so 400 lines fit in 30,000.
        let lines: Vec<String> = (1000..3000)
            .map(|n| format!("#{n}: Ana challenges anyone: Katro"))
            .collect();
        let text = lines.join("\n");
        let pieces = split_for_budget(&text, MESSAGE_BUDGET);
        let sizes: Vec<usize> = pieces.iter().map(|piece| piece.lines().count()).collect();
        assert_eq!(sizes, [400; 5]);
        for piece in &pieces {
            let body = plain_text(piece);
            assert!(body.plain.len() + body.html.len() <= MESSAGE_BUDGET);
        }
        assert_eq!(pieces.join("\n"), text);
    }

    #[test]
    fn one_overlong_line_is_cut_between_characters() {
        // "é" weighs 2 + 2: 7,500 fit in 30,000.
        let text = format!("{}\nend", "é".repeat(20_000));
        let pieces = split_for_budget(&text, MESSAGE_BUDGET);
        let sizes: Vec<usize> = pieces.iter().map(|piece| piece.chars().count()).collect();
        // The last part (20,000 bytes) still has room for the next line (5 + 6).
        assert_eq!(sizes, [7_500, 7_500, 5_004]);
        assert!(pieces[2].ends_with("é\nend"));
        assert_eq!(pieces.concat(), text);
    }
}
