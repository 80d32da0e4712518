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
    let most = view.rows.iter().map(|row| row.votes).max().unwrap_or(1).max(1);
    let rows: String = view
        .rows
        .iter()
        .map(|row| {
            // Each proposal's bar is as long as its share of the most voted one's.
            format!(
                "<li class=\"{leading}\" data-from=\"{from}\" data-to=\"{to}\">\
                 <span class=\"bar\" style=\"width:{width}%\"></span><b>{votes}</b> \
                 <span class=\"small\">{text}</span></li>",
                leading = if row.leading { "leading" } else { "" },
                from = escape_html(row.from.as_deref().unwrap_or("")),
                to = escape_html(row.to.as_deref().unwrap_or("")),
                width = 100 * row.votes / most,
                votes = row.votes,
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
