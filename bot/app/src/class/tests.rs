//! Class commands through the service's public door, on chat contexts (Discord ids) where
//! accounts, moderators and strangers differ.

use crate::class::screen::ClassScreens;
use crate::dispatch::handle::Handle;
use crate::ops::upkeep::Upkeep;
use std::sync::Arc;

use lalao_renderer::{Locale, Style};

use crate::clock::FixedClock;
use crate::ids::{ChannelId, MatchId, Platform, UserId};
use crate::kernel::{App, Context, Defaults, Kind, Reply};
use crate::record::{Ending, MatchRecord, Stage};
use crate::store::MemoryStore;

fn service() -> App {
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
    service.open().unwrap();
    service
}

fn discord(name: &str, id: u32) -> Context {
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

fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service
        .handle_text(ctx, &format!("!lalao {line}"), true)
        .expect("addressed to the bot")
}

fn keys(reply: &Reply) -> Vec<&'static str> {
    reply.messages.iter().map(|message| message.key).collect()
}

fn record(service: &App, id: u64) -> MatchRecord {
    service.load(MatchId(id)).ok().flatten().expect("match exists").0
}

/// A class in English with Ana, Bob and Chloé; the teacher is discord:1, a moderator of the
/// channel (only moderators create classes on chat platforms).
fn class(service: &App) -> Context {
    let teacher = Context {
        moderator: true,
        ..discord("Mme Rabe", 1)
    };
    assert_eq!(
        keys(&send(service, &teacher, "class new CE1 lang=en")),
        ["class-created"]
    );
    send(service, &teacher, "class add Ana Bob Chloé");
    teacher
}

#[test]
fn only_the_teacher_and_moderators_manage_the_class() {
    let service = service();
    let teacher = class(&service);
    let stranger = discord("Zed", 9);
    let reply = send(&service, &stranger, "class add Zed");
    assert_eq!(keys(&reply), ["class-teacher-only"]);
    assert_eq!(reply.messages[0].text, "Only the teacher (Mme Rabe) can do that.");
    for line in [
        "class remove Ana",
        "class bind Ana <@9>",
        "class match Ana Bob fano",
        "class tournament fano",
        "class team Lions Ana Bob",
    ] {
        assert_eq!(
            keys(&send(&service, &stranger, line)),
            ["class-teacher-only"],
            "{line}"
        );
    }
    // A second class in the same channel is refused.
    assert_eq!(
        keys(&send(&service, &stranger, "class new Other")),
        ["class-new-moderators"]
    );
    assert_eq!(
        keys(&send(&service, &teacher, "class new Other")),
        ["class-exists"]
    );
    // Anyone may look.
    let roster = send(&service, &stranger, "class");
    assert_eq!(
        roster.messages[0].text,
        "Class “CE1”, teacher Mme Rabe. Pupils (3):\n• Ana\n• Bob\n• Chloé"
    );
    // A moderator of the chat channel may manage it.
    let moderator = Context {
        moderator: true,
        ..discord("Mod", 5)
    };
    assert_eq!(keys(&send(&service, &moderator, "class add Dan")), ["class-show"]);
    // The teacher starts a match; the stranger can neither move, pause nor adjudicate it.
    let started = send(&service, &teacher, "class match Ana Bob fano cells=5");
    assert_eq!(keys(&started), ["class-match-started", "class-dashboard-update"]);
    assert_eq!(
        started.messages[0].text,
        "Match #1 (Fano): Ana (White) against Bob (Black)."
    );
    let board = started.messages[0].board.as_ref().unwrap();
    assert!(board.plain.contains("Ana"), "{}", board.plain);
    assert_eq!(
        keys(&send(&service, &stranger, "move #1 @3")),
        ["class-not-your-seat"]
    );
    assert_eq!(
        keys(&send(&service, &stranger, "class pause #1")),
        ["class-teacher-only"]
    );
    assert_eq!(
        keys(&send(&service, &stranger, "class result #1 Ana")),
        ["class-teacher-only"]
    );
    assert_eq!(
        keys(&send(&service, &stranger, "cancel #1")),
        ["cancel-not-allowed"]
    );
    assert_eq!(record(&service, 1).moves.len(), 0);
}

#[test]
fn a_bound_pupil_moves_only_for_their_own_seat() {
    let service = service();
    let teacher = class(&service);
    let ana = discord("ana_account", 20);
    assert_eq!(
        keys(&send(&service, &teacher, "class bind Ana <@20>")),
        ["class-bound"]
    );
    send(&service, &teacher, "class match Ana Bob fano cells=5");
    assert_eq!(keys(&send(&service, &ana, "move #1 @1"))[0], "move-played");
    // Bob's turn: Ana's account cannot play it, the teacher can.
    assert_eq!(keys(&send(&service, &ana, "move #1 @5")), ["not-your-turn"]);
    assert_eq!(keys(&send(&service, &teacher, "move #1 @5"))[0], "move-played");
    // Seats are never mentioned (they have no account); nothing is mentioned for Bob's seat.
    let reply = send(&service, &ana, "move #1 1-2");
    assert!(reply.messages[0].mentions.is_empty());
    // Draws and undo requests go through the teacher in a class.
    assert_eq!(keys(&send(&service, &ana, "draw #1")), ["class-ask-teacher-draw"]);
    assert_eq!(keys(&send(&service, &ana, "undo #1")), ["class-ask-teacher-undo"]);
}

#[test]
fn pause_undo_restart_and_adjudicate() {
    let service = service();
    let teacher = class(&service);
    send(&service, &teacher, "class match Ana Bob fano cells=5");
    send(&service, &teacher, "move #1 @1");
    send(&service, &teacher, "move #1 @5");
    assert_eq!(
        keys(&send(&service, &teacher, "class pause #1"))[0],
        "class-paused-done"
    );
    let refused = send(&service, &teacher, "move #1 1-2");
    assert_eq!(
        refused.messages[0].text,
        "Match #1 is paused. Wait for the teacher."
    );
    let dashboard = send(&service, &teacher, "class dashboard");
    assert_eq!(
        dashboard.messages[0].text,
        "Class “CE1”, matches (1):\n#1 Ana – Bob · moves: 2 · paused"
    );
    assert_eq!(dashboard.messages[0].kind, Kind::Dashboard { refresh: false });
    send(&service, &teacher, "class resume #1");
    let undone = send(&service, &teacher, "class undo #1");
    assert_eq!(keys(&undone), ["undo-done", "class-dashboard-update"]);
    assert_eq!(undone.messages[0].kind, Kind::BoardChanged { to_move: None });
    assert_eq!(undone.messages[1].kind, Kind::Dashboard { refresh: true });
    assert_eq!(record(&service, 1).moves, ["@1"]);
    send(&service, &teacher, "class restart #1");
    assert!(record(&service, 1).moves.is_empty());
    assert_eq!(
        keys(&send(&service, &teacher, "class result #1 Zed")),
        ["class-result-who"]
    );
    let judged = send(&service, &teacher, "class result #1 bob");
    assert_eq!(judged.messages[0].text, "The teacher decides: Bob (Black) wins.");
    assert!(matches!(
        record(&service, 1).stage,
        Stage::Finished {
            ending: Ending::Adjudicated {
                winner: Some(lalao_core::Side::Second),
                ..
            }
        }
    ));
    // The result is in the dashboard, and nobody may play on.
    let dashboard = send(&service, &teacher, "class dashboard");
    assert!(dashboard.messages[0]
        .text
        .ends_with("The teacher decides: Bob (Black) wins."));
    assert_eq!(keys(&send(&service, &teacher, "move #1 @2")), ["match-over"]);
}

#[test]
fn a_class_speaks_french_with_large_boards_by_default() {
    let service = service();
    let teacher = Context {
        moderator: true,
        ..discord("Mme Rabe", 1)
    };
    send(&service, &teacher, "classe nouvelle");
    let reply = send(&service, &teacher, "classe ajouter Ana Bob");
    assert_eq!(
        reply.messages[0].text,
        "Classe « Ma classe », enseignant·e Mme Rabe. Élèves (2) :\n• Ana\n• Bob"
    );
    let pupil_says = send(&service, &discord("Zed", 9), "jouer échecs");
    assert!(
        pupil_says.messages[0]
            .text
            .starts_with("Je ne connais pas le jeu"),
        "{}",
        pupil_says.messages[0].text
    );
    let started = send(&service, &teacher, "classe partie Ana Bob fano cells=5");
    let board = started.messages[0].board.clone().unwrap();
    assert!(board.plain.contains("À Blanc (Ana) de jouer"), "{}", board.plain);
    let asked = send(&service, &teacher, "plateau #1 style=large").messages[0]
        .board
        .clone()
        .unwrap();
    let text = send(&service, &teacher, "plateau #1 style=texte").messages[0]
        .board
        .clone()
        .unwrap();
    assert_eq!(
        board.markdown, asked.markdown,
        "the class board uses the large style"
    );
    assert_ne!(board.markdown, text.markdown);
}

#[test]
fn the_placement_activity_ends_when_every_pawn_is_placed() {
    let service = service();
    let teacher = class(&service);
    assert_eq!(
        keys(&send(&service, &teacher, "class activity Ana Bob katro")),
        ["class-activity-fano"]
    );
    let started = send(&service, &teacher, "class activity Ana Bob fano cells=7");
    assert_eq!(started.messages[0].key, "class-activity-started");
    for cell in ["@1", "@3", "@5"] {
        assert_eq!(
            keys(&send(&service, &teacher, &format!("move #1 {cell}")))[0],
            "move-played"
        );
        assert_eq!(record(&service, 1).stage, Stage::Playing);
    }
    let last = send(&service, &teacher, "move #1 @7");
    assert!(
        last.messages[0]
            .text
            .ends_with("Every pawn is placed. Now draw the board!"),
        "{}",
        last.messages[0].text
    );
    assert!(
        last.messages[0].board.is_some(),
        "the finished board is shown to draw"
    );
    assert!(matches!(
        record(&service, 1).stage,
        Stage::Finished {
            ending: Ending::ActivityDone
        }
    ));
}

#[test]
fn a_team_in_rotation_says_which_member_plays() {
    let service = service();
    let teacher = class(&service);
    send(&service, &teacher, "class add Dan Eva");
    assert_eq!(
        keys(&send(&service, &teacher, "class team Lions Ana Bob Chloé")),
        ["class-team-rotation"]
    );
    assert_eq!(
        keys(&send(&service, &teacher, "class team Tigers Dan Eva order=any")),
        ["class-team-any"]
    );
    let dan = discord("dan_account", 30);
    let bob = discord("bob_account", 31);
    send(&service, &teacher, "class bind Dan <@30>");
    send(&service, &teacher, "class bind Bob <@31>");
    let started = send(&service, &teacher, "class match Lions Tigers fano cells=7");
    let board = &started.messages[0].board.as_ref().unwrap().plain;
    assert!(board.contains("Lions: Ana"), "{board}");
    // Ana's turn for the Lions: Bob's account must wait for his turn.
    assert_eq!(keys(&send(&service, &bob, "move #1 @1")), ["class-not-your-seat"]);
    send(&service, &teacher, "move #1 @1");
    // The Tigers: anyone, so Dan's account may move.
    let reply = send(&service, &dan, "move #1 @7");
    assert_eq!(reply.messages[0].key, "move-played");
    let board = &reply.messages[0].board.as_ref().unwrap().plain;
    assert!(board.contains("Lions: Bob"), "{board}");
    assert_eq!(keys(&send(&service, &bob, "move #1 @3"))[0], "move-played");
    let board = send(&service, &bob, "board #1").messages[0]
        .board
        .clone()
        .unwrap()
        .plain;
    assert!(board.contains("Tigers: anyone"), "{board}");
}

#[test]
fn a_swiss_tournament_of_five_pairs_without_rematches() {
    let service = service();
    let teacher = class(&service);
    send(&service, &teacher, "class add Dan Eva");
    let started = send(&service, &teacher, "class tournament fano cells=5 swiss rounds=3");
    assert_eq!(keys(&started), ["class-round", "class-dashboard-update"]);
    assert!(started.messages[0].text.starts_with("Round 1 of 3 (Fano):"));
    assert_eq!(
        keys(&send(&service, &teacher, "class tournament fano")),
        ["class-tournament-running"]
    );
    assert_eq!(
        keys(&send(&service, &teacher, "class tournament fano teams")),
        ["class-too-few-teams"]
    );
    let mut met = std::collections::BTreeSet::new();
    let mut next_id = 1;
    for round in 1..=3 {
        // Two games per round (5 entrants, one bye): White wins each by the teacher's result.
        for id in next_id..next_id + 2 {
            let players = record(&service, id).players.unwrap();
            let pair = (players[0].local().to_owned(), players[1].local().to_owned());
            let key = if pair.0 < pair.1 {
                pair.clone()
            } else {
                (pair.1.clone(), pair.0.clone())
            };
            assert!(met.insert(key), "round {round}: rematch {pair:?}");
            send(&service, &teacher, &format!("class result #{id} white"));
        }
        next_id += 2;
    }
    let standings = send(&service, &teacher, "class standings");
    assert!(
        standings.messages[0]
            .text
            .starts_with("Standings, Fano, after round 3 of 3:"),
        "{}",
        standings.messages[0].text
    );
    let csv = send(&service, &teacher, "class csv");
    let lines: Vec<&str> = csv.messages[0].text.lines().collect();
    assert_eq!(
        lines[1],
        "round,match,first,second,result,first_points,second_points,moves"
    );
    // 6 games and 3 byes.
    assert_eq!(lines.len(), 2 + 6 + 3);
    assert_eq!(lines.iter().filter(|line| line.contains(",bye,")).count(), 3);
    // Every stored record, the class with its tournament included, decodes (`lalao check`).
    let (entries, errors) = Upkeep(&service).check_store().unwrap();
    // schema, sequence, 6 matches, the class, the teacher's name.
    assert!(entries >= 10 && errors.is_empty(), "{entries} {errors:?}");
}

#[test]
fn en_gehe_teams_on_a_small_board_with_the_sowing_replay() {
    let service = service();
    let teacher = class(&service);
    send(&service, &teacher, "class team Lions Ana Bob");
    send(&service, &teacher, "class team Tigers Chloé");
    let started = send(&service, &teacher, "class match Lions Tigers engehe holes=6");
    assert_eq!(
        started.messages[0].key, "class-match-started",
        "{}",
        started.messages[0].text
    );
    let board = &started.messages[0].board.as_ref().unwrap().plain;
    assert!(board.contains("Lions: Ana"), "{board}");
    let first = |service: &App| record(service, 1).current_game().unwrap().legal_moves()[0].clone();
    let reply = send(&service, &teacher, &format!("move #1 {}", first(&service)));
    let keys = keys(&reply);
    assert_eq!(keys[0], "move-played");
    // 4 seeds a hole: the first sowing relays, so the move is replayed lap by lap.
    let steps = keys.iter().filter(|key| **key == "class-replay-step").count();
    assert!(steps >= 2, "{keys:?}");
    assert!(
        reply.messages[1].text.starts_with("Step 1 of"),
        "{}",
        reply.messages[1].text
    );
    assert!(reply.messages[1].board.is_some());
    assert_eq!(keys.last(), Some(&"class-dashboard-update"));
    send(&service, &teacher, &format!("move #1 {}", first(&service)));
    let board = send(&service, &teacher, "board #1").messages[0]
        .board
        .clone()
        .unwrap()
        .plain;
    assert!(board.contains("Lions: Bob"), "{board}");
    // The same teams in a one-command tournament (2×8 board): one round; the circle method's
    // fixed seat (the last entrant) plays first in odd rounds.
    send(&service, &teacher, "class result #1 draw");
    let started = send(&service, &teacher, "class tournament engehe holes=8 teams");
    assert!(
        started.messages[0]
            .text
            .ends_with("Round 1 of 1 (En Gehé):\n#2: Tigers (South) against Lions (North)"),
        "{}",
        started.messages[0].text
    );
    assert_eq!(record(&service, 2).options["holes"], 8);
}

#[test]
fn a_round_robin_of_three_rests_one_pupil_and_a_cancelled_match_closes_its_round() {
    let service = service();
    let teacher = class(&service);
    let started = send(&service, &teacher, "class tournament fano cells=5");
    assert_eq!(
        started.messages[0].text,
        "Round 1 of 3 (Fano):\n#1: Ana (White) against Bob (Black)\nChloé rests this round (and gets 2 points)."
    );
    let cancelled = send(&service, &teacher, "cancel #1");
    assert_eq!(
        keys(&cancelled),
        ["match-cancelled", "class-round", "class-dashboard-update"]
    );
    assert!(cancelled.messages[1].text.starts_with("Round 2 of 3 (Fano):"));
    let standings = send(&service, &teacher, "class standings").messages[0]
        .text
        .clone();
    // The cancelled game counts for nobody; the byes of rounds 1 (Chloé) and 2 (Ana) count
    // as soon as they are paired.
    assert_eq!(
        standings,
        "Standings, Fano, after round 2 of 3:\n\
#    Name     P    W    D    L  Pts   SB\n\
1    Ana      0    0    0    0    2    0\n\
1    Chloé    0    0    0    0    2    0\n\
3    Bob      0    0    0    0    0    0"
    );
}

/// A class's language and style override everyone's in its channel, so not
/// anyone may create one, and its teacher (or a moderator) can change it or take it away.
#[test]
fn class_squatting_is_refused_and_a_class_can_be_changed_or_deleted() {
    let service = service();
    let squatter = discord("Eve", 8);
    let reply = send(&service, &squatter, "class new Mine lang=fr");
    assert_eq!(keys(&reply), ["class-new-moderators"]);
    assert!(reply.refused());
    assert!(matches!(service.class_of(&squatter.channel), Ok(None)));
    let teacher = class(&service);
    // Names are capped like pupils' names, and hold no Markdown.
    let long = "x".repeat(41);
    for name in [long.as_str(), "[Verify](https://evil.example)", "<@123>"] {
        assert_eq!(
            keys(&send(&service, &teacher, &format!("class settings name={name}"))),
            ["parse-bad-value"],
            "{name}"
        );
    }
    // Strangers may neither change nor delete it.
    for line in ["class settings lang=fr", "class delete"] {
        assert_eq!(
            keys(&send(&service, &squatter, line)),
            ["class-teacher-only"],
            "{line}"
        );
    }
    let changed = send(&service, &teacher, "class settings name=CE2 lang=fr style=text");
    assert_eq!(keys(&changed), ["class-settings"]);
    assert_eq!(
        changed.messages[0].text,
        "La classe « CE2 » : langue fr, plateaux text. Un élève qui finit une leçon sur sa place attend la suivante que vous donnez. Les parties, leçons et devoirs finis sont gardés jusqu'à ce que vous supprimiez la classe."
    );
    // In French, the setting is `suite`; `oui` and `non` say it.
    let next = send(&service, &teacher, "classe réglages suite=oui");
    assert_eq!(
        next.messages[0].text,
        "La classe « CE2 » : langue fr, plateaux text. Un élève qui finit une leçon sur sa place peut y commencer la suivante. Les parties, leçons et devoirs finis sont gardés jusqu'à ce que vous supprimiez la classe."
    );
    assert!(service.class_of(&teacher.channel).ok().flatten().unwrap().0.go_on);
    assert_eq!(
        keys(&send(&service, &teacher, "class settings next=maybe")),
        ["parse-bad-value"]
    );
    // An active class match keeps the class.
    send(&service, &teacher, "class match Ana Bob fano cells=5");
    let refused = send(&service, &teacher, "class delete");
    assert_eq!(keys(&refused), ["class-delete-active"]);
    assert!(
        refused.messages[0].text.contains("#1"),
        "{}",
        refused.messages[0].text
    );
    send(&service, &teacher, "class result #1 draw");
    let screen = service.with_live_pages("https://lalao.example.org");
    let told = send(&screen, &teacher, "class link").messages[0].text.clone();
    let at = told.find("/class/").expect("a class link") + "/class/".len();
    let token = told[at..at + 64].to_owned();
    assert!(ClassScreens(&screen).class_screen(&token).unwrap().is_some());
    let deleted = send(&screen, &teacher, "class delete");
    assert_eq!(keys(&deleted), ["class-deleted"]);
    assert_eq!(
        deleted.messages[0].text,
        "La classe « CE2 » est supprimée avec tout ce qu’elle gardait de ses élèves (1 partie finie) \
         : ce salon redevient un salon ordinaire."
    );
    assert!(matches!(screen.class_of(&teacher.channel), Ok(None)));
    // Its pupils' games went with it, and nothing points to them.
    assert!(screen.load(MatchId(1)).ok().flatten().is_none());
    let pupils: Vec<_> = screen
        .store()
        .scan_all()
        .unwrap()
        .into_iter()
        .filter(|(_, value)| String::from_utf8_lossy(value).contains("seat:"))
        .collect();
    assert!(pupils.is_empty(), "{pupils:?}");
    assert_eq!(Upkeep(&screen).check_store().unwrap().1, Vec::<String>::new());
    // Its screen went with it: no pointer is left behind.
    assert!(ClassScreens(&screen).class_screen(&token).unwrap().is_none());
    assert!(screen
        .store()
        .scan_prefix(crate::store::keys::SCREEN_PREFIX)
        .unwrap()
        .is_empty());
    let service = screen;
    // The channel is ordinary again: a player's own language applies.
    assert_eq!(keys(&send(&service, &squatter, "help")), ["help"]);
    assert!(send(&service, &squatter, "help").messages[0]
        .text
        .starts_with("The five games I know:"));
}

/// The dashboard lists the active matches and the latest finished ones, not every
/// match ever played; one account holds one seat; a pupil plays for one team; teams are capped.
#[test]
fn the_dashboard_stays_short_and_seats_and_teams_do_not_overlap() {
    let service = service();
    let teacher = class(&service);
    for n in 1..=12u64 {
        send(&service, &teacher, "class match Ana Bob fano cells=3");
        send(&service, &teacher, &format!("class result #{n} Ana"));
    }
    send(&service, &teacher, "class match Bob Chloé fano cells=5");
    let dashboard = send(&service, &teacher, "class dashboard");
    let text = &dashboard.messages[0].text;
    assert!(text.starts_with("Class “CE1”, matches (13):"), "{text}");
    assert!(text.contains("\n#13 "), "the active match is listed: {text}");
    assert!(
        text.contains("\n#3 ") && !text.contains("\n#2 "),
        "ten finished ones: {text}"
    );
    assert!(
        text.ends_with("… and 2 earlier finished matches (`/class standings` counts them all)."),
        "{text}"
    );
    // One account, one seat.
    assert_eq!(
        keys(&send(&service, &teacher, "class bind Ana <@7>")),
        ["class-bound"]
    );
    let taken = send(&service, &teacher, "class bind Bob <@7>");
    assert_eq!(keys(&taken), ["class-account-taken"]);
    // One pupil, one team.
    send(&service, &teacher, "class team Lions Ana Bob");
    let overlap = send(&service, &teacher, "class team Tigers Bob Chloé");
    assert_eq!(keys(&overlap), ["class-team-overlap"]);
    assert_eq!(
        overlap.messages[0].text,
        "Bob already plays for the team Lions: one pupil, one team."
    );
    // Redefining a team with its own members is fine.
    assert_eq!(
        keys(&send(&service, &teacher, "class team Lions Ana Chloé")),
        ["class-team-rotation"]
    );
}

/// The end of a tournament is announced once, and a pupil moving from their own
/// direct message still moves the tournament on in the class's channel.
#[test]
fn the_end_of_a_tournament_is_announced_once_in_the_class_channel() {
    let service = service();
    let teacher = class(&service);
    send(&service, &teacher, "class remove Chloé");
    let started = send(&service, &teacher, "class tournament fano cells=3");
    assert!(
        started.messages[0].text.starts_with("Round 1 of 1 (Fano):"),
        "{}",
        started.plain()
    );
    let commits = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = commits.clone();
    service
        .changes()
        .subscribe(move |changed| seen.lock().unwrap().push(changed.clone()));
    let over = send(&service, &teacher, "class result #1 Ana");
    // The result and the tournament's end are one commit: a crash cannot keep one without the other.
    assert_eq!(
        *commits.lock().unwrap(),
        [crate::kernel::changes::Changed {
            matches: vec![MatchId(1)],
            classes: vec![teacher.channel.clone()],
        }]
    );
    let announced: Vec<_> = over
        .messages
        .iter()
        .filter(|message| message.key == "class-tournament-over")
        .collect();
    assert_eq!(announced.len(), 1, "{:?}", keys(&over));
    assert_eq!(
        announced[0].audience,
        crate::kernel::Audience::Channel(teacher.channel.clone())
    );
    // A friendly match afterwards does not announce it again.
    send(&service, &teacher, "class match Ana Bob fano cells=3");
    let later = send(&service, &teacher, "class result #2 Bob");
    assert!(
        !keys(&later).contains(&"class-tournament-over"),
        "{:?}",
        keys(&later)
    );
    let again = send(&service, &teacher, "class standings");
    assert!(!keys(&again).contains(&"class-tournament-over"));
}

/// Class matches count against a cap of their own in the class's channel: past it, `class
/// match` is refused and makes nothing, and finishing a match makes room again.
#[test]
fn class_matches_stop_at_their_cap() {
    let service = service();
    let teacher = class(&service);
    let cap = crate::kernel::class_matches::MAX_ACTIVE_CLASS_MATCHES;
    for n in 0..cap {
        let made = send(&service, &teacher, "class match Ana Bob fano cells=5");
        assert_eq!(made.outcome, crate::kernel::Outcome::Applied, "match {n}");
    }
    let refused = send(&service, &teacher, "class match Ana Bob fano cells=5");
    assert_eq!(keys(&refused), ["channel-full"]);
    assert_eq!(
        refused.messages[0].text,
        format!(
            "This channel already has {cap} matches in progress or waiting: finish or cancel some first."
        )
    );
    assert!(
        service.load(MatchId(cap as u64 + 1)).ok().flatten().is_none(),
        "nothing made"
    );
    send(&service, &teacher, "cancel #1");
    assert_eq!(
        send(&service, &teacher, "class match Ana Bob fano cells=5").outcome,
        crate::kernel::Outcome::Applied
    );
}

/// A class match, and every match of every round of a tournament, start from the position
/// the teacher set; a position the rules refuse starts nothing.
#[test]
fn class_matches_and_tournaments_start_from_a_set_position() {
    let service = service();
    let teacher = class(&service);
    let made = send(
        &service,
        &teacher,
        "class match Ana Bob fano position=..WB... w 1 1",
    );
    assert_eq!(made.outcome, crate::kernel::Outcome::Applied);
    assert_eq!(record(&service, 1).start.as_deref(), Some("..WB... w 1 1"));
    assert_eq!(
        record(&service, 1).current_game().unwrap().position(),
        "..WB... w 1 1"
    );
    let refused = send(
        &service,
        &teacher,
        "class match Ana Bob fano position=..WX... w 1 1",
    );
    assert_eq!(
        refused.messages[0].text,
        "I cannot read that Fano position. Write it the way lalao writes positions, like this start: `....... w 2 2`"
    );
    assert!(service.load(MatchId(2)).ok().flatten().is_none());
    // No more seeds than a real game of it ever holds, as for `play … position=`.
    let heavy = send(
        &service,
        &teacher,
        "class match Ana Bob katro position=3,2,2/2,2,2/2,2,2/2,2,2/2,2,2/2,2,2 s",
    );
    assert_eq!(
        heavy.messages[0].text,
        "That Katro position holds 37 seeds, more than a game of Katro on that board ever has (36). Choose one with 36 seeds at most."
    );
    assert!(service.load(MatchId(2)).ok().flatten().is_none());
    send(&service, &teacher, "cancel #1");

    send(&service, &teacher, "class tournament fano position=..WB... w 1 1");
    let class = service.class_of(&teacher.channel).ok().flatten().unwrap().0;
    let tournament = class.tournament.unwrap();
    assert_eq!(tournament.start.as_deref(), Some("..WB... w 1 1"));
    let starts_set = |round: &crate::record::Round| {
        for game in &round.games {
            let game = record(&service, game.match_id.0).current_game().unwrap();
            assert_eq!(game.position(), "..WB... w 1 1");
        }
    };
    // Three pupils: one game and a bye in the first round.
    let games = &tournament.rounds[0].games;
    assert_eq!(games.len(), 1);
    starts_set(&tournament.rounds[0]);
    // The next round too, paired when the first ends.
    let winner = tournament.entrants[games[0].white].clone();
    send(
        &service,
        &teacher,
        &format!("class result #{} {winner}", games[0].match_id.0),
    );
    let class = service.class_of(&teacher.channel).ok().flatten().unwrap().0;
    let tournament = class.tournament.unwrap();
    assert_eq!(tournament.rounds.len(), 2);
    starts_set(&tournament.rounds[1]);
}

/// A store that counts the match records read from it.
struct CountingMatches {
    inner: MemoryStore,
    match_reads: std::sync::atomic::AtomicUsize,
}

impl crate::store::Store for CountingMatches {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, crate::store::StoreError> {
        if key.starts_with(crate::store::keys::MATCH_PREFIX) {
            self.match_reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        self.inner.get(key)
    }

    fn iter_prefix<'a>(&'a self, prefix: &[u8]) -> crate::store::EntryIter<'a> {
        self.inner.iter_prefix(prefix)
    }

    fn last_with_prefix(
        &self,
        prefix: &[u8],
    ) -> Result<Option<crate::store::KeyValue>, crate::store::StoreError> {
        self.inner.last_with_prefix(prefix)
    }

    fn commit(&self, txn: &crate::store::Txn) -> Result<crate::store::Committed, crate::store::StoreError> {
        self.inner.commit(txn)
    }

    fn snapshot(&self, each: &mut dyn FnMut(&[u8], &[u8]) -> bool) -> Result<(), crate::store::StoreError> {
        self.inner.snapshot(each)
    }

    fn sync(&self) -> Result<(), crate::store::StoreError> {
        self.inner.sync()
    }
}

/// A class that has run for years lists its active matches and its latest finished ones only:
/// older finished matches leave the class record (counted, their records kept), and putting
/// the class's matches away for a lesson reads the active ones, not every match ever played.
#[test]
fn a_long_running_class_lists_its_latest_matches_and_puts_away_only_active_ones() {
    let store = Arc::new(CountingMatches {
        inner: MemoryStore::default(),
        match_reads: Default::default(),
    });
    let service = App::new(
        store.clone(),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    )
    .with_clock(Arc::new(FixedClock(1_700_000_000)));
    service.open().unwrap();
    let teacher = class(&service);
    send(&service, &teacher, "class match Ana Bob fano");
    // Years of finished matches, as an older build left them: 500 ids in the class record.
    let (mut stored, bytes) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    stored.matches = (1000..1500).map(MatchId).chain([MatchId(1)]).collect();
    let mut txn = crate::store::Txn::default();
    txn.check(crate::store::keys::class_key(&teacher.channel), Some(bytes))
        .put(
            crate::store::keys::class_key(&teacher.channel),
            crate::record::encode(&stored),
        );
    service.commit_txn(&txn).unwrap();

    let reads = || store.match_reads.load(std::sync::atomic::Ordering::SeqCst);
    let before = reads();
    assert_eq!(
        keys(&send(&service, &teacher, "class delete")),
        ["class-delete-active"]
    );
    assert_eq!(reads() - before, 1, "the one active match, not 501");

    send(&service, &teacher, "class match Bob Chloé fano");
    let (class, _) = service.class_of(&teacher.channel).ok().flatten().unwrap();
    let kept: Vec<MatchId> = (1300..1500)
        .map(MatchId)
        .chain([MatchId(1), MatchId(2)])
        .collect();
    assert_eq!(class.earlier, 300);
    assert_eq!(class.matches, kept);
    let dashboard = send(&service, &teacher, "class dashboard");
    assert!(
        dashboard.messages[0]
            .text
            .starts_with("Class “CE1”, matches (502):"),
        "{}",
        dashboard.messages[0].text
    );
}

/// A lesson or homework has one seat on both sides: the dashboard says whose it is (the
/// class's own board is the class's) and where the pupil is, not "Ana – Ana · moves: 0".
#[test]
fn the_dashboard_names_a_lesson_or_homework_by_its_pupil() {
    let service = service();
    let teacher = class(&service);
    send(&service, &teacher, "class learn katro 3");
    send(&service, &teacher, "class homework katro 2");
    let dashboard = send(&service, &teacher, "class dashboard");
    let text = &dashboard.messages[0].text;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "Class “CE1”, matches (7):",
            "#1 the class's board · Katro · lesson 3: Left or right · step 1 of 3",
            "#2 Ana · Katro · lesson 3: Left or right · step 1 of 3",
            "#3 Bob · Katro · lesson 3: Left or right · step 1 of 3",
            "#4 Chloé · Katro · lesson 3: Left or right · step 1 of 3",
            // New pupils (1500) all get the puzzle rated nearest.
            "#5 Ana · Katro · puzzle katro-0069 · puzzle 1 of 2",
            "#6 Bob · Katro · puzzle katro-0069 · puzzle 1 of 2",
            "#7 Chloé · Katro · puzzle katro-0069 · puzzle 1 of 2",
        ],
        "{text}"
    );
}
