//! One board of a class page as HTML: whose it is, what it asks, whose turn, the board with
//! its tap targets and the moves a tap may make, and the buttons under it.

use lalao_app::class::screen::{ScreenBoard, TapMove};
use lalao_app::i18n::t;
use lalao_renderer::{escape_html, Locale};
use serde_json::json;

/// One board of the screen, with what is said about it.
pub(crate) fn board_html(locale: Locale, board: &ScreenBoard) -> String {
    let said = |key: &str| escape_html(&t(locale, key, &[]));
    // A lesson is the pupil's alone: its players would only repeat their name.
    let players: String = match board.activity {
        Some(_) => String::new(),
        None => format!(
            "<ul class=\"players\">{}</ul>",
            board
                .players
                .iter()
                .map(|player| format!("<li>{}</li>", escape_html(player)))
                .collect::<String>()
        ),
    };
    let pass = board
        .moves
        .iter()
        .filter(|tap| tap.from.is_none())
        .map(|tap| {
            format!(
                "<button type=\"button\" class=\"pass\" data-move=\"{}\">⏭ {}</button>",
                escape_html(&tap.text),
                said("web-class-pass")
            )
        })
        .collect::<String>();
    let paragraph = |class: &str, text: &Option<String>| {
        text.as_ref()
            .map(|text| format!("<p class=\"{class}\">{}</p>", escape_html(text)))
            .unwrap_or_default()
    };
    format!(
        "<article class=\"match{playing}{mine}{activity}{pupil}\"{id} data-board=\"{fingerprint}\" \
         data-captured=\"{captured}\" data-moves=\"{moves}\" data-targets=\"{targets}\"{arrow}{look}{later}>\
         {owner}<h2>{title}</h2>{lesson}{how}{small}\
         {players}{turn}{tally}\
         <figure class=\"board\" role=\"group\" aria-label=\"{description}\">{svg}</figure>{pass}{next}{next_lesson}{replay}{again}</article>",
        again = if board.again {
            format!(
                "<button type=\"button\" class=\"again\">↻ {}</button>",
                said("web-class-again")
            )
        } else {
            String::new()
        },
        next = if board.next {
            format!(
                "<button type=\"button\" class=\"next\">{} ➜</button>",
                said("web-class-next")
            )
        } else {
            String::new()
        },
        next_lesson = board
            .go_on
            .as_ref()
            .map(|title| {
                format!(
                    "<button type=\"button\" class=\"next-lesson\">{} ➜</button>",
                    escape_html(&t(locale, "web-class-next-lesson", &[("title", title.clone())]))
                )
            })
            .unwrap_or_default(),
        tally = crate::vote::tally_html(locale, board.vote.as_ref()),
        playing = if board.playing { " playing" } else { "" },
        mine = if board.moves.is_empty() { "" } else { " mine" },
        activity = if board.activity.is_some() { " activity" } else { "" },
        pupil = if board.pupil { " pupil" } else { "" },
        look = board
            .look
            .as_ref()
            .map(|look| format!(" data-look=\"{}\"", escape_html(look)))
            .unwrap_or_default(),
        later = if board.later { " hidden" } else { "" },
        arrow = board
            .arrow
            .as_ref()
            .map(|(from, to)| format!(" data-arrow=\"{} {}\"", escape_html(from), escape_html(to)))
            .unwrap_or_default(),
        // A board of the past is no match's board: nothing is played on it.
        id = if board.past {
            String::new()
        } else {
            format!(" data-match=\"{}\"", board.id.0)
        },
        fingerprint = board.board,
        captured = u8::from(board.captured),
        moves = escape_html(&moves_json(&board.moves)),
        targets = escape_html(&board.targets.join(" ")),
        // The lesson's last right move, sown again under the board of the next step.
        replay = board
            .replay
            .as_ref()
            .map(|url| {
                format!(
                    "<figure class=\"replay\"><img src=\"{}\" alt=\"{}\"><figcaption>{}</figcaption></figure>",
                    escape_html(url),
                    said("web-lesson-replay"),
                    said("web-lesson-replay"),
                )
            })
            .unwrap_or_default(),
        owner = paragraph("owner", &board.owner),
        title = escape_html(&board.title),
        // A lesson's sentence says what to do: the turn would only repeat whose board it is. A
        // pupil's card on the teacher's screen says where the pupil is instead.
        lesson = if board.pupil {
            String::new()
        } else {
            paragraph("lesson", &board.activity)
        },
        how = paragraph("how", &board.how),
        small = paragraph("small", &board.small),
        turn = match (&board.activity, board.pupil) {
            (Some(_), false) => String::new(),
            _ => format!("<p class=\"turn\">{}</p>", escape_html(&board.turn)),
        },
        description = escape_html(&board.description),
        svg = board.svg,
    )
}

/// The moves of a board as the page reads them: `[{"m": "e2-e4", "f": "e2", "t": "e4"}, …]`.
fn moves_json(moves: &[TapMove]) -> String {
    let list: Vec<_> = moves
        .iter()
        .map(|tap| json!({ "m": tap.text, "f": tap.from, "t": tap.to }))
        .collect();
    serde_json::Value::Array(list).to_string()
}
