//! Message components: restart-proof `custom_id`s and the layout of the legal moves as buttons and
//! select menus within Discord's limits (5 rows × 5 buttons, 25 options per menu, 100-character ids).
//!
//! The adapter knows move *notation* only as far as presentation needs it (grouping `e2-e4` under
//! its piece `e2`, Katro's `c3a` under its hole `c3`); legality always comes from the core.

use lalao_core::GameKind;
use serenity::all::CreateSelectMenuOption;
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind};

use lalao_app::ids::MatchId;

/// Discord's limits.
pub const MAX_ROWS: usize = 5;
pub const MAX_BUTTONS_PER_ROW: usize = 5;
pub const MAX_OPTIONS: usize = 25;
pub const MAX_CUSTOM_ID: usize = 100;

/// Every custom id starts with this, so ids from other apps or an older scheme are recognised.
const PREFIX: &str = "lalao1";

/// What a component does. Every action carries the match and the version of the board it was
/// drawn on, so a click after a restart still finds its match, and a click on an outdated board
/// is recognised as such.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play this move (a button).
    Move(String),
    /// A select menu whose chosen value is the move to play.
    MoveMenu(u8),
    /// Second step of a two-step choice, on the clicker's private picker: play this move, and
    /// update the public board message `board`.
    MoveOn { board: u64, text: String },
    /// Same, as a select menu whose chosen value is the move.
    PickOn { board: u64 },
    /// First step of a two-step choice: the chosen value is a group (a Samantsy piece, a Katro hole).
    Group(u8),
    /// Accept the challenge.
    Accept,
    /// Decline the challenge.
    Decline,
    /// Mangala rite: hold this many coins (the click and its answer are private).
    Coins(u8),
    /// Mangala rite: call odd or even (`odd` / `even`).
    Call(String),
    /// Mangala rite: take this side (`south` / `north`).
    Side(String),
    /// The match is over: play it again (`rematch`).
    Rematch,
}

/// Which board a component was drawn on: the match's version then, and a fingerprint of what
/// that board showed (see `stamp` in `discord/mod.rs`), so that a click still counts after a
/// change that left the board as it was (a draw offer, a clock paused). Ids from before the
/// fingerprint have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub version: u64,
    pub board: Option<u32>,
}

impl Stamp {
    /// The version token of a custom id: `<version>` or `<version>.<board as 8 hex digits>`.
    fn encode(self) -> String {
        match self.board {
            Some(board) => format!("{}.{board:08x}", self.version),
            None => self.version.to_string(),
        }
    }

    fn decode(token: &str) -> Option<Stamp> {
        let (version, board) = match token.split_once('.') {
            Some((version, board)) if board.len() == 8 => {
                (version, Some(u32::from_str_radix(board, 16).ok()?))
            }
            Some(_) => return None,
            None => (token, None),
        };
        Some(Stamp {
            version: version.parse().ok()?,
            board,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    pub match_id: MatchId,
    pub stamp: Stamp,
    pub action: Action,
}

impl Component {
    /// `lalao1:<match>:<version>[.<board>]:<action>[:<arg>]`.
    pub fn encode(&self) -> String {
        let head = format!("{PREFIX}:{}:{}", self.match_id.0, self.stamp.encode());
        match &self.action {
            Action::Move(text) => format!("{head}:m:{text}"),
            Action::MoveMenu(index) => format!("{head}:mm:{index}"),
            Action::MoveOn { board, text } => format!("{head}:mb:{board}:{text}"),
            Action::PickOn { board } => format!("{head}:pb:{board}"),
            Action::Group(index) => format!("{head}:g:{index}"),
            Action::Accept => format!("{head}:a"),
            Action::Decline => format!("{head}:d"),
            Action::Rematch => format!("{head}:r"),
            Action::Coins(count) => format!("{head}:c:{count}"),
            Action::Call(parity) => format!("{head}:k:{parity}"),
            Action::Side(side) => format!("{head}:s:{side}"),
        }
    }

    pub fn decode(custom_id: &str) -> Option<Component> {
        let mut parts = custom_id.splitn(5, ':');
        if parts.next()? != PREFIX {
            return None;
        }
        let match_id = MatchId::parse(parts.next()?)?;
        let stamp = Stamp::decode(parts.next()?)?;
        let action = match (parts.next()?, parts.next()) {
            ("m", Some(text)) if !text.is_empty() => Action::Move(text.to_owned()),
            ("mm", Some(index)) => Action::MoveMenu(index.parse().ok()?),
            ("mb", Some(rest)) => {
                let (board, text) = rest.split_once(':')?;
                if text.is_empty() {
                    return None;
                }
                Action::MoveOn {
                    board: board.parse().ok()?,
                    text: text.to_owned(),
                }
            }
            ("pb", Some(board)) => Action::PickOn {
                board: board.parse().ok()?,
            },
            ("g", Some(index)) => Action::Group(index.parse().ok()?),
            ("a", None) => Action::Accept,
            ("d", None) => Action::Decline,
            ("r", None) => Action::Rematch,
            // Only the rite's two counts: a forged id carries nothing else to the service.
            ("c", Some(count @ ("1" | "2"))) => Action::Coins(count.parse().ok()?),
            ("k", Some(parity)) if !parity.is_empty() => Action::Call(parity.to_owned()),
            ("s", Some(side)) if !side.is_empty() => Action::Side(side.to_owned()),
            _ => return None,
        };
        Some(Component {
            match_id,
            stamp,
            action,
        })
    }
}

/// A leaderboard's page button: `lalao1:top:<game>:<here|global>:<page>`. It carries no
/// authority (anyone may page through a leaderboard), only what to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageButton {
    pub game: GameKind,
    pub global: bool,
    pub page: u32,
}

impl PageButton {
    pub fn encode(&self) -> String {
        let scope = if self.global { "global" } else { "here" };
        format!("{PREFIX}:top:{}:{scope}:{}", self.game.id(), self.page)
    }

    pub fn decode(custom_id: &str) -> Option<PageButton> {
        let mut parts = custom_id.split(':');
        if (parts.next()?, parts.next()?) != (PREFIX, "top") {
            return None;
        }
        let game = parts.next()?;
        let game = GameKind::ALL.iter().copied().find(|kind| kind.id() == game)?;
        let global = match parts.next()? {
            "global" => true,
            "here" => false,
            _ => return None,
        };
        let page = parts.next()?.parse().ok().filter(|page| *page >= 1)?;
        parts
            .next()
            .is_none()
            .then_some(PageButton { game, global, page })
    }
}

/// "Previous" and "Next" under page `page` of `pages` of a leaderboard, each disabled at its
/// end; nothing when it has one page.
pub fn page_buttons(
    game: GameKind,
    global: bool,
    page: u32,
    pages: u32,
    labels: [&str; 2],
) -> Vec<CreateActionRow> {
    if pages <= 1 {
        return Vec::new();
    }
    let button = |to: u32, label: &str, disabled: bool| {
        // A disabled button still needs an id of its own: the page it would show, kept in range.
        let id = PageButton {
            game,
            global,
            page: to.clamp(1, pages),
        }
        .encode();
        CreateButton::new(id)
            .label(label)
            .style(ButtonStyle::Secondary)
            .disabled(disabled)
    };
    let previous = button(page.saturating_sub(1), labels[0], page <= 1);
    let next = button(page + 1, labels[1], page >= pages);
    vec![CreateActionRow::Buttons(vec![previous, next])]
}

/// How a game's moves split into a first choice and a second one, for games whose moves are too
/// many for one set of buttons: `(group, rest)`.
pub fn group_of(kind: GameKind, text: &str) -> Option<(String, String)> {
    match kind {
        // `e2-e4`: the piece, then the destination.
        GameKind::Samantsy => text
            .split_once('-')
            .map(|(from, to)| (from.to_owned(), to.to_owned())),
        // `c3a` / `c3b`: the hole, then the path (A or B).
        GameKind::Katro => {
            let last = text.chars().last()?;
            matches!(last, 'a' | 'b' | 'A' | 'B').then(|| {
                (
                    text[..text.len() - 1].to_owned(),
                    last.to_ascii_uppercase().to_string(),
                )
            })
        }
        _ => None,
    }
}

/// Localized labels the layout needs.
pub struct Labels {
    pub choose_move: String,
    pub choose_piece: String,
}

fn component(match_id: MatchId, stamp: Stamp, action: Action) -> String {
    Component {
        match_id,
        stamp,
        action,
    }
    .encode()
}

fn move_button(match_id: MatchId, stamp: Stamp, label: &str, action: Action) -> Option<CreateButton> {
    let id = component(match_id, stamp, action);
    (id.len() <= MAX_CUSTOM_ID).then(|| CreateButton::new(id).label(label).style(ButtonStyle::Primary))
}

/// Buttons in rows of five; `None` if they do not fit in `rows` rows.
fn button_rows(buttons: Vec<CreateButton>, rows: usize) -> Option<Vec<CreateActionRow>> {
    if buttons.len() > rows * MAX_BUTTONS_PER_ROW {
        return None;
    }
    Some(
        buttons
            .chunks(MAX_BUTTONS_PER_ROW)
            .map(|chunk| CreateActionRow::Buttons(chunk.to_vec()))
            .collect(),
    )
}

/// Select menus of up to 25 options each, one row per menu; `None` beyond five menus.
fn menus(
    options: Vec<(String, String)>,
    placeholder: &str,
    action: impl Fn(u8) -> Action,
    match_id: MatchId,
    stamp: Stamp,
) -> Option<Vec<CreateActionRow>> {
    let chunks: Vec<&[(String, String)]> = options.chunks(MAX_OPTIONS).collect();
    if chunks.len() > MAX_ROWS {
        return None;
    }
    let count = chunks.len();
    Some(
        chunks
            .into_iter()
            .enumerate()
            .map(|(index, chunk)| {
                let options = chunk
                    .iter()
                    .map(|(label, value)| CreateSelectMenuOption::new(label, value))
                    .collect();
                let placeholder = if count > 1 {
                    format!("{placeholder} ({}–{})", chunk[0].0, chunk[chunk.len() - 1].0)
                } else {
                    placeholder.to_owned()
                };
                let id = component(match_id, stamp, action(index as u8));
                CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
                        .placeholder(placeholder),
                )
            })
            .collect(),
    )
}

/// The components offering `legal` (canonical move texts, in the core's order) on a board of
/// match `match_id` at `stamp`. Empty when nothing fits (autocomplete still offers every move).
pub fn move_components(
    kind: GameKind,
    match_id: MatchId,
    stamp: Stamp,
    legal: &[String],
    labels: &Labels,
) -> Vec<CreateActionRow> {
    if legal.is_empty() {
        return Vec::new();
    }
    let groups = grouped(kind, legal);
    // Samantsy always uses the piece-then-destination pair (a select menu pair); other
    // games use one button per move while they fit.
    if kind != GameKind::Samantsy {
        let buttons: Option<Vec<CreateButton>> = legal
            .iter()
            .map(|text| move_button(match_id, stamp, text, Action::Move(text.clone())))
            .collect();
        if let Some(rows) = buttons.and_then(|buttons| button_rows(buttons, MAX_ROWS)) {
            return rows;
        }
    }
    if let Some(groups) = groups {
        let options = groups
            .iter()
            .map(|(group, _)| (group.clone(), group.clone()))
            .collect();
        if let Some(rows) = menus(options, &labels.choose_piece, Action::Group, match_id, stamp) {
            return rows;
        }
    }
    let options = legal.iter().map(|text| (text.clone(), text.clone())).collect();
    menus(options, &labels.choose_move, Action::MoveMenu, match_id, stamp).unwrap_or_default()
}

/// A first choice and its moves: (what remains to choose, the move's canonical text).
pub type Group = (String, Vec<(String, String)>);

/// The legal moves grouped by their first choice, in first-seen order; `None` for games without
/// groups.
pub fn grouped(kind: GameKind, legal: &[String]) -> Option<Vec<Group>> {
    let mut groups: Vec<Group> = Vec::new();
    for text in legal {
        let (group, rest) = group_of(kind, text)?;
        match groups.iter_mut().find(|(name, _)| *name == group) {
            Some((_, moves)) => moves.push((rest, text.clone())),
            None => groups.push((group, vec![(rest, text.clone())])),
        }
    }
    Some(groups)
}

/// The second step after choosing `group`, for the clicker's private picker: one button per move
/// of the group (labelled by what remains to choose: a destination, a path), or a select menu
/// (always for Samantsy: a select menu pair). `board` is the public board message.
pub fn group_components(
    kind: GameKind,
    match_id: MatchId,
    stamp: Stamp,
    legal: &[String],
    group: &str,
    labels: &Labels,
    board: u64,
) -> Vec<CreateActionRow> {
    let Some(groups) = grouped(kind, legal) else {
        return Vec::new();
    };
    let Some((_, moves)) = groups.into_iter().find(|(name, _)| name == group) else {
        return Vec::new();
    };
    if kind == GameKind::Samantsy {
        let options = moves
            .iter()
            .map(|(rest, text)| (rest.clone(), text.clone()))
            .collect();
        return menus(
            options,
            &labels.choose_move,
            |_| Action::PickOn { board },
            match_id,
            stamp,
        )
        .unwrap_or_default();
    }
    let buttons: Option<Vec<CreateButton>> = moves
        .iter()
        .map(|(rest, text)| {
            move_button(
                match_id,
                stamp,
                rest,
                Action::MoveOn {
                    board,
                    text: text.clone(),
                },
            )
        })
        .collect();
    buttons
        .and_then(|buttons| button_rows(buttons, MAX_ROWS))
        .unwrap_or_default()
}

/// The Accept / Decline buttons of a challenge.
pub fn challenge_components(
    match_id: MatchId,
    stamp: Stamp,
    accept: &str,
    decline: &str,
) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(component(match_id, stamp, Action::Accept))
            .label(accept)
            .style(ButtonStyle::Success),
        CreateButton::new(component(match_id, stamp, Action::Decline))
            .label(decline)
            .style(ButtonStyle::Secondary),
    ])]
}

/// The button under a finished match: play it again.
pub fn rematch_components(match_id: MatchId, stamp: Stamp, label: &str) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![CreateButton::new(component(
        match_id,
        stamp,
        Action::Rematch,
    ))
    .label(label)
    .style(ButtonStyle::Primary)])]
}

/// A row of buttons, each `(label, action)`: the steps of the Mangala rite.
pub fn choice_buttons(
    match_id: MatchId,
    stamp: Stamp,
    choices: Vec<(String, Action)>,
) -> Vec<CreateActionRow> {
    let buttons = choices
        .into_iter()
        .map(|(label, action)| {
            CreateButton::new(component(match_id, stamp, action))
                .label(label)
                .style(ButtonStyle::Primary)
        })
        .collect();
    vec![CreateActionRow::Buttons(buttons)]
}

#[cfg(test)]
mod tests;
