//! lalao-renderer: pure functions from a core state to boards people can read — a text grid
//! (monospace, in a code block), an emoji grid, Matrix HTML with its plain-text body, and a
//! short screen-reader description; and pictures of the boards (PNG, SVG, an animated sowing
//! replay; [`picture`]). No platform calls: adapters decide how to send the result.
//!
//! All labels come from the Fluent files in `locales/`.

mod fano;
mod i18n;
mod picture;
mod samantsy;
mod sowing;

use lalao_core::{AnyGame, Event, GameKind, Side};
use serde::{Deserialize, Serialize};

pub use i18n::{ftl_message_ids, tr, Arg, Locale};
pub use picture::{
    game_animation, picture, picture_highlighted, picture_svg, playable_board_svg, playable_svg,
    sowing_animation, Animation, BoardSvgCache, GameAnimation, Picture, PictureCache, PictureSize,
    ANIMATION_MAX_BYTES, ANIMATION_MAX_FRAMES, GAME_ANIMATION_MAX_BYTES, GAME_ANIMATION_MAX_PLIES,
    PICTURE_MAX_BYTES,
};
pub use samantsy::piece_legend;
pub use sowing::{sowing_replay, sowing_trace, REPLAY_MAX_FRAMES};

/// How a board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Monospace grid inside a code block, with coordinates on every edge.
    #[default]
    Text,
    /// Emoji grid outside code blocks (emoji inside code blocks break on Discord).
    Emoji,
    /// Bigger, simpler symbols and words for young children.
    Large,
    /// For screen readers: every form of the board is the short description, no grid.
    Reader,
}

impl Style {
    pub const ALL: [Style; 4] = [Style::Text, Style::Emoji, Style::Large, Style::Reader];

    pub fn id(self) -> &'static str {
        match self {
            Style::Text => "text",
            Style::Emoji => "emoji",
            Style::Large => "large",
            Style::Reader => "reader",
        }
    }

    pub fn from_id(id: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|style| style.id() == id)
    }
}

/// Who looks at the board, and how.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub style: Style,
    pub locale: Locale,
    /// Display names of the two sides, indexed by [`Side::index`].
    pub names: [&'a str; 2],
    /// The side the viewer plays, if any: Samantsy boards are drawn from that side.
    pub viewer: Option<Side>,
    /// The last move in canonical notation, and what it did.
    pub last_move: Option<&'a str>,
    pub events: &'a [Event],
    /// The match ended off the board (a resignation, an agreed draw, a clock, a cancel) while
    /// the position itself has no result: the status line says it is over, not whose turn it is.
    pub ended: bool,
    /// How the match ended off the board ("Bako gives up. Ana wins!"), said where a board
    /// would otherwise only say the match is over: a whole game's last frame, a final board.
    pub result: Option<&'a str>,
}

impl<'a> View<'a> {
    /// A plain view: no names, no last move.
    pub fn new(style: Style, locale: Locale) -> View<'a> {
        View {
            style,
            locale,
            names: ["", ""],
            viewer: None,
            last_move: None,
            events: &[],
            ended: false,
            result: None,
        }
    }
}

/// One rendered board in every form an adapter may need.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// Message text for Discord and the console (Markdown; the text style uses a code block).
    pub markdown: String,
    /// Matrix `formatted_body` (HTML limited to the spec's suggested safe tags and attributes).
    pub html: String,
    /// Matrix `body`: what clients without HTML show.
    pub plain: String,
    /// A short sentence-level summary for screen readers.
    pub description: String,
    /// The `large` style's status line (whose turn, or the outcome), which an output that
    /// cannot make letters bigger (a terminal) shows as a banner; `None` in other styles.
    pub banner: Option<String>,
}

/// Discord's message limit, in characters.
pub const DISCORD_MESSAGE_LIMIT: usize = 2000;
/// What one board may take of a Discord message, in characters: the bot adds its own text
/// around the board (who moved, clocks, prompts), and the whole must stay within
/// [`DISCORD_MESSAGE_LIMIT`].
pub const DISCORD_BOARD_BUDGET: usize = 1500;
/// Matrix's event size limit, in bytes (the rendered board must leave room for the envelope).
pub const MATRIX_EVENT_LIMIT: usize = 65_536;

/// Renders a game state for a viewer.
pub fn render(game: &AnyGame, view: &View) -> Board {
    // Boards are drawn from the canonical notation (docs/notation.md), so the
    // renderer depends on that contract rather than on each engine's internals.
    let board = match game.kind() {
        GameKind::Fano => fano::render(game, view),
        GameKind::Samantsy => samantsy::render(game, view),
        GameKind::Mangala | GameKind::Engehe | GameKind::Katro => sowing::render(game, view),
    };
    for_style(board, view.style)
}

/// The `reader` style: every form of the board is its description, so whichever form an
/// adapter sends (Markdown, Matrix HTML or plain body), a screen reader gets sentences.
pub(crate) fn for_style(board: Board, style: Style) -> Board {
    if style != Style::Reader {
        return board;
    }
    Board {
        markdown: board.description.clone(),
        html: format!("<p>{}</p>", escape_html(&board.description)),
        plain: board.description.clone(),
        description: board.description,
        banner: None,
    }
}

/// The name of a side in the viewer's language, with the player's display name when known:
/// "White (Ana)".
pub(crate) fn side_label(game: lalao_core::GameKind, side: Side, view: &View) -> String {
    let colour = tr(view.locale, &format!("side-{}", game.side_name(side)), &[]);
    let name = view.names[side.index()];
    if name.is_empty() {
        colour
    } else {
        tr(
            view.locale,
            "side-with-name",
            &[("side", colour.into()), ("name", name.into())],
        )
    }
}

/// How a cell the last move touched is marked in HTML. Each mark is a background colour
/// (`data-mx-bg-color` on a `span`: the spec's safe list allows colour attributes only on
/// `font` and `span`) and a shape of the text as well, so that readers who do not tell the
/// colours apart still tell the marks apart. The text-mode symbols (`*`, `^`, `x`) are for
/// monospace grids only: in HTML they would say the same thing twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HtmlMark {
    /// Where the last move started: bold on yellow.
    From,
    /// Where the last move (or a lone seed) arrived: underlined on cyan.
    To,
    /// Where pieces or seeds were captured: struck through on red.
    Captured,
}

impl HtmlMark {
    fn colour(self) -> &'static str {
        match self {
            HtmlMark::From => "#f6e58d",
            HtmlMark::To => "#7ed6df",
            HtmlMark::Captured => "#ff7979",
        }
    }

    /// `html` (already escaped) drawn with this mark.
    pub(crate) fn apply(self, html: &str) -> String {
        let tag = match self {
            HtmlMark::From => "b",
            HtmlMark::To => "u",
            HtmlMark::Captured => "del",
        };
        format!(
            "<span data-mx-bg-color=\"{}\"><{tag}>{html}</{tag}></span>",
            self.colour()
        )
    }
}

/// `html` (already escaped) in a table cell, drawn with `mark` when given.
pub(crate) fn html_cell(html: &str, mark: Option<HtmlMark>) -> String {
    match mark {
        Some(mark) => format!("<td>{}</td>", mark.apply(html)),
        None => format!("<td>{html}</td>"),
    }
}

/// The HTML key of the marks a board shows: each legend phrase (a message whose `$mark` is the
/// text-mode symbol) drawn in its own mark, without the symbol, as one paragraph.
pub(crate) fn html_legend(locale: Locale, marks: &[(&str, HtmlMark)]) -> Option<String> {
    let parts: Vec<String> = marks
        .iter()
        .map(|(id, mark)| {
            let words = tr(locale, id, &[("mark", "".into())]);
            mark.apply(&escape_html(words.trim()))
        })
        .collect();
    (!parts.is_empty()).then(|| format!("<p>{}</p>", parts.join(", ")))
}

/// The status line under every board: whose turn, or the result.
pub(crate) fn status_line(game: &AnyGame, view: &View) -> String {
    let kind = game.kind();
    match game.outcome() {
        None if view.ended => match view.result {
            Some(result) => result.to_owned(),
            None => tr(view.locale, "match-over", &[]),
        },
        None => tr(
            view.locale,
            "to-move",
            &[("side", side_label(kind, game.to_move(), view).into())],
        ),
        Some(outcome) => {
            // Who was to move when it ended: the one left without a move, a free hova or a
            // pawn, where that is why.
            let reason = tr(
                view.locale,
                &format!("reason-{}", outcome.reason.code().replace('_', "-")),
                &[("player", side_label(kind, game.to_move(), view).into())],
            );
            match outcome.winner {
                lalao_core::Winner::Side(side) => tr(
                    view.locale,
                    "winner",
                    &[
                        ("side", side_label(kind, side, view).into()),
                        ("reason", reason.into()),
                    ],
                ),
                lalao_core::Winner::Draw => tr(view.locale, "draw", &[("reason", reason.into())]),
            }
        }
    }
}

/// Escapes text for Matrix HTML (the bot's own HTML messages use it too).
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Length as Discord counts it (UTF-16 code units, the stricter of the usual counts).
pub fn discord_length(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Joins description sentences into one paragraph: each ends with exactly one full stop.
pub(crate) fn join_sentences(sentences: &[String]) -> String {
    sentences
        .iter()
        .map(|s| s.trim_end_matches('.'))
        .collect::<Vec<_>>()
        .join(". ")
        + "."
}
