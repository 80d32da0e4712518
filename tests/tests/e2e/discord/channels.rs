//! What a channel and its matches look like over time: expiring challenges, per-channel
//! settings (board messages, threads), notices in the user's language, delivery retries and
//! long exports. Gateway mode; assertions on the exact REST calls.

use serde_json::{json, Value};

use super::bot::Setup;
use super::fixtures::{self, Opt, Person, ANA, BODO};
use super::gateway::{assert_ephemeral, assert_public, bot_posts, custom_id_ending, id_of, move_id, person};
use super::peer::{Call, Failure, APPLICATION_ID};
use super::{mentioned, move_labels, Table};

const DAY: i64 = 86_400;

fn channel_messages() -> String {
    format!("/api/v10/channels/{}/messages", fixtures::CHANNEL_ID)
}

/// What the bot logs once it stored a new match's message (and thread).
const POST_KNOWN: &str = "the match's post is known";

/// How many times the running bot logged `needle`.
fn logged(table: &Table, needle: &str) -> usize {
    table
        .bot
        .as_ref()
        .map_or(0, |bot| bot.log().matches(needle).count())
}

/// Ana opens a fano challenge to the channel: the interaction and the challenge message.
fn open_challenge(table: &mut Table) -> (Value, Value) {
    let stored = logged(table, POST_KNOWN);
    let (play, call) = table.slash(ANA, "play", &[Opt::str("game", "fano")]);
    assert_public(&call, 4, &[]);
    let challenge = table.original(&play);
    // The bot asks Discord which message its answer became, to find it again later…
    let token = play["token"].as_str().unwrap().to_owned();
    table
        .peer
        .wait_call(0, "looked up its challenge message", |call| {
            call.method == "GET"
                && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}/messages/@original")
        });
    // …and stores it with the match (before a restart may come).
    wait_log(table, POST_KNOWN, stored + 1);
    (play, challenge)
}

/// Waits until the bot's log holds `needle` at least `count` times.
fn wait_log(table: &Table, needle: &str, count: usize) {
    let bot = table.bot.as_ref().expect("bot running");
    bot.wait_for(&format!("{count} × {needle:?}"), super::peer::PATIENCE, |log| {
        log.matches(needle).count() >= count
    });
}

#[test]
fn an_expired_challenge_loses_its_buttons_and_a_late_click_is_told_why() {
    let mut table = Table::gateway(Setup::default());
    let (_, challenge) = open_challenge(&mut table);
    let challenge_id = id_of(&challenge);
    assert!(custom_id_ending(&challenge, ":a").contains(":a"));

    // Eight days later (challenges expire after seven) the scheduler expires it at start.
    table.setup.clock_offset = 8 * DAY;
    let mark = table.peer.mark();
    table.restart();
    let path = format!("{}/{challenge_id}", channel_messages());
    let edit = table
        .peer
        .wait_call(mark, "edited the expired challenge", |call| {
            call.method == "PATCH" && call.path == path
        });
    assert_eq!(edit.body["components"], json!([]), "{}", edit.body);
    assert_eq!(edit.body["allowed_mentions"], json!({"parse": []}));
    // The channel is told too, pinging the challenger; the edited message says the same, unpinged.
    table.peer.wait_count(1, "announced the expiry", |call| {
        call.method == "POST" && call.path == channel_messages()
    });
    let notices = bot_posts(&table, mark);
    assert_eq!(notices.len(), 1, "{notices:?}");
    let notice = notices[0].1["content"].as_str().unwrap();
    let said = edit.body["content"].as_str().unwrap();
    assert_eq!(notice, format!("<@{}> {said}", ANA.id));
    assert!(said.contains("#1"), "{said}");
    let stored = table.peer.message(challenge_id);
    assert!(fixtures::components(&stored).is_empty());
    assert_eq!(stored["content"], said);

    // Bodo's client still shows the old buttons: a click is answered privately, in his language,
    // and changes nothing.
    let mark = table.peer.mark();
    let call = table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
    let text = assert_ephemeral(&call);
    assert_eq!(
        text,
        "Challenge #1 has expired: nobody accepted it in time. Start a new one with /lalao play."
    );
    assert_eq!(
        table.peer.calls_since(mark).len(),
        1,
        "one ephemeral answer and nothing else"
    );
    let (_, call) = table.slash(BODO, "accept", &[Opt::Int("match", 1)]);
    assert_eq!(call.body["data"]["flags"], 64, "{}", call.body);
    table.peer.assert_no_unknown_routes();
}

/// Member permissions with *Manage Messages*: a channel moderator.
const MODERATOR_PERMISSIONS: &str = "2248473465843265";

/// `/lalao <sub>` from `person` with moderator permissions in the channel.
pub(super) fn slash_as_moderator(table: &mut Table, person: Person, sub: &str, options: &[Opt]) -> Call {
    let mut interaction = fixtures::slash(&table.peer, person, sub, options);
    interaction["member"]["permissions"] = json!(MODERATOR_PERMISSIONS);
    table.send(&interaction)
}

#[test]
fn a_channel_chooses_new_board_messages_over_the_bots_setting() {
    // The bot edits boards in place unless a channel says otherwise.
    let mut table = Table::gateway(Setup::default());

    // Only moderators change it; a mistake is explained; neither changes anything.
    let (_, call) = table.slash(BODO, "channel", &[Opt::str("settings", "boards=new")]);
    assert_eq!(
        assert_ephemeral(&call),
        "Only moderators of this channel can change its settings."
    );
    let call = slash_as_moderator(
        &mut table,
        BODO,
        "channel",
        &[Opt::str("settings", "boards=sideways")],
    );
    let refusal = assert_ephemeral(&call);
    assert!(refusal.contains("boards=edit|new|default"), "{refusal}");
    let (_, call) = table.slash(BODO, "channel", &[]);
    let shown = assert_ephemeral(&call);
    assert!(shown.contains("\nBoards: as the bot is set up. "), "{shown}");

    let call = slash_as_moderator(&mut table, BODO, "channel", &[Opt::str("settings", "boards=new")]);
    let saved = assert_ephemeral(&call);
    assert!(saved.starts_with("Saved. "), "{saved}");
    assert!(
        saved.contains("\nBoards: each move posts a new board. "),
        "{saved}"
    );

    // Accepting and moving now strip the clicked board and post a new one.
    let (play, _) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    let challenge = table.original(&play);
    let mut board = challenge.clone();
    for step in 0..2 {
        let (player, custom_id) = if step == 0 {
            (BODO, custom_id_ending(&board, ":a"))
        } else {
            let text = move_labels(&board)[0].clone();
            (person(mentioned(&board)[0]), move_id(&board, &text))
        };
        let interaction = fixtures::click(&table.peer, player, &board, &custom_id);
        let call = table.send(&interaction);
        assert_eq!(call.body, json!({"type": 7, "data": {"components": []}}));
        let token = interaction["token"].as_str().unwrap().to_owned();
        let followup = table.peer.wait_call(0, "posted the new board", |call| {
            call.method == "POST" && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}")
        });
        assert_eq!(followup.body["flags"], 0);
        assert_ne!(id_of(&followup.response), id_of(&board));
        board = followup.response.clone();
    }

    // Back to the bot's setting: the next move edits the board it was played from.
    slash_as_moderator(
        &mut table,
        BODO,
        "channel",
        &[Opt::str("settings", "boards=default")],
    );
    let text = move_labels(&board)[0].clone();
    let mark = table.peer.mark();
    let call = table.click(person(mentioned(&board)[0]), &board, &move_id(&board, &text));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    assert!(!fixtures::components(&call.body["data"]).is_empty());
    assert_eq!(
        table.peer.calls_since(mark).len(),
        1,
        "one UPDATE_MESSAGE and nothing else"
    );
    table.peer.assert_no_unknown_routes();
}

/// The direct messages the bot posted to `person` so far: their contents, in order.
pub(super) fn dms_to(table: &Table, person: Person) -> Vec<String> {
    let Some(dm) = table.peer.dm_channel(person.id) else {
        return Vec::new();
    };
    bot_posts(table, 0)
        .into_iter()
        .filter(|(channel, _)| *channel == dm)
        .map(|(_, body)| body["content"].as_str().unwrap().to_owned())
        .collect()
}

/// Clicks the first legal move on `board` as the player it names; returns the updated board.
pub(super) fn play_first_move(table: &mut Table, board: &Value) -> Value {
    let text = move_labels(board)[0].clone();
    let call = table.click(person(mentioned(board)[0]), board, &move_id(board, &text));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    table.peer.message(id_of(board))
}

#[test]
fn notices_are_in_the_players_discord_language_until_they_choose_one() {
    let mut table = Table::gateway(Setup::default());
    // Bodo (English client) challenges Ana (French client) to a timed match: he moves first.
    let (play, _) = table.slash(
        BODO,
        "play",
        &[
            Opt::str("game", "fano"),
            Opt::User("opponent", ANA),
            Opt::str("options", "time=1h"),
        ],
    );
    let challenge = table.original(&play);
    table.click(ANA, &challenge, &custom_id_ending(&challenge, ":a"));
    let (_, call) = table.slash(ANA, "notify", &[Opt::str("settings", "dm=on")]);
    assert!(assert_ephemeral(&call).contains("Messages privés"));
    let mut board = table.peer.message(id_of(&challenge));
    assert_eq!(mentioned(&board), vec![BODO.id]);

    // Bodo moves: Ana's turn notice, by direct message, is in her client's language (she never
    // chose one in lalao).
    board = play_first_move(&mut table, &board);
    let dms = wait_dms(&table, ANA, 1);
    assert_eq!(dms.len(), 1, "{dms:?}");
    assert!(dms[0].starts_with("Ana, c’est à toi de jouer dans "), "{dms:?}");

    // Ana chooses English in lalao: that wins over her client from now on.
    table.slash(ANA, "settings", &[Opt::str("language", "en")]);
    board = play_first_move(&mut table, &board);
    play_first_move(&mut table, &board);
    let dms = wait_dms(&table, ANA, 2);
    assert_eq!(dms.len(), 2, "{dms:?}");
    assert!(dms[1].starts_with("Ana, it is your turn in "), "{dms:?}");
    table.peer.assert_no_unknown_routes();
}

/// Waits until the bot has sent `person` at least `count` direct messages; returns them all.
pub(super) fn wait_dms(table: &Table, person: Person, count: usize) -> Vec<String> {
    let deadline = std::time::Instant::now() + super::peer::PATIENCE;
    loop {
        let dms = dms_to(table, person);
        if dms.len() >= count {
            return dms;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{} got {dms:?}, expected {count} direct messages",
            person.global_name
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The bot's POSTs of channel notices since `mark`.
fn notice_attempts(table: &Table, mark: usize) -> Vec<Call> {
    table
        .peer
        .calls_since(mark)
        .into_iter()
        .filter(|call| call.method == "POST" && call.path == channel_messages())
        .collect()
}

#[test]
fn a_notice_that_fails_for_a_while_is_retried_and_shown_once() {
    let mut table = Table::gateway(Setup::default());
    open_challenge(&mut table);
    // The expiry notice's first post fails after Discord created the message anyway (500), the
    // second is rate limited (429); the third goes through.
    table.peer.fail_next(
        "POST",
        &channel_messages(),
        vec![Failure::server_error_after_creating(), Failure::rate_limited(0.2)],
    );
    table.setup.clock_offset = 8 * DAY;
    let mark = table.peer.mark();
    table.restart();
    table
        .peer
        .wait_call(mark, "posted the notice successfully", |call| {
            call.method == "POST" && call.path == channel_messages() && call.status == 200
        });
    let attempts = notice_attempts(&table, mark);
    let statuses: Vec<u16> = attempts.iter().map(|call| call.status).collect();
    assert_eq!(statuses, [500, 429, 200]);
    // Every attempt is the same message with the same nonce, so Discord keeps one.
    let nonce = &attempts[0].body["nonce"];
    assert!(nonce.as_str().is_some_and(|nonce| nonce.starts_with("lalao")));
    for attempt in &attempts {
        assert_eq!(attempt.body, attempts[0].body);
        assert_eq!(attempt.body["enforce_nonce"], true);
    }
    let shown = table.peer.messages_with_nonce(nonce);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_eq!(id_of(&shown[0]), id_of(&attempts[2].response));
    // Delivered: nothing more is sent.
    std::thread::sleep(std::time::Duration::from_secs(3));
    assert_eq!(notice_attempts(&table, mark).len(), 3);
    table.peer.assert_no_unknown_routes();
}

#[test]
fn a_notice_to_a_channel_that_is_gone_is_dropped_with_a_log_line() {
    let mut table = Table::gateway(Setup::default());
    open_challenge(&mut table);
    open_challenge(&mut table);
    table.peer.fail_next(
        "POST",
        &channel_messages(),
        vec![Failure::unknown_channel(), Failure::missing_access()],
    );
    table.setup.clock_offset = 8 * DAY;
    let mark = table.peer.mark();
    table.restart();
    let bot = table.bot.as_ref().expect("bot running");
    let dropped = "a notification cannot be delivered and is dropped";
    bot.wait_for("two dropped notifications", super::peer::PATIENCE, |log| {
        log.matches(dropped).count() >= 2
    });
    let log = bot.log();
    assert!(log.contains("Unknown Channel"), "{log}");
    assert!(log.contains("Missing Access"), "{log}");
    // Each was tried once; nothing loops (retries would come after 1 s, 2 s…).
    std::thread::sleep(std::time::Duration::from_secs(4));
    let statuses: Vec<u16> = notice_attempts(&table, mark)
        .iter()
        .map(|call| call.status)
        .collect();
    assert_eq!(statuses, [404, 403]);
    assert_eq!(table.bot.as_ref().unwrap().log().matches(dropped).count(), 2);
}

/// A practice move for a long game: never one that ends it, and not always the same one, so
/// the game wanders instead of repeating.
fn wandering_move(game: &lalao_core::AnyGame) -> String {
    let legal = game.legal_moves();
    let open: Vec<&String> = legal
        .iter()
        .filter(|text| {
            let mut next = game.clone();
            next.play(text).unwrap();
            next.outcome().is_none()
        })
        .collect();
    assert!(
        !open.is_empty(),
        "the practice game has to end after {} plies",
        game.ply()
    );
    open[(game.ply() as usize * 7) % open.len()].clone()
}

#[test]
fn a_long_export_is_sent_as_files_rather_than_cut() {
    let mut table = Table::gateway(Setup::default());
    let kind = lalao_core::GameKind::Samantsy;
    let (_, call) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", "samantsy"), Opt::Bool("practice", true)],
    );
    assert_eq!(call.body["data"]["flags"], 0, "{}", call.body);
    // Enough moves that the numbered move list alone is well over 2,000 characters.
    let mut moves: Vec<String> = Vec::new();
    let mut game = super::replay(kind, &[]);
    let listed = |moves: &[String]| -> usize {
        moves
            .iter()
            .enumerate()
            .map(|(n, text)| format!("{}. {text} ", n + 1).len())
            .sum()
    };
    while listed(&moves) < 2_400 {
        let text = wandering_move(&game);
        let (_, call) = table.slash(ANA, "move", &[Opt::str("move", text.clone())]);
        assert_eq!(call.body["data"]["flags"], 0, "{text}: {}", call.body);
        game.play(&text).unwrap();
        moves.push(text);
    }

    // Bodo (English client) exports it: a short public answer with the two files.
    let (_, call) = table.slash(BODO, "export", &[Opt::Int("match", 1)]);
    assert_eq!(call.method, "POST");
    assert_eq!(call.body["type"], 4, "{}", call.body);
    let data = &call.body["data"];
    assert_eq!(
        data["content"],
        "Match #1 is too long for one message: its move list and its JSON record (which `lalao rules` replays) are attached."
    );
    assert_eq!(data["flags"], 0);
    let attachments: Vec<(u64, String)> = data["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["id"].as_u64().unwrap(),
                a["filename"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        attachments,
        [
            (0, "lalao-1-moves.txt".to_owned()),
            (1, "lalao-1.json".to_owned())
        ]
    );
    let files = call.body["_files"].as_array().unwrap();
    let fields: Vec<&str> = files.iter().map(|f| f["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["files[0]", "files[1]"]);
    let list = files[0]["content"].as_str().unwrap();
    let numbered: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(n, text)| format!("{}. {text}", n + 1))
        .collect();
    assert!(list.contains(&numbered.join(" ")), "{list}");
    assert!(!list.contains('…'), "nothing is cut");
    let record: Value = serde_json::from_str(files[1]["content"].as_str().unwrap()).unwrap();
    assert_eq!(record["game"], "samantsy");
    assert_eq!(record["moves"], json!(moves));

    // The history has no JSON record: one file.
    let (_, call) = table.slash(BODO, "history", &[Opt::Int("match", 1)]);
    let data = &call.body["data"];
    assert_eq!(
        data["content"],
        "Match #1 is too long for one message: its move list is attached."
    );
    let files = call.body["_files"].as_array().unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["filename"], "lalao-1-moves.txt");
    assert!(files[0]["content"]
        .as_str()
        .unwrap()
        .contains(&numbered.join(" ")));

    // A short match's export is still plain text. A practice match started on Discord says
    // how to play there: with the board's buttons or the move command, never "type".
    let mark = table.peer.mark();
    table.slash(
        BODO,
        "play",
        &[Opt::str("game", "fano"), Opt::Bool("practice", true)],
    );
    let said: String = table
        .peer
        .calls_since(mark)
        .iter()
        .map(|call| call.body.to_string())
        .collect();
    assert!(
        (said.contains("Play a move with the buttons under the board, or with `/lalao ")
            || said.contains("Joue un coup avec les boutons sous le plateau, ou avec `/lalao "))
            && !said.contains("Type a move")
            && !said.contains("Écris un coup"),
        "{said}"
    );
    // A hint in practice: privately, and written as the command Discord has, so that it
    // plays the move when followed as written.
    let (_, call) = table.slash(BODO, "hint", &[Opt::Int("match", 2)]);
    assert_eq!(
        assert_ephemeral(&call),
        "Hint for match #2: `/lalao move move:@4 match:2` — the computer likes this move best here."
    );
    let (_, call) = table.slash(BODO, "move", &[Opt::str("move", "@4"), Opt::Int("match", 2)]);
    assert!(call.body.to_string().contains("played @4"), "{}", call.body);
    let (_, call) = table.slash(BODO, "export", &[Opt::Int("match", 2)]);
    assert!(call.body["data"].get("_files").is_none(), "{}", call.body);
    assert!(call.body["data"]["content"]
        .as_str()
        .unwrap()
        .contains("\"game\":\"fano\""));
    table.peer.assert_no_unknown_routes();
}

#[test]
fn a_channel_with_threads_plays_each_match_in_its_own_thread() {
    let mut table = Table::gateway(Setup::default());
    let call = slash_as_moderator(&mut table, BODO, "channel", &[Opt::str("settings", "thread=on")]);
    let saved = assert_ephemeral(&call);
    assert!(
        saved.ends_with(" Threads: each new match starts its own thread."),
        "{saved}"
    );

    // Bodo challenges Ana: the challenge is posted in the channel, and a public thread is
    // started from it, named after the match in Bodo's language.
    let stored = logged(&table, POST_KNOWN);
    let (play, call) = table.slash(
        BODO,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", ANA)],
    );
    assert_public(&call, 4, &[ANA.id]);
    wait_log(&table, POST_KNOWN, stored + 1);
    let challenge = table.original(&play);
    let challenge_id = id_of(&challenge);
    let start = table.peer.wait_call(0, "started the match's thread", |call| {
        call.method == "POST" && call.path.ends_with("/threads")
    });
    assert_eq!(
        start.path,
        format!("{}/{challenge_id}/threads", channel_messages())
    );
    assert_eq!(
        start.body,
        json!({"name": "match #1 (Fano)", "auto_archive_duration": 1440})
    );
    let thread = start.response.clone();
    let thread_id = id_of(&thread);
    assert_eq!(table.peer.thread_parent(thread_id), Some(fixtures::CHANNEL_ID));
    let in_thread = format!("/api/v10/channels/{thread_id}/messages");

    // Ana accepts on the challenge in the channel: it keeps its text and loses its buttons, and
    // the board is posted in the thread, pinging the player to move.
    let mark = table.peer.mark();
    let call = table.click(ANA, &challenge, &custom_id_ending(&challenge, ":a"));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    assert_eq!(call.body["data"]["content"], challenge["content"]);
    assert_eq!(call.body["data"]["components"], json!([]));
    let post = table
        .peer
        .wait_call(mark, "posted the board in the thread", |call| {
            call.method == "POST" && call.path == in_thread
        });
    let mut board = post.response.clone();
    let first = person(mentioned(&board)[0]);
    assert_eq!(
        post.body["allowed_mentions"],
        json!({"parse": [], "users": [first.id.to_string()]})
    );
    assert!(post.body.get("flags").is_none(), "{}", post.body);
    assert!(!move_labels(&board).is_empty());

    // A click on the board in the thread edits it there, as in any channel.
    let text = move_labels(&board)[0].clone();
    let mark = table.peer.mark();
    let click = fixtures::in_thread(
        fixtures::click(&table.peer, first, &board, &move_id(&board, &text)),
        &thread,
    );
    let call = table.send(&click);
    assert_eq!(call.body["type"], 7, "{}", call.body);
    assert_eq!(
        table.peer.calls_since(mark).len(),
        1,
        "{:?}",
        table.peer.calls_since(mark)
    );
    board = table.peer.message(id_of(&board));
    let mut moves = vec![text];

    // A slash command in the thread finds the match without its id (the thread counts as the
    // match's channel) and is answered there.
    let second = person(mentioned(&board)[0]);
    let text = super::replay(lalao_core::GameKind::Fano, &moves).legal_moves()[0].clone();
    let mark = table.peer.mark();
    let interaction = fixtures::in_thread(
        fixtures::slash(&table.peer, second, "move", &[Opt::str("move", text.clone())]),
        &thread,
    );
    let call = table.send(&interaction);
    assert_public(&call, 4, &[first.id]);
    assert!(notice_attempts_to(&table, mark, &in_thread).is_empty());
    moves.push(text);

    // From the channel, a change to the match gets a private pointer; the thread gets the news.
    let mark = table.peer.mark();
    let (_, call) = table.slash(BODO, "resign", &[]);
    assert_eq!(
        assert_ephemeral(&call),
        format!("Done: match #1 is played in its thread, <#{thread_id}>.")
    );
    let post = table.peer.wait_call(mark, "told the thread", |call| {
        call.method == "POST" && call.path == in_thread
    });
    assert!(
        post.body["content"]
            .as_str()
            .unwrap()
            .starts_with("<@1300000000000000501> Bodo (White) gives up. Ana (Black) wins!\n"),
        "{}",
        post.body
    );

    // The scheduler's notices for a threaded match go to its thread: an open challenge expires.
    let (_, second_challenge) = open_challenge(&mut table);
    let second_start = table.peer.wait_call(0, "started the second thread", |call| {
        call.method == "POST"
            && call.path == format!("{}/{}/threads", channel_messages(), id_of(&second_challenge))
    });
    assert_eq!(second_start.body["name"], "la partie #2 (Fano)", "Ana's language");
    let second_thread = id_of(&second_start.response);
    table.setup.clock_offset = 8 * DAY;
    let mark = table.peer.mark();
    table.restart();
    let notice = table
        .peer
        .wait_call(mark, "posted the expiry in the thread", |call| {
            call.method == "POST" && call.path == format!("/api/v10/channels/{second_thread}/messages")
        });
    assert!(
        notice.body["content"].as_str().unwrap().contains("#2"),
        "{}",
        notice.body
    );
    assert!(
        notice_attempts(&table, mark).is_empty(),
        "nothing in the channel itself"
    );
    let edit = table
        .peer
        .wait_call(mark, "retired the challenge in the channel", |call| {
            call.method == "PATCH"
                && call.path == format!("{}/{}", channel_messages(), id_of(&second_challenge))
        });
    assert_eq!(edit.body["components"], json!([]));
    table.peer.assert_no_unknown_routes();
}

/// The bot's POSTs to `path` since `mark`.
fn notice_attempts_to(table: &Table, mark: usize, path: &str) -> Vec<Call> {
    table
        .peer
        .calls_since(mark)
        .into_iter()
        .filter(|call| call.method == "POST" && call.path == path)
        .collect()
}

/// The scheduler comes back after panics. The bot starts with two panics
/// injected into its scheduler loop; the turn notice that loop delivers still arrives, once, and
/// the log shows each panic and restart.
#[test]
fn the_scheduler_comes_back_after_panics_and_delivers_what_was_due() {
    let setup = Setup {
        env: vec![("LALAO_FAULT_SCHEDULER_PANICS".to_owned(), "2".to_owned())],
        ..Setup::default()
    };
    let mut table = Table::gateway(setup);
    let (play, _) = table.slash(
        BODO,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", ANA)],
    );
    let challenge = table.original(&play);
    table.click(ANA, &challenge, &custom_id_ending(&challenge, ":a"));
    table.slash(ANA, "notify", &[Opt::str("settings", "dm=on")]);
    let board = table.peer.message(id_of(&challenge));
    play_first_move(&mut table, &board);
    let dms = wait_dms(&table, ANA, 1);
    assert_eq!(dms.len(), 1, "{dms:?}");
    assert!(dms[0].starts_with("Ana, c’est à toi de jouer dans "), "{dms:?}");
    let log = table.bot.as_ref().unwrap().log();
    assert_eq!(
        log.matches("the scheduler panicked; it starts again").count(),
        2,
        "{log}"
    );
    assert!(log.contains("LALAO_FAULT_SCHEDULER_PANICS"), "{log}");
    std::thread::sleep(std::time::Duration::from_secs(1));
    assert_eq!(dms_to(&table, ANA).len(), 1, "delivered once");
    table.peer.assert_no_unknown_routes();
}
