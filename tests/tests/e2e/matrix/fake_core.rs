//! A stand-in for the bot core (issue 6) while its service is being built: just enough of the
//! grammar to play a match through the Matrix adapter (challenge, accept, move, resign),
//! keeping the rules the adapter relies on — at most once per event id, only the player to
//! move may move, refusals change nothing. The rules of the games are lalao-core's.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use lalao_bot::matrix::{BoardReply, Handler, Player, Reply, Request};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use lalao_renderer::{Board, Locale, Style, View};

#[derive(Clone)]
pub struct Match {
    pub id: String,
    pub game: AnyGame,
    pub players: [Player; 2],
    pub started: bool,
    pub resigned: Option<String>,
    pub last_move: Option<String>,
}

#[derive(Default)]
struct State {
    matches: HashMap<String, Match>,
    applied: HashSet<String>,
    /// Every request the adapter delivered, in order (event id, sender, text).
    delivered: Vec<(String, String, String)>,
    /// Every state change, by event id.
    changes: Vec<String>,
    next_id: u32,
}

#[derive(Default)]
pub struct FakeCore {
    state: Mutex<State>,
}

fn text(text: impl Into<String>) -> Reply {
    Reply::Text {
        text: text.into(),
        board: None,
        mentions: Vec::new(),
        challenge: None,
    }
}

impl FakeCore {
    pub fn delivered(&self) -> Vec<(String, String, String)> {
        self.state.lock().unwrap().delivered.clone()
    }

    /// Event ids that changed a match, in order.
    pub fn changes(&self) -> Vec<String> {
        self.state.lock().unwrap().changes.clone()
    }

    pub fn game(&self, id: &str) -> Match {
        self.state.lock().unwrap().matches[id].clone()
    }

    /// The board as the core renders it: names, last move, the English text style.
    pub fn render(game: &AnyGame, names: [&str; 2], last_move: Option<&str>) -> Board {
        let view = View {
            names,
            last_move,
            ..View::new(Style::Text, Locale::En)
        };
        lalao_renderer::render(game, &view)
    }

    fn board(m: &Match, headline: Option<String>) -> Reply {
        let to_move = (m.game.outcome().is_none() && m.resigned.is_none())
            .then(|| m.players[m.game.to_move().index()].clone());
        let names = [m.players[0].name.as_str(), m.players[1].name.as_str()];
        Reply::Board(Box::new(BoardReply {
            match_id: m.id.clone(),
            headline,
            board: Self::render(&m.game, names, m.last_move.as_deref()),
            to_move,
            also_mention: Vec::new(),
            locale: Locale::En,
        }))
    }

    fn apply(&self, state: &mut State, request: &Request) -> Vec<Reply> {
        let words: Vec<&str> = request.text.split_whitespace().collect();
        let me = Player {
            user_id: request.sender.clone(),
            name: request.sender_name.clone(),
        };
        match words.as_slice() {
            ["play", game, opponent] => {
                let Some(kind) = GameKind::ALL.into_iter().find(|kind| kind.id() == *game) else {
                    return vec![text(format!("I don't know the game {game}."))];
                };
                let Ok(options) = AnyOptions::standard(kind) else {
                    return vec![text(format!("{game} is not available yet."))];
                };
                let game = AnyGame::new(options).expect("standard options");
                state.next_id += 1;
                let id = format!("m{}", state.next_id);
                let opponent = Player {
                    user_id: (*opponent).to_owned(),
                    name: opponent
                        .trim_start_matches('@')
                        .split(':')
                        .next()
                        .unwrap()
                        .to_owned(),
                };
                state.matches.insert(
                    id.clone(),
                    Match {
                        id: id.clone(),
                        game,
                        players: [me, opponent.clone()],
                        started: false,
                        resigned: None,
                        last_move: None,
                    },
                );
                state.changes.push(request.event_id.clone());
                vec![Reply::Text {
                    board: None,
                    text: format!(
                        "{} challenges {} to {} (match {id}).",
                        request.sender_name,
                        opponent.name,
                        kind.id()
                    ),
                    mentions: vec![opponent],
                    challenge: Some(id),
                }]
            }
            ["accept", id] => {
                let Some(m) = state.matches.get_mut(*id) else {
                    return vec![text(format!("There is no match {id}."))];
                };
                if m.players[1].user_id != request.sender || m.started {
                    return vec![text("This challenge is not for you.")];
                }
                m.started = true;
                let reply = Self::board(m, Some(format!("Match {id} begins.")));
                state.changes.push(request.event_id.clone());
                vec![reply]
            }
            ["move", id, mv] => {
                let Some(m) = state.matches.get_mut(*id) else {
                    return vec![text(format!("There is no match {id}."))];
                };
                if !m.started || m.resigned.is_some() || m.game.outcome().is_some() {
                    return vec![text("This match is not being played.")];
                }
                let seat = m.players.iter().position(|p| p.user_id == request.sender);
                if seat != Some(m.game.to_move().index()) {
                    return vec![text("It is not your turn: only the player to move may play.")];
                }
                let mut next = m.game.clone();
                match next.play(mv) {
                    Ok(_) => {
                        m.game = next;
                        m.last_move = Some((*mv).to_owned());
                        let reply = Self::board(m, Some(format!("{} played {mv}.", request.sender_name)));
                        state.changes.push(request.event_id.clone());
                        vec![reply]
                    }
                    Err(err) => vec![text(format!("That move is not possible: {err}."))],
                }
            }
            ["resign", id] => {
                let Some(m) = state.matches.get_mut(*id) else {
                    return vec![text(format!("There is no match {id}."))];
                };
                if !m.players.iter().any(|p| p.user_id == request.sender) || m.resigned.is_some() {
                    return vec![text("You cannot resign this match.")];
                }
                m.resigned = Some(request.sender.clone());
                let reply = Self::board(m, Some(format!("{} resigned.", request.sender_name)));
                state.changes.push(request.event_id.clone());
                vec![reply]
            }
            ["dm", "me"] => vec![Reply::Direct {
                user_id: request.sender.clone(),
                text: "A secret just for you.".into(),
            }],
            ["help"] => vec![text(
                "Commands: play <game> <@user>, accept <id>, move <id> <move>.",
            )],
            _ => vec![text("Sorry, I did not understand that. Try `!lalao help`.")],
        }
    }
}

impl Handler for FakeCore {
    async fn handle(&self, request: Request) -> Vec<Reply> {
        let mut state = self.state.lock().unwrap();
        state.delivered.push((
            request.event_id.clone(),
            request.sender.clone(),
            request.text.clone(),
        ));
        if !state.applied.insert(request.event_id.clone()) {
            return Vec::new();
        }
        self.apply(&mut state, &request)
    }

    async fn locale(&self, _user_id: &str) -> Locale {
        Locale::En
    }
}
