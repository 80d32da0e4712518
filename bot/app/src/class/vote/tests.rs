//! `class vote`: the class plays one side, each pupil's vote counted once a turn; the turn
//! closes when everyone in class (their seat page open, where known) has voted, when its time
//! runs out (a durable timer, kept across a restart) or when the teacher says so; the most voted
//! move is played, a tie to the later proposal; more than 60 % resign.

use std::sync::Arc;

use lalao_renderer::Locale;

use crate::clock::ManualClock;
use crate::command::{ClassCommand, Command};
use crate::dispatch::handle::Handle;
use crate::ids::{computer_user, MatchId};
use crate::kernel::queries::Queries;
use crate::kernel::{App, Context, Reply};
use crate::record::{seat_user, Choice, Ending, MatchRecord, Stage};
use crate::schedule::fire::Timers;
use crate::store::{MemoryStore, Store};
use crate::testing::{account_in_100 as pupil, app_on, keys_of as keys, say as send, teacher_in};

const START: u64 = 1_700_000_000;

fn service_on(store: Arc<dyn Store>, clock: Arc<ManualClock>) -> App {
    let service = app_on(store, Locale::En)
        .with_clock(clock)
        .with_live_pages("https://lalao.example.org");
    service.open().unwrap();
    service
}

fn ballot(service: &App, who: &Context, text: &str) -> Reply {
    service.handle(
        who,
        Command::Class(ClassCommand::Ballot {
            id: MatchId(1),
            text: text.to_owned(),
        }),
    )
}

fn record(service: &App) -> MatchRecord {
    Queries(service).match_record(MatchId(1)).unwrap()
}

/// Katro's legal moves for the class now, in the game's order.
fn legal(service: &App) -> Vec<String> {
    record(service).current_game().unwrap().legal_moves()
}

/// A class of four pupils, each bound to an account (Ana 5, Bob 6, Chloé 7, Dina 8), voting in
/// Katro against the easy computer, 30 seconds a turn.
fn voting_class(service: &App, extra: &str) -> (Context, [Context; 4]) {
    let teacher = teacher_in("100");
    send(service, &teacher, "class new CE1 lang=en");
    send(service, &teacher, "class add Ana Bob Chloé Dina");
    for (name, id) in [("Ana", 5), ("Bob", 6), ("Chloé", 7), ("Dina", 8)] {
        send(service, &teacher, &format!("class bind {name} <@{id}>"));
    }
    let started = send(
        service,
        &teacher,
        &format!("class vote katro easy seconds=30 {extra}"),
    );
    assert_eq!(keys(&started)[0], "class-vote-started", "{}", started.plain());
    (teacher, ["5", "6", "7", "8"].map(pupil))
}

#[test]
fn everyone_voting_closes_the_turn_and_a_tie_goes_to_the_later_proposal() {
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(Arc::new(MemoryStore::default()), clock);
    let (teacher, [ana, bob, chloe, dina]) = voting_class(&service, "");
    let started = record(&service);
    assert_eq!(started.players, Some([seat_user("CE1"), computer_user()]));
    assert!(started.unrated);
    let vote = started.vote.clone().unwrap();
    assert_eq!((vote.ply, vote.closes_at), (0, Some(START + 30)));
    assert_eq!(
        send(&service, &teacher, "class vote katro").messages[0].key,
        "class-vote-running"
    );

    let moves = legal(&service);
    let (x, y) = (moves[0].clone(), moves[1].clone());
    assert_eq!(keys(&ballot(&service, &ana, &x)), ["vote-counted"]);
    assert_eq!(keys(&ballot(&service, &bob, &y)), ["vote-counted"]);
    // The same vote again counts once; another is refused (changing is off).
    assert_eq!(keys(&ballot(&service, &ana, &x)), ["vote-counted"]);
    assert_eq!(keys(&ballot(&service, &ana, &y)), ["vote-cast"]);
    assert_eq!(record(&service).vote.unwrap().ballots.len(), 2);
    ballot(&service, &chloe, &x);
    // Dina's vote is the last: 2 – 2, and y was proposed after x.
    ballot(&service, &dina, &y);
    let after = record(&service);
    assert_eq!(after.moves.len(), 2, "the class's move and the computer's answer");
    assert_eq!(after.moves[0], y);
    let vote = after.vote.unwrap();
    assert_eq!(vote.turns.len(), 1);
    assert_eq!(vote.turns[0].played, y);
    assert_eq!(vote.turns[0].ballots.len(), 4);
    assert_eq!(
        (vote.ply, vote.closes_at, vote.ballots.len()),
        (2, Some(START + 30), 0)
    );
}

#[test]
fn the_timer_closes_the_turn_and_a_restart_keeps_the_tally() {
    let clock = Arc::new(ManualClock::new(START));
    let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let service = service_on(store.clone(), clock.clone());
    let (_, [ana, bob, chloe, _]) = voting_class(&service, "");
    let moves = legal(&service);
    ballot(&service, &ana, &moves[2]);
    ballot(&service, &bob, &moves[2]);
    ballot(&service, &chloe, &moves[3]);
    drop(service);

    // Lalao restarts in the middle of the turn: the votes are still there, and its timer.
    let service = service_on(store, clock.clone());
    assert_eq!(record(&service).vote.unwrap().ballots.len(), 3);
    clock.advance(29);
    assert_eq!(Timers(&service).fire_due().unwrap(), 0);
    assert!(record(&service).moves.is_empty());
    clock.advance(1);
    assert_eq!(Timers(&service).fire_due().unwrap(), 1);
    let after = record(&service);
    assert_eq!(after.moves[0], moves[2], "two votes against one");
    assert_eq!(after.moves.len(), 2);
    // The class's next turn has its own time.
    assert_eq!(after.vote.unwrap().closes_at, Some(START + 60));
}

#[test]
fn a_turn_nobody_votes_in_waits_for_the_first_vote_and_the_teacher_can_close_it() {
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(Arc::new(MemoryStore::default()), clock.clone());
    let (teacher, [ana, ..]) = voting_class(&service, "");
    assert_eq!(
        keys(&send(&service, &teacher, "class vote play")),
        ["class-vote-nothing"]
    );
    clock.advance(30);
    assert_eq!(Timers(&service).fire_due().unwrap(), 1);
    let waiting = record(&service);
    assert!(waiting.moves.is_empty());
    assert_eq!(waiting.vote.unwrap().closes_at, None);
    // The first vote starts the time again; the teacher closes the turn before it runs out.
    clock.advance(100);
    let moves = legal(&service);
    ballot(&service, &ana, &moves[1]);
    assert_eq!(record(&service).vote.unwrap().closes_at, Some(START + 160));
    assert_eq!(
        keys(&send(&service, &teacher, "class vote play")),
        ["class-vote-played"]
    );
    assert_eq!(record(&service).moves[0], moves[1]);
    // The timer of the turn that closed early fires for nothing.
    clock.advance(60);
    Timers(&service).fire_due().unwrap();
    assert_eq!(record(&service).moves.len(), 2);
}

#[test]
fn resigning_takes_more_than_sixty_percent_and_a_changed_vote_counts_once() {
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(Arc::new(MemoryStore::default()), clock.clone());
    let (teacher, [ana, bob, chloe, dina]) = voting_class(&service, "change=on");
    let moves = legal(&service);
    ballot(&service, &ana, "resign");
    ballot(&service, &bob, "resign");
    // Chloé changes her mind twice: one vote.
    ballot(&service, &chloe, &moves[0]);
    ballot(&service, &chloe, "resign");
    assert_eq!(record(&service).vote.unwrap().ballots.len(), 3);
    assert_eq!(
        record(&service)
            .vote
            .unwrap()
            .ballot_of(&seat_user("Chloé"))
            .map(|b| b.choice.clone()),
        Some(Choice::Resign)
    );
    // 3 of 4 is 75 %.
    ballot(&service, &dina, &moves[0]);
    let over = record(&service);
    assert_eq!(
        over.stage,
        Stage::Finished {
            ending: Ending::Resigned {
                side: lalao_core::Side::First
            }
        }
    );
    let vote = over.vote.unwrap();
    assert_eq!(vote.turns.last().unwrap().played, "resign");
    // Who voted what, once the game is over, for the teacher.
    let reveal = send(&service, &teacher, "class vote reveal");
    assert_eq!(keys(&reveal), ["class-vote-reveal"]);
    assert!(
        reveal.messages[0].text.ends_with(&format!(
            "1. resign ← resign (3): Ana, Bob, Chloé · {} (1): Dina",
            moves[0]
        )),
        "{}",
        reveal.messages[0].text
    );
}

#[test]
fn only_pupils_vote_and_only_legal_moves_of_the_classs_turn() {
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(Arc::new(MemoryStore::default()), clock);
    let (teacher, [ana, ..]) = voting_class(&service, "");
    let moves = legal(&service);
    // A stranger, and the teacher, do not vote.
    assert_eq!(
        keys(&ballot(&service, &pupil("99"), &moves[0])),
        ["class-vote-not-a-voter"]
    );
    assert_eq!(
        keys(&ballot(&service, &teacher, &moves[0])),
        ["class-vote-not-a-voter"]
    );
    assert_eq!(keys(&ballot(&service, &ana, "z9A")), ["vote-not-a-move"]);
    // Nobody moves the class's side directly: not a pupil, not the teacher.
    assert!(send(&service, &ana, &format!("move {} #1", moves[0])).refused());
    assert!(send(&service, &teacher, &format!("move {} #1", moves[0])).refused());
    assert!(record(&service).moves.is_empty());
    assert!(record(&service).vote.unwrap().ballots.is_empty());
    // A pupil who is not in the class any more no longer votes.
    send(&service, &teacher, "class remove Dina");
    assert_eq!(
        keys(&ballot(&service, &pupil("8"), &moves[0])),
        ["class-vote-not-a-voter"]
    );
    // Stopped: the match is cancelled and no vote runs.
    assert_eq!(
        keys(&send(&service, &teacher, "class vote stop")),
        ["class-vote-stopped"]
    );
    assert!(matches!(record(&service).stage, Stage::Cancelled { .. }));
    assert_eq!(keys(&ballot(&service, &ana, &moves[0])), ["vote-over"]);
    assert_eq!(
        keys(&send(&service, &teacher, "class vote stop")),
        ["class-vote-none"]
    );
}

#[test]
fn the_three_remaining_pupils_voting_close_the_turn_after_one_leaves() {
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(Arc::new(MemoryStore::default()), clock);
    let (teacher, [ana, bob, chloe, _]) = voting_class(&service, "");
    send(&service, &teacher, "class remove Dina");
    let moves = legal(&service);
    ballot(&service, &ana, &moves[0]);
    ballot(&service, &bob, &moves[0]);
    assert!(record(&service).moves.is_empty());
    ballot(&service, &chloe, &moves[1]);
    assert_eq!(record(&service).moves[0], moves[0]);
}

/// Seat pages open, as a web server would tell: a set of screens' tokens.
#[derive(Default)]
struct OpenPages(std::sync::Mutex<Vec<String>>);

impl crate::kernel::presence::Presence for OpenPages {
    fn showing(&self, token: &str) -> bool {
        self.0.lock().unwrap().iter().any(|open| open == token)
    }
}

impl OpenPages {
    /// Opens the seat pages of `names` in `service`'s class, and only those.
    fn open(&self, service: &App, names: &[&str]) {
        let (class, _) = service
            .class_of(&teacher_in("100").channel)
            .ok()
            .flatten()
            .unwrap();
        let links = class.screen.unwrap();
        *self.0.lock().unwrap() = names.iter().map(|name| links.seat_token(name).unwrap()).collect();
    }
}

#[test]
fn the_turn_closes_once_every_pupil_whose_seat_page_is_open_has_voted() {
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(Arc::new(MemoryStore::default()), clock);
    let (teacher, [ana, bob, chloe, _]) = voting_class(&service, "");
    send(&service, &teacher, "class link");
    let pages = Arc::new(OpenPages::default());
    service.open_screens().told_by(pages.clone());
    // Ana, Bob and Chloé have their seat page open; Dina is not in class today.
    pages.open(&service, &["Ana", "Bob", "Chloé"]);
    let moves = legal(&service);
    ballot(&service, &ana, &moves[0]);
    ballot(&service, &bob, &moves[1]);
    assert!(
        record(&service).moves.is_empty(),
        "Chloé is in class and has not voted"
    );
    ballot(&service, &chloe, &moves[1]);
    let after = record(&service);
    assert_eq!(after.moves[0], moves[1]);
    assert_eq!(after.vote.unwrap().turns[0].ballots.len(), 3);

    // Next turn: Bob closes his tablet after voting; Ana's vote is then the last one needed.
    let moves = legal(&service);
    ballot(&service, &bob, &moves[0]);
    pages.open(&service, &["Ana", "Chloé"]);
    ballot(&service, &chloe, &moves[0]);
    assert_eq!(
        record(&service).moves.len(),
        2,
        "Ana's page is open and she has not voted"
    );
    ballot(&service, &ana, &moves[0]);
    assert_eq!(record(&service).moves[2], moves[0]);
}

#[test]
fn a_vote_needs_the_seat_pages() {
    let service = app_on(Arc::new(MemoryStore::default()), Locale::En);
    service.open().unwrap();
    let teacher = teacher_in("100");
    send(&service, &teacher, "class new CE1 lang=en");
    send(&service, &teacher, "class add Ana");
    assert_eq!(
        keys(&send(&service, &teacher, "class vote katro")),
        ["class-vote-needs-pages"]
    );
}

#[test]
fn mangala_is_not_voted_and_a_vote_needs_pupils() {
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(Arc::new(MemoryStore::default()), clock);
    let teacher = teacher_in("100");
    send(&service, &teacher, "class new CE1 lang=en");
    assert_eq!(
        keys(&send(&service, &teacher, "class vote katro")),
        ["class-vote-no-pupils"]
    );
    send(&service, &teacher, "class add Ana");
    assert_eq!(
        keys(&send(&service, &teacher, "class vote mangala")),
        ["class-vote-mangala"]
    );
    assert_eq!(
        keys(&send(&service, &ana_of(), "class vote katro")),
        ["class-teacher-only"]
    );
}

fn ana_of() -> Context {
    pupil("5")
}

/// The token at the end of a class page's link.
fn token_of(text: &str) -> String {
    let start = text.find("/class/").expect("a class link") + "/class/".len();
    text[start..start + 64].to_owned()
}

fn screen_board(service: &App, token: &str) -> crate::class::screen::ScreenBoard {
    crate::class::screen::ClassScreens(service)
        .class_screen(token)
        .unwrap()
        .expect("a current link")
        .boards
        .into_iter()
        .find(|board| board.id == MatchId(1))
        .expect("the vote's board")
}

fn tap(
    service: &App,
    token: &str,
    text: &str,
    close_vote: bool,
    nonce: &str,
) -> crate::class::screen::ScreenAnswer {
    let board = screen_board(service, token).board;
    crate::dispatch::handle::screen_play(
        service,
        token,
        crate::class::screen::ScreenPlay {
            id: MatchId(1),
            board,
            text: text.to_owned(),
            nonce: format!("vote-nonce-{nonce:0>8}"),
            again: false,
            go_on: false,
            close_vote,
        },
    )
    .unwrap()
    .expect("a current link")
}

#[test]
fn a_seats_tap_is_its_vote_and_every_page_shows_the_tally() {
    let clock = Arc::new(ManualClock::new(START));
    let service = app_on(Arc::new(MemoryStore::default()), Locale::En)
        .with_clock(clock)
        .with_live_pages("https://lalao.example.org");
    service.open().unwrap();
    let teacher = teacher_in("100");
    send(&service, &teacher, "class new CE1 lang=en");
    send(&service, &teacher, "class add Ana Bob Chloé");
    send(&service, &teacher, "class vote katro easy");
    let told = send(&service, &teacher, "class link").messages[0].text.clone();
    let teacher_token = token_of(&told);
    let projector = token_of(
        told.lines()
            .find(|line| line.starts_with("For the projector"))
            .unwrap(),
    );
    let seats: Vec<String> = crate::class::screen::ClassScreens(&service)
        .class_screen(&teacher_token)
        .unwrap()
        .unwrap()
        .seats
        .iter()
        .map(|(_, link)| token_of(link))
        .collect();
    // Every seat may vote; the teacher and the projector play nothing against the computer.
    let ana = screen_board(&service, &seats[0]);
    let moves: Vec<String> = ana.moves.iter().map(|tap| tap.text.clone()).collect();
    assert_eq!(moves, legal(&service));
    assert!(screen_board(&service, &teacher_token).moves.is_empty());
    assert!(screen_board(&service, &projector).moves.is_empty());
    let view = ana.vote.expect("the open turn");
    assert_eq!((view.line.as_str(), view.rows.len()), ("0 votes of 3", 0));

    let answer = tap(&service, &seats[0], &moves[4], false, "1");
    assert_eq!(answer.text.as_deref(), Some("Your vote is counted!"));
    assert_eq!(answer.small.as_deref(), Some(moves[4].as_str()));
    tap(&service, &seats[1], &moves[4], false, "2");
    // Ana has voted (no change allowed): she is offered nothing more, and sees her vote.
    let ana = screen_board(&service, &seats[0]);
    assert!(ana.moves.is_empty());
    assert_eq!(ana.vote.unwrap().mine.as_deref(), Some(moves[4].as_str()));
    // The projector's tally: one proposal, two votes, its places lit; no names.
    let shown = screen_board(&service, &projector);
    let view = shown.vote.unwrap();
    assert_eq!(view.line, "2 votes of 3");
    assert_eq!(view.rows.len(), 1);
    assert_eq!((view.rows[0].votes, view.rows[0].leading), (2, true));
    assert!(!view.play_now);
    let lit: Vec<String> = view.rows[0]
        .from
        .iter()
        .chain(&view.rows[0].to)
        .cloned()
        .collect();
    assert_eq!(shown.targets, lit);
    // A seat cannot close the turn; the teacher's "Play it" does.
    assert!(screen_board(&service, &teacher_token).vote.unwrap().play_now);
    assert_eq!(
        tap(&service, &seats[2], "", true, "3").outcome,
        crate::kernel::Outcome::Refused {
            reason: "web-bad-request"
        }
    );
    let played = tap(&service, &teacher_token, "", true, "4");
    assert_eq!(played.outcome, crate::kernel::Outcome::Applied);
    assert_eq!(record(&service).moves[0], moves[4]);
}

#[test]
fn a_paused_vote_takes_no_vote_and_a_finished_one_is_not_played_again() {
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(Arc::new(MemoryStore::default()), clock.clone());
    let (teacher, [ana, bob, ..]) = voting_class(&service, "");
    let moves = legal(&service);
    ballot(&service, &ana, &moves[0]);
    send(&service, &teacher, "class pause #1");
    assert_eq!(keys(&ballot(&service, &bob, &moves[0])), ["vote-paused"]);
    // Paused, its turn has no timer: the time passes and nothing is played.
    clock.advance(60);
    Timers(&service).fire_due().unwrap();
    assert!(record(&service).moves.is_empty());
    send(&service, &teacher, "class resume #1");
    assert_eq!(keys(&ballot(&service, &bob, &moves[0])), ["vote-counted"]);
    // The teacher decides the game: a finished vote is started anew, not played again.
    let decided = send(&service, &teacher, "class result #1 draw");
    assert!(!decided.refused(), "{}", decided.plain());
    let again = send(&service, &teacher, "rematch #1");
    assert_eq!(keys(&again), ["rematch-vote"]);
}
