//! The class verbs' arguments given by name: a class's name, the match a verb acts on, a team,
//! a game with its options and start.

use super::class_name;
use super::{missing, one_id, read_spec_words, read_team_words, unexpected, words, Named};
use crate::parse::ParseError;
use crate::{ClassCommand, GameSpec};
use lalao_model::ids::MatchId;
use lalao_model::record::TeamOrder;

/// The name of a new class: a word with `=` is refused as the typed line refuses a key it
/// does not know.
pub(super) fn bare_class_name(value: &str) -> Result<String, ParseError> {
    if value.contains('=') {
        return Err(unexpected(value));
    }
    class_name(value)
}

/// The match a class verb acts on: required.
pub(super) fn class_id(args: &Named) -> Result<MatchId, ParseError> {
    let word = args.text("match").ok_or(missing("match"))?;
    let word = if word.starts_with('#') {
        word
    } else {
        format!("#{word}")
    };
    one_id(&[word.as_str()])
}

/// `class team`: its name, its members (whose words may say the order too, as typed), order.
pub(super) fn team(args: &Named) -> Result<ClassCommand, ParseError> {
    let name = args.word("team")?.ok_or(missing("team"))?;
    let (mut order, mut members) = (TeamOrder::Rotation, Vec::new());
    let pupils = args.text("pupils");
    read_team_words(&words(&pupils), &mut order, &mut members)?;
    if let Some(value) = args.word("order")? {
        read_team_words(&[format!("order={value}").as_str()], &mut order, &mut members)?;
    }
    if members.is_empty() {
        return Err(missing("pupil"));
    }
    Ok(ClassCommand::Team { name, members, order })
}

/// The game of a class match with its `options` words and `position`.
pub(super) fn game_spec(args: &Named) -> Result<GameSpec, ParseError> {
    let game = args.required_game("class")?;
    let options = args.text("options");
    spec_of(game, &words(&options), args.text("position"))
}

pub(super) fn spec_of(
    game: lalao_core::GameKind,
    options: &[&str],
    position: Option<String>,
) -> Result<GameSpec, ParseError> {
    let mut spec = GameSpec {
        game,
        options: Vec::new(),
        variants: Vec::new(),
        position: None,
    };
    read_spec_words(&mut spec, options)?;
    if let Some(position) = position {
        spec.position = Some(words(&Some(position)).join(" "));
    }
    Ok(spec)
}

/// `/simul`: a game with its options and start, or `stop` (alone), read as its typed line is.
pub(super) fn simul(args: &Named) -> Result<ClassCommand, ParseError> {
    let (game, options) = (args.text("game"), args.text("options"));
    let position = args.text("position").map(|text| format!("position={text}"));
    let restart = args.text("restart").map(|value| format!("restart={value}"));
    let mut said: Vec<&str> = game.as_deref().into_iter().collect();
    said.extend(words(&options));
    said.extend(words(&restart));
    said.extend(words(&position));
    crate::parse::simul::parse_simul(&said)
}

/// `/vote`: a game with its options, opponent, level, turn time and start, or `play`, `stop`
/// or `reveal` (alone), read as its typed line is.
pub(super) fn vote(args: &Named) -> Result<ClassCommand, ParseError> {
    let mut said: Vec<String> = args.text("game").into_iter().collect();
    said.extend(words(&args.text("options")).into_iter().map(str::to_owned));
    for key in ["against", "level", "seconds", "change"] {
        if let Some(value) = args.text(key) {
            said.push(format!("{key}={value}"));
        }
    }
    if let Some(position) = args.text("position") {
        said.push(format!("position={position}"));
    }
    let said: Vec<&str> = said.iter().map(String::as_str).collect();
    crate::parse::vote::parse_vote(&said)
}
