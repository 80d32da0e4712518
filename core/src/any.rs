//! [`AnyGame`]: every game behind one enum, driven through the canonical text notations.
//! The bot and `lalao rules` use this; renderers match on it to reach each game's own state.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::engehe::{self, EnGehe};
use crate::error::CoreError;
use crate::event::Event;
use crate::fano::{self, Fano};
use crate::game::{Game, GameKind, NodeBudget, PerftTooLarge};
use crate::katro::{self, Katro};
use crate::mangala::{self, Mangala};
use crate::outcome::Outcome;
use crate::samantsy::{self, Samantsy};
use crate::side::Side;

/// Version of the serialized state format ([`SavedGame`]). Bump it, and add a migration, when a
/// game's serialized state changes shape.
///
/// Format 2 stores a sowing game's repetition history as 128-bit keys instead of whole boards
///. Format 1 states still load: their boards are checked and turned into
/// keys, and they are written back as format 2.
pub const STATE_FORMAT_VERSION: u32 = 2;

/// The oldest state format this build reads.
pub const OLDEST_STATE_FORMAT: u32 = 1;

/// Options for any game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", content = "options", rename_all = "snake_case")]
pub enum AnyOptions {
    Samantsy(samantsy::Options),
    Fano(fano::Options),
    Mangala(mangala::Options),
    Engehe(engehe::Options),
    Katro(katro::Options),
}

/// A game of any kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", content = "state", rename_all = "snake_case")]
pub enum AnyGame {
    Samantsy(Samantsy),
    Fano(Fano),
    Mangala(Mangala),
    Engehe(EnGehe),
    Katro(Katro),
}

/// A game state as stored: the state plus its format version.
/// JSON: `{"format": 2, "game": "fano", "state": {…}}`.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    /// The format it was read in. It is written as this build's format, since a game is held in
    /// this build's form once read (an older history is converted on load), unless it is newer.
    pub format: u32,
    pub game: AnyGame,
}

impl Serialize for SavedGame {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Written<'a> {
            format: u32,
            #[serde(flatten)]
            game: &'a AnyGame,
        }
        Written {
            format: self.format.max(STATE_FORMAT_VERSION),
            game: &self.game,
        }
        .serialize(serializer)
    }
}

/// Reads the form [`SavedGame`] serializes to. Hand-written because serde's `flatten` buffers
/// the whole state (every history entry) into an intermediate tree before decoding it, and the
/// bot decodes a stored game on every move: here the state is decoded straight into its game
/// when `game` comes before `state`, as written; otherwise it is buffered as JSON first.
impl<'de> Deserialize<'de> for SavedGame {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::{Error, IgnoredAny, MapAccess, Visitor};

        #[derive(Deserialize)]
        #[serde(field_identifier, rename_all = "snake_case")]
        enum Field {
            Format,
            Game,
            State,
            #[serde(other)]
            Other,
        }

        fn decode<'de, A: MapAccess<'de>>(map: &mut A, kind: GameKind) -> Result<AnyGame, A::Error> {
            Ok(match kind {
                GameKind::Samantsy => AnyGame::Samantsy(map.next_value()?),
                GameKind::Fano => AnyGame::Fano(map.next_value()?),
                GameKind::Mangala => AnyGame::Mangala(map.next_value()?),
                GameKind::Engehe => AnyGame::Engehe(map.next_value()?),
                GameKind::Katro => AnyGame::Katro(map.next_value()?),
            })
        }

        fn from_buffer<E: Error>(kind: GameKind, state: Value) -> Result<AnyGame, E> {
            let tagged = serde_json::json!({ "game": kind, "state": state });
            serde_json::from_value(tagged).map_err(E::custom)
        }

        struct SavedGameVisitor;

        impl<'de> Visitor<'de> for SavedGameVisitor {
            type Value = SavedGame;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a saved game {format, game, state}")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SavedGame, A::Error> {
                let mut format = None;
                let mut kind = None;
                let mut game = None;
                let mut buffered: Option<Value> = None;
                while let Some(field) = map.next_key::<Field>()? {
                    match field {
                        Field::Format if format.is_none() => format = Some(map.next_value()?),
                        Field::Game if kind.is_none() => kind = Some(map.next_value::<GameKind>()?),
                        Field::State if game.is_none() && buffered.is_none() => match kind {
                            Some(kind) => game = Some(decode(&mut map, kind)?),
                            None => buffered = Some(map.next_value()?),
                        },
                        Field::Format => return Err(Error::duplicate_field("format")),
                        Field::Game => return Err(Error::duplicate_field("game")),
                        Field::State => return Err(Error::duplicate_field("state")),
                        Field::Other => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                let format = format.ok_or_else(|| Error::missing_field("format"))?;
                let kind = kind.ok_or_else(|| Error::missing_field("game"))?;
                let game = match (game, buffered) {
                    (Some(game), _) => game,
                    (None, Some(state)) => from_buffer(kind, state)?,
                    (None, None) => return Err(Error::missing_field("state")),
                };
                Ok(SavedGame { format, game })
            }
        }

        deserializer.deserialize_map(SavedGameVisitor)
    }
}

/// Runs `$body` with `$game` bound to the concrete game inside an [`AnyGame`].
macro_rules! with_game {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            AnyGame::Samantsy($game) => $body,
            AnyGame::Fano($game) => $body,
            AnyGame::Mangala($game) => $body,
            AnyGame::Engehe($game) => $body,
            AnyGame::Katro($game) => $body,
        }
    };
}

/// Runs `$body` with `G` as the concrete game type of a [`GameKind`].
macro_rules! with_kind {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            GameKind::Samantsy => {
                type $g = Samantsy;
                $body
            }
            GameKind::Fano => {
                type $g = Fano;
                $body
            }
            GameKind::Mangala => {
                type $g = Mangala;
                $body
            }
            GameKind::Engehe => {
                type $g = EnGehe;
                $body
            }
            GameKind::Katro => {
                type $g = Katro;
                $body
            }
        }
    };
}

fn parse_options<G: Game>(
    options: &Map<String, Value>,
    variants: &[String],
) -> Result<G::Options, CoreError> {
    let mut object = options.clone();
    if object.contains_key("variants") {
        return Err(CoreError::bad_options(
            "variants",
            "variants are given beside the options, not inside",
        ));
    }
    let mut names = Vec::new();
    for raw in variants {
        let name = raw.strip_prefix("variant:").unwrap_or(raw);
        if !G::VARIANTS.contains(&name) {
            return Err(CoreError::UnknownVariant { name: raw.clone() });
        }
        names.push(Value::String(name.to_owned()));
    }
    // Options are independent fields with defaults: reading each one alone names the option at
    // fault (serde's message names the value, or nothing, not the field).
    for (name, value) in options {
        let alone = Map::from_iter([(name.clone(), value.clone())]);
        if let Err(err) = serde_json::from_value::<G::Options>(Value::Object(alone)) {
            return Err(CoreError::BadOptions {
                option: name.clone(),
                message: err.to_string(),
            });
        }
    }
    object.insert("variants".to_owned(), Value::Array(names));
    serde_json::from_value(Value::Object(object)).map_err(|err| CoreError::BadOptions {
        option: "options".to_owned(),
        message: err.to_string(),
    })
}

impl AnyOptions {
    /// Reads the options of `kind` from a JSON object plus a list of variant names
    /// (`"misere"`, or `"variant:misere"`). Unknown options and variants are refused.
    pub fn from_json(
        kind: GameKind,
        options: &Map<String, Value>,
        variants: &[String],
    ) -> Result<Self, CoreError> {
        with_kind!(kind, G => parse_options::<G>(options, variants).map(Into::into))
    }

    /// The standard options of `kind`.
    pub fn standard(kind: GameKind) -> Result<Self, CoreError> {
        with_kind!(kind, G => Ok(<G as Game>::Options::default().into()))
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyOptions::Samantsy(_) => GameKind::Samantsy,
            AnyOptions::Fano(_) => GameKind::Fano,
            AnyOptions::Mangala(_) => GameKind::Mangala,
            AnyOptions::Engehe(_) => GameKind::Engehe,
            AnyOptions::Katro(_) => GameKind::Katro,
        }
    }

    /// The variant names a game of this kind accepts.
    pub fn variants_of(kind: GameKind) -> Result<&'static [&'static str], CoreError> {
        with_kind!(kind, G => Ok(<G as Game>::VARIANTS))
    }
}

impl From<samantsy::Options> for AnyOptions {
    fn from(options: samantsy::Options) -> Self {
        AnyOptions::Samantsy(options)
    }
}

impl From<fano::Options> for AnyOptions {
    fn from(options: fano::Options) -> Self {
        AnyOptions::Fano(options)
    }
}

impl From<mangala::Options> for AnyOptions {
    fn from(options: mangala::Options) -> Self {
        AnyOptions::Mangala(options)
    }
}

impl From<engehe::Options> for AnyOptions {
    fn from(options: engehe::Options) -> Self {
        AnyOptions::Engehe(options)
    }
}

impl From<katro::Options> for AnyOptions {
    fn from(options: katro::Options) -> Self {
        AnyOptions::Katro(options)
    }
}

impl AnyGame {
    /// At most `plies` moves from here, each drawn among the legal ones by SplitMix64 from
    /// `seed`, stopping at the game's end: the same line for the same seed, for benchmarks and
    /// tests that need long games.
    pub fn random_line(&self, seed: u64, plies: usize) -> Vec<String> {
        let mut game = self.clone();
        let mut rng = crate::rng::SplitMix64::new(seed);
        let mut moves = Vec::new();
        while moves.len() < plies && game.outcome().is_none() {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let pick = legal[rng.below(legal.len() as u32) as usize].clone();
            game.play(&pick).expect("a legal move plays");
            moves.push(pick);
        }
        moves
    }

    /// The initial position for these options.
    pub fn new(options: AnyOptions) -> Result<AnyGame, CoreError> {
        Ok(match options {
            AnyOptions::Samantsy(options) => AnyGame::Samantsy(Samantsy::new(options)?),
            AnyOptions::Fano(options) => AnyGame::Fano(Fano::new(options)?),
            AnyOptions::Mangala(options) => AnyGame::Mangala(Mangala::new(options)?),
            AnyOptions::Engehe(options) => AnyGame::Engehe(EnGehe::new(options)?),
            AnyOptions::Katro(options) => AnyGame::Katro(Katro::new(options)?),
        })
    }

    /// A position in canonical notation, starting a fresh history.
    pub fn from_position(options: AnyOptions, position: &str) -> Result<AnyGame, CoreError> {
        Ok(match options {
            AnyOptions::Samantsy(options) => AnyGame::Samantsy(Samantsy::from_position(options, position)?),
            AnyOptions::Fano(options) => AnyGame::Fano(Fano::from_position(options, position)?),
            AnyOptions::Mangala(options) => AnyGame::Mangala(Mangala::from_position(options, position)?),
            AnyOptions::Engehe(options) => AnyGame::Engehe(EnGehe::from_position(options, position)?),
            AnyOptions::Katro(options) => AnyGame::Katro(Katro::from_position(options, position)?),
        })
    }

    pub fn kind(&self) -> GameKind {
        with_game!(self, game => kind_of(game))
    }

    pub fn options(&self) -> AnyOptions {
        with_game!(self, game => game.options().clone().into())
    }

    pub fn position(&self) -> String {
        with_game!(self, game => game.position())
    }

    pub fn to_move(&self) -> Side {
        with_game!(self, game => game.to_move())
    }

    pub fn ply(&self) -> u32 {
        with_game!(self, game => game.ply())
    }

    /// Legal moves in canonical notation, in the game's own deterministic order.
    pub fn legal_moves(&self) -> Vec<String> {
        with_game!(self, game => game.legal_moves().into_iter().map(|mv| game.format_move(mv)).collect())
    }

    /// Parses, checks and plays a move written in canonical notation.
    pub fn play(&mut self, text: &str) -> Result<Vec<Event>, CoreError> {
        with_game!(self, game => game.play_text(text))
    }

    /// The canonical spelling of a move (`e2xe4` → `e2-e4`), without playing it.
    pub fn canonical_move(&self, text: &str) -> Result<String, CoreError> {
        with_game!(self, game => game.parse_move(text).map(|mv| game.format_move(mv)))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, game => game.outcome())
    }

    pub fn captured(&self) -> Option<[u32; 2]> {
        with_game!(self, game => game.captured())
    }

    /// A sowing game's seeds in play (on the board and in the stores) and the most a game
    /// of its kind and board size holds from its start: every move keeps the seeds in play (they
    /// are sown or stored, never added), so no position of a real game holds more. Mangala IV
    /// starts with 98 (M-1), En Gehé with `seeds` per hole (E-1; the position's own holes),
    /// Katro with 2 per hole (K-1; captured seeds stay on the board, K-3). `None` for games
    /// without seeds. The bot bounds positions people give it by this; `lalao rules` does not.
    pub fn seeds_and_start(&self) -> Option<(u32, u32)> {
        let on = |board: &[u16]| board.iter().map(|&seeds| u32::from(seeds)).sum::<u32>();
        let stored = |game: &AnyGame| game.captured().map_or(0, |[south, north]| south + north);
        match self {
            AnyGame::Samantsy(_) | AnyGame::Fano(_) => None,
            AnyGame::Mangala(game) => {
                let start = Mangala::new(game.options().clone()).map_or(0, |start| on(start.board()));
                Some((on(game.board()) + stored(self), start))
            }
            AnyGame::Engehe(game) => Some((
                on(game.board()) + stored(self),
                game.board().len() as u32 * u32::from(game.options().seeds),
            )),
            AnyGame::Katro(game) => Some((on(game.board()), 2 * game.board().len() as u32)),
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, game => game.perft(depth))
    }

    /// Perft that visits at most the budget's nodes ([`Game::perft_within`]).
    pub fn perft_within(&self, depth: u32, budget: &mut NodeBudget) -> Result<u64, PerftTooLarge> {
        with_game!(self, game => game.perft_within(depth, budget))
    }

    /// The state with its format version, ready to serialize.
    pub fn save(&self) -> SavedGame {
        SavedGame {
            format: STATE_FORMAT_VERSION,
            game: self.clone(),
        }
    }
}

impl SavedGame {
    /// The game back, if its format is one this build reads.
    pub fn restore(self) -> Result<AnyGame, CoreError> {
        if !(OLDEST_STATE_FORMAT..=STATE_FORMAT_VERSION).contains(&self.format) {
            return Err(CoreError::bad_position(format!(
                "saved state format {} is not supported (this build reads {STATE_FORMAT_VERSION})",
                self.format
            )));
        }
        Ok(self.game)
    }
}

fn kind_of<G: Game>(_: &G) -> GameKind {
    G::KIND
}
