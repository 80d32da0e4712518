//! The class's vote on a class page: the tally under the board (each proposed move's votes,
//! the one that would be played first, names never shown), the time left, a seat's own vote,
//! and the teacher's "Play it".

use lalao_app::class::screen::VoteView;
use lalao_app::i18n::t;
use lalao_renderer::{escape_html, Locale};

/// The tally of the open turn, or nothing when no turn is open on this board.
pub(crate) fn tally_html(locale: Locale, view: Option<&VoteView>) -> String {
    let Some(view) = view else {
        return String::new();
    };
    let said = |key: &str, args: &[(&str, String)]| escape_html(&t(locale, key, args));
    let rows: String = view
        .rows
        .iter()
        .map(|row| {
            // Its places as taps name them (the way a Katro sowing goes: where its first seed
            // falls), a token per vote to count at a glance, and its notation as small print.
            let places = match (&row.from, &row.to) {
                (Some(from), Some(to)) => format!("{from} → {to}"),
                (Some(from), None) => from.clone(),
                _ => row.text.clone(),
            };
            format!(
                "<li class=\"{leading}\"><b>{votes}</b><span class=\"places\">{places}</span>\
                 <span class=\"tokens\" aria-hidden=\"true\">{tokens}</span>\
                 <span class=\"small\">{text}</span></li>",
                leading = if row.leading { "leading" } else { "" },
                votes = row.votes,
                places = escape_html(&places),
                tokens = "●".repeat(row.votes),
                text = escape_html(&row.text),
            )
        })
        .collect();
    // The page counts down from the closing time; before a first vote nothing runs.
    let left = match view.closes_at {
        Some(closes) => format!(
            "<span class=\"vote-left\" data-closes=\"{closes}\" data-words=\"{}\"></span>",
            said("web-class-vote-left", &[("seconds", "{}".to_owned())])
        ),
        None => format!(
            "<span class=\"vote-waiting\">{}</span>",
            said("web-class-vote-waiting", &[])
        ),
    };
    let mine = view
        .mine
        .as_ref()
        .map(|choice| {
            format!(
                "<p class=\"vote-mine\">{}</p>",
                said("web-class-vote-mine", &[("move", choice.clone())])
            )
        })
        .unwrap_or_default();
    let play = if view.play_now {
        format!(
            "<button type=\"button\" class=\"play-vote\">▶ {}</button>",
            said("web-class-vote-play", &[])
        )
    } else {
        String::new()
    };
    format!(
        "<section class=\"tally\"><p class=\"vote-line\">{line} · {left}</p><ol>{rows}</ol>{mine}{play}</section>",
        line = escape_html(&view.line),
    )
}
