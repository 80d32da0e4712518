//! The class screen through the service: links made, kept and revoked; what the teacher's and
//! a pupil's links show and may play; taps refused as the typed commands are.

use crate::class::screen::ClassScreens;
use crate::dispatch::handle::Handle;
use crate::kernel::queries::Queries;
use crate::schedule::runner::Outbox;
use std::sync::Arc;

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use lalao_renderer::{Locale, Style};

use super::{tap_moves, Access, ScreenPlay, TapMove};
use crate::clock::FixedClock;
use crate::ids::{ChannelId, MatchId, Platform, UserId};
use crate::kernel::public_ids::PublicIds;
use crate::kernel::{App, Audience, Context, Defaults, Outcome, Reply};
use crate::record::Stage;
use crate::store::MemoryStore;

const BASE: &str = "https://lalao.example.org";

fn service(web: bool) -> App {
    let service = App::new(
        Arc::new(MemoryStore::default()),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    )
    .with_clock(Arc::new(FixedClock(1_700_000_000)));
    let service = if web {
        service.with_live_pages(BASE)
    } else {
        service
    };
    service.open().unwrap();
    service
}

fn discord(name: &str, id: u32, moderator: bool) -> Context {
    Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, &id.to_string()),
        display_name: Some(name.to_owned()),
        channel: ChannelId::new(Platform::Discord, "100"),
        event: None,
        moderator,
        locale: None,
        private: false,
        community: None,
    }
}

fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service
        .handle_text(ctx, &format!("!lalao {line}"), true)
        .expect("addressed to the bot")
}

/// A class (in `lang`) of Ana, Bob and Chloé with one fano-5 match, Ana against Bob; its
/// teacher.
fn class(service: &App, lang: &str) -> Context {
    let teacher = discord("Mme Rabe", 1, true);
    send(service, &teacher, &format!("class new CE1 lang={lang}"));
    send(service, &teacher, "class add Ana Bob Chloé");
    send(service, &teacher, "class match Ana Bob fano cells=5");
    teacher
}

fn moves(service: &App) -> Vec<String> {
    Queries(service).match_record(MatchId(1)).expect("match 1").moves
}

/// Each seat's token, in roster order, as the screen of `token` lists their links.
fn seat_tokens(service: &App, token: &str) -> Vec<String> {
    ClassScreens(service)
        .class_screen(token)
        .unwrap()
        .expect("a screen")
        .seats
        .iter()
        .map(|(_, link)| token_of(link))
        .collect()
}

/// The token at the end of a link.
fn token_of(text: &str) -> String {
    let start = text.find("/class/").expect("a class link") + "/class/".len();
    text[start..start + 64].to_owned()
}

fn link(service: &App, teacher: &Context, line: &str) -> String {
    let reply = send(service, teacher, line);
    assert_eq!(reply.outcome, Outcome::Applied, "{reply:?}");
    assert_eq!(reply.messages.len(), 1);
    // The teacher's link plays for everyone: it is never shown to the channel.
    assert_eq!(
        reply.messages[0].audience,
        Audience::Private(teacher.user.clone())
    );
    assert!(reply.messages[0].text.contains(&format!("{BASE}/class/")));
    token_of(&reply.messages[0].text)
}

fn play(service: &App, token: &str, id: u64, text: &str, nonce: &str) -> (Outcome, Option<String>) {
    let board = ClassScreens(service)
        .class_screen(token)
        .unwrap()
        .expect("a screen")
        .boards[0]
        .board;
    let answer = crate::dispatch::handle::screen_play(
        service,
        token,
        ScreenPlay {
            id: MatchId(id),
            board,
            text: text.to_owned(),
            nonce: nonce.to_owned(),
            again: false,
            go_on: false,
            close_vote: false,
        },
    )
    .unwrap()
    .expect("a current link");
    (answer.outcome, answer.text)
}

#[test]
fn the_teacher_gets_one_link_until_making_new_ones_revokes_every_old_one() {
    let off = service(false);
    let teacher = class(&off, "en");
    let reply = send(&off, &teacher, "class link");
    assert_eq!(
        reply.outcome,
        Outcome::Refused {
            reason: "class-link-off"
        }
    );

    let service = service(true);
    let teacher = class(&service, "en");
    let pupil = discord("someone", 7, false);
    assert_eq!(
        send(&service, &pupil, "class link").outcome,
        Outcome::Refused {
            reason: "class-teacher-only"
        }
    );
    let first = link(&service, &teacher, "class link");
    assert_eq!(first.len(), 64);
    assert_eq!(
        link(&service, &teacher, "class link"),
        first,
        "asking again gives the same link"
    );
    let screen = ClassScreens(&service)
        .class_screen(&first)
        .unwrap()
        .expect("the link works");
    assert_eq!(screen.access, Access::Teacher);
    let seat_names: Vec<&str> = screen.seats.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(seat_names, ["Ana", "Bob", "Chloé"]);
    let ana_link = screen.seats[0].1.clone();
    let ana = token_of(&ana_link);
    assert_eq!(
        ClassScreens(&service).class_screen(&ana).unwrap().unwrap().access,
        Access::Seat("Ana".to_owned())
    );

    let renewed = link(&service, &teacher, "class link new");
    assert_ne!(renewed, first);
    assert!(
        ClassScreens(&service).class_screen(&first).unwrap().is_none(),
        "the old teacher link is revoked"
    );
    assert!(
        ClassScreens(&service).class_screen(&ana).unwrap().is_none(),
        "the old seat links are revoked"
    );
    assert!(ClassScreens(&service).class_screen(&renewed).unwrap().is_some());
    // A link with one letter changed, or cut short, is no link.
    let mut forged = renewed.clone();
    forged.replace_range(63.., if renewed.ends_with('a') { "b" } else { "a" });
    assert!(ClassScreens(&service).class_screen(&forged).unwrap().is_none());
    assert!(ClassScreens(&service)
        .class_screen(&renewed[..63])
        .unwrap()
        .is_none());
    // A pupil added later gets a seat link; one removed loses it.
    send(&service, &teacher, "class add Dina");
    send(&service, &teacher, "class remove Chloé");
    let seats = ClassScreens(&service)
        .class_screen(&renewed)
        .unwrap()
        .unwrap()
        .seats;
    let names: Vec<&str> = seats.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["Ana", "Bob", "Dina"]);
}

#[test]
fn a_seat_link_plays_its_own_seat_only_and_every_tap_goes_through_the_move_command() {
    let service = service(true);
    let teacher = class(&service, "fr");
    let teacher_token = link(&service, &teacher, "class link");
    let seats = seat_tokens(&service, &teacher_token);
    let ana = seats[0].clone();
    let bob = seats[1].clone();
    let chloe = seats[2].clone();

    // Chloé plays in no match: her screen has no board.
    assert!(ClassScreens(&service)
        .class_screen(&chloe)
        .unwrap()
        .unwrap()
        .boards
        .is_empty());
    let screen = ClassScreens(&service).class_screen(&ana).unwrap().unwrap();
    assert_eq!(screen.boards.len(), 1);
    assert_eq!(screen.boards[0].turn, "À ANA DE JOUER");
    assert_eq!(
        screen.boards[0].moves.len(),
        5,
        "Ana may place on any of the 5 cells"
    );
    assert!(screen.boards[0].svg.contains(r#"data-tap="3""#));
    // Bob's screen shows the match, but nothing to play yet.
    assert!(
        ClassScreens(&service).class_screen(&bob).unwrap().unwrap().boards[0]
            .moves
            .is_empty()
    );

    let (outcome, text) = play(&service, &bob, 1, "@1", "bob-tries-first-0001");
    assert_eq!(
        outcome,
        Outcome::Refused {
            reason: "not-your-turn"
        }
    );
    assert!(text.unwrap().contains("tour"), "refused in the class's language");
    assert_eq!(
        play(&service, &ana, 1, "@1", "ana-plays-first-0001").0,
        Outcome::Applied
    );
    assert_eq!(moves(&service), ["@1"]);
    // The same request again (a retried POST) is the same move: applied once.
    let (outcome, _) = play(&service, &ana, 1, "@1", "ana-plays-first-0001");
    assert_eq!(outcome, Outcome::Duplicate);
    // Bob's turn: Ana's link cannot play it, nor an illegal move, nor on a board seen before.
    assert_eq!(
        play(&service, &ana, 1, "@5", "ana-plays-again-0001").0,
        Outcome::Refused {
            reason: "not-your-turn"
        }
    );
    let old_board = ClassScreens(&service).class_screen(&bob).unwrap().unwrap().boards[0].board;
    assert_eq!(
        play(&service, &bob, 1, "@1", "bob-plays-taken-0001").0,
        Outcome::Refused {
            reason: "illegal-cell-occupied"
        }
    );
    assert_eq!(
        play(&service, &teacher_token, 1, "@5", "teacher-plays-0001").0,
        Outcome::Applied
    );
    let stale = crate::dispatch::handle::screen_play(
        &service,
        &ana,
        ScreenPlay {
            id: MatchId(1),
            board: old_board,
            text: "@2".to_owned(),
            nonce: "ana-stale-board-0001".to_owned(),
            again: false,
            go_on: false,
            close_vote: false,
        },
    )
    .unwrap()
    .unwrap();
    assert_eq!(stale.outcome, Outcome::Refused { reason: "web-stale" });
    assert_eq!(moves(&service), ["@1", "@5"]);
    // Refusals and the duplicate told the channel nothing: one notice a move played.
    assert_eq!(Outbox(&service).pending_notifications().unwrap().len(), 2);
    // A malformed request changes nothing.
    for (id, nonce) in [(1, "short"), (9, "a-match-of-no-class-01")] {
        assert_eq!(
            play(&service, &ana, id, "@2", nonce).0,
            Outcome::Refused {
                reason: "web-bad-request"
            }
        );
    }
    assert_eq!(moves(&service), ["@1", "@5"]);
}

#[test]
fn the_screen_version_moves_with_every_move_and_only_then() {
    let service = service(true);
    let teacher = class(&service, "en");
    let token = link(&service, &teacher, "class link");
    let before = ClassScreens(&service)
        .class_screen_version(&token)
        .unwrap()
        .unwrap();
    assert_eq!(
        ClassScreens(&service).class_screen_version(&token).unwrap(),
        Some(before)
    );
    assert_eq!(
        ClassScreens(&service)
            .class_screen(&token)
            .unwrap()
            .unwrap()
            .version,
        before
    );
    assert_eq!(
        play(&service, &token, 1, "@3", "teacher-plays-0001").0,
        Outcome::Applied
    );
    assert_ne!(
        ClassScreens(&service).class_screen_version(&token).unwrap(),
        Some(before)
    );
}

#[test]
fn moves_become_taps_from_one_place_to_another() {
    let game = |kind| AnyGame::new(AnyOptions::standard(kind).unwrap()).unwrap();
    let tap = |text: &str, from: Option<&str>, to: Option<&str>| TapMove {
        text: text.to_owned(),
        from: from.map(str::to_owned),
        to: to.map(str::to_owned),
    };
    let samantsy = tap_moves(&game(GameKind::Samantsy));
    assert!(!samantsy.is_empty());
    for t in &samantsy {
        let (from, to) = (t.from.as_deref().unwrap(), t.to.as_deref().unwrap());
        assert_eq!(format!("{from}-{to}"), t.text);
    }
    let fano = tap_moves(&game(GameKind::Fano));
    assert!(fano.contains(&tap("@1", Some("1"), None)));
    let engehe = tap_moves(&game(GameKind::Engehe));
    assert!(engehe.contains(&tap("h17", Some("h17"), None)));
    // A Katro hole's two directions light the two holes its first seed may fall in.
    let katro = tap_moves(&game(GameKind::Katro));
    let a1: Vec<&TapMove> = katro.iter().filter(|t| t.from.as_deref() == Some("a1")).collect();
    assert_eq!(a1.len(), 2);
    assert_ne!(a1[0].to, a1[1].to);
    assert!(a1.iter().all(|t| t.to.is_some()));
}

/// The projector's link: told with the teacher's, it shows every board of the class with no
/// move to tap and no pupil's link, and a move sent from it is refused and changes nothing. It
/// is made new with the others.
#[test]
fn the_projector_shows_the_boards_and_plays_nothing() {
    let service = service(true);
    let teacher = class(&service, "fr");
    let told = send(&service, &teacher, "class link").messages[0].text.clone();
    let line = told
        .lines()
        .find(|line| line.starts_with("Pour le projecteur"))
        .expect("the projector's address");
    assert!(line
        .starts_with("Pour le projecteur (il montre les plateaux, ne joue rien et ne montre aucun lien) : "));
    let projector = token_of(line);
    let teacher_token = token_of(&told);
    assert_ne!(projector, teacher_token);
    let screen = ClassScreens(&service)
        .class_screen(&projector)
        .unwrap()
        .expect("the projector's link works");
    assert_eq!(screen.access, Access::Projector);
    assert_eq!(screen.boards.len(), 1);
    assert!(screen.boards[0].moves.is_empty(), "nothing to tap");
    assert!(screen.seats.is_empty(), "no pupil's link");
    let board = screen.boards[0].board;
    let answer = crate::dispatch::handle::screen_play(
        &service,
        &projector,
        ScreenPlay {
            id: MatchId(1),
            board,
            text: "@1".to_owned(),
            nonce: "projector-tries-0001".to_owned(),
            again: false,
            go_on: false,
            close_vote: false,
        },
    )
    .unwrap()
    .expect("a current link");
    assert_eq!(
        answer.outcome,
        Outcome::Refused {
            reason: "web-class-projector"
        }
    );
    assert_eq!(
        answer.text.as_deref(),
        Some("Cet écran montre seulement les plateaux : joue sur ta propre page.")
    );
    assert!(moves(&service).is_empty(), "nothing played");
    // New links: the old projector's is gone too.
    send(&service, &teacher, "class link new");
    assert!(ClassScreens(&service).class_screen(&projector).unwrap().is_none());
}

/// A record that cannot be read takes only itself off a page: a tournament match written
/// unreadably leaves the class screen up, without its board and without standings; and the
/// live page of a class match whose class record cannot be read is shown in the reader's
/// language rather than answered "gone".
#[test]
fn an_unreadable_record_takes_only_itself_off_a_page() {
    use crate::pages::live::LivePages;
    use crate::store::{keys, Txn};
    let service = service(true);
    let teacher = class(&service, "fr");
    send(&service, &teacher, "cancel #1");
    send(&service, &teacher, "class tournament fano cells=5");
    let token = link(&service, &teacher, "class link");
    // The cancelled #1 is still shown for a while, beside the tournament's #2.
    let before = ClassScreens(&service).class_screen(&token).unwrap().unwrap();
    let shown = |screen: &super::ClassScreen| screen.boards.iter().map(|board| board.id).collect::<Vec<_>>();
    assert_eq!(shown(&before), [MatchId(1), MatchId(2)]);
    assert_eq!(before.standings.len(), 3);
    let public = PublicIds(&service).public_id(MatchId(2)).unwrap().unwrap();
    let view = LivePages(&service)
        .live_view(&public, Locale::En)
        .unwrap()
        .unwrap();
    assert_eq!(
        view.locale,
        Locale::Fr,
        "a class match speaks the class's language"
    );

    let put = |key: Vec<u8>, value: Vec<u8>| {
        let mut txn = Txn::default();
        txn.put(key, value);
        service.store().commit(&txn).unwrap();
    };
    let match_key = keys::match_key(MatchId(2));
    let match_bytes = service.store().get(&match_key).unwrap().unwrap();
    put(match_key.clone(), b"{not a record".to_vec());
    let after = ClassScreens(&service).class_screen(&token).unwrap().unwrap();
    assert_eq!(shown(&after), [MatchId(1)]);
    assert!(after.standings.is_empty());
    assert_eq!(after.title, before.title);

    put(match_key, match_bytes);
    put(keys::class_key(&teacher.channel), b"{not a class".to_vec());
    let view = LivePages(&service)
        .live_view(&public, Locale::En)
        .unwrap()
        .unwrap();
    assert_eq!(view.locale, Locale::En);
    assert_eq!(view.id, MatchId(2));
}

/// `class homework katro 2`: each pupil's seat shows a puzzle at their level, answered by
/// taps; a solved puzzle brings the next on the same seat, the last ends the homework, and
/// the teacher's `class progress` shows who solved what and each pupil's puzzle rating.
#[test]
fn homework_puzzles_are_solved_by_taps_on_each_seat_and_the_teacher_sees_who_solved_what() {
    let service = service(true);
    let teacher = class(&service, "en");
    assert_eq!(
        send(&service, &teacher, "class homework mangala").messages[0].key,
        "class-homework-mangala"
    );
    assert_eq!(
        send(&service, &teacher, "class homework katro 21").messages[0].key,
        "class-homework-count"
    );
    let given = send(&service, &teacher, "class homework katro 2");
    assert_eq!(
        given.messages[0].text,
        "Homework: 2 Katro puzzles for each of the 3 pupils, one after another on their seats \
         (matches #2 to #4), each at the pupil's level. `/class progress` shows who solved what."
    );
    let teacher_token = link(&service, &teacher, "class link");
    let seats = seat_tokens(&service, &teacher_token);
    let ana = seats[0].clone();
    let bob = seats[1].clone();
    let screen = ClassScreens(&service).class_screen(&ana).unwrap().unwrap();
    let board = screen
        .boards
        .iter()
        .find(|board| board.id == MatchId(2))
        .expect("Ana's puzzle");
    // A new pupil (1500) gets the puzzle rated nearest: katro-0069, three moves.
    assert_eq!(board.title, "Katro · puzzle katro-0069");
    assert_eq!(
        board.activity.as_deref(),
        Some("Puzzle 1 of 2: find the move that sows on and ends in a capture.")
    );
    let tap = |token: &str, id: u64, text: &str, nonce: &str| {
        // The board as the tapping page shows it (any seat's page shows the version of a
        // match it lists; Bob's does not list Ana's, so his tap names the teacher's view).
        let board = [token, teacher_token.as_str()]
            .iter()
            .find_map(|page| {
                let screen = ClassScreens(&service).class_screen(page).unwrap().unwrap();
                screen
                    .boards
                    .iter()
                    .find(|board| board.id == MatchId(id) && !board.past)
                    .map(|board| board.board)
            })
            .unwrap();
        let answer = crate::dispatch::handle::screen_play(
            &service,
            token,
            ScreenPlay {
                id: MatchId(id),
                board,
                text: text.to_owned(),
                nonce: nonce.to_owned(),
                again: false,
                go_on: false,
                close_vote: false,
            },
        )
        .unwrap()
        .expect("a current link");
        (answer.outcome, answer.text, answer.small)
    };
    // Bob cannot answer on Ana's seat.
    assert!(matches!(
        tap(&bob, 2, "c1A", "bob-taps-on-anas-seat-0001").0,
        Outcome::Refused { .. }
    ));
    // Each answer is told in words a child who taps follows, its notation as small print.
    let (outcome, text, small) = tap(&ana, 2, "c1A", "ana-taps-the-first-0001");
    assert_eq!(outcome, Outcome::Applied);
    assert_eq!(
        text.as_deref(),
        Some("Right! That move captures 1 seed. lalao has answered: look at the board. Your move: 2 more to find.")
    );
    assert_eq!(small.as_deref(), Some("Your move: c1A. lalao: a6A"));
    tap(&ana, 2, "a1B", "ana-taps-the-second-0001");
    let (_, text, small) = tap(&ana, 2, "d1B", "ana-taps-the-third-0001");
    assert_eq!(text.as_deref(), Some("Solved! That move captures 2 seeds."));
    assert_eq!(small.as_deref(), Some("Your move: d1B"));
    // The next puzzle, on the same seat, nearer her new rating.
    let record = Queries(&service).match_record(MatchId(2)).unwrap();
    let link = record.puzzle.clone().unwrap();
    assert_ne!(link.id, "katro-0069");
    assert_eq!(link.homework, Some((0, 2)));
    assert!(record.stage.is_active() && record.moves.is_empty());
    // Her seat shows the solved puzzle's last board first, the next one waiting behind it.
    let screen = ClassScreens(&service).class_screen(&ana).unwrap().unwrap();
    let homework: Vec<_> = screen
        .boards
        .iter()
        .filter(|board| board.id == MatchId(2))
        .collect();
    let shown: Vec<_> = homework
        .iter()
        .map(|board| (board.past, board.look.as_deref(), board.later, board.next))
        .collect();
    assert_eq!(
        shown,
        [(true, Some("m2p1"), false, true), (false, None, true, false)]
    );
    let solved = homework[0];
    assert_eq!(solved.title, "Katro · puzzle katro-0069");
    assert_eq!(
        solved.activity.as_deref(),
        Some("Puzzle 1 of 2: you found it! Here is the board at the end.")
    );
    assert!(solved.moves.is_empty() && solved.targets.is_empty());
    let board = homework[1];
    assert!(
        board.activity.as_deref().unwrap().starts_with("Puzzle 2 of 2: "),
        "{:?}",
        board.activity
    );
    // A wrong tap ends it: the homework is over.
    let puzzle = lalao_learn::puzzles::bundled(lalao_core::GameKind::Katro)
        .find(&link.id)
        .unwrap();
    let start = puzzle.game(lalao_core::GameKind::Katro).unwrap();
    let wrong = start
        .legal_moves()
        .into_iter()
        .find(|mv| *mv != puzzle.line[0])
        .unwrap();
    let (_, text, small) = tap(&ana, 2, &wrong, "ana-taps-the-fourth-0001");
    assert!(
        text.as_deref().unwrap().starts_with("Not this one: that move "),
        "{text:?}"
    );
    assert_eq!(small, Some(format!("Your move: {wrong}")));
    let record = Queries(&service).match_record(MatchId(2)).unwrap();
    assert!(!record.stage.is_active());
    // The missed puzzle's solution comes before the end: its first answer lit, its line
    // in small print.
    let screen = ClassScreens(&service).class_screen(&ana).unwrap().unwrap();
    let homework: Vec<_> = screen
        .boards
        .iter()
        .filter(|board| board.id == MatchId(2))
        .collect();
    let missed = homework[0];
    assert!(missed.past && missed.next && !missed.later);
    assert_eq!(
        missed.activity.as_deref(),
        Some("Puzzle 2 of 2: not that one. Look at what shines: that was the right move.")
    );
    let answer = tap_moves(&start)
        .into_iter()
        .find(|tap| tap.text == puzzle.line[0])
        .unwrap();
    assert_eq!(
        missed.targets,
        [answer.from.unwrap(), answer.to.unwrap()],
        "the answer's hole and where its first seed falls"
    );
    assert_eq!(
        missed.small.as_deref(),
        Some(format!("The solution: {}.", puzzle.line.join(", ")).as_str())
    );
    let board = homework[1];
    assert!(board.later && !board.past);
    assert_eq!(board.activity.as_deref(), Some("Homework done! Well played."));
    // The teacher sees it; the class keeps Ana's rating, not a player record.
    let progress = send(&service, &teacher, "class progress").messages[0]
        .text
        .clone();
    let (class, _) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    let stats = &class.pupils[0].puzzles["katro"];
    assert_eq!((stats.solved, stats.failed, stats.tried.len()), (1, 1, 2));
    assert!(
        progress.contains(&format!(
            "\nHomework and puzzle ratings (a ? marks a provisional rating):\nAna: homework 1/2 ✓✗ — Katro {}?",
            stats.rating.rating.round()
        )),
        "{progress}"
    );
    assert_eq!(
        class.pupils[0].homework,
        [("katro-0069".to_owned(), true), (link.id.clone(), false)]
    );
    // A new homework puts Bob's and Chloé's unfinished puzzles away and starts again.
    send(&service, &teacher, "class homework katro 1");
    assert!(!Queries(&service)
        .match_record(MatchId(3))
        .unwrap()
        .stage
        .is_active());
}

/// `class puzzle katro`: one puzzle on the class's own board, which the projector shows among
/// the class's matches (not the pupils' homework); the teacher reveals the solution with
/// `hint`, and nobody is rated for it.
#[test]
fn a_class_puzzle_is_shown_on_the_projector_and_its_solution_revealed_by_the_teacher() {
    let service = service(true);
    let teacher = class(&service, "en");
    send(&service, &teacher, "class homework katro 1");
    let given = send(&service, &teacher, "class puzzle katro");
    assert_eq!(
        given.messages[0].text,
        "A Katro puzzle for the whole class (katro-0069), on the class screen as match #5: find the \
         answer together and play it on your page of the class screen, or show the solution with \
         `/lalao hint match:5`."
    );
    let told = send(&service, &teacher, "class link").messages[0].text.clone();
    let projector = token_of(
        told.lines()
            .find(|line| line.starts_with("For the projector"))
            .unwrap(),
    );
    let boards = || {
        ClassScreens(&service)
            .class_screen(&projector)
            .unwrap()
            .unwrap()
            .boards
    };
    // The fano match and the class's puzzle; the pupils' homework stays on their seats.
    let shown: Vec<MatchId> = boards().iter().map(|board| board.id).collect();
    assert_eq!(shown, [MatchId(1), MatchId(5)]);
    let puzzle = boards().into_iter().find(|board| board.id == MatchId(5)).unwrap();
    assert_eq!(
        puzzle.activity.as_deref(),
        Some("Puzzle: find the move that sows on and ends in a capture. South to play.")
    );
    let revealed = send(&service, &teacher, "hint #5");
    assert_eq!(
        revealed.messages[0].text,
        "The solution: `c1A`, `a6A`, `a1B`, `f6B`, `d1B`."
    );
    let puzzle = boards().into_iter().find(|board| board.id == MatchId(5)).unwrap();
    assert_eq!(
        puzzle.activity.as_deref(),
        Some("The solution: c1A, a6A, a1B, f6B, d1B.")
    );
    // Nobody's rating moved: not the teacher's, not the puzzle's.
    assert!(service
        .player(&teacher.user)
        .ok()
        .flatten()
        .is_none_or(|(player, _)| player.puzzles.is_empty()));
    assert!(service
        .store()
        .get(&crate::store::keys::puzzle_key("katro", "katro-0069"))
        .unwrap()
        .is_none());
}

#[test]
fn the_teacher_plays_a_finished_match_again_from_the_screen() {
    let service = service(true);
    let teacher = class(&service, "en");
    let token = link(&service, &teacher, "class link");
    let seats = seat_tokens(&service, &token);
    let ana = seats[0].clone();
    let again = |token: &str, nonce: &str| {
        crate::dispatch::handle::screen_play(
            &service,
            token,
            ScreenPlay {
                id: MatchId(1),
                board: 0,
                text: String::new(),
                nonce: nonce.to_owned(),
                again: true,
                go_on: false,
                close_vote: false,
            },
        )
        .unwrap()
        .expect("a current link")
    };
    // Not while it is being played.
    assert!(
        !ClassScreens(&service)
            .class_screen(&token)
            .unwrap()
            .unwrap()
            .boards[0]
            .again
    );
    let mut nonce = 0;
    while Queries(&service).match_record(MatchId(1)).unwrap().stage == Stage::Playing {
        let game = Queries(&service)
            .match_record(MatchId(1))
            .unwrap()
            .current_game()
            .unwrap();
        let text = game.legal_moves()[0].clone();
        nonce += 1;
        let (outcome, said) = play(&service, &token, 1, &text, &format!("teacher-move-{nonce:06}"));
        assert_eq!(outcome, Outcome::Applied, "{said:?}");
    }
    // Over: the teacher's screen offers to play it again, a pupil's does not, and a pupil's
    // link cannot.
    assert!(
        ClassScreens(&service)
            .class_screen(&token)
            .unwrap()
            .unwrap()
            .boards[0]
            .again
    );
    assert!(!ClassScreens(&service).class_screen(&ana).unwrap().unwrap().boards[0].again);
    assert_eq!(
        again(&ana, "ana-again-000001").outcome,
        Outcome::Refused {
            reason: "web-bad-request"
        }
    );
    let answer = again(&token, "teacher-again-0001");
    assert_eq!(answer.outcome, Outcome::Applied, "{:?}", answer.text);
    // The same seats, sides swapped, the same game.
    let first = Queries(&service).match_record(MatchId(1)).unwrap();
    let second = Queries(&service).match_record(MatchId(2)).unwrap();
    let [a, b] = first.players.clone().unwrap();
    assert_eq!(second.players, Some([b, a]));
    assert_eq!((second.game, &second.options), (first.game, &first.options));
    assert_eq!(second.stage, Stage::Playing);
    assert!(second.class.is_some());
    // The same tap again is the same request: no third match.
    assert_eq!(again(&token, "teacher-again-0001").outcome, Outcome::Duplicate);
    assert!(Queries(&service).match_record(MatchId(3)).is_none());
    // A second tap (a new request) while the first match's replay is on: one at a time.
    let second_tap = again(&token, "teacher-again-0002");
    assert_eq!(
        second_tap.outcome,
        Outcome::Refused {
            reason: "rematch-pending"
        }
    );
    assert_eq!(
        second_tap.text.as_deref(),
        Some("Match #1 is already being played again: match #2.")
    );
    assert!(Queries(&service).match_record(MatchId(3)).is_none());
    assert_eq!(
        send(&service, &teacher, "rematch #1").messages[0].key,
        "rematch-pending"
    );
}

/// A pupil's homework, and anyone's own lesson, is theirs: a stranger in the same channel can
/// neither take its hints (which would fail the puzzle and cost the pupil rating) nor list it,
/// show its board or moves, or get its live page; nothing changes.
#[test]
fn nobody_but_its_owner_and_the_teacher_acts_on_a_lesson_or_a_puzzle() {
    let service = service(true);
    let teacher = class(&service, "en");
    send(&service, &teacher, "class homework katro 3");
    let mallory = discord("Mallory", 9, false);
    let before = Queries(&service).match_record(MatchId(2)).unwrap();
    for line in [
        "hint #2",
        "hint #2",
        "hint #2",
        "board #2",
        "history #2",
        "link #2",
        "export #2",
    ] {
        let reply = send(&service, &mallory, line);
        assert_eq!(reply.messages[0].key, "private-activity", "{line}: {reply:?}");
        assert_eq!(
            reply.messages[0].text,
            "Match #2 is someone else's lesson or puzzle: only they (and their teacher) can see \
             it. `/lalao list scope:mine` shows yours."
        );
    }
    assert_eq!(Queries(&service).match_record(MatchId(2)).unwrap(), before);
    let (class, _) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    assert!(class.pupils[0].puzzles.is_empty());
    assert!(class.pupils[0].homework.is_empty());
    // The channel's list names the class match, not the pupils' puzzles.
    let listed = send(&service, &mallory, "list").messages[0].text.clone();
    assert!(listed.contains("#1 "), "{listed}");
    assert!(!listed.contains("#2 ") && !listed.contains("#3 "), "{listed}");
    // The teacher still sees them.
    assert_eq!(send(&service, &teacher, "board #2").messages[0].key, "board");
    // A player's own lesson is private too, even where it was started.
    let ana = discord("Ana", 2, false);
    send(&service, &ana, "learn katro");
    let lesson = Queries(&service).match_record(MatchId(5)).unwrap();
    assert!(lesson.lesson.is_some());
    assert_eq!(
        send(&service, &mallory, "hint #5").messages[0].key,
        "private-activity"
    );
    assert_eq!(Queries(&service).match_record(MatchId(5)).unwrap(), lesson);
}

/// A tap made on one homework puzzle's board (a double tap, a retried request) is not taken
/// for the answer to the next puzzle, which starts with no moves as the first did.
#[test]
fn a_second_tap_on_a_homework_puzzle_does_not_answer_the_next_one_unseen() {
    let service = service(true);
    let teacher = class(&service, "en");
    send(&service, &teacher, "class homework katro 3");
    let teacher_token = link(&service, &teacher, "class link");
    let seats = seat_tokens(&service, &teacher_token);
    let ana = seats[0].clone();
    let shown = |id: u64| {
        ClassScreens(&service)
            .class_screen(&ana)
            .unwrap()
            .unwrap()
            .boards
            .iter()
            .find(|board| board.id == MatchId(id))
            .map(|board| board.board)
            .unwrap()
    };
    let tap = |board: u32, text: &str, nonce: &str| {
        crate::dispatch::handle::screen_play(
            &service,
            &ana,
            ScreenPlay {
                id: MatchId(2),
                board,
                text: text.to_owned(),
                nonce: nonce.to_owned(),
                again: false,
                go_on: false,
                close_vote: false,
            },
        )
        .unwrap()
        .expect("a current link")
    };
    let first = Queries(&service).match_record(MatchId(2)).unwrap();
    let board = shown(2);
    let start = first.current_game().unwrap();
    let answer = &lalao_learn::puzzles::bundled(GameKind::Katro)
        .find(&first.puzzle.as_ref().unwrap().id)
        .unwrap()
        .line[0];
    let wrong = start.legal_moves().into_iter().find(|mv| mv != answer).unwrap();
    // A wrong answer misses the first puzzle and brings the second on the same seat.
    assert_eq!(
        tap(board, &wrong, "ana-double-tap-first-01").outcome,
        Outcome::Applied
    );
    let second = Queries(&service).match_record(MatchId(2)).unwrap();
    assert_ne!(
        second.puzzle.as_ref().unwrap().id,
        first.puzzle.as_ref().unwrap().id
    );
    assert_ne!(shown(2), board, "each puzzle is a board of its own");
    // The same page taps again before it is redrawn: refused as a board that has moved on.
    let legal_now = second.current_game().unwrap().legal_moves();
    let again = tap(board, &legal_now[0], "ana-double-tap-second-1");
    assert!(
        matches!(again.outcome, Outcome::Refused { .. }),
        "{:?}",
        again.outcome
    );
    assert_eq!(Queries(&service).match_record(MatchId(2)).unwrap(), second);
}

/// A lesson step that names its move ("… play c1B.") is told in taps: on every class page the
/// move's hole and the one its first seed falls in are lit, an arrow goes from one to the
/// other, and the move's notation is small print; on a seat the words say what to touch. A
/// tapped move's notice is in taps too, the move played as small print.
#[test]
fn a_step_that_names_its_move_is_told_in_taps_on_a_seat() {
    let service = service(true);
    let teacher = class(&service, "en");
    send(&service, &teacher, "class learn katro 3");
    let teacher_token = link(&service, &teacher, "class link");
    let screen = ClassScreens(&service)
        .class_screen(&teacher_token)
        .unwrap()
        .unwrap();
    let ana = token_of(&screen.seats[0].1);
    let class_board = screen
        .boards
        .iter()
        .find(|board| board.activity.is_some() && !board.pupil)
        .unwrap();
    assert_eq!(class_board.owner.as_deref(), Some("The class's board"));
    assert_eq!(class_board.targets, ["c1", "b1"]);
    assert_eq!(class_board.arrow, Some(("c1".to_owned(), "b1".to_owned())));
    assert_eq!(class_board.how, None);
    let seat = ClassScreens(&service).class_screen(&ana).unwrap().unwrap();
    let lesson = seat.boards.iter().find(|board| board.activity.is_some()).unwrap();
    assert_eq!(lesson.targets, ["c1", "b1"]);
    assert_eq!(lesson.arrow, Some(("c1".to_owned(), "b1".to_owned())));
    assert_eq!(
        lesson.activity.as_deref(),
        Some("Step 1 of 3: You choose which way the seeds go: to the right or to the left. Sow these seeds to the left, as the arrow shows.")
    );
    assert_eq!(
        lesson.how.as_deref(),
        Some("Touch the hole that shines where the seeds are, then the one the arrow points to: the first seed falls there.")
    );
    assert_eq!(lesson.small.as_deref(), Some("This move is written c1B."));
    assert_eq!(lesson.owner, None);
    let tap = |text: &str, nonce: &str| {
        let screen = ClassScreens(&service).class_screen(&ana).unwrap().unwrap();
        let board = screen
            .boards
            .iter()
            .find(|board| board.id == lesson.id)
            .unwrap()
            .board;
        let play = ScreenPlay {
            id: lesson.id,
            board,
            text: text.to_owned(),
            nonce: nonce.to_owned(),
            again: false,
            go_on: false,
            close_vote: false,
        };
        let answer = crate::dispatch::handle::screen_play(&service, &ana, play)
            .unwrap()
            .expect("a current link");
        (answer.text, answer.small)
    };
    assert_eq!(
        tap("c1A", "ana-taps-the-wrong-way-01"),
        (
            Some("Not quite: that is not the move this step asks for. This time, sow to the left, as the arrow shows.".to_owned()),
            Some("Your move: c1A".to_owned())
        )
    );
    assert_eq!(
        tap("c1B", "ana-taps-the-right-way-01"),
        (Some("Well done!".to_owned()), Some("Your move: c1B".to_owned()))
    );
}

/// A pupil who finishes a class lesson on her seat goes on to the course's next lesson with
/// one tap, once the teacher allows it (`class settings next=on`; off by default): the same tap
/// twice, or a second tap, starts one lesson; another pupil's link cannot start it.
#[test]
fn a_pupil_goes_on_to_the_next_lesson_on_her_seat_once_the_teacher_allows_it() {
    let service = service(true);
    let teacher = class(&service, "en");
    // #2 the class's board, #3 Ana's lesson, #4 Bob's, #5 Chloé's.
    send(&service, &teacher, "class learn katro 1");
    let teacher_token = link(&service, &teacher, "class link");
    let seats = seat_tokens(&service, &teacher_token);
    let (ana, bob) = (seats[0].clone(), seats[1].clone());
    let lesson = |token: &str, id: u64| {
        ClassScreens(&service)
            .class_screen(token)
            .unwrap()
            .unwrap()
            .boards
            .into_iter()
            .find(|board| board.id == MatchId(id) && !board.past)
    };
    let tap = |token: &str, id: u64, text: &str, go_on: bool, nonce: &str| {
        let board = lesson(token, id).map_or(0, |board| board.board);
        let play = ScreenPlay {
            id: MatchId(id),
            board,
            text: text.to_owned(),
            nonce: nonce.to_owned(),
            again: false,
            go_on,
            close_vote: false,
        };
        let answer = crate::dispatch::handle::screen_play(&service, token, play)
            .unwrap()
            .expect("a current link");
        (answer.outcome, answer.text)
    };
    // Ana plays Katro's lesson 1 to its end.
    let course = lalao_learn::course(GameKind::Katro);
    for (at, step) in course.lessons[0].steps.iter().enumerate() {
        let right = match step.moves.first() {
            Some(answer) => answer.clone(),
            None => course.game_at(1, at + 1).unwrap().legal_moves()[0].clone(),
        };
        let (outcome, _) = tap(&ana, 3, &right, false, &format!("ana-plays-step-{at:08}"));
        assert_eq!(outcome, Outcome::Applied);
    }
    let done = lesson(&ana, 3).expect("her finished lesson");
    assert_eq!(done.activity.as_deref(), Some("Lesson done! ★★★"));
    // The class does not let her go on by herself until the teacher says so.
    assert_eq!(done.go_on, None);
    assert_eq!(
        tap(&ana, 3, "", true, "ana-asks-too-early-0001"),
        (
            Outcome::Refused {
                reason: "class-next-lesson-off"
            },
            Some("Your teacher will give the next lesson.".to_owned())
        )
    );
    let settings = send(&service, &teacher, "class settings next=on");
    assert_eq!(
        settings.messages[0].text,
        "The class “CE1”: language en, boards large. A pupil who finishes a lesson on their seat may start the next one there. Finished matches, lessons and homework are kept until you delete the class."
    );
    assert_eq!(lesson(&ana, 3).unwrap().go_on.as_deref(), Some("Sowing"));
    // Bob's link cannot start Ana's next lesson.
    assert_eq!(
        tap(&bob, 3, "", true, "bob-asks-for-ana-0001").0,
        Outcome::Refused {
            reason: "class-teacher-only"
        }
    );
    assert_eq!(
        tap(&ana, 3, "", true, "ana-goes-on-00000001"),
        (Outcome::Applied, Some("Lesson 2: Sowing. Let's go!".to_owned()))
    );
    // The same tap again, and another tap: still one lesson.
    assert_eq!(
        tap(&ana, 3, "", true, "ana-goes-on-00000001").0,
        Outcome::Duplicate
    );
    assert_eq!(
        tap(&ana, 3, "", true, "ana-goes-on-00000002").0,
        Outcome::Duplicate
    );
    let (class, _) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    assert_eq!(class.matches.last(), Some(&MatchId(6)));
    assert_eq!(class.matches.len(), 6);
    let started = Queries(&service).match_record(MatchId(6)).unwrap();
    assert_eq!(
        (
            started.lesson.map(|link| (link.lesson, link.step)),
            started.players.unwrap()[0].as_str()
        ),
        (Some((2, 1)), "seat:Ana")
    );
    // Her seat shows the new lesson; the finished one offers it no more.
    assert_eq!(lesson(&ana, 3).unwrap().go_on, None);
    let next = lesson(&ana, 6).expect("her next lesson");
    assert!(
        next.activity.as_deref().unwrap().starts_with("Step 1 of 4: "),
        "{:?}",
        next.activity
    );
    assert!(!next.moves.is_empty(), "hers to play");
    // Bob, whose lesson goes on, is offered nothing.
    assert_eq!(lesson(&bob, 4).unwrap().go_on, None);
}
