//! `class simul`: a board per pupil against the teacher, the teacher moving only their own
//! side, the score in `class progress`, `stop` cancelling what is still played.

use std::sync::Arc;

use lalao_renderer::Locale;

use crate::clock::FixedClock;
use crate::ids::MatchId;
use crate::kernel::queries::Queries;
use crate::kernel::App;
use crate::record::{seat_user, Stage};
use crate::store::MemoryStore;
use crate::testing::{account_in_100 as pupil, app_on, keys_of as keys, say as send, teacher_in};

fn service() -> App {
    let service =
        app_on(Arc::new(MemoryStore::default()), Locale::En).with_clock(Arc::new(FixedClock(1_700_000_000)));
    service.open().unwrap();
    service
}

#[test]
fn the_teacher_plays_every_pupil_at_once_and_the_class_keeps_the_score() {
    let service = service();
    let teacher = teacher_in("100");
    send(&service, &teacher, "class new CE1 lang=en");
    send(&service, &teacher, "class add Ana Bob Chloé");
    send(&service, &teacher, "class bind Ana <@5>");
    send(&service, &teacher, "class bind Bob <@6>");
    let started = send(&service, &teacher, "class simul fano");
    assert_eq!(keys(&started)[0], "class-simul-started", "{}", started.plain());
    assert_eq!(
        started.messages[0].text,
        "A simul of Fano: Mme Rabe against 3 pupils at once. Each pupil plays first on their seat; \
         Mme Rabe answers on each board.\n#1: Ana\n#2: Bob\n#3: Chloé"
    );
    for (id, name) in [(1, "Ana"), (2, "Bob"), (3, "Chloé")] {
        let record = Queries(&service).match_record(MatchId(id)).unwrap();
        assert_eq!(record.players, Some([seat_user(name), teacher.user.clone()]));
        assert!(record.class.as_ref().unwrap().simul);
    }
    // One simul at a time.
    let again = send(&service, &teacher, "class simul katro");
    assert!(again.refused());
    assert_eq!(keys(&again), ["class-simul-running"]);

    // Pupils move first; the teacher moves only their own side.
    let ana = pupil("5");
    assert!(!send(&service, &ana, "move @1 #1").refused());
    assert!(
        send(&service, &teacher, "move @2 #2").refused(),
        "Bob's move is Bob's"
    );
    let answered = send(&service, &teacher, "move @2 #1");
    assert!(!answered.refused(), "{}", answered.plain());
    assert!(answered.plain().contains("Mme Rabe"), "{}", answered.plain());
    // Ana gives up; the teacher gives up against Bob. Each finished board starts again for its
    // pupil, in the commit that ended it (#4 for Ana, #5 for Bob), the pupil first.
    send(&service, &ana, "resign #1");
    send(&service, &teacher, "resign #2");
    for (id, name) in [(4, "Ana"), (5, "Bob")] {
        let record = Queries(&service).match_record(MatchId(id)).unwrap();
        assert_eq!(record.players, Some([seat_user(name), teacher.user.clone()]));
        assert_eq!(record.stage, Stage::Playing);
        assert_eq!(record.challenger, teacher.user);
        assert!(record.class.as_ref().unwrap().simul);
    }
    assert!(!send(&service, &ana, "move @1 #4").refused(), "Ana plays on");
    // A simul's board is not played again by hand: it starts again by itself.
    assert_eq!(keys(&send(&service, &teacher, "rematch #1")), ["rematch-simul"]);
    let progress = send(&service, &teacher, "class progress").plain();
    assert!(
        progress.ends_with(
            "Simul (Fano): the class 1 – the teacher 1\n\
             Ana lost · Bob won · Chloé is playing · Ana is playing · Bob is playing"
        ),
        "{progress}"
    );

    // Stopped: what is still played is cancelled (and starts no new board), the score stands.
    let stopped = send(&service, &teacher, "class simul stop");
    assert_eq!(
        stopped.messages[0].text,
        "The simul is over: 3 boards still played were cancelled.\nSimul (Fano): the class 1 – the teacher 1"
    );
    for id in [3, 4, 5] {
        assert!(matches!(
            Queries(&service).match_record(MatchId(id)).unwrap().stage,
            Stage::Cancelled { .. }
        ));
    }
    assert!(
        Queries(&service).match_record(MatchId(6)).is_none(),
        "no board after the stop"
    );
    assert_eq!(
        keys(&send(&service, &teacher, "class simul stop")),
        ["class-simul-none"]
    );
    // A new simul counts anew.
    send(&service, &teacher, "class simul katro");
    let progress = send(&service, &teacher, "class progress").plain();
    assert!(
        progress.ends_with(
            "Simul (Katro): the class 0 – the teacher 0\nAna is playing · Bob is playing · Chloé is playing"
        ),
        "{progress}"
    );
}

#[test]
fn only_the_class_s_managers_start_a_simul_and_a_class_needs_pupils() {
    let service = service();
    let teacher = teacher_in("100");
    send(&service, &teacher, "class new CE1 lang=en");
    assert_eq!(
        keys(&send(&service, &teacher, "class simul fano")),
        ["class-simul-no-pupils"]
    );
    send(&service, &teacher, "class add Ana");
    assert!(send(&service, &pupil("9"), "class simul fano").refused());
    assert_eq!(
        keys(&send(&service, &teacher, "class simul stop")),
        ["class-simul-none"]
    );
    // `/simul game:fano` and `/simul game:stop` are the typed lines.
    use crate::command::grammar::Given;
    let named = crate::command::command_of(
        &["class", "simul"],
        &[("game".to_owned(), Given::Text("fano".to_owned()))],
    );
    assert_eq!(
        named,
        crate::command::parse("class simul fano", false)
            .ok()
            .flatten()
            .map(Ok)
    );
    let stop = crate::command::command_of(
        &["class", "simul"],
        &[("game".to_owned(), Given::Text("stop".to_owned()))],
    );
    assert_eq!(
        stop,
        crate::command::parse("class simul stop", false)
            .ok()
            .flatten()
            .map(Ok)
    );
}

#[test]
fn with_restart_off_a_finished_board_stays_finished() {
    let service = service();
    let teacher = teacher_in("100");
    send(&service, &teacher, "class new CE1 lang=en");
    send(&service, &teacher, "class add Ana Bob");
    send(&service, &teacher, "class bind Ana <@5>");
    let started = send(&service, &teacher, "class simul fano restart=off");
    assert_eq!(keys(&started)[0], "class-simul-started", "{}", started.plain());
    send(&service, &pupil("5"), "resign #1");
    assert!(matches!(
        Queries(&service).match_record(MatchId(1)).unwrap().stage,
        Stage::Finished { .. }
    ));
    // No third board: Ana's stays finished; the score counts it.
    assert!(Queries(&service).match_record(MatchId(3)).is_none());
    let progress = send(&service, &teacher, "class progress").plain();
    assert!(
        progress.ends_with("Simul (Fano): the class 0 – the teacher 1\nAna lost · Bob is playing"),
        "{progress}"
    );
    // The French words too, and a bad value is refused by name.
    assert_eq!(
        keys(&send(&service, &teacher, "class simul stop")),
        ["class-simul-stopped"]
    );
    assert_eq!(
        keys(&send(
            &service,
            &teacher,
            "classe simultanée fano recommencer=peut-être"
        )),
        ["parse-bad-value"]
    );
}
