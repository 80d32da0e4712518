//! The service through its public door: commands in, exact replies out.

use crate::kernel::channels::ChannelSettings;
use crate::kernel::notices::Notices;
use crate::ops::invariants::Invariants;
use crate::ops::upkeep::Upkeep;
use crate::pages::live::LivePages;
use crate::play::computer::ComputerTurns;
use crate::schedule::fire::Timers;
use crate::schedule::runner::Outbox;
use crate::social::preferences::Preferences;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier, Mutex};

use lalao_core::any::AnyOptions;
use lalao_core::GameKind;
use lalao_renderer::{Locale, Style};

use crate::clock::FixedClock;
use crate::command::{parse, Command};
use crate::ids::ChannelId;
use crate::kernel::public_ids::PublicIds;
use crate::kernel::*;
use crate::record::Stage;
use crate::rite::Rite;
use crate::schedule::Recipient;
use crate::store::{EntryIter, KeyValue, MemoryStore, SledStore, Txn};
#[allow(unused_imports)]
use crate::{
    command::ClassCommand,
    dispatch::handle::Handle,
    ids::{EventId, MatchId, Platform, UserId},
    kernel::public_ids::is_public_id,
    record::{self, ClassRecord, Ending, MatchRecord, PlayerRecord, RecordError, RECORD_VERSION},
    store::{keys, Committed, Store, StoreError, UnitOfWork},
    testing::memory_service,
};
#[allow(unused_imports)]
use lalao_core::{AnyGame, Side};
#[allow(unused_imports)]
use lalao_renderer::{};

pub(crate) fn service_on(store: Arc<dyn Store>) -> App {
    let service = App::new(
        store,
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    )
    .with_clock(Arc::new(FixedClock(1_700_000_000)))
    .with_seeds(Arc::new(FixedSeeds(42)));
    service.open().unwrap();
    service
}

pub(crate) fn service() -> App {
    service_on(Arc::new(MemoryStore::default()))
}

/// A Discord user `name` with id `id` in channel `discord:100`.
pub(crate) fn discord(name: &str, id: u32) -> Context {
    Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, &id.to_string()),
        display_name: Some(name.to_owned()),
        channel: ChannelId::new(Platform::Discord, "100"),
        event: None,
        moderator: false,
        locale: None,
        private: false,
        community: None,
    }
}

pub(crate) fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service
        .handle_text(ctx, line, true)
        .expect("addressed to the bot")
}

pub(crate) fn key(reply: &Reply) -> &'static str {
    reply.messages[0].key
}

pub(crate) fn record(service: &App, id: u64) -> MatchRecord {
    service.load(MatchId(id)).ok().flatten().expect("match exists").0
}

#[test]
fn a_practice_match_of_fano_3_from_start_to_finish() {
    // RULES.md F-E6: @2, @1, 2-3, 1-2 captures White's last pawn: White has no pawn and loses.
    let service = service();
    let ana = Context::console("ana");
    let started = service
        .handle_text(&ana, "play fano practice cells=3", false)
        .unwrap();
    assert_eq!(key(&started), "practice-started");
    assert_eq!(
        started.messages[0].text,
        "Match #1: Fano, practice. ana plays both sides.\nFano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3.\nType a move to play it, like `move @1`."
    );
    for line in ["@2", "@1", "2-3"] {
        assert_eq!(
            key(&service.handle_text(&ana, line, false).unwrap()),
            "move-played",
            "{line}"
        );
    }
    let last = service.handle_text(&ana, "1-2", false).unwrap();
    assert_eq!(
        last.messages[0].text,
        "Black played 1-2.\nBlack wins: White has no pawn left. Well played!"
    );
    let finished = record(&service, 1);
    assert_eq!(finished.moves, ["@2", "@1", "2-3", "1-2"]);
    assert_eq!(finished.current_game().unwrap().position(), ".B. w 0 0");
    assert!(matches!(finished.stage, Stage::Finished { .. }));
    // Finished matches leave the active lists.
    assert_eq!(
        key(&service.handle_text(&ana, "list", false).unwrap()),
        "list-empty-channel"
    );
    assert_eq!(
        key(&service.handle_text(&ana, "move 1-2 #1", false).unwrap()),
        "match-over"
    );
}

#[test]
fn a_named_challenge_only_the_player_to_move_may_move_and_anyone_may_watch() {
    let service = service();
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    let carol = discord("Carol", 3);
    let challenge = send(&service, &ana, "!lalao play fano <@2> cells=5");
    assert_eq!(
        challenge.messages[0].text,
        "Match #1: Ana challenges 2 to Fano! 2, type `/lalao accept match:1` or `/lalao decline match:1`."
    );
    assert_eq!(challenge.messages[0].mentions, std::slice::from_ref(&bob.user));
    assert_eq!(key(&send(&service, &ana, "!lalao accept")), "no-challenge-here");
    assert_eq!(
        key(&send(&service, &carol, "!lalao accept #1")),
        "not-your-challenge"
    );
    assert_eq!(key(&send(&service, &ana, "!lalao @1")), "not-started");
    let accepted = send(&service, &bob, "!lalao accept");
    assert_eq!(
        accepted.messages[0].text,
        "Match #1: Bob accepts! Ana (White) starts.\nFano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3."
    );
    assert_eq!(accepted.messages[0].mentions, std::slice::from_ref(&ana.user));
    assert!(accepted.messages[0]
        .board
        .as_ref()
        .unwrap()
        .plain
        .contains("White (Ana) to move"));

    let early = send(&service, &bob, "!lalao move @1");
    assert_eq!(early.messages[0].text, "Wait a little: it is Ana (White)'s turn.");
    assert_eq!(key(&send(&service, &carol, "!lalao move @1 #1")), "not-a-player");
    let moved = send(&service, &ana, "!lalao move @3");
    assert_eq!(moved.messages[0].text, "Ana (White) played @3.");
    assert_eq!(moved.messages[0].mentions, std::slice::from_ref(&bob.user));
    let shown = moved.messages[0].match_ref.unwrap();
    assert_eq!(
        (shown.id, shown.game, shown.version),
        (MatchId(1), GameKind::Fano, 3)
    );
    assert_eq!(moved.outcome, Outcome::Applied);
    assert!(moved.messages[0]
        .actions
        .iter()
        .all(|action| matches!(action, Action::Move(text) if text.starts_with('@'))));
    assert_eq!(
        early.outcome,
        Outcome::Refused {
            reason: early.messages[0].key
        }
    );
    let watched = send(&service, &carol, "!lalao board");
    assert_eq!(watched.messages[0].text, "Match #1 (Fano): Bob (Black) to move.");
    assert_eq!(watched.outcome, Outcome::Shown);
    assert_eq!(record(&service, 1).moves, ["@3"]);
    // A chat line without the prefix is not for the bot.
    assert_eq!(service.handle_text(&bob, "@1", true), None);
}

#[test]
fn an_open_challenge_is_taken_by_the_first_who_accepts() {
    let service = service();
    let ana = discord("Ana", 1);
    let carol = discord("Carol", 3);
    let open = send(&service, &ana, "!lalao play fano side=black");
    assert_eq!(
        open.messages[0].text,
        "Match #1: Ana wants to play Fano. Who will play? Type `/lalao accept match:1`."
    );
    assert_eq!(
        key(&send(&service, &ana, "!lalao accept #1")),
        "accept-own-challenge"
    );
    assert_eq!(key(&send(&service, &carol, "!lalao decline")), "decline-open");
    let accepted = send(&service, &carol, "!lalao accept");
    assert_eq!(
        accepted.messages[0].text,
        "Match #1: Carol accepts! Carol (White) starts.\nFano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3."
    );
    assert_eq!(
        record(&service, 1).players,
        Some([carol.user.clone(), ana.user.clone()])
    );
    assert_eq!(
        key(&send(&service, &discord("Dan", 4), "!lalao accept #1")),
        "not-started".replace("not-started", "already-started").leak()
    );
}

#[test]
fn declining_cancelling_and_moderators() {
    let service = service();
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    send(&service, &ana, "!lalao play fano <@2>");
    let declined = send(&service, &bob, "!lalao decline");
    assert_eq!(declined.messages[0].text, "Bob declines challenge #1.");
    assert_eq!(record(&service, 1).stage, Stage::Declined);

    send(&service, &ana, "!lalao play fano <@2>");
    send(&service, &bob, "!lalao accept #2");
    assert_eq!(
        send(&service, &ana, "!lalao cancel").messages[0].text,
        "Match #2 has started: you can `/lalao resign`, or ask a moderator to cancel it."
    );
    assert_eq!(
        key(&send(&service, &discord("Carol", 3), "!lalao cancel #2")),
        "cancel-not-allowed"
    );
    let mut moderator = discord("Mo", 9);
    moderator.moderator = true;
    let cancelled = send(&service, &moderator, "!lalao cancel #2");
    assert_eq!(cancelled.messages[0].text, "Match #2 is cancelled by Mo.");
    assert_eq!(
        cancelled.messages[0].mentions,
        [ana.user.clone(), bob.user.clone()]
    );
    // A moderator elsewhere has no say here: from there the match is not even reachable.
    send(&service, &ana, "!lalao play fano <@2>");
    let mut elsewhere = moderator.clone();
    elsewhere.channel = ChannelId::new(Platform::Discord, "200");
    assert_eq!(
        key(&send(&service, &elsewhere, "!lalao cancel #3")),
        "no-such-match"
    );
    assert_eq!(key(&send(&service, &ana, "!lalao cancel")), "match-cancelled");
}

fn started_match(service: &App) -> (Context, Context) {
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    send(service, &ana, "!lalao play fano <@2> cells=5");
    send(service, &bob, "!lalao accept");
    (ana, bob)
}

#[test]
fn draws_are_offered_and_agreed() {
    let service = service();
    let (ana, bob) = started_match(&service);
    let offered = send(&service, &ana, "!lalao draw");
    assert_eq!(
        offered.messages[0].text,
        "Ana offers a draw in match #1. Bob, type `/lalao draw answer:accept` or `/lalao draw answer:decline`."
    );
    assert_eq!(key(&send(&service, &ana, "!lalao draw")), "draw-already-offered");
    assert_eq!(
        send(&service, &bob, "!lalao draw no").messages[0].text,
        "Bob says no to the draw. The game goes on!"
    );
    assert_eq!(key(&send(&service, &bob, "!lalao draw accept")), "draw-none");
    send(&service, &bob, "!lalao draw offer");
    let agreed = send(&service, &ana, "!lalao draw");
    assert_eq!(
        agreed.messages[0].text,
        "Both players agree: it is a draw. Well played!"
    );
    assert_eq!(
        record(&service, 1).stage,
        Stage::Finished {
            ending: crate::record::Ending::DrawAgreed
        }
    );
}

#[test]
fn undo_needs_the_opponent_unless_practising() {
    let service = service();
    let (ana, bob) = started_match(&service);
    assert_eq!(key(&send(&service, &ana, "!lalao undo")), "undo-nothing");
    send(&service, &ana, "!lalao @3");
    let asked = send(&service, &ana, "!lalao undo");
    assert_eq!(
        asked.messages[0].text,
        "Ana asks to take back the last move of match #1. Bob, type `/lalao undo answer:accept` or `/lalao undo answer:decline`."
    );
    let undone = send(&service, &bob, "!lalao undo accept");
    assert_eq!(undone.messages[0].text, "Move @3 is taken back in match #1.");
    assert!(record(&service, 1).moves.is_empty());

    let solo = Context::console("solo");
    service.handle_text(&solo, "play fano", false).unwrap();
    service.handle_text(&solo, "@4", false).unwrap();
    service.handle_text(&solo, "@3", false).unwrap();
    let undone = service.handle_text(&solo, "undo", false).unwrap();
    assert_eq!(undone.messages[0].text, "Move @3 is taken back in match #2.");
    let after = record(&service, 2);
    assert_eq!(after.moves, ["@4"]);
    // The board still marks the move before.
    assert!(!after.last_events.is_empty());
}

#[test]
fn resigning_ends_the_match_for_the_other_side() {
    let service = service();
    let (ana, bob) = started_match(&service);
    let resigned = send(&service, &bob, "!lalao resign");
    assert_eq!(
        resigned.messages[0].text,
        "Bob (Black) gives up. Ana (White) wins!"
    );
    // The final board names nobody to move: the match is over though the position is not.
    let board = resigned.messages[0].board.as_ref().expect("the final board");
    assert_eq!(board.plain.lines().last(), Some("Match over"), "{}", board.plain);
    assert_eq!(resigned.messages[0].mentions, std::slice::from_ref(&ana.user));
    assert_eq!(key(&send(&service, &ana, "!lalao resign #1")), "match-over");
}

#[test]
fn a_command_without_id_asks_which_match_when_there_are_several() {
    let service = service();
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano", false).unwrap();
    service.handle_text(&ana, "play fano cells=5", false).unwrap();
    let which = service.handle_text(&ana, "@1", false).unwrap();
    assert_eq!(
        which.messages[0].text,
        "You have several matches here: #1, #2. Add the number, like `move @1 #1`."
    );
    // The example is the command that was typed, with the number: it works as written.
    for (typed, example) in [
        ("undo", "undo #1"),
        ("export animation", "export animation #1"),
        ("resign", "resign #1"),
    ] {
        let which = service.handle_text(&ana, typed, false).unwrap();
        assert_eq!(
            which.messages[0].text,
            format!("You have several matches here: #1, #2. Add the number, like `{example}`."),
            "{typed}"
        );
        let parsed = crate::command::parse(example, false).unwrap().unwrap();
        assert_eq!(parsed.match_id(), Some(MatchId(1)), "{example}");
        assert_eq!(
            parsed.name(),
            crate::command::parse(typed, false).unwrap().unwrap().name()
        );
    }
    assert_eq!(
        key(&service.handle_text(&ana, "@1 #2", false).unwrap()),
        "move-played"
    );
    assert_eq!(record(&service, 2).moves, ["@1"]);
    let listed = service.handle_text(&ana, "list", false).unwrap();
    assert_eq!(
        listed.messages[0].text,
        "Matches in this channel (2):\n#1 Fano: ana (practice) · White to move\n#2 Fano: ana (practice) · Black to move"
    );
}

#[test]
fn refusals_explain_what_to_do_in_the_players_language() {
    let service = service();
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano cells=5", false).unwrap();
    service.handle_text(&ana, "@3", false).unwrap();
    let taken = service.handle_text(&ana, "@3", false).unwrap();
    assert_eq!(
        taken.messages[0].text,
        "You cannot play @3: that cell is taken. Put your pawn on an empty cell.\nYou can play: @1, @2, @4, @5"
    );
    service.handle_text(&ana, "settings fr", false).unwrap();
    let taken = service.handle_text(&ana, "@3", false).unwrap();
    assert_eq!(
        taken.messages[0].text,
        "Tu ne peux pas jouer @3 : cette case est prise. Pose ton pion sur une case vide.\nTu peux jouer : @1, @2, @4, @5"
    );
    let nonsense = service.handle_text(&ana, "move zz", false).unwrap();
    assert_eq!(
        nonsense.messages[0].text,
        "Je ne comprends pas le coup « zz ».\nTu peux jouer : @1, @2, @4, @5"
    );
    let typo = service.handle_text(&ana, "acept", false).unwrap();
    assert_eq!(
        typo.messages[0].text,
        "Je ne connais pas la commande « acept ». Voulais-tu dire `accepter` ?\nÉcris `aide` pour voir ce que je comprends."
    );
    let bad = service.handle_text(&ana, "jouer fano cells=4", false).unwrap();
    assert_eq!(
        bad.messages[0].text,
        "L'option « cells » ne marche pas pour Fano : cells doit être un nombre impair de 3 à 255, comme cells=7."
    );
}

#[test]
fn a_platform_locale_is_used_until_the_user_chooses() {
    let service = service();
    let mut ana = discord("Ana", 1);
    ana.locale = Some(Locale::Fr);
    assert_eq!(key(&send(&service, &ana, "!lalao règles fano")), "rules");
    assert!(send(&service, &ana, "!lalao règles fano").messages[0]
        .text
        .starts_with("Fano, d'Alain Busser."));
    send(&service, &ana, "!lalao settings language=en style=large");
    let shown = send(&service, &ana, "!lalao settings");
    assert_eq!(
        shown.messages[0].text,
        "Your settings: language English, board style large, global leaderboards: listed, forced moves: played for you in Mangala IV only. Change them with `/lalao settings language:fr`, `/lalao settings style:large`, `/lalao settings leaderboard:off` or `/lalao settings auto:on`."
    );
}

/// A screen-reader user who picks the `reader` style gets the board's description, not a
/// grid, in every form an adapter may send (Markdown, Matrix HTML, plain body).
#[test]
fn the_reader_style_sends_sentences_instead_of_a_grid() {
    let service = service();
    let ana = discord("Ana", 1);
    send(&service, &ana, "!lalao settings style=reader");
    let shown = send(&service, &ana, "!lalao settings");
    assert!(
        shown.messages[0].text.contains("board style screen reader"),
        "{}",
        shown.messages[0].text
    );
    send(&service, &ana, "!lalao play mangala solo");
    let board = send(&service, &ana, "!lalao board").messages[0]
        .board
        .clone()
        .expect("a board");
    assert!(board.description.contains("h0 7, h1 7"), "{}", board.description);
    assert_eq!(board.markdown, board.description);
    assert_eq!(board.plain, board.description);
    assert!(!board.html.contains("<table>"), "{}", board.html);
    // `lecteur` is the French word, and a one-off `board` style overrides the setting.
    assert!(parse("plateau lecteur", false).is_ok());
    let text = send(&service, &ana, "!lalao board text").messages[0]
        .board
        .clone()
        .expect("a board");
    assert!(text.markdown.starts_with("```"), "{}", text.markdown);
}

/// Where pictures show, boards come with the order for their picture, in the
/// reader's style and language; settings, a one-off `board` style and the channel turn it off.
#[test]
fn boards_come_with_their_picture_where_pictures_show_unless_turned_off() {
    let service = service();
    let ana = discord("Ana", 1);
    let picture_of = |reply: &Reply| reply.messages.iter().find_map(|message| message.picture.clone());
    let started = send(&service, &ana, "!lalao play katro solo");
    let order = picture_of(&started).expect("a picture by default on Discord");
    assert_eq!(
        (order.style, order.locale, order.last_move.clone()),
        (Style::Text, Locale::En, None)
    );
    assert_eq!(order.size(), lalao_renderer::PictureSize::Normal);
    let moved = send(&service, &ana, "!lalao move a1A");
    let order = picture_of(&moved).expect("the moved board's picture");
    assert_eq!(order.last_move.as_deref(), Some("a1A"));
    assert!(!order.events.is_empty());
    let board = moved.messages.iter().find_map(|m| m.board.clone()).unwrap();
    let cache = lalao_renderer::PictureCache::new(4);
    let drawn = order.draw(&cache);
    assert!(drawn.png.starts_with(b"\x89PNG"));
    assert_eq!(
        drawn.alt, board.description,
        "the picture's alt text is the board's description"
    );
    order.draw(&cache);
    assert_eq!(cache.draws(), 1, "the same board is drawn once");

    // The console shows text, whatever the setting.
    let console = Context::console("ana");
    assert!(picture_of(&send(&service, &console, "!lalao play fano solo")).is_none());
    assert!(picture_of(&send(&service, &console, "!lalao board picture")).is_none());

    // `text` turns pictures off; `board picture` shows one once; `large` turns them on, large.
    send(&service, &ana, "!lalao settings style=text");
    assert!(send(&service, &ana, "!lalao settings").messages[0]
        .text
        .contains("board style text"));
    assert!(picture_of(&send(&service, &ana, "!lalao board")).is_none());
    assert!(picture_of(&send(&service, &ana, "!lalao board picture")).is_some());
    send(&service, &ana, "!lalao settings style=large");
    let large = picture_of(&send(&service, &ana, "!lalao board")).expect("a large picture");
    assert_eq!(large.size(), lalao_renderer::PictureSize::Large);
    send(&service, &ana, "!lalao settings style=picture");
    assert!(send(&service, &ana, "!lalao settings").messages[0]
        .text
        .contains("board style picture"));

    // A moderator turns them off for the channel, whatever players chose, and back.
    let mut moderator = discord("Mo", 9);
    moderator.moderator = true;
    let shown = send(&service, &moderator, "!lalao channel pictures=off");
    assert!(
        shown.messages[0]
            .text
            .contains("Board pictures: off in this channel"),
        "{}",
        shown.messages[0].text
    );
    assert!(picture_of(&send(&service, &ana, "!lalao board")).is_none());
    send(&service, &moderator, "!lalao channel boards=picture");
    assert!(picture_of(&send(&service, &ana, "!lalao board")).is_some());
    send(&service, &moderator, "!lalao channel boards=text");
    assert!(picture_of(&send(&service, &ana, "!lalao board")).is_none());
    send(&service, &moderator, "!lalao channel pictures=default");
    assert!(picture_of(&send(&service, &ana, "!lalao board")).is_some());
}

/// `link` gives a match's live page; `link new` (a player's, or a moderator's) gives it a new
/// address and the old one names nothing any more; anyone else may not, and without the web
/// pages there is no page to give.
#[test]
fn a_live_page_gets_a_new_address_and_the_old_one_names_nothing() {
    let service = service().with_live_pages("https://lalao.example.org/");
    let (ana, bob, eve) = (discord("Ana", 1), discord("Bob", 2), discord("Eve", 3));
    send(&service, &ana, "!lalao play fano <@2> cells=5");
    send(&service, &bob, "!lalao accept");
    let shown = send(&service, &eve, "!lalao link #1");
    let old = record(&service, 1).public.expect("made when first asked");
    assert_eq!(
        shown.messages[0].text,
        format!("Match #1's live page: https://lalao.example.org/m/{old}")
    );
    assert_eq!(
        key(&send(&service, &eve, "!lalao link #1 new")),
        "link-not-player"
    );
    assert_eq!(
        record(&service, 1).public.as_deref(),
        Some(old.as_str()),
        "unchanged"
    );
    let renewed = send(&service, &bob, "!lalao link new");
    let new = record(&service, 1).public.expect("a new one");
    assert_ne!(new, old);
    assert_eq!(
        renewed.messages[0].text,
        format!("Match #1 has a new live page: https://lalao.example.org/m/{new} — the old address no longer works.")
    );
    assert_eq!(
        LivePages(&service).live_match(&old).unwrap(),
        None,
        "the old address names nothing"
    );
    assert_eq!(LivePages(&service).live_match(&new).unwrap(), Some(MatchId(1)));
    let moderator = Context {
        moderator: true,
        ..eve.clone()
    };
    send(&service, &moderator, "!lalao link #1 nouveau");
    assert_ne!(
        record(&service, 1).public,
        Some(new),
        "a moderator of the channel may too"
    );
    let off = self::service();
    send(&off, &ana, "!lalao play fano solo cells=5");
    assert_eq!(key(&send(&off, &ana, "!lalao link")), "link-no-web");
}

/// A match's public id is unguessable, made once, kept in the record without
/// moving its version, and names the match's live view; `board` gives the live page's address
/// once the web server runs; anything else than an id reads nothing.
#[test]
fn a_live_page_is_named_by_an_unguessable_public_id_made_once() {
    let service = service().with_live_pages("https://lalao.example.org/");
    let ana = discord("Ana", 1);
    send(&service, &ana, "!lalao play fano solo cells=5");
    send(&service, &ana, "!lalao move @3");
    let before = record(&service, 1);
    let shown = send(&service, &ana, "!lalao board");
    let live = shown.messages[0].live.clone().expect("the live page's link");
    assert_eq!(live.line, format!("Follow it live: {}", live.url));
    assert!(
        !shown.messages[0].text.contains(&live.url),
        "the text leaves it to the outputs"
    );
    let url = live.url;
    let public = url
        .strip_prefix("https://lalao.example.org/m/")
        .expect("the page's address");
    assert!(is_public_id(public), "{public}");
    let after = record(&service, 1);
    assert_eq!(after.public.as_deref(), Some(public));
    assert_eq!(after.version, before.version, "bookkeeping: the version stays");
    assert_eq!(
        PublicIds(&service).public_id(MatchId(1)).unwrap().as_deref(),
        Some(public),
        "made once"
    );
    assert_ne!(
        PublicIds(&service).public_id(MatchId(1)).unwrap(),
        Some(String::new())
    );
    let view = LivePages(&service)
        .live_view(public, Locale::Fr)
        .unwrap()
        .expect("the live view");
    assert_eq!(
        (view.id, view.version, view.moves.clone()),
        (MatchId(1), after.version, vec!["@3".to_owned()])
    );
    assert!(view.svg.starts_with("<svg"), "{}", view.svg);
    assert!(view.status.contains("#1"), "{}", view.status);
    assert_eq!(
        LivePages(&service).live_version(public).unwrap(),
        Some(after.version)
    );
    // Another match gets another id; ids of the wrong shape or unknown read nothing.
    send(&service, &ana, "!lalao play katro solo");
    let other = PublicIds(&service).public_id(MatchId(2)).unwrap().unwrap();
    assert_ne!(other, public);
    for bad in ["", "../1", &public.to_uppercase(), &"a".repeat(32), &public[..31]] {
        assert_eq!(
            LivePages(&service).live_view(bad, Locale::En).unwrap(),
            None,
            "{bad}"
        );
    }
    assert_eq!(PublicIds(&service).public_id(MatchId(99)).unwrap(), None);
    // `lalao check` knows the pointer.
    let key = crate::store::keys::public_key(public);
    let value = service.store().get(&key).unwrap().unwrap();
    assert!(matches!(
        crate::record::decode_entry(&key, &value),
        Ok(crate::record::Entry::Index(MatchId(1)))
    ));
}

#[test]
fn rules_cite_rule_numbers_and_variant_provenance() {
    let service = service();
    let ana = Context::console("ana");
    let rules = service.handle_text(&ana, "rules fano", false).unwrap();
    let text = &rules.messages[0].text;
    assert!(
        text.starts_with("Fano, by Alain Busser. One row of cells. First,")
            && text.contains("Source: Alain Busser, 2025. The rule numbers and what each source says: `rules fano sources`.")
            && !text.contains("RULES.md")
            && !text.contains("(F-"),
        "{text}"
    );
    let rules = service.handle_text(&ana, "rules fano sources", false).unwrap();
    let text = &rules.messages[0].text;
    assert!(text.contains("(F-6)") && text.contains("(F-8)"), "{text}");
    let rules = service.handle_text(&ana, "rules fano misere", false).unwrap();
    let text = &rules.messages[0].text;
    assert!(text.contains("Variant misere: “qui perd gagne”"), "{text}");
    assert!(text.ends_with("Variants of fano: misere, full-start, forced-capture, repetition-illegal. Add them when you start a match, like `play fano misere`."), "{text}");
    let unknown = service.handle_text(&ana, "rules fano bogus", false).unwrap();
    assert!(unknown.messages[0]
        .text
        .contains("I don't know the variant “bogus”."));
}

#[test]
fn export_replays_with_the_rules_protocol() {
    let service = service();
    let ana = Context::console("ana");
    service
        .handle_text(&ana, "play fano cells=7 misere", false)
        .unwrap();
    for line in ["@1", "@7", "@2", "@6"] {
        service.handle_text(&ana, line, false).unwrap();
    }
    let export = service.handle_text(&ana, "export", false).unwrap();
    let json_line = export.messages[0].text.lines().last().unwrap();
    assert_eq!(
        json_line,
        r#"{"game":"fano","moves":["@1","@7","@2","@6"],"options":{"cells":7},"variants":["misere"]}"#
    );
    let answer: serde_json::Value =
        serde_json::from_str(&lalao_core::protocol::respond(json_line.as_bytes())).unwrap();
    assert_eq!(answer["ok"], true);
    assert_eq!(
        answer["position"],
        record(&service, 1).current_game().unwrap().position()
    );
}

/// `play … position=` starts from that position, checked by the rules core: the record keeps
/// it as the engine writes it, every replay (an undo, `export` through `lalao rules`) starts
/// there, and the game is not rated.
#[test]
fn a_match_starts_from_a_set_position_and_every_replay_starts_there() {
    let service = service();
    let ana = Context::console("ana");
    let started = service
        .handle_text(&ana, "play fano practice position=..WB... w 1 1", false)
        .unwrap();
    assert_eq!(started.outcome, Outcome::Applied);
    let started = record(&service, 1);
    assert_eq!(started.start.as_deref(), Some("..WB... w 1 1"));
    assert_eq!(started.current_game().unwrap().position(), "..WB... w 1 1");
    assert!(!crate::ratings::is_rated(&started));
    for line in ["@1", "@7"] {
        assert_eq!(
            service.handle_text(&ana, line, false).unwrap().outcome,
            Outcome::Applied
        );
    }
    let export = service.handle_text(&ana, "export", false).unwrap();
    let json_line = export.messages[0].text.lines().last().unwrap();
    assert_eq!(
        json_line,
        r#"{"game":"fano","moves":["@1","@7"],"options":{},"position":"..WB... w 1 1","variants":[]}"#
    );
    let answer: serde_json::Value =
        serde_json::from_str(&lalao_core::protocol::respond(json_line.as_bytes())).unwrap();
    assert_eq!(answer["position"], "W.WB..B w 0 0");
    assert_eq!(
        record(&service, 1).current_game().unwrap().position(),
        "W.WB..B w 0 0"
    );
    // An undo replays from the set position, not from an empty board.
    service.handle_text(&ana, "undo", false).unwrap();
    assert_eq!(
        record(&service, 1).current_game().unwrap().position(),
        "W.WB... b 0 1"
    );
}

/// A position that cannot start a match is refused with what was wrong and an example of
/// the notation, and starts nothing.
#[test]
fn a_position_that_cannot_start_a_match_is_refused_with_an_example() {
    let service = service();
    let ana = Context::console("ana");
    for (line, said) in [
        (
            "play fano practice position=..WX... w 1 1",
            "I cannot read that Fano position. Write it the way lalao writes positions, like this start: `....... w 2 2`",
        ),
        (
            "play fano practice cells=7 position=W...... w 2 2",
            "That Fano position cannot happen in a game (the pieces or seeds do not add up). Check it against the start: `....... w 2 2`",
        ),
        (
            "play fano practice position=WWWWWWW w 0 0",
            "That Fano position is already over: nobody can move. Choose one where the game goes on.",
        ),
        (
            "play katro practice position=0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 s",
            "That Katro position is already over: nobody can move. Choose one where the game goes on.",
        ),
    ] {
        let reply = service.handle_text(&ana, line, false).unwrap();
        assert_eq!(reply.messages[0].text, said, "{line}");
    }
    assert!(service.load(MatchId(1)).ok().flatten().is_none());
}

/// A sowing position given at `play … position=` may hold no more seeds than its game ever
/// has on that board (the start's: seeds are only sown and stored, never added), so nobody can
/// make the bot sow 60,000 seeds a lap; every position of a real game is still taken.
#[test]
fn a_position_with_more_seeds_than_its_game_ever_holds_is_refused() {
    let service = service();
    let ana = Context::console("ana");
    let katro_rows = |first: &str| format!("{first}/2,2,2/2,2,2/2,2,2/2,2,2/2,2,2 s");
    for (line, said) in [
        (
            format!("play katro practice position={}", katro_rows("3,2,2")),
            "That Katro position holds 37 seeds, more than a game of Katro on that board ever has (36). Choose one with 36 seeds at most.",
        ),
        (
            format!("play katro practice position={}", katro_rows("59000,0,0")),
            "That Katro position holds 59030 seeds, more than a game of Katro on that board ever has (36). Choose one with 36 seeds at most.",
        ),
        (
            "play mangala practice position=7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 1-0".to_owned(),
            "That Mangala position holds 99 seeds, more than a game of Mangala on that board ever has (98). Choose one with 98 seeds at most.",
        ),
        (
            "play engehe practice position=9,4/4,4 s 0-0".to_owned(),
            "That En Gehé position holds 21 seeds, more than a game of En Gehé on that board ever has (16). Choose one with 16 seeds at most.",
        ),
    ] {
        let reply = service.handle_text(&ana, &line, false).unwrap();
        assert_eq!(reply.messages[0].text, said, "{line}");
    }
    assert!(service.load(MatchId(1)).ok().flatten().is_none());
    let mut fr = ana.clone();
    fr.locale = Some(Locale::Fr);
    let reply = service
        .handle_text(&fr, "jouer engehe entrainement position=9,4/4,4 s 0-0", false)
        .unwrap();
    assert_eq!(
        reply.messages[0].text,
        "Cette position de En Gehé contient 21 graines, plus qu'une partie de En Gehé sur ce plateau n'en a jamais (16). Choisis-en une avec 16 graines au plus."
    );
    // Positions of real games start, whatever their shape: seeds moved about, some captured,
    // more seeds per hole when the options start with more.
    for line in [
        format!("play katro practice position={}", katro_rows("4,0,2")),
        "play mangala practice position=0,0,0,0,0,21,7/7,7,7,7,7,7,7 s 20-0".to_owned(),
        "play engehe practice seeds=6 position=9,4/4,4 s 0-0".to_owned(),
    ] {
        let reply = service.handle_text(&ana, &line, false).unwrap();
        assert_eq!(reply.outcome, Outcome::Applied, "{line}: {}", reply.plain());
        service.handle_text(&ana, "resign", false).unwrap();
    }
}

/// `hint` names the move the engine prefers for the caller's side and what it does at once,
/// changes nothing, and is written so that following it literally plays that move; in French
/// too.
#[test]
fn a_hint_names_the_engine_s_move_and_what_it_does() {
    let service = service();
    let ana = Context::console("ana");
    service.handle_text(&ana, "play katro practice", false).unwrap();
    let hint = service.handle_text(&ana, "hint", false).unwrap();
    assert_eq!(hint.outcome, Outcome::Shown);
    assert_eq!(
        hint.messages[0].text,
        "Hint for match #1: `move b1A #1` — this move captures 4 seeds."
    );
    assert!(record(&service, 1).moves.is_empty(), "a hint plays nothing");
    let played = service.handle_text(&ana, "move b1A #1", false).unwrap();
    assert_eq!(played.outcome, Outcome::Applied);
    let mut amelie = Context::console("amelie");
    amelie.locale = Some(Locale::Fr);
    service
        .handle_text(&amelie, "jouer fano entrainement position=W...... b 1 2", false)
        .unwrap();
    let indice = service.handle_text(&amelie, "indice", false).unwrap();
    assert_eq!(
        indice.messages[0].text,
        "Indice pour la partie #2 : `coup @2 #2` — c'est le coup que l'ordinateur préfère ici."
    );
}

/// Between people a hint is refused, rated or not: the moves are the players' to find.
#[test]
fn a_hint_is_refused_in_a_game_between_people() {
    let service = service();
    let (ana, _bob) = started_match(&service);
    let refused = send(&service, &ana, "!lalao hint");
    assert_eq!(key(&refused), "hint-between-people");
    assert_eq!(
        refused.messages[0].text,
        "Hints are for practice and for games against the computer. In match #1, the moves are yours to find!"
    );
    assert!(record(&service, 1).moves.is_empty());
}

#[test]
fn a_redelivered_event_is_applied_once() {
    let service = service();
    let (ana, _) = started_match(&service);
    let mut first = ana.clone();
    first.event = Some(EventId::new(Platform::Discord, "interaction-1"));
    assert_eq!(key(&send(&service, &first, "!lalao @3")), "move-played");
    let again = send(&service, &first, "!lalao @3");
    assert_eq!(record(&service, 1).moves, ["@3"]);
    // It is answered with where the match stands: the live board, the next player to move.
    assert_eq!(again.outcome, Outcome::Duplicate);
    assert_eq!(again.messages.len(), 1);
    assert_eq!(again.messages[0].key, "board");
    assert!(matches!(
        again.messages[0].kind,
        Kind::BoardChanged { to_move: Some(_) }
    ));
    assert_eq!(
        again.messages[0].match_ref.map(|r| r.version),
        Some(record(&service, 1).version)
    );
    // Refused commands record nothing: a redelivery is refused again, the same way.
    let mut refused = ana.clone();
    refused.event = Some(EventId::new(Platform::Discord, "interaction-2"));
    assert_eq!(key(&send(&service, &refused, "!lalao @3")), "not-your-turn");
    assert_eq!(key(&send(&service, &refused, "!lalao @3")), "not-your-turn");
    // A challenge delivered again is answered with the same challenge.
    let mut challenge = ana.clone();
    challenge.event = Some(EventId::new(Platform::Discord, "interaction-3"));
    let first_answer = send(&service, &challenge, "!lalao play katro");
    let second_answer = send(&service, &challenge, "!lalao play katro");
    assert_eq!(
        (first_answer.outcome, second_answer.outcome),
        (Outcome::Applied, Outcome::Duplicate)
    );
    assert_eq!(second_answer.messages, first_answer.messages);
}

/// A store that lets a rival write the match between the service's read and its commit.
struct Interfering {
    inner: MemoryStore,
    armed: AtomicBool,
}

impl Store for Interfering {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(key)
    }
    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        self.inner.iter_prefix(prefix)
    }
    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        self.inner.last_with_prefix(prefix)
    }
    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        self.inner.snapshot(each)
    }
    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        if self.armed.swap(false, Ordering::SeqCst) {
            // The rival plays @1 first.
            let key = keys::match_key(MatchId(1));
            let bytes = self.inner.get(&key)?.unwrap();
            let mut rival: MatchRecord = record::decode(&bytes, "a match record").unwrap();
            let mut game = rival.current_game().unwrap();
            game.play("@1").unwrap();
            rival.moves.push("@1".into());
            rival.state = game.save();
            rival.version += 1;
            let mut write = Txn::default();
            write.put(key, record::encode(&rival));
            self.inner.commit(&write)?;
        }
        self.inner.commit(txn)
    }
    fn sync(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

#[test]
fn the_loser_of_a_race_is_shown_the_board_as_it_is_now() {
    let store = Arc::new(Interfering {
        inner: MemoryStore::default(),
        armed: AtomicBool::new(false),
    });
    let service = service_on(store.clone());
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano cells=5", false).unwrap();
    store.armed.store(true, Ordering::SeqCst);
    let lost = service.handle_text(&ana, "@3", false).unwrap();
    assert_eq!(
        lost.messages[0].text,
        "Someone played first: the board changed. Here it is now."
    );
    let board = lost.messages[0].board.as_ref().expect("the current board");
    assert!(board.plain.contains("Last move: @1"), "{}", board.plain);
    assert_eq!(record(&service, 1).moves, ["@1"]);
}

#[test]
fn two_tasks_race_a_hundred_times_and_exactly_one_wins_each_time() {
    // Ana sends two different moves at once (two devices, a double click): whichever commits
    // first wins; the other either loses the compare-and-swap or reads the new board, where it
    // is Bob's turn.
    let dir = tempfile::tempdir().unwrap();
    let service = Arc::new(service_on(Arc::new(SledStore::open(dir.path()).unwrap())));
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    let mut lost_the_swap = 0;
    for round in 1..=100u64 {
        send(&service, &ana, "!lalao play fano <@2> cells=5");
        send(&service, &bob, &format!("!lalao accept #{round}"));
        let barrier = Arc::new(Barrier::new(2));
        let racers: Vec<_> = ["@1", "@2"]
            .into_iter()
            .map(|mv| {
                let (service, barrier, ctx) = (service.clone(), barrier.clone(), ana.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    service.handle(
                        &ctx,
                        Command::Move {
                            id: Some(MatchId(round)),
                            text: mv.to_owned(),
                            explicit: true,
                        },
                    )
                })
            })
            .collect();
        let keys: Vec<&str> = racers
            .into_iter()
            .map(|racer| key(&racer.join().unwrap()))
            .collect();
        assert_eq!(
            keys.iter().filter(|key| **key == "move-played").count(),
            1,
            "round {round}: {keys:?}"
        );
        let loser = keys.iter().find(|key| **key != "move-played").unwrap();
        assert!(
            ["board-changed", "not-your-turn"].contains(loser),
            "round {round}: {keys:?}"
        );
        lost_the_swap += usize::from(*loser == "board-changed");
        assert_eq!(record(&service, round).moves.len(), 1, "round {round}");
        assert_eq!(record(&service, round).version, 3, "round {round}");
        send(&service, &ana, &format!("!lalao resign #{round}"));
    }
    // Which path the loser takes depends on scheduling; both are correct. Report it.
    eprintln!("the loser lost the compare-and-swap in {lost_the_swap} of 100 rounds");
}

/// A burst of players starting matches at once, each in their own channel: every one gets its
/// match, with an id of its own, however often another took the next id first.
#[test]
fn a_burst_of_new_matches_all_start_with_ids_of_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let service = Arc::new(service_on(Arc::new(SledStore::open(dir.path()).unwrap())));
    const PLAYERS: u64 = 32;
    const EACH: u64 = 32;
    let barrier = Arc::new(Barrier::new(PLAYERS as usize));
    let players: Vec<_> = (1..=PLAYERS)
        .map(|n| {
            let (service, barrier) = (service.clone(), barrier.clone());
            std::thread::spawn(move || {
                let mut ctx = discord(&format!("P{n}"), n as u32);
                ctx.channel = ChannelId::new(Platform::Discord, &format!("room-{n}"));
                barrier.wait();
                (0..EACH)
                    .map(|_| {
                        let reply = send(&service, &ctx, "!lalao play fano practice cells=5");
                        assert_eq!(key(&reply), "practice-started", "{}", reply.plain());
                        reply.messages[0].match_ref.unwrap().id
                    })
                    .collect::<Vec<MatchId>>()
            })
        })
        .collect();
    let mut ids: Vec<MatchId> = players
        .into_iter()
        .flat_map(|player| player.join().unwrap())
        .collect();
    ids.sort();
    assert_eq!(ids, (1..=PLAYERS * EACH).map(MatchId).collect::<Vec<_>>());
}

/// Records the order of commits and syncs.
struct Journal {
    inner: MemoryStore,
    log: Mutex<Vec<&'static str>>,
    syncs: AtomicUsize,
}

impl Store for Journal {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(key)
    }
    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        self.inner.iter_prefix(prefix)
    }
    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        self.inner.last_with_prefix(prefix)
    }
    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        self.inner.snapshot(each)
    }
    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        self.log.lock().unwrap().push("commit");
        self.inner.commit(txn)
    }
    fn sync(&self) -> Result<(), StoreError> {
        self.syncs.fetch_add(1, Ordering::SeqCst);
        self.log.lock().unwrap().push("sync");
        Ok(())
    }
}

#[test]
fn a_move_is_confirmed_only_after_a_durable_sync() {
    let store = Arc::new(Journal {
        inner: MemoryStore::default(),
        log: Mutex::new(Vec::new()),
        syncs: AtomicUsize::new(0),
    });
    let service = service_on(store.clone());
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano", false).unwrap();
    store.log.lock().unwrap().clear();
    let reply = service.handle_text(&ana, "@4", false).unwrap();
    assert_eq!(key(&reply), "move-played");
    assert_eq!(*store.log.lock().unwrap(), ["commit", "sync"]);
    // Looking at the board writes nothing.
    store.log.lock().unwrap().clear();
    service.handle_text(&ana, "board", false).unwrap();
    assert!(store.log.lock().unwrap().is_empty());
}

#[test]
fn a_corrupt_record_gets_a_polite_answer_and_is_reported_by_check() {
    let store = Arc::new(MemoryStore::default());
    let service = service_on(store.clone());
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano", false).unwrap();
    let mut txn = Txn::default();
    txn.put(keys::match_key(MatchId(1)), b"{\"v\":1,\"id\":".to_vec());
    store.commit(&txn).unwrap();
    let reply = service.handle_text(&ana, "board #1", false).unwrap();
    assert_eq!(key(&reply), "internal-error");
    let (entries, errors) = Upkeep(&service).check_store().unwrap();
    assert_eq!(entries, 6);
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with("match/00000000000000000001: a match record is not valid JSON"),
        "{errors:?}"
    );
}

/// Puts match 1 of a fano challenge into the rite, as `accept` does for Mangala IV: the rite's
/// wiring is tested without depending on the Mangala engine.
fn in_rite(service: &App) -> (Context, Context) {
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    Preferences(service).remember_name(&bob.user, "Bob").unwrap();
    send(service, &ana, "!lalao play fano <@2>");
    let (mut record, bytes) = service.load(MatchId(1)).ok().flatten().unwrap();
    record.opponent = Some(bob.user.clone());
    record.stage = Stage::Rite {
        rite: Rite::AwaitingCoins,
    };
    record.version += 1;
    crate::kernel::commit::Commits(service)
        .commit_match(
            &ana,
            Some((&record.clone(), &bytes)),
            &record,
            Txn::default(),
            "test",
        )
        .ok()
        .unwrap();
    (ana, bob)
}

#[test]
fn the_rite_keeps_the_coins_secret_and_seats_the_winner_of_the_call() {
    let service = service();
    let (ana, bob) = in_rite(&service);
    assert_eq!(
        send(&service, &bob, "!lalao coins 1").messages[0].text,
        "Not you, not now: Ana is hiding one or two coins (`/lalao coins`)."
    );
    let public = send(&service, &ana, "!lalao coins 2");
    assert_eq!(key(&public), "coins-private");
    // On Matrix, the way to send them privately is a direct room, never the console's prompt.
    let in_a_room = Context {
        platform: Platform::Matrix,
        ..ana.clone()
    };
    let told = send(&service, &in_a_room, "!lalao coins 2");
    assert_eq!(key(&told), "coins-private-dm");
    let text = &told.messages[0].text;
    assert!(
        text.starts_with("Shh! Your coins are a secret. Send them to me in our direct room: `")
            && text.contains("coins 1 #")
            && !text.contains("console"),
        "{text}"
    );
    let mut private = ana.clone();
    private.private = true;
    private.channel = ChannelId::new(Platform::Discord, "dm-1");
    let hidden = send(&service, &private, "!lalao coins 2");
    assert_eq!(hidden.messages.len(), 2);
    assert_eq!(hidden.messages[0].audience, Audience::Private(ana.user.clone()));
    assert_eq!(hidden.messages[0].text, "You hide 2 in your hand. Shh!");
    assert_eq!(
        hidden.messages[1].audience,
        Audience::Channel(ana.channel.clone())
    );
    assert_eq!(
        hidden.messages[1].text,
        "Ana has hidden the coins. Bob: Tek mi, Çift mi? Odd or even? Type `/lalao call parity:odd` or `/lalao call parity:even`."
    );
    assert!(!hidden.messages[1].text.contains('2'));
    let called = send(&service, &bob, "!lalao tek");
    assert_eq!(
        called.messages[0].text,
        "There were 2 coins: odd (tek) was wrong! Ana chooses the side: `/lalao side side:south` or `/lalao side side:north`."
    );
    assert_eq!(
        key(&send(&service, &bob, "!lalao side black")),
        "rite-not-your-step"
    );
    let seated = send(&service, &ana, "!lalao side black");
    assert_eq!(
        seated.messages[0].text,
        "Ana takes Black. Bob (White) starts. Good game!"
    );
    let record = record(&service, 1);
    assert_eq!(record.stage, Stage::Playing);
    assert_eq!(record.players, Some([bob.user.clone(), ana.user.clone()]));
}

#[test]
fn mangala_opens_with_the_rite_once_its_engine_is_in() {
    let service = service();
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    let reply = send(&service, &ana, "!lalao play mangala <@2>");
    if AnyOptions::standard(GameKind::Mangala).is_err() {
        assert_eq!(
            reply.messages[0].text,
            "Mangala is not ready to play yet. Try fano!"
        );
        return;
    }
    assert_eq!(
        key(&send(&service, &ana, "!lalao play mangala <@2> side=south")),
        "side-by-rite"
    );
    let accepted = send(&service, &bob, "!lalao accept #1");
    assert_eq!(key(&accepted), "rite-begins");
    assert_eq!(accepted.messages[0].mentions, std::slice::from_ref(&ana.user));
    assert!(matches!(
        record(&service, 1).stage,
        Stage::Rite {
            rite: Rite::AwaitingCoins
        }
    ));
}

/// A Matrix room cannot answer anyone privately, so accepting a Mangala
/// challenge there asks the challenger for the coins in a direct message, in their own
/// language, committed with the acceptance; the room is told where to look.
#[test]
fn on_matrix_the_coin_game_is_asked_for_in_a_direct_message() {
    let service = service();
    if AnyOptions::standard(GameKind::Mangala).is_err() {
        return;
    }
    let in_room = |name: &str| Context {
        platform: Platform::Matrix,
        user: UserId::new(Platform::Matrix, &format!("@{name}:example.org")),
        display_name: Some(name.to_owned()),
        channel: ChannelId::new(Platform::Matrix, "!room:example.org"),
        event: None,
        moderator: false,
        locale: None,
        private: false,
        community: None,
    };
    let (ana, bob) = (in_room("ana"), in_room("bob"));
    assert_eq!(
        key(&send(&service, &ana, "!lalao settings language fr")),
        "settings-saved"
    );
    send(&service, &ana, "!lalao jouer mangala @bob:example.org");
    assert!(Outbox(&service).pending_notifications().unwrap().is_empty());
    let accepted = send(&service, &bob, "!lalao accept #1");
    assert_eq!(key(&accepted), "rite-begins-direct");
    assert_eq!(
        accepted.messages[0].text,
        "Match #1: bob accepts! First the coin game: Tek mi, Çift mi? ana, I have written to you privately: hide one or two coins there."
    );
    assert_eq!(
        Outbox(&service).wake().peek(),
        Some(1_700_000_000),
        "the scheduler is woken to deliver it now, not at its next round"
    );
    let pending = Outbox(&service).pending_notifications().unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].key, "coins-ask-direct");
    assert_eq!(
        pending[0].recipient,
        Recipient::Direct {
            user: ana.user.clone()
        }
    );
    assert_eq!(
        pending[0].text,
        "Partie #1 contre bob : le jeu des pièces commence. Cache une ou deux pièces dans ta main : envoie `!lalao pièces 1 #1` ou `!lalao pièces 2 #1` ici. Seuls toi et moi voyons ce salon."
    );
    // Followed in the direct room, the instruction hides the coins.
    let direct = Context {
        channel: ChannelId::new(Platform::Matrix, "!dm:example.org"),
        private: true,
        community: None,
        ..ana.clone()
    };
    assert_eq!(
        key(&send(&service, &direct, "!lalao pièces 1 #1")),
        "coins-hidden"
    );
    // On Discord the coins are hidden with an ephemeral command: no direct message.
    let (cara, dan) = (discord("Cara", 3), discord("Dan", 4));
    send(&service, &cara, "!lalao play mangala <@4>");
    assert_eq!(key(&send(&service, &dan, "!lalao accept #2")), "rite-begins");
    assert_eq!(Outbox(&service).pending_notifications().unwrap().len(), 1);
}

#[test]
fn a_random_start_stores_its_seed_in_the_match() {
    let service = service();
    let ana = Context::console("ana");
    let reply = service
        .handle_text(&ana, "play mangala random-start", false)
        .unwrap();
    if AnyOptions::standard(GameKind::Mangala).is_err() {
        assert_eq!(key(&reply), "game-not-ready");
        return;
    }
    assert_eq!(key(&reply), "practice-started");
    assert_eq!(
        record(&service, 1).options.get("seed"),
        Some(&serde_json::json!(42))
    );
}

#[test]
fn parse_errors_are_explained() {
    let service = service();
    let ana = Context::console("ana");
    let reply = service.handle_text(&ana, "play chess", false).unwrap();
    assert_eq!(
        reply.messages[0].text,
        "I don't know the game “chess”. The games are: samantsy, fano, mangala, engehe, katro.\nType `help` to see what I understand."
    );
    assert!(parse("board style=huge", false).is_err());
    let reply = service.handle_text(&ana, "board style=huge", false).unwrap();
    assert_eq!(
        reply.messages[0].text,
        "“huge” is not a value I know for: board style. You can use: picture, text, emoji, large, reader.\nType `help` to see what I understand."
    );
}

/// A store that refuses every commit adding a scheduler timer, as if someone always won.
struct RefuseTimers(MemoryStore);

impl Store for RefuseTimers {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.0.get(key)
    }

    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        self.0.iter_prefix(prefix)
    }
    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        self.0.last_with_prefix(prefix)
    }
    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        self.0.snapshot(each)
    }

    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        if !txn
            .writes
            .iter()
            .any(|write| keys::timer_due(&write.key).is_some())
        {
            return self.0.commit(txn);
        }
        // Lost on the match record itself: the command gives up (a conflict on another key
        // would be retried).
        let record = txn
            .writes
            .iter()
            .find(|write| write.key.starts_with(keys::MATCH_PREFIX));
        Ok(Committed::Conflict {
            key: record.expect("timers are written with their match").key.clone(),
        })
    }

    fn sync(&self) -> Result<(), StoreError> {
        self.0.sync()
    }
}

#[test]
fn the_scheduler_is_woken_for_a_timer_only_once_it_is_committed() {
    // Waking the scheduler while the commit is still to come lets it look, find nothing due
    // and sleep past the new timer (up to its one-minute cap).
    let refusing = service_on(Arc::new(RefuseTimers(MemoryStore::default())));
    let ana = discord("Ana", 1);
    let refused = send(&refusing, &ana, "!lalao play fano <@2> time=1d");
    assert_ne!(key(&refused), "challenge-named", "{}", refused.plain());
    assert_eq!(
        Outbox(&refusing).wake().peek(),
        None,
        "a timer that was never stored woke the scheduler"
    );

    let service = service();
    assert_eq!(
        key(&send(&service, &ana, "!lalao play fano <@2> time=1d")),
        "challenge-named"
    );
    let due = Outbox(&service)
        .wake()
        .peek()
        .expect("the challenge's expiry woke the scheduler");
    assert_eq!(Some(due), Outbox(&service).next_due().unwrap());
}

#[test]
fn notifications_follow_the_client_language_until_the_user_chooses_one() {
    let service = service();
    let mut ana = discord("Ana", 1);
    let user = ana.user.clone();
    assert_eq!(
        Notices(&service).locale_of(&user),
        Locale::En,
        "nothing known: the default"
    );
    // A command from a French Discord client: replies and, from now on, notifications in French.
    ana.locale = Some(Locale::Fr);
    send(&service, &ana, "!lalao list");
    assert_eq!(Notices(&service).locale_of(&user), Locale::Fr);
    let player = service.player(&user).ok().unwrap().unwrap().0;
    assert_eq!((player.locale, player.client_locale), (None, Some(Locale::Fr)));
    // Nothing changed: nothing is written again.
    let before = service.store().get(&keys::player_key(&user)).unwrap();
    send(&service, &ana, "!lalao list");
    assert_eq!(service.store().get(&keys::player_key(&user)).unwrap(), before);
    // An explicit choice wins over the client, whatever the client says later.
    send(&service, &ana, "!lalao settings language=en");
    send(&service, &ana, "!lalao list");
    assert_eq!(Notices(&service).locale_of(&user), Locale::En);
    assert_eq!(
        service.player(&user).ok().unwrap().unwrap().0.client_locale,
        Some(Locale::Fr)
    );
    // A command from another client language updates the remembered one.
    let mut bob = discord("Bob", 2);
    bob.locale = Some(Locale::Fr);
    send(&service, &bob, "!lalao list");
    bob.locale = Some(Locale::En);
    send(&service, &bob, "!lalao list");
    assert_eq!(Notices(&service).locale_of(&bob.user), Locale::En);
}

#[test]
fn every_message_says_what_it_stands_for() {
    let service = service();
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    let kind = |reply: &Reply| reply.messages[0].kind.clone();
    let challenge = send(&service, &ana, "!lalao play fano <@2> cells=5");
    assert_eq!(
        kind(&challenge),
        Kind::Challenge {
            opponent: Some(bob.user.clone())
        }
    );
    let accepted = send(&service, &bob, "!lalao accept");
    assert_eq!(
        kind(&accepted),
        Kind::BoardChanged {
            to_move: Some(ana.user.clone())
        }
    );
    let moved = send(&service, &ana, "!lalao @1");
    assert_eq!(
        kind(&moved),
        Kind::BoardChanged {
            to_move: Some(bob.user.clone())
        }
    );
    // A refusal, or a board shown on request, leaves the live board alone.
    assert_eq!(kind(&send(&service, &ana, "!lalao @2")), Kind::Said);
    let shown = send(&service, &bob, "!lalao board");
    assert!(shown.messages[0].board.is_some());
    assert_eq!(kind(&shown), Kind::Said);
    assert_eq!(
        kind(&send(&service, &bob, "!lalao history")),
        Kind::Record { export: false }
    );
    assert_eq!(
        kind(&send(&service, &bob, "!lalao export")),
        Kind::Record { export: true }
    );
    let resigned = send(&service, &bob, "!lalao resign");
    assert_eq!(kind(&resigned), Kind::BoardChanged { to_move: None });
    let open = send(&service, &ana, "!lalao play katro");
    assert_eq!(kind(&open), Kind::Challenge { opponent: None });
}

/// Match numbers are sequential, so a number alone must not reach a match of
/// another channel, guild or platform: not to answer it, not to see it.
#[test]
fn a_match_number_from_another_channel_is_refused() {
    let service = service();
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    let elsewhere = |mut ctx: Context| {
        ctx.channel = ChannelId::new(Platform::Discord, "200");
        ctx
    };
    let eve = elsewhere(discord("Eve", 5));
    assert_eq!(
        key(&send(&service, &ana, "!lalao play fano open")),
        "challenge-open"
    );
    for line in [
        "!lalao accept #1",
        "!lalao board #1",
        "!lalao history #1",
        "!lalao export #1",
        "!lalao move @3 #1",
    ] {
        let reply = send(&service, &eve, line);
        assert_eq!(key(&reply), "no-such-match", "{line}");
        assert!(reply.refused(), "{line}");
        assert!(
            reply.messages.iter().all(|message| message.board.is_none()),
            "{line}"
        );
    }
    // The same words from a Matrix room with the same number reach nothing either.
    let matrix_eve = Context {
        platform: Platform::Matrix,
        user: UserId::new(Platform::Matrix, "@eve:example.org"),
        channel: ChannelId::new(Platform::Matrix, "!room:example.org"),
        ..discord("Eve", 5)
    };
    assert_eq!(
        key(&send(&service, &matrix_eve, "!lalao accept #1")),
        "no-such-match"
    );
    assert_eq!(record(&service, 1).stage, Stage::Challenge);
    // In the match's channel an open challenge is anyone's to accept and anyone's to watch.
    let carol = discord("Carol", 3);
    assert_eq!(send(&service, &carol, "!lalao board #1").outcome, Outcome::Shown);
    // A player reaches their match from anywhere (their DM with the bot, another room).
    assert_eq!(
        key(&send(&service, &ana, "!lalao play fano <@2>")),
        "challenge-named"
    );
    let away = elsewhere(bob.clone());
    let accepted = send(&service, &away, "!lalao accept #2");
    assert_eq!(accepted.outcome, Outcome::Applied, "{}", accepted.plain());
    assert_eq!(
        send(&service, &elsewhere(ana.clone()), "!lalao board #2").outcome,
        Outcome::Shown
    );
    assert_eq!(key(&send(&service, &eve, "!lalao board #2")), "no-such-match");
}

/// A nickname is a label. On Discord its Markdown shows as written (no masked
/// link in the bot's message), and bidi overrides and line breaks never reach anyone.
#[test]
fn a_discord_nickname_shows_as_written_and_bidi_controls_are_dropped() {
    let service = service();
    let eve = Context {
        display_name: Some("[Hi](https://x.io)\u{202E}\nadmin".to_owned()),
        ..discord("Eve", 5)
    };
    let bob = discord("Bob", 2);
    let challenge = send(&service, &eve, "!lalao play fano open");
    let text = &challenge.messages[0].text;
    assert!(text.contains("\\[Hi\\](https://x.io) admin"), "{text}");
    assert!(!text.contains("[Hi](") && !text.contains('\u{202E}'), "{text}");
    // Echoed input is escaped too.
    let refused = send(&service, &bob, "!lalao play [x](https://evil.example)");
    assert!(
        refused.messages[0]
            .text
            .contains("“\\[x\\](https://evil.example)”"),
        "{}",
        refused.messages[0].text
    );
    // The same nickname on Matrix is escaped as HTML by the adapter, not here.
    let matrix = Context {
        platform: Platform::Matrix,
        user: UserId::new(Platform::Matrix, "@eve:example.org"),
        channel: ChannelId::new(Platform::Matrix, "!room:example.org"),
        ..eve.clone()
    };
    let shown = send(&service, &matrix, "!lalao play fano open");
    assert!(
        shown.messages[0].text.contains("[Hi](https://x.io) admin"),
        "{}",
        shown.messages[0].text
    );
}

/// One person cannot fill the store with matches, and challenges sent to someone
/// do not use up that person's own quota.
#[test]
fn a_player_has_at_most_fifty_active_matches() {
    let service = service();
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    for n in 0..crate::kernel::new_matches::MAX_ACTIVE_PER_PLAYER {
        let reply = send(&service, &ana, "!lalao play fano <@2>");
        assert_eq!(key(&reply), "challenge-named", "challenge {n}");
    }
    let refused = send(&service, &ana, "!lalao play fano practice");
    assert_eq!(key(&refused), "too-many-matches");
    assert_eq!(
        refused.messages[0].text,
        "You already have 50 matches in progress or waiting: finish, resign or cancel some before starting another."
    );
    assert!(refused.refused());
    // Bob received fifty challenges: he may still start his own, and accept one.
    assert_eq!(
        key(&send(&service, &bob, "!lalao play katro practice")),
        "practice-started"
    );
    assert_eq!(send(&service, &bob, "!lalao accept #1").outcome, Outcome::Applied);
    // Cancelling frees a place.
    assert_eq!(send(&service, &ana, "!lalao cancel #2").outcome, Outcome::Applied);
    assert_eq!(
        send(&service, &ana, "!lalao play fano practice").outcome,
        Outcome::Applied
    );
}

/// A vacation charges the allowance and pauses every timed match in one commit,
/// so a failure part-way (a crash, a full disk) cannot leave it half applied.
#[test]
fn a_vacation_is_one_commit_whatever_fails_after_it() {
    /// A store whose commits fail once `budget` runs out.
    struct Failing {
        inner: MemoryStore,
        budget: AtomicUsize,
    }
    impl Store for Failing {
        fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
            self.inner.get(key)
        }
        fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
            self.inner.iter_prefix(prefix)
        }
        fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
            self.inner.last_with_prefix(prefix)
        }
        fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
            self.inner.snapshot(each)
        }
        fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
            let left = self.budget.load(Ordering::SeqCst);
            if left == 0 {
                return Err(StoreError("the disk is full".to_owned()));
            }
            self.budget.store(left - 1, Ordering::SeqCst);
            self.inner.commit(txn)
        }
        fn sync(&self) -> Result<(), StoreError> {
            self.inner.sync()
        }
    }
    let store = Arc::new(Failing {
        inner: MemoryStore::default(),
        budget: AtomicUsize::new(usize::MAX),
    });
    let service = service_on(store.clone());
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    for _ in 0..2 {
        send(&service, &ana, "!lalao play fano <@2> time=3d");
        send(
            &service,
            &bob,
            &format!("!lalao accept #{}", record_count(&service)),
        );
    }
    // Only one more commit goes through: the vacation's.
    store.budget.store(1, Ordering::SeqCst);
    let reply = send(&service, &ana, "!lalao vacation 3");
    assert_eq!(reply.outcome, Outcome::Applied, "{}", reply.plain());
    assert_eq!(key(&reply), "vacation-started");
    for id in [1, 2] {
        assert!(
            record(&service, id).clock.pauses.iter().any(Option::is_some),
            "match #{id} is paused"
        );
    }
    // And when even that commit fails, nothing is charged or paused.
    let carol = discord("Carol", 3);
    let dan = discord("Dan", 4);
    store.budget.store(usize::MAX, Ordering::SeqCst);
    send(&service, &carol, "!lalao play fano <@4> time=3d");
    send(&service, &dan, "!lalao accept #3");
    store.budget.store(0, Ordering::SeqCst);
    assert!(send(&service, &carol, "!lalao vacation 2").refused());
    store.budget.store(usize::MAX, Ordering::SeqCst);
    assert!(record(&service, 3).clock.pauses.iter().all(Option::is_none));
    assert_eq!(
        key(&send(&service, &carol, "!lalao vacation off")),
        "vacation-none"
    );
}

fn record_count(service: &App) -> u64 {
    (1..)
        .take_while(|id| service.load(MatchId(*id)).ok().flatten().is_some())
        .count() as u64
}

/// One unreadable match costs that match, not its channel or its players.
#[test]
fn one_corrupt_record_costs_one_match_not_a_channel() {
    let service = service();
    let (ana, bob) = started_match(&service);
    let carol = discord("Carol", 3);
    send(&service, &ana, "!lalao play katro <@3>");
    send(&service, &carol, "!lalao accept #2");
    // Match #1's record is damaged on disk.
    let key = crate::store::keys::match_key(MatchId(1));
    let bytes = service.store().get(&key).unwrap().unwrap();
    let mut txn = Txn::default();
    txn.check(key.clone(), Some(bytes))
        .put(key, b"{\"v\":2,\"id\":".to_vec());
    service.commit_txn(&txn).unwrap();
    let list = send(&service, &ana, "!lalao list");
    assert_eq!(list.outcome, Outcome::Shown, "{}", list.plain());
    assert!(
        list.plain().contains("#2") && !list.plain().contains("#1 "),
        "{}",
        list.plain()
    );
    // Ana's only readable match here is #2: an id-less command reaches it.
    assert_eq!(send(&service, &carol, "!lalao board").outcome, Outcome::Shown);
    // Bob's own match is the damaged one: he is shown the channel's readable match.
    let watched = send(&service, &bob, "!lalao board");
    assert_eq!(
        watched.messages[0].match_ref.map(|shown| shown.id),
        Some(MatchId(2))
    );
    // `lalao check` names the damaged match (and its timer, which no readable record lists).
    let (_, errors) = Upkeep(&service).check_store().unwrap();
    assert!(
        errors[0].starts_with("match/00000000000000000001: "),
        "{errors:?}"
    );
    assert!(
        errors.iter().all(|error| error.contains("00000000000000000001")),
        "{errors:?}"
    );
}

/// A match sequence left behind the stored matches (a store pieced together from
/// a backup) hands out the next free id, instead of showing a stranger's match as a new one.
#[test]
fn a_match_sequence_behind_the_stored_matches_moves_on() {
    let service = service();
    let ana = discord("Ana", 1);
    send(&service, &ana, "!lalao play fano practice");
    send(&service, &ana, "!lalao play katro practice");
    let seq = crate::store::keys::MATCH_SEQ.to_vec();
    let old = service.store().get(&seq).unwrap();
    let mut txn = Txn::default();
    txn.check(seq.clone(), old).put(seq, b"0".to_vec());
    service.commit_txn(&txn).unwrap();
    let entries = service.store().scan_all().unwrap();
    assert!(
        Invariants(&service)
            .link_errors(&entries)
            .iter()
            .any(|error| error.contains("the match sequence (0) is behind the highest stored match (#2)")),
        "{:?}",
        Invariants(&service).link_errors(&entries)
    );
    let carol = discord("Carol", 3);
    let started = send(&service, &carol, "!lalao play fano practice");
    assert_eq!(key(&started), "practice-started", "{}", started.plain());
    assert_eq!(started.messages[0].match_ref.unwrap().id, MatchId(3));
    assert_eq!(record(&service, 3).challenger, carol.user);
    assert_eq!(record(&service, 1).challenger, ana.user);
    let entries = service.store().scan_all().unwrap();
    assert!(Invariants(&service).link_errors(&entries).is_empty());
}

/// A store whose collecting scan is forbidden: every read of a range that grows with the store
/// must stream (`iter_prefix`) or seek (`first_with_prefix`, `last_with_prefix`).
struct StreamOnly(MemoryStore);

impl Store for StreamOnly {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.0.get(key)
    }
    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> EntryIter<'a> {
        self.0.iter_prefix(prefix)
    }
    fn last_with_prefix(&self, prefix: &[u8]) -> Result<Option<KeyValue>, StoreError> {
        self.0.last_with_prefix(prefix)
    }
    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), StoreError> {
        self.0.snapshot(each)
    }
    fn scan_prefix(&self, prefix: &[u8]) -> Result<crate::store::Entries, StoreError> {
        panic!(
            "collected the whole range {:?} into memory",
            String::from_utf8_lossy(prefix)
        )
    }
    fn commit(&self, txn: &Txn) -> Result<Committed, StoreError> {
        self.0.commit(txn)
    }
    fn sync(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// Play, limits, the class and computer indexes, the scheduler's queues, event
/// pruning and `lalao check` read no range whole.
#[test]
fn nothing_that_grows_with_the_store_is_read_whole() {
    let service = service_on(Arc::new(StreamOnly(MemoryStore::default())));
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    service.handle_text(&ana, "play fano <@2>", false).unwrap();
    service.handle_text(&bob, "accept", false).unwrap();
    service.handle_text(&ana, "play katro bot", false).unwrap();
    service.handle_text(&bob, "play fano", false).unwrap();
    assert_eq!(
        crate::kernel::new_matches::NewMatches(&service)
            .highest_match_id()
            .ok(),
        Some(3)
    );
    assert_eq!(Upkeep(&service).check_store().unwrap().1, Vec::<String>::new());
    Upkeep(&service).prune_events(u64::MAX).unwrap();
    Outbox(&service).pending_notifications().unwrap();
    Outbox(&service).dead_letters().unwrap();
    Timers(&service).release_held_timers().unwrap();
    Timers(&service).timers_set_aside().unwrap();
    ComputerTurns(&service).resume_computer_turns().unwrap();
}

/// A bare word shaped like a move is answered as a move, with the legal moves;
/// a word that is no move at all is still an unknown command.
#[test]
fn a_mistyped_bare_move_is_answered_with_the_legal_moves() {
    let service = service();
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano cells=5", false).unwrap();
    let reply = service.handle_text(&ana, "@9", false).unwrap();
    assert_eq!(
        reply.messages[0].text,
        "I don't understand the move “@9”.\nYou can play: @1, @2, @3, @4, @5"
    );
    let reply = service.handle_text(&ana, "!lalao e9-e4", true);
    assert!(reply.unwrap().messages[0]
        .text
        .starts_with("I don't understand the move “e9-e4”."));
    let reply = service.handle_text(&ana, "dance", false).unwrap();
    assert!(reply.messages[0]
        .text
        .starts_with("I don't know the command “dance”."));
}

/// With several matches and no number, a move that is the caller's to play in
/// exactly one of them is played there, and the answer names it; otherwise the number is asked.
#[test]
fn a_bare_move_legal_in_only_one_of_several_matches_is_played_there() {
    let service = service();
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano cells=5", false).unwrap();
    service.handle_text(&ana, "play katro", false).unwrap();
    let reply = service.handle_text(&ana, "@3", false).unwrap();
    assert!(
        reply.messages[0].text.starts_with("White played @3 in match #1."),
        "{}",
        reply.messages[0].text
    );
    assert_eq!(record(&service, 1).moves, ["@3"]);
    assert!(record(&service, 2).moves.is_empty());
    service.handle_text(&ana, "play fano cells=5", false).unwrap();
    let reply = service.handle_text(&ana, "@1", false).unwrap();
    assert!(
        reply.messages[0]
            .text
            .starts_with("You have several matches here: #1, #2, #3."),
        "{}",
        reply.messages[0].text
    );
}

/// A mistyped command gets the nearest one, written for where it is read, and a
/// match number that does not exist says how to find the matches.
#[test]
fn a_mistyped_command_gets_the_nearest_and_a_wrong_number_the_way_to_the_list() {
    let service = service();
    let ana = Context::console("ana");
    assert_eq!(
        service.handle_text(&ana, "acept", false).unwrap().messages[0].text,
        "I don't know the command “acept”. Did you mean `accept`?\nType `help` to see what I understand."
    );
    let bob = discord("Bob", 2);
    assert_eq!(
        service.handle_text(&bob, "histroy", false).unwrap().messages[0].text,
        "I don't know the command “histroy”. Did you mean `/lalao history`?\nType `/lalao help` to see what I understand."
    );
    assert_eq!(
        service.handle_text(&ana, "board #99", false).unwrap().messages[0].text,
        "There is no match #99. `list` shows the matches here, `list mine` all of yours."
    );
}

/// A plain name where the opponent goes says how to name a person where the
/// player is.
#[test]
fn a_plain_name_as_opponent_says_how_to_mention_someone_here() {
    let service = service();
    let text = |ctx: &Context, line: &str| {
        service.handle_text(ctx, line, false).unwrap().messages[0]
            .text
            .clone()
    };
    assert_eq!(
        text(&Context::console("ana"), "play fano Bodo"),
        "There is no variant “bodo” (variants: misere, full-start, forced-capture, repetition-illegal). To play someone, write @ and their name, like `play fano @bodo`."
    );
    let mut matrix = Context::console("ana");
    matrix.platform = Platform::Matrix;
    matrix.user = UserId::new(Platform::Matrix, "@ana:example.org");
    matrix.channel = ChannelId::new(Platform::Matrix, "!room:example.org");
    assert_eq!(
        text(&matrix, "!lalao play fano Bodo"),
        "There is no variant “bodo” (variants: misere, full-start, forced-capture, repetition-illegal). To play someone, mention them: type @ and pick their name, or write their user id, like `!lalao play fano @bodo:example.org`."
    );
}

/// Right after a game ends, `history`, `export` and `board` without a number
/// show the game that just ended, not "no match in this channel"; and `lalao check` finds the
/// pointer they use sound.
#[test]
fn history_right_after_the_end_shows_the_game_that_ended() {
    let service = service();
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano cells=3", false).unwrap();
    service.handle_text(&ana, "resign", false).unwrap();
    let history = service.handle_text(&ana, "history", false).unwrap();
    assert_eq!(history.messages[0].key, "history", "{}", history.messages[0].text);
    assert_eq!(history.messages[0].match_ref.map(|m| m.id), Some(MatchId(1)));
    let board = service.handle_text(&ana, "board", false).unwrap();
    assert_eq!(board.messages[0].match_ref.map(|m| m.id), Some(MatchId(1)));
    assert_eq!(Upkeep(&service).check_store().unwrap().1, Vec::<String>::new());
    // Someone else's channel has no such match.
    let bob = discord("Bob", 2);
    let elsewhere = service.handle_text(&bob, "history", false).unwrap();
    assert_eq!(elsewhere.messages[0].key, "no-match-here");
}

/// A message read elsewhere (a digest) names a channel as its platform shows it,
/// never by its storage id.
#[test]
fn channels_are_named_as_their_platform_shows_them() {
    let service = service();
    let room = ChannelId::new(Platform::Matrix, "!0ebS1:localhost");
    assert_eq!(
        ChannelSettings(&service).channel_label(Locale::En, &room),
        "a room whose name I do not know"
    );
    ChannelSettings(&service)
        .remember_channel_name(&room, "Club\u{202E} d'échecs")
        .unwrap();
    assert_eq!(
        ChannelSettings(&service).channel_label(Locale::Fr, &room),
        "“Club d'échecs”"
    );
    let bytes = service.store().get(&keys::channel_settings_key(&room)).unwrap();
    ChannelSettings(&service)
        .remember_channel_name(&room, "Club d'échecs")
        .unwrap();
    assert_eq!(
        service.store().get(&keys::channel_settings_key(&room)).unwrap(),
        bytes,
        "an unchanged name is not written again"
    );
    assert_eq!(
        ChannelSettings(&service).channel_label(Locale::En, &ChannelId::new(Platform::Discord, "100")),
        "<#100>"
    );
    assert_eq!(
        ChannelSettings(&service).channel_label(Locale::Fr, &ChannelId::new(Platform::Console, "local")),
        "la console"
    );
}

/// A change that leaves a match's board as it was (the adapter recording the challenge's
/// message id) lands between an `accept`'s read and its commit: the accept runs again on the
/// new record and applies, instead of answering "someone played first".
#[test]
fn a_bookkeeping_change_under_a_command_does_not_refuse_it() {
    // One interloping change to `match/1`, just before the first commit that writes it once armed.
    let armed = Arc::new(AtomicBool::new(false));
    let trigger = armed.clone();
    let store = Arc::new(MemoryStore::with_before_commit(Box::new(move |store, txn| {
        let key = keys::match_key(MatchId(1));
        let touches = txn.writes.iter().any(|write| write.key == key);
        if touches && trigger.swap(false, Ordering::SeqCst) {
            let bytes = store.get(&key).unwrap().expect("match 1");
            let mut record: MatchRecord = crate::record::decode(&bytes, "a match").unwrap();
            record.post.message = Some("1234".to_owned());
            record.version += 1;
            let mut interloping = Txn::default();
            interloping.put(key, crate::record::encode(&record));
            store.apply(&interloping);
        }
    })));
    let service = service_on(store.clone());
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    send(&service, &ana, "!lalao play fano <@2>");
    armed.store(true, Ordering::SeqCst);
    let accepted = send(&service, &bob, "!lalao accept #1");
    assert!(!armed.load(Ordering::SeqCst), "the interloper struck");
    assert_eq!(accepted.outcome, Outcome::Applied, "{}", accepted.plain());
    let now = record(&service, 1);
    assert_eq!(
        (now.stage, now.post.message.as_deref()),
        (Stage::Playing, Some("1234"))
    );
    // A change of the board itself still answers with the board as it is now.
    send(&service, &ana, "!lalao resign #1");
}

/// Old event ids are pruned in commits of `PRUNE_BATCH` records, not one commit each, and recent
/// ones are kept.
#[test]
fn old_event_ids_are_pruned_in_batches() {
    let commits = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = commits.clone();
    let store = MemoryStore::with_before_commit(Box::new(move |_, _| {
        counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }));
    let service = service_on(Arc::new(store));
    let mut txn = Txn::default();
    for n in 0..600u64 {
        let event = crate::ids::EventId::new(Platform::Discord, &n.to_string());
        let record = crate::record::EventRecord {
            v: crate::record::RECORD_VERSION,
            at: if n < 550 { 1_000 } else { 9_000 },
            command: "move".to_owned(),
            match_id: None,
        };
        txn.put(keys::event_key(&event), crate::record::encode(&record));
    }
    assert_eq!(service.store().commit(&txn).unwrap(), Committed::Applied);
    commits.store(0, std::sync::atomic::Ordering::SeqCst);
    assert_eq!(Upkeep(&service).prune_events(5_000).unwrap(), 550);
    assert_eq!(
        commits.load(std::sync::atomic::Ordering::SeqCst),
        550_usize.div_ceil(crate::kernel::lookups::PRUNE_BATCH)
    );
    assert_eq!(
        service.store().count_prefix(keys::EVENT_PREFIX, 1_000).unwrap(),
        50
    );
}

/// Dead letters are kept a while for the operator, then pruned; an unreadable one stays.
#[test]
fn old_dead_letters_are_pruned_and_unreadable_ones_kept() {
    let service = service_on(Arc::new(MemoryStore::default()));
    let letter = |at: u64| crate::schedule::DeadLetter {
        v: crate::record::RECORD_VERSION,
        notification: crate::schedule::Notification {
            v: crate::record::RECORD_VERSION,
            id: String::new(),
            recipient: Recipient::Channel {
                channel: ChannelId::new(Platform::Discord, "100"),
            },
            key: "reminder".to_owned(),
            text: "late".to_owned(),
            mentions: Vec::new(),
            match_id: None,
            due: at,
            fired: at,
            lease: None,
        },
        reason: "403".to_owned(),
        at,
    };
    let mut txn = Txn::default();
    txn.put(b"dead/a".to_vec(), crate::record::encode(&letter(1_000)))
        .put(b"dead/b".to_vec(), crate::record::encode(&letter(9_000)))
        .put(b"dead/c".to_vec(), b"not a record".to_vec());
    assert_eq!(service.store().commit(&txn).unwrap(), Committed::Applied);
    assert_eq!(Upkeep(&service).prune_dead_letters(5_000).unwrap(), 1);
    let left: Vec<Vec<u8>> = service
        .store()
        .scan_prefix(keys::DEAD_LETTER_PREFIX)
        .unwrap()
        .into_iter()
        .map(|(key, _)| key)
        .collect();
    assert_eq!(left, [b"dead/b".to_vec(), b"dead/c".to_vec()]);
}

#[test]
fn a_rematch_is_the_same_game_with_sides_swapped_and_ends_with_the_series_score() {
    let service = service();
    let ana = discord("Ana", 1);
    let bob = discord("Bob", 2);
    send(
        &service,
        &ana,
        "!lalao play fano <@2> cells=5 time=2d bank=1d/2d rated=no",
    );
    send(&service, &bob, "!lalao accept");
    let over = send(&service, &bob, "!lalao resign");
    // The end of a game offers to play it again.
    assert_eq!(over.messages[0].actions, [Action::Rematch]);
    assert_eq!(Action::Rematch.command_line(MatchId(1)), "rematch #1");
    // Not while it is being played, and only by its players.
    let carol = discord("Carol", 3);
    assert_eq!(key(&send(&service, &carol, "!lalao rematch #1")), "not-a-player");
    let offered = send(&service, &bob, "!lalao rematch");
    assert_eq!(
        offered.messages[0].text,
        "Match #2: Bob challenges Ana to Fano! Ana, type `/lalao accept match:2` or `/lalao decline match:2`.\n\
         Clock: 2 d per move, and a bank that grows by 1 d per move up to 2 d."
    );
    let first = crate::kernel::queries::Queries(&service)
        .match_record(MatchId(1))
        .unwrap();
    let again = crate::kernel::queries::Queries(&service)
        .match_record(MatchId(2))
        .unwrap();
    assert_eq!(
        (
            again.rematch_of,
            again.options.clone(),
            again.variants.clone(),
            again.unrated,
            again.clock.control
        ),
        (
            Some(MatchId(1)),
            first.options.clone(),
            first.variants.clone(),
            true,
            first.clock.control
        )
    );
    // Bob played Black: he asks for White.
    assert_eq!(again.challenger_side, Some(lalao_core::Side::WHITE));
    // A second click on the same button points to the first rematch.
    assert_eq!(key(&send(&service, &ana, "!lalao rematch #1")), "rematch-pending");
    send(&service, &ana, "!lalao accept #2");
    let again = crate::kernel::queries::Queries(&service)
        .match_record(MatchId(2))
        .unwrap();
    assert_eq!(again.players, Some([bob.user.clone(), ana.user.clone()]));
    let over = send(&service, &ana, "!lalao resign #2");
    assert_eq!(
        over.messages[0].text.lines().take(2).collect::<Vec<_>>(),
        ["Ana (Black) gives up. Bob (White) wins!", "Series: Bob 1 – 1 Ana"]
    );
    // Against the computer: a new game at once, the computer's level kept.
    send(
        &service,
        &ana,
        "!lalao play fano bot level=easy cells=5 side=white",
    );
    send(&service, &ana, "!lalao resign #3");
    send(&service, &ana, "!lalao rematch #3");
    let computer = crate::kernel::queries::Queries(&service)
        .match_record(MatchId(4))
        .unwrap();
    assert_eq!(computer.stage, Stage::Playing);
    assert_eq!(
        computer.computer.as_ref().map(|seat| seat.level.as_str()),
        Some("easy")
    );
    assert_eq!(computer.sides_of(&ana.user), [lalao_core::Side::BLACK]);
}

/// `export #1 animation`: a caption naming the match, its players and how it stands, and the
/// order for the whole game's animation (start and every move), for whoever may see the match
/// — even a reader who turned pictures off. A match with no moves is refused kindly; one of
/// another channel is not reached; `export #1` stays the record it always was.
#[test]
fn export_animation_orders_the_whole_game_with_a_caption() {
    let service = service();
    let (ana, bob) = (discord("Ana", 1), discord("Bob", 2));
    send(&service, &ana, "!lalao play fano <@2>");
    send(&service, &bob, "!lalao accept");
    let none = send(&service, &ana, "!lalao export #1 animation");
    assert_eq!(
        none.outcome,
        Outcome::Refused {
            reason: "animation-no-moves"
        }
    );
    assert!(none.plain().contains("no move yet"), "{}", none.plain());
    // A match longer than an animation may show is refused before anything is drawn.
    let (mut long, bytes) = service.load(MatchId(1)).ok().flatten().unwrap();
    long.moves = vec!["@1".to_owned(); lalao_renderer::GAME_ANIMATION_MAX_PLIES + 1];
    crate::kernel::commit::Commits(&service)
        .commit_match(&ana, Some((&long.clone(), &bytes)), &long, Txn::default(), "test")
        .ok()
        .unwrap();
    assert_eq!(
        send(&service, &bob, "!lalao export #1 animation").messages[0].text,
        "Match #1 has 401 moves: too many for one animation (at most 400). `/lalao history match:1` lists them all."
    );
    let (mut short, bytes) = service.load(MatchId(1)).ok().flatten().unwrap();
    short.moves.clear();
    crate::kernel::commit::Commits(&service)
        .commit_match(
            &ana,
            Some((&short.clone(), &bytes)),
            &short,
            Txn::default(),
            "test",
        )
        .ok()
        .unwrap();
    send(&service, &ana, "!lalao @1");
    send(&service, &bob, "!lalao @2");
    // Pictures off: the animation is still sent, it was asked for.
    send(&service, &ana, "!lalao settings style=text");
    let reply = send(&service, &ana, "!lalao export #1 animation");
    assert_eq!(reply.outcome, Outcome::Shown);
    let message = &reply.messages[0];
    assert_eq!(message.key, "animation");
    assert!(message.actions.is_empty(), "no move buttons under a picture");
    assert_eq!(message.match_ref.map(|r| r.id), Some(MatchId(1)));
    let Kind::Animation(order) = &message.kind else {
        panic!("not an animation: {:?}", message.kind);
    };
    assert_eq!(order.moves, ["@1", "@2"]);
    assert_eq!(order.start.ply(), 0);
    assert_eq!(order.names, ["Ana", "Bob"]);
    assert_eq!(order.viewer, Some(lalao_core::Side::BOTH[0]));
    assert!(!order.ended);
    assert_eq!(
        (order.apng_name(), order.gif_name()),
        ("match-1.png".to_owned(), "match-1.gif".to_owned())
    );
    for words in ["Match #1", "Fano", "Ana", "Bob", "still being played", "2 moves"] {
        assert!(message.text.contains(words), "{words}: {}", message.text);
    }
    let drawn = order.draw().expect("the moves replay");
    assert_eq!(drawn.frames, 3);
    // In French once the match is over; the record export is as it was.
    send(&service, &bob, "!lalao resign");
    let french = Context {
        locale: Some(Locale::Fr),
        ..discord("Carol", 3)
    };
    let reply = send(&service, &french, "!lalao exporter #1 animation");
    let Kind::Animation(order) = &reply.messages[0].kind else {
        panic!("not an animation: {}", reply.plain());
    };
    assert!(order.ended && order.viewer.is_none());
    // Its last frame says how it ended, not only that the match is over.
    assert_eq!(
        order.result.as_deref(),
        Some("Bob (Noir) abandonne. Ana (Blanc) gagne !"),
        "{}",
        reply.plain()
    );
    assert!(
        reply.messages[0].text.starts_with("Partie #1"),
        "{}",
        reply.plain()
    );
    assert!(reply.messages[0].text.contains("2 coups"), "{}", reply.plain());
    assert_eq!(
        send(&service, &ana, "!lalao export #1").messages[0].kind,
        Kind::Record { export: true }
    );
    // Another channel does not reach it.
    let elsewhere = Context {
        channel: ChannelId::new(Platform::Discord, "200"),
        ..discord("Eve", 5)
    };
    assert_eq!(
        key(&send(&service, &elsewhere, "!lalao export #1 animation")),
        "no-such-match"
    );
}

/// A move typed just after the end of one's match is told the match is over, not that the
/// word is an unknown command.
#[test]
fn a_move_after_the_end_is_told_the_match_is_over() {
    let service = service();
    let ana = Context::console("ana");
    service.handle_text(&ana, "play fano cells=5", false).unwrap();
    service.handle_text(&ana, "resign", false).unwrap();
    let late = service.handle_text(&ana, "@3", false).unwrap();
    assert_eq!(late.messages[0].text, "Match #1 is over.");
    assert_eq!(
        key(&service.handle_text(&ana, "foo", false).unwrap()),
        "parse-unknown-command"
    );
}
