//! Gateway mode: interactions pushed over the fake gateway, answers read from the recorded REST
//! calls.

use lalao_core::GameKind;
use serde_json::{json, Value};

use super::bot::Setup;
use super::fixtures::{self, Opt, Person, ANA, BODO, CLARA};
use super::peer::{Call, APPLICATION_ID, BOT_TOKEN, GUILD_ID};
use super::{mentioned, move_labels, offers_only_a_rematch, replay, Table};

const EPHEMERAL: u64 = 64;

pub(super) fn custom_id_ending(message: &Value, suffix: &str) -> String {
    fixtures::components(message)
        .iter()
        .filter_map(|component| component["custom_id"].as_str())
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no component ending with {suffix:?} in {message}"))
        .to_owned()
}

pub(super) fn move_id(message: &Value, text: &str) -> String {
    custom_id_ending(message, &format!(":m:{text}"))
}

pub(super) fn person(id: u64) -> Person {
    [ANA, BODO, CLARA]
        .into_iter()
        .find(|p| p.id == id)
        .expect("a known person")
}

/// The other player of an Ana–Bodo match.
fn opponent_of(player: Person) -> Person {
    if player.id == ANA.id {
        BODO
    } else {
        ANA
    }
}

/// Asserts a response is a message of `kind` (4 new message, 7 update) visible to the channel,
/// pinging exactly `pinged`.
pub(super) fn assert_public(call: &Call, kind: u64, pinged: &[u64]) {
    assert_eq!(call.body["type"], kind, "{}", call.body);
    let data = &call.body["data"];
    assert_eq!(data["flags"], 0, "{}", call.body);
    let users: Vec<String> = pinged.iter().map(u64::to_string).collect();
    assert_eq!(
        data["allowed_mentions"],
        json!({"parse": [], "users": users}),
        "{}",
        call.body
    );
    for id in pinged {
        assert!(
            data["content"].as_str().unwrap().starts_with(&format!("<@{id}>")),
            "{}",
            call.body
        );
    }
}

pub(super) fn assert_ephemeral(call: &Call) -> String {
    assert_eq!(call.body["type"], 4, "{}", call.body);
    assert_eq!(call.body["data"]["flags"], EPHEMERAL, "{}", call.body);
    assert_eq!(
        call.body["data"]["allowed_mentions"]["users"],
        json!([]),
        "{}",
        call.body
    );
    call.body["data"]["content"].as_str().unwrap().to_owned()
}

/// Ana challenges Bodo to fano and Bodo accepts with the button: returns the board message.
fn start_fano(table: &mut Table) -> Value {
    let (play, call) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    assert_public(&call, 4, &[BODO.id]);
    let challenge = table.original(&play);
    let accept = custom_id_ending(&challenge, ":a");
    assert!(custom_id_ending(&challenge, ":d").contains(":d"));
    let mark = table.peer.mark();
    let interaction = fixtures::click(&table.peer, BODO, &challenge, &accept);
    let call = table.send(&interaction);
    let to_move = mentioned(&table.peer.message(id_of(&challenge)));
    assert_public(&call, 7, &to_move);
    assert_eq!(
        table.peer.calls_since(mark).len(),
        1,
        "accepting is one UPDATE_MESSAGE and nothing else"
    );
    table.peer.message(id_of(&challenge))
}

pub(super) fn id_of(message: &Value) -> u64 {
    message["id"].as_str().unwrap().parse().unwrap()
}

#[test]
fn connects_and_registers_localized_commands_with_the_bot_token() {
    let table = Table::gateway(Setup::default());
    let identify = &table.peer.identifies()[0];
    assert_eq!(identify["token"], format!("Bot {BOT_TOKEN}"));
    assert_eq!(identify["intents"], 0, "interactions need no gateway intent");
    let calls = table.peer.calls();
    assert!(calls
        .iter()
        .all(|call| call.authorization.as_deref() == Some(&format!("Bot {BOT_TOKEN}"))));
    let put = calls.iter().find(|call| call.method == "PUT").unwrap();
    assert_eq!(
        put.path,
        format!("/api/v10/applications/{APPLICATION_ID}/commands")
    );
    let commands = put.body.as_array().unwrap();
    assert_eq!(commands.len(), 12);
    let root = &commands[0];
    assert_eq!(root["name"], "lalao");
    // The clock's verbs are `/clock …` (`/pendule …` in French) and classroom mode's `/class …`
    // (`/classe …`), which leaves room under `/lalao` for the commands to come (Discord allows
    // 25 subcommands and 8,000 characters a command).
    let clock = &commands[1];
    assert_eq!(clock["name"], "clock");
    assert_eq!(clock["name_localizations"]["fr"], "pendule");
    let names = |command: &serde_json::Value| -> Vec<String> {
        command["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|sub| sub["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        names(clock),
        ["claim", "grant", "waive", "plan", "vacation", "notify"]
    );
    assert_eq!(names(root).len(), 24);
    assert!(names(root).contains(&"link".to_owned()));
    assert!(names(root).contains(&"hint".to_owned()));
    let class = &commands[2];
    assert_eq!(class["name"], "class");
    assert_eq!(class["name_localizations"]["fr"], "classe");
    assert_eq!(names(class).len(), 25);
    assert!(names(class).contains(&"learn".to_owned()) && names(class).contains(&"progress".to_owned()));
    assert!(names(class).contains(&"homework".to_owned()) && names(class).contains(&"puzzle".to_owned()));
    assert!(!names(root).contains(&"class".to_owned()));
    // Lessons are a command of their own, whose options are `learn`'s arguments.
    let learn = &commands[3];
    assert_eq!(learn["name"], "learn");
    assert_eq!(learn["name_localizations"]["fr"], "apprendre");
    assert_eq!(names(learn), ["game", "lesson"]);
    assert!(!names(root).contains(&"learn".to_owned()));
    // So is playing a finished match again.
    let rematch = &commands[4];
    assert_eq!(rematch["name"], "rematch");
    assert_eq!(rematch["name_localizations"]["fr"], "revanche");
    assert_eq!(names(rematch), ["match", "keep"]);
    // And puzzles, answered privately as lessons are.
    let puzzle = &commands[5];
    assert_eq!(puzzle["name"], "puzzle");
    assert_eq!(puzzle["name_localizations"]["fr"], "probleme");
    assert_eq!(names(puzzle), ["game", "daily"]);
    assert_eq!(puzzle["options"][0]["name_localizations"]["fr"], "jeu");
    // `/puzzle daily:True`: the channel's puzzle of the day, a boolean as `/lalao link new`.
    assert_eq!(puzzle["options"][1]["name_localizations"]["fr"], "jour");
    assert_eq!(puzzle["options"][1]["type"], 5);
    // `/puzzle` alone is the ratings overview: a client must let it be sent without a game.
    assert_ne!(puzzle["options"][0]["required"], true);
    assert!(!names(root).contains(&"puzzle".to_owned()));
    // And reviews of finished matches, which `/lalao` has no room left for.
    let review = &commands[6];
    assert_eq!(review["name"], "review");
    assert_eq!(review["name_localizations"]["fr"], "analyse");
    assert_eq!(names(review), ["match"]);
    assert!(!names(root).contains(&"review".to_owned()));
    // What a school keeps, where `/class` has no room left: `class report` and `class export`.
    let school = &commands[8];
    assert_eq!(school["name"], "school");
    assert_eq!(school["name_localizations"]["fr"], "ecole");
    assert_eq!(names(school), ["report", "export"]);
    assert!(!names(class).contains(&"report".to_owned()) && !names(class).contains(&"export".to_owned()));
    // A person's data, a command of its own with nothing to say.
    let my_data = &commands[9];
    assert_eq!(my_data["name"], "my-data");
    assert_eq!(my_data["name_localizations"]["fr"], "mes-donnees");
    assert!(my_data
        .get("options")
        .is_none_or(|options| options.as_array().unwrap().is_empty()));
    // The teacher against every pupil at once: a class verb that is a command of its own.
    let simul = &commands[10];
    assert_eq!(simul["name"], "simul");
    assert_eq!(simul["name_localizations"]["fr"], "simultanee");
    assert_eq!(names(simul), ["game", "options", "restart", "position"]);
    assert_eq!(simul["options"][0]["required"], true);
    assert!(simul["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["value"] == "stop"));
    // The class playing one side by vote: another class verb of its own.
    let vote = &commands[11];
    assert_eq!(vote["name"], "vote");
    assert_eq!(vote["name_localizations"]["fr"], "voter");
    assert_eq!(
        names(vote),
        ["game", "options", "against", "level", "seconds", "change", "position"]
    );
    assert_eq!(vote["options"][0]["required"], true);
    assert!(names(root).contains(&"rating".to_owned()));
    assert!(!names(root).contains(&"claim".to_owned()));
    assert!(root["description_localizations"]["fr"]
        .as_str()
        .unwrap()
        .starts_with("Jouer"));
    let play = root["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "play")
        .unwrap();
    assert_eq!(play["name_localizations"]["fr"], "jouer");
    let game = &play["options"][0];
    assert_eq!(game["name_localizations"]["fr"], "jeu");
    assert!(game["choices"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["value"] == "fano"));
    let mv = root["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "move")
        .unwrap();
    assert_eq!(mv["options"][0]["autocomplete"], true);
    assert_eq!(table.peer.global_commands()[0]["name"], "lalao");
    // Heartbeats are acknowledged, so the session stays up: still one Identify afterwards.
    table.peer.wait_heartbeats(2);
    assert_eq!(table.peer.identifies().len(), 1);
    table.peer.assert_no_unknown_routes();
}

#[test]
fn registers_in_the_development_guild_when_configured() {
    let table = Table::gateway(Setup {
        guild: Some(GUILD_ID),
        ..Setup::default()
    });
    let put = table
        .peer
        .calls()
        .into_iter()
        .find(|call| call.method == "PUT")
        .unwrap();
    assert_eq!(
        put.path,
        format!("/api/v10/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands")
    );
    assert_eq!(table.peer.guild_commands()[0]["name"], "lalao");
}

/// A complete fano match: buttons for most moves, `/lalao move` for every third one, each
/// board's buttons checked against the engine's legal moves, the player to move pinged.
#[test]
fn fano_complete_match_through_slash_commands_and_buttons() {
    let mut table = Table::gateway(Setup::default());
    let mut board = start_fano(&mut table);
    let mut moves: Vec<String> = Vec::new();
    for ply in 0.. {
        assert!(ply < 300, "the match should be over by now");
        let game = replay(GameKind::Fano, &moves);
        assert_eq!(
            move_labels(&board),
            game.legal_moves(),
            "the board offers exactly the legal moves"
        );
        if game.outcome().is_some() {
            assert!(
                mentioned(&board).is_empty(),
                "nobody is to move once the match is over"
            );
            break;
        }
        let pinged = mentioned(&board);
        assert_eq!(pinged.len(), 1, "exactly the player to move is pinged: {board}");
        let player = person(pinged[0]);
        let legal = game.legal_moves();
        // Vary the choice so that the game goes through placements, slides and captures.
        let text = legal[(ply * 7 + 3) % legal.len()].clone();
        let mark = table.peer.mark();
        if ply % 3 == 2 {
            let (interaction, call) = table.slash(player, "move", &[Opt::str("move", text.clone())]);
            moves.push(text);
            let next = replay(GameKind::Fano, &moves);
            let pinged: Vec<u64> = if next.outcome().is_some() {
                vec![]
            } else {
                mentioned(&table.original(&interaction))
            };
            assert_public(&call, 4, &pinged);
            board = table.original(&interaction);
        } else {
            let call = table.click(player, &board, &move_id(&board, &text));
            moves.push(text);
            let updated = table.peer.message(id_of(&board));
            assert_public(&call, 7, &mentioned(&updated));
            board = updated;
        }
        let over = move_labels(&table.peer.message(id_of(&board))).is_empty();
        assert_eq!(
            calls_and_endings(&table, mark),
            (1, usize::from(over)),
            "one response per move, no extra calls but the end-of-game message"
        );
        assert!(
            board["content"].as_str().unwrap().contains(moves.last().unwrap()),
            "the board shows the last move"
        );
    }
    table.peer.assert_no_unknown_routes();
}

#[test]
fn autocomplete_offers_exactly_the_legal_moves_of_the_callers_match() {
    let mut table = Table::gateway(Setup::default());
    let board = start_fano(&mut table);
    let to_move = person(mentioned(&board)[0]);
    let other = opponent_of(to_move);
    let legal = replay(GameKind::Fano, &[]).legal_moves();
    let ask = |table: &mut Table, who: Person, typed: &str| -> Vec<String> {
        let interaction =
            fixtures::autocomplete(&table.peer, who, "move", &[Opt::str("move", typed)], "move");
        let call = table.send(&interaction);
        assert_eq!(call.body["type"], 8, "{}", call.body);
        let choices = call.body["data"]["choices"].as_array().unwrap();
        choices
            .iter()
            .map(|choice| {
                assert_eq!(choice["name"], choice["value"]);
                choice["value"].as_str().unwrap().to_owned()
            })
            .collect()
    };
    assert_eq!(ask(&mut table, to_move, ""), legal);
    assert_eq!(ask(&mut table, to_move, "@"), legal);
    assert_eq!(ask(&mut table, to_move, "@3"), vec!["@3".to_owned()]);
    // Naming the match explicitly gives the same answer.
    let interaction = fixtures::autocomplete(
        &table.peer,
        to_move,
        "move",
        &[Opt::str("move", ""), Opt::Int("match", 1)],
        "move",
    );
    let call = table.send(&interaction);
    assert_eq!(
        call.body["data"]["choices"].as_array().unwrap().len(),
        legal.len()
    );
    assert!(ask(&mut table, to_move, "9-").is_empty());
    assert!(
        ask(&mut table, other, "").is_empty(),
        "not their turn: nothing to offer"
    );
    assert!(ask(&mut table, CLARA, "").is_empty(), "not their match");
}

#[test]
fn a_click_on_an_outdated_board_is_refused_politely_and_changes_nothing() {
    let mut table = Table::gateway(Setup::default());
    let board = start_fano(&mut table);
    let first = person(mentioned(&board)[0]);
    let legal = move_labels(&board);
    // The first player places; the board message now shows the next position.
    let call = table.click(first, &board, &move_id(&board, &legal[0]));
    assert_eq!(call.body["type"], 7);
    let current = table.peer.message(id_of(&board));
    let second = person(mentioned(&current)[0]);
    // The second player clicks a button from a copy of the old board (a client that had not
    // refreshed yet).
    let mark = table.peer.mark();
    let call = table.click(second, &board, &move_id(&board, &legal[1]));
    let content = assert_ephemeral(&call);
    let expected = if second.locale.starts_with("fr") {
        "n'est plus à jour"
    } else {
        "has moved on"
    };
    assert!(content.contains(expected), "{content}");
    assert!(
        content.contains(&legal[0]),
        "the current board comes along: {content}"
    );
    assert_eq!(table.peer.calls_since(mark).len(), 1);
    assert_eq!(
        table.peer.message(id_of(&board)),
        current,
        "the real board did not change"
    );
    // The fresh buttons come with it and work.
    let fresh = &call.body["data"];
    let next = move_labels(fresh)[0].clone();
    let call = table.click(second, &current, &move_id(&current, &next));
    assert_eq!(call.body["type"], 7, "{}", call.body);
}

/// A move clicked inside the private "that board has moved on" message is played
/// and announced in the channel with the new board, mentioning the player to move; the private
/// message only says it is done.
#[test]
fn a_move_clicked_in_a_private_message_is_announced_in_the_channel() {
    let mut table = Table::gateway(Setup::default());
    let board = start_fano(&mut table);
    let first = person(mentioned(&board)[0]);
    let legal = move_labels(&board);
    table.click(first, &board, &move_id(&board, &legal[0]));
    let second = person(mentioned(&table.peer.message(id_of(&board)))[0]);
    let stale = fixtures::click(&table.peer, second, &board, &move_id(&board, &legal[1]));
    table.send(&stale);
    let private = table.original(&stale);
    assert_eq!(private["flags"], EPHEMERAL, "{private}");
    let next = move_labels(&private)[0].clone();
    let mark = table.peer.mark();
    let call = table.click(second, &private, &move_id(&private, &next));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    assert_eq!(call.body["data"]["flags"], EPHEMERAL);
    let done = call.body["data"]["content"].as_str().unwrap();
    assert!(done.contains(&next), "{done}");
    let announced: Vec<Value> = table
        .peer
        .calls_since(mark)
        .into_iter()
        .filter(|call| {
            call.method == "POST"
                && call
                    .path
                    .starts_with(&format!("/api/v10/webhooks/{APPLICATION_ID}/"))
        })
        .map(|call| call.body)
        .collect();
    assert_eq!(announced.len(), 1, "one public announcement");
    assert!(
        announced[0]["flags"].as_u64().unwrap_or(0) & 64 == 0,
        "public: {}",
        announced[0]
    );
    assert!(
        announced[0]["content"].as_str().unwrap().contains(&next),
        "{}",
        announced[0]
    );
    assert_eq!(
        announced[0]["allowed_mentions"]["users"],
        json!([first.id.to_string()]),
        "the player to move is pinged"
    );
}

#[test]
fn a_draw_offer_does_not_outdate_the_board() {
    let mut table = Table::gateway(Setup::default());
    let board = start_fano(&mut table);
    let first = person(mentioned(&board)[0]);
    let second = opponent_of(first);
    // The waiting player offers a draw: the match changes, what the board offers does not.
    let (_, call) = table.slash(second, "draw", &[Opt::str("answer", "offer")]);
    assert_eq!(call.body["type"], 4, "{}", call.body);
    // The player to move clicks the board posted before the offer: the move is played there.
    let text = move_labels(&board)[0].clone();
    let call = table.click(first, &board, &move_id(&board, &text));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    let played = call.body["data"]["content"].as_str().unwrap();
    // "Ana (White) played @1." or "Ana (Blanc) a joué @1.": in the clicker's language.
    assert!(
        played.lines().next().unwrap().ends_with(&format!(" {text}.")),
        "{played}"
    );
    // That board is outdated now: a second click on it is refused.
    let other = move_labels(&board)[1].clone();
    let call = table.click(second, &board, &move_id(&board, &other));
    assert_eq!(call.body["data"]["flags"], EPHEMERAL, "{}", call.body);
    table.peer.assert_no_unknown_routes();
}

#[test]
fn refusals_are_ephemeral_and_in_the_callers_language() {
    let mut table = Table::gateway(Setup::default());
    let board = start_fano(&mut table);
    let waiting = opponent_of(person(mentioned(&board)[0]));
    let legal = move_labels(&board);
    let before = table.peer.message(id_of(&board));
    let call = table.click(waiting, &board, &move_id(&board, &legal[0]));
    assert_ephemeral(&call);
    assert_eq!(
        table.peer.message(id_of(&board)),
        before,
        "a refused click changes nothing"
    );
    let (_, call) = table.slash(CLARA, "move", &[Opt::str("move", "@1")]);
    assert_ephemeral(&call);
    // Clara's client speaks English; a French speaker gets French.
    let (_, call) = table.slash(waiting, "move", &[Opt::str("move", "@1")]);
    assert_ephemeral(&call);
    let (_, call) = table.slash(CLARA, "help", &[]);
    assert_ephemeral(&call);
}

#[test]
fn the_bot_restarts_mid_match_and_a_button_posted_before_still_works() {
    let mut table = Table::gateway(Setup::default());
    let mut board = start_fano(&mut table);
    for _ in 0..2 {
        let player = person(mentioned(&board)[0]);
        let text = move_labels(&board)[0].clone();
        table.click(player, &board, &move_id(&board, &text));
        board = table.peer.message(id_of(&board));
    }
    table.restart();
    assert_eq!(
        table.peer.identifies().len(),
        2,
        "a new gateway session after the restart"
    );
    let player = person(mentioned(&board)[0]);
    let text = move_labels(&board)[0].clone();
    let call = table.click(player, &board, &move_id(&board, &text));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    let after = table.peer.message(id_of(&board));
    assert!(after["content"].as_str().unwrap().contains(&text));
    assert_ne!(move_labels(&after), move_labels(&board));
}

/// The edit of a deferred answer can reach Discord before the deferral has made
/// its message (`404 Unknown Message`); the bot tries again shortly and the answer arrives.
#[test]
fn a_deferred_answer_that_is_not_there_yet_is_edited_on_a_retry() {
    let mut table = Table::gateway(Setup {
        defer_after_ms: 0,
        ..Setup::default()
    });
    let interaction = fixtures::slash(
        &table.peer,
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    let token = interaction["token"].as_str().unwrap().to_owned();
    let original = format!("/api/v10/webhooks/{APPLICATION_ID}/{token}/messages/@original");
    let unknown = || super::peer::Failure {
        status: 404,
        body: json!({"message": "Unknown Message", "code": 10008}),
        applied: false,
    };
    table
        .peer
        .fail_next("PATCH", &original, vec![unknown(), unknown()]);
    let call = table.send(&interaction);
    assert_eq!(call.body["type"], 5);
    let edit = table.peer.wait_call(0, "edited the deferred answer", |call| {
        call.method == "PATCH" && call.path == original && call.status == 200
    });
    assert!(edit.body["content"].as_str().unwrap().contains("#1"));
    let tries: Vec<u16> = table
        .peer
        .calls()
        .iter()
        .filter(|call| call.method == "PATCH" && call.path == original)
        .map(|call| call.status)
        .collect();
    assert_eq!(tries, [404, 404, 200]);
}

#[test]
fn slow_answers_are_deferred_then_edited_in() {
    let mut table = Table::gateway(Setup {
        defer_after_ms: 0,
        ..Setup::default()
    });
    let (play, call) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    assert_eq!(call.body, json!({"type": 5, "data": {"flags": 0}}));
    let token = play["token"].as_str().unwrap().to_owned();
    let edit = table.peer.wait_call(0, "edited the deferred answer", |call| {
        call.method == "PATCH"
            && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}/messages/@original")
    });
    assert!(edit.body["content"]
        .as_str()
        .unwrap()
        .starts_with(&format!("<@{}>", BODO.id)));
    let challenge = table.original(&play);
    let accept = custom_id_ending(&challenge, ":a");
    let interaction = fixtures::click(&table.peer, BODO, &challenge, &accept);
    let call = table.send(&interaction);
    assert_eq!(call.body, json!({"type": 6}));
    let token = interaction["token"].as_str().unwrap().to_owned();
    table
        .peer
        .wait_call(0, "edited the board after a deferred click", |call| {
            call.method == "PATCH" && call.path.contains(&token)
        });
    let board = table.peer.message(id_of(&challenge));
    assert_eq!(move_labels(&board), replay(GameKind::Fano, &[]).legal_moves());
    // A refusal after a public "thinking…" replaces it with a private message.
    let (interaction, call) = table.slash(CLARA, "move", &[Opt::str("move", "@1")]);
    assert_eq!(call.body["type"], 5);
    let token = interaction["token"].as_str().unwrap().to_owned();
    let followup = table.peer.wait_call(0, "sent the refusal privately", |call| {
        call.method == "POST" && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}")
    });
    assert_eq!(followup.body["flags"], EPHEMERAL);
    assert!(table
        .peer
        .calls()
        .iter()
        .any(|call| call.method == "DELETE" && call.path.contains(&token)));
}

#[test]
fn a_new_board_per_move_when_the_channel_prefers_it() {
    let mut table = Table::gateway(Setup {
        board_messages: "new",
        ..Setup::default()
    });
    let (play, _) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    let mut board = table.original(&play);
    let mut moves: Vec<String> = Vec::new();
    for step in 0..3 {
        let (player, custom_id) = if step == 0 {
            (BODO, custom_id_ending(&board, ":a"))
        } else {
            let text = move_labels(&board)[0].clone();
            moves.push(text.clone());
            (person(mentioned(&board)[0]), move_id(&board, &text))
        };
        let interaction = fixtures::click(&table.peer, player, &board, &custom_id);
        let call = table.send(&interaction);
        assert_eq!(
            call.body,
            json!({"type": 7, "data": {"components": []}}),
            "the old board loses its buttons"
        );
        assert!(fixtures::components(&table.peer.message(id_of(&board))).is_empty());
        let token = interaction["token"].as_str().unwrap().to_owned();
        let followup = table.peer.wait_call(0, "posted the new board", |call| {
            call.method == "POST" && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}")
        });
        assert_eq!(followup.body["flags"], 0);
        board = followup.response.clone();
        assert_ne!(id_of(&board), id_of(&table.original(&play)));
        assert_eq!(move_labels(&board), replay(GameKind::Fano, &moves).legal_moves());
        assert_eq!(
            mentioned(&board).len(),
            1,
            "the player to move is pinged on the new board"
        );
    }
}

/// A move the test players choose with the engine: a winning move if there is one, else the move
/// that leaves the opponent the fewest replies (it drives games to an end quickly).
fn pick_move(kind: GameKind, moves: &[String]) -> String {
    let game = replay(kind, moves);
    let legal = game.legal_moves();
    let mut best = (usize::MAX, legal[0].clone());
    for text in &legal {
        let mut next = game.clone();
        next.play(text).unwrap();
        if next.outcome().is_some() {
            return text.clone();
        }
        let replies = next.legal_moves().len();
        if replies < best.0 {
            best = (replies, text.clone());
        }
    }
    best.1
}

/// Samantsy's select-menu pair: the piece on the public board, then its destination on a private
/// picker; the public board is edited in place after each move. A complete match.
#[test]
fn samantsy_complete_match_through_the_select_menu_pair() {
    let mut table = Table::gateway(Setup::default());
    let (play, call) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", "samantsy"), Opt::User("opponent", BODO)],
    );
    assert_public(&call, 4, &[BODO.id]);
    let challenge = table.original(&play);
    table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
    let board_id = id_of(&challenge);
    let mut moves: Vec<String> = Vec::new();
    loop {
        assert!(moves.len() < 600, "the match should be over by now");
        let board = table.peer.message(board_id);
        let game = replay(GameKind::Samantsy, &moves);
        let legal = game.legal_moves();
        let mut pieces: Vec<String> = Vec::new();
        for text in &legal {
            let piece = text.split('-').next().unwrap().to_owned();
            if !pieces.contains(&piece) {
                pieces.push(piece);
            }
        }
        assert_eq!(
            move_labels(&board),
            pieces,
            "the piece menu offers exactly the movable pieces"
        );
        if game.outcome().is_some() {
            assert!(offers_only_a_rematch(&board), "{board}");
            break;
        }
        let player = person(mentioned(&board)[0]);
        let text = pick_move(GameKind::Samantsy, &moves);
        let (piece, _) = text.split_once('-').unwrap();
        let menu = custom_id_ending(&board, ":g:0");
        // Step 1: the piece. The answer is a private picker; the board does not change.
        let mark = table.peer.mark();
        let interaction = fixtures::select(&table.peer, player, &board, &menu, &[piece]);
        let call = table.send(&interaction);
        assert_ephemeral(&call);
        let picker = table.original(&interaction);
        let destinations: Vec<String> = legal
            .iter()
            .filter(|m| m.starts_with(&format!("{piece}-")))
            .cloned()
            .collect();
        assert_eq!(
            move_labels(&picker),
            destinations,
            "the picker offers exactly that piece's moves"
        );
        assert_eq!(table.peer.message(board_id), board);
        // Step 2: the destination. The picker closes and the public board is edited.
        let pick = custom_id_ending(&picker, &format!(":pb:{board_id}"));
        let interaction = fixtures::select(&table.peer, player, &picker, &pick, &[&text]);
        let call = table.send(&interaction);
        assert_eq!(call.body["type"], 7);
        assert_eq!(call.body["data"]["flags"], EPHEMERAL);
        assert_eq!(call.body["data"]["components"], json!([]));
        let edit = table.peer.wait_call(mark, "edited the public board", |call| {
            call.method == "PATCH" && call.path.ends_with(&format!("/messages/{board_id}"))
        });
        moves.push(text);
        let pinged = if replay(GameKind::Samantsy, &moves).outcome().is_some() {
            vec![]
        } else {
            mentioned(&edit.response)
        };
        let users: Vec<String> = pinged.iter().map(u64::to_string).collect();
        assert_eq!(
            edit.body["allowed_mentions"],
            json!({"parse": [], "users": users})
        );
        assert!(edit.body["content"]
            .as_str()
            .unwrap()
            .contains(moves.last().unwrap()));
        let over = move_labels(&table.peer.message(board_id)).is_empty();
        assert_eq!(
            calls_and_endings(&table, mark),
            (3, usize::from(over)),
            "select, pick, board edit: nothing else but the end-of-game message"
        );
    }
    table.peer.assert_no_unknown_routes();
}

/// A picker's custom id names the board it edits. A click whose custom id is not
/// one of the picker's own components (here: pointed at another match's board in the channel)
/// is refused and changes nothing; the picker's own choice then plays as usual.
#[test]
fn a_picker_cannot_be_pointed_at_another_board() {
    let mut table = Table::gateway(Setup::default());
    let mut boards = Vec::new();
    for _ in 0..2 {
        let (play, _) = table.slash(
            ANA,
            "play",
            &[Opt::str("game", "samantsy"), Opt::User("opponent", BODO)],
        );
        let challenge = table.original(&play);
        table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
        boards.push(id_of(&challenge));
    }
    let (mine, other) = (boards[0], boards[1]);
    let board = table.peer.message(mine);
    let player = person(mentioned(&board)[0]);
    let text = pick_move(GameKind::Samantsy, &[]);
    let (piece, _) = text.split_once('-').unwrap();
    let menu = custom_id_ending(&board, ":g:0");
    let interaction = fixtures::select(&table.peer, player, &board, &menu, &[piece]);
    table.send(&interaction);
    let picker = table.original(&interaction);
    let pick = custom_id_ending(&picker, &format!(":pb:{mine}"));
    let forged = pick.replace(&format!(":pb:{mine}"), &format!(":pb:{other}"));
    let before = (table.peer.message(mine), table.peer.message(other));

    let mark = table.peer.mark();
    let interaction = fixtures::select(&table.peer, player, &picker, &forged, &[&text]);
    let call = table.send(&interaction);
    // Refused in the clicker's language (Ana's client is French).
    assert_eq!(player.id, ANA.id, "the challenger plays first");
    assert_eq!(
        assert_ephemeral(&call),
        "Ce bouton ne sert plus. Tape /lalao plateau pour voir ta partie."
    );
    assert_eq!(table.peer.calls_since(mark).len(), 1, "the refusal only");
    assert_eq!((table.peer.message(mine), table.peer.message(other)), before);

    let interaction = fixtures::select(&table.peer, player, &picker, &pick, &[&text]);
    let call = table.send(&interaction);
    assert_eq!(call.body["type"], 7);
    let edit = table.peer.wait_call(mark, "edited the public board", |call| {
        call.method == "PATCH" && call.path.ends_with(&format!("/messages/{mine}"))
    });
    assert!(edit.body["content"].as_str().unwrap().contains(&text));
    assert_eq!(table.peer.message(other), before.1);
    table.peer.assert_no_unknown_routes();
}

/// The calls since `mark`, and apart from them the end-of-game messages (a game's
/// end is a new message that mentions both players).
fn calls_and_endings(table: &Table, mark: usize) -> (usize, usize) {
    let calls = table.peer.calls_since(mark);
    let endings = calls
        .iter()
        .filter(|call| {
            // In the language of the player whose move ended it.
            call.method == "POST"
                && call.body["content"]
                    .as_str()
                    .is_some_and(|text| text.contains("is over") || text.contains("est finie"))
        })
        .count();
    (calls.len() - endings, endings)
}

/// The option values of the select menus whose custom id contains `kind` (`:mm:`, `:g:`, `:pb:`).
fn menu_values(message: &Value, kind: &str) -> Vec<(String, Vec<String>)> {
    fixtures::components(message)
        .iter()
        .filter(|component| component["type"] == 3)
        .filter(|component| component["custom_id"].as_str().unwrap().contains(kind))
        .map(|component| {
            let values = component["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["value"].as_str().unwrap().to_owned())
                .collect();
            (component["custom_id"].as_str().unwrap().to_owned(), values)
        })
        .collect()
}

/// The first choice of a two-step move, as the adapter groups them (Samantsy's piece, Katro's hole).
fn group_of(kind: GameKind, text: &str) -> String {
    match kind {
        GameKind::Samantsy => text.split('-').next().unwrap().to_owned(),
        _ => text[..text.len() - 1].to_owned(),
    }
}

/// Plays `text` on the public board `board_id` as `player` with whatever the board offers: a
/// button, a move menu, or a group menu and then the private picker. Checks that what is offered
/// is exactly the legal moves, and that the board message ends up showing the move.
fn play_with_components(
    table: &mut Table,
    kind: GameKind,
    board_id: u64,
    player: Person,
    moves: &[String],
    text: &str,
) {
    let board = table.peer.message(board_id);
    let legal = replay(kind, moves).legal_moves();
    let mark = table.peer.mark();
    let groups = menu_values(&board, ":g:");
    if !groups.is_empty() {
        let mut expected: Vec<String> = Vec::new();
        for text in &legal {
            let group = group_of(kind, text);
            if !expected.contains(&group) {
                expected.push(group);
            }
        }
        let offered: Vec<String> = groups.iter().flat_map(|(_, values)| values.clone()).collect();
        assert_eq!(
            offered, expected,
            "the first menu offers exactly the groups of legal moves"
        );
        let group = group_of(kind, text);
        let (menu, _) = groups.iter().find(|(_, values)| values.contains(&group)).unwrap();
        let interaction = fixtures::select(&table.peer, player, &board, menu, &[&group]);
        let call = table.send(&interaction);
        assert_ephemeral(&call);
        let picker = table.original(&interaction);
        let in_group: Vec<String> = legal
            .iter()
            .filter(|m| group_of(kind, m) == group)
            .cloned()
            .collect();
        assert_eq!(
            move_labels(&picker),
            in_group,
            "the picker offers exactly that group's moves"
        );
        let interaction = match menu_values(&picker, ":pb:").first() {
            Some((menu, _)) => fixtures::select(&table.peer, player, &picker, menu, &[text]),
            None => fixtures::click(
                &table.peer,
                player,
                &picker,
                &custom_id_ending(&picker, &format!(":{text}")),
            ),
        };
        let call = table.send(&interaction);
        assert_eq!(call.body["type"], 7);
        table.peer.wait_call(mark, "edited the public board", |call| {
            call.method == "PATCH" && call.path.ends_with(&format!("/messages/{board_id}"))
        });
        assert_eq!(
            table.peer.calls_since(mark).len(),
            3,
            "group, pick, board edit: nothing else"
        );
    } else {
        assert_eq!(
            move_labels(&board),
            legal,
            "the board offers exactly the legal moves"
        );
        let interaction = match menu_values(&board, ":mm:")
            .into_iter()
            .find(|(_, values)| values.contains(&text.to_owned()))
        {
            Some((menu, _)) => fixtures::select(&table.peer, player, &board, &menu, &[text]),
            None => fixtures::click(&table.peer, player, &board, &move_id(&board, text)),
        };
        let call = table.send(&interaction);
        assert_public(&call, 7, &mentioned(&table.peer.message(board_id)));
        let over = move_labels(&table.peer.message(board_id)).is_empty();
        assert_eq!(
            calls_and_endings(table, mark),
            (1, usize::from(over)),
            "one response per move, no extra calls but the end-of-game message"
        );
    }
    assert!(
        table.peer.message(board_id)["content"]
            .as_str()
            .unwrap()
            .contains(text),
        "the board shows the move"
    );
}

/// Plays a whole match on `board_id` with the engine-chosen moves until the game is over.
fn play_to_the_end(table: &mut Table, kind: GameKind, board_id: u64) {
    let mut moves: Vec<String> = Vec::new();
    loop {
        assert!(moves.len() < 2000, "the match should be over by now");
        let board = table.peer.message(board_id);
        if replay(kind, &moves).outcome().is_some() {
            assert!(
                offers_only_a_rematch(&board),
                "a finished board offers only a rematch: {board}"
            );
            assert!(mentioned(&board).is_empty());
            break;
        }
        let pinged = mentioned(&board);
        assert_eq!(pinged.len(), 1, "exactly the player to move is pinged: {board}");
        let text = pick_move(kind, &moves);
        play_with_components(table, kind, board_id, person(pinged[0]), &moves, &text);
        moves.push(text);
    }
}

/// Ana challenges Bodo to `game`; Bodo accepts with the button. Returns the challenge message id
/// (the board once play starts).
pub(super) fn challenge_accepted(table: &mut Table, game: &str) -> Value {
    let (play, call) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", game), Opt::User("opponent", BODO)],
    );
    assert_public(&call, 4, &[BODO.id]);
    let challenge = table.original(&play);
    let call = table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
    assert_eq!(call.body["type"], 7);
    table.peer.message(id_of(&challenge))
}

#[test]
fn katro_complete_match_with_hole_and_path_buttons() {
    let mut table = Table::gateway(Setup::default());
    let board = challenge_accepted(&mut table, "katro");
    play_to_the_end(&mut table, GameKind::Katro, id_of(&board));
    table.peer.assert_no_unknown_routes();
}

#[test]
fn engehe_complete_match_with_hole_menus() {
    let mut table = Table::gateway(Setup::default());
    let board = challenge_accepted(&mut table, "engehe");
    play_to_the_end(&mut table, GameKind::Engehe, id_of(&board));
    table.peer.assert_no_unknown_routes();
}

/// Mangala IV opens with the seed's rite (M-3), all with buttons: the challenger's coins
/// (answered privately), the opponent's call, the winner's side; then the match.
#[test]
fn mangala_complete_match_with_the_rite_on_buttons() {
    let mut table = Table::gateway(Setup::default());
    // Both play each forced move themselves (by default they would play themselves).
    for person in [ANA, BODO] {
        let (_, call) = table.slash(person, "settings", &[Opt::str("auto", "off")]);
        assert_ephemeral(&call);
    }
    let rite = challenge_accepted(&mut table, "mangala");
    assert_eq!(
        mentioned(&rite),
        vec![ANA.id],
        "the challenger is asked for the coins"
    );
    // Ana holds two coins: the answer is private, the call is announced in a new message.
    let interaction = fixtures::click(&table.peer, ANA, &rite, &custom_id_ending(&rite, ":c:2"));
    let call = table.send(&interaction);
    let secret = assert_ephemeral(&call);
    assert!(secret.contains('2'), "{secret}");
    let token = interaction["token"].as_str().unwrap().to_owned();
    let announce = table.peer.wait_call(0, "announced the call", |call| {
        call.method == "POST" && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}")
    });
    assert_eq!(announce.body["flags"], 0);
    assert!(
        !announce.body["content"].as_str().unwrap().contains("2 "),
        "the count stays secret"
    );
    let message = announce.response.clone();
    assert_eq!(mentioned(&message), vec![BODO.id]);
    // Bodo calls odd (tek): wrong, so Ana chooses the side.
    let call = table.click(BODO, &message, &custom_id_ending(&message, ":k:odd"));
    assert_eq!(call.body["type"], 7);
    let message = table.peer.message(id_of(&message));
    assert_eq!(mentioned(&message), vec![ANA.id]);
    let call = table.click(ANA, &message, &custom_id_ending(&message, ":s:south"));
    assert_eq!(call.body["type"], 7);
    play_to_the_end(&mut table, GameKind::Mangala, id_of(&message));
    table.peer.assert_no_unknown_routes();
}

/// Messages the bot posted itself (not interaction responses) since `mark`: `(channel, body)`.
pub(super) fn bot_posts(table: &Table, mark: usize) -> Vec<(u64, Value)> {
    table
        .peer
        .calls_since(mark)
        .into_iter()
        .filter(|call| call.method == "POST")
        .filter_map(|call| {
            let channel = call
                .path
                .strip_prefix("/api/v10/channels/")?
                .strip_suffix("/messages")?
                .parse()
                .ok()?;
            Some((channel, call.body))
        })
        .collect()
}

/// The users a response pings.
pub(super) fn call_pings(call: &Call) -> Vec<u64> {
    call.body["data"]["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|user| user.as_str().unwrap().parse().unwrap())
        .collect()
}

/// Waits until the bot has posted `count` messages itself since `mark`.
#[test]
fn a_timed_match_whose_clock_runs_out_is_announced_and_can_be_claimed() {
    let mut table = Table::gateway(Setup::default());
    let (play, call) = table.slash(
        ANA,
        "play",
        &[
            Opt::str("game", "fano"),
            Opt::User("opponent", BODO),
            Opt::str("options", "time=1h"),
        ],
    );
    assert_public(&call, 4, &[BODO.id]);
    let challenge = table.original(&play);
    let call = table.click(BODO, &challenge, &custom_id_ending(&challenge, ":a"));
    assert_eq!(call.body["type"], 7, "{}", call.body);
    let board = table.peer.message(id_of(&challenge));
    let first = person(mentioned(&board)[0]);
    let second = opponent_of(first);
    assert_eq!(
        bot_posts(&table, 0),
        Vec::new(),
        "nothing is due before the first move"
    );

    // The second player wants turn notices and reminders by direct message (the text grammar of
    // `notify` behind a slash command).
    let (_, call) = table.slash(second, "notify", &[Opt::str("settings", "dm=on")]);
    let saved = assert_ephemeral(&call);
    assert!(saved.contains("Direct messages: yes"), "{saved}");

    // The first move starts the second player's one-hour clock (the first move has none).
    let mark = table.peer.mark();
    let text = move_labels(&board)[0].clone();
    let call = table.click(first, &board, &move_id(&board, &text));
    assert_eq!(call.body["type"], 7, "{}", call.body);

    // Two hours later (the bot restarted with its clock two hours ahead) the turn notice (due at
    // once; the scheduler may already have sent it) and the deadline are delivered, in due
    // order: the notice by DM, the time-out in the match's channel pinging exactly both
    // players. The reminder at 75 % fired too, but for a turn that had run out: it is dropped
    // rather than contradict the time-out.
    table.setup.clock_offset = 2 * 3600;
    table.restart();
    // Each notice is in its addressee's language: they never chose one in lalao, so their
    // Discord client's (Ana's is French). The time-out is the last of the three in due order.
    let french = |person: Person| person.locale == "fr";
    table.peer.wait_count(1, "announced the time-out", |call| {
        call.method == "POST"
            && call.path == format!("/api/v10/channels/{}/messages", fixtures::CHANNEL_ID)
            && call.body["content"]
                .as_str()
                .is_some_and(|text| text.contains("run out of time") || text.contains("n’a plus de temps"))
    });
    // Delivery is at least once: a notice sent just before the restart, whose outbox entry was
    // not yet removed, is sent again with the same nonce, which Discord drops (enforce_nonce).
    let mut posts = bot_posts(&table, mark);
    posts.dedup_by(|later, earlier| later.1["nonce"] == earlier.1["nonce"]);
    let dm = table.peer.dm_channel(second.id).expect("a DM channel was opened");
    assert_eq!(posts.len(), 2, "{posts:?}");
    let name = second.global_name;
    assert_eq!(posts[0].0, dm);
    let expected = if french(second) {
        format!("{name}, c’est à toi de jouer dans la partie #1 (Fano).")
    } else {
        format!("{name}, it is your turn in match #1 (Fano).")
    };
    assert_eq!(posts[0].1["content"], expected);
    assert_eq!(posts[0].1["allowed_mentions"], json!({"parse": [], "users": []}));
    let (channel, flag) = &posts[1];
    assert_eq!(*channel, fixtures::CHANNEL_ID);
    let flag_text = flag["content"].as_str().unwrap();
    // The time-out is told to the winner, who decides what happens next: in their language.
    let expected = if french(first) {
        format!("{name} n’a plus de temps dans la partie #1 (Fano). ")
    } else {
        format!("{name} has run out of time in match #1 (Fano). ")
    };
    assert!(
        flag_text.starts_with(&format!("<@{}> <@{}> {expected}", first.id, second.id)),
        "{flag_text}"
    );
    assert_eq!(
        flag["allowed_mentions"],
        json!({"parse": [], "users": [first.id.to_string(), second.id.to_string()]})
    );
    assert_eq!(flag["enforce_nonce"], true);
    for (_, post) in &posts {
        assert_eq!(post["nonce"].as_str().unwrap().len(), 21, "{post}");
    }

    // The opponent claims the win on time, in the channel.
    let (_, call) = table.slash(first, "claim", &[]);
    assert_public(&call, 4, &call_pings(&call));
    let claimed = call.body["data"]["content"].as_str().unwrap();
    // Answered in the claimer's language (Ana's Discord client is in French).
    let on_time = if first.locale == "fr" {
        "gagne la partie #1 au temps"
    } else {
        "wins match #1 on time"
    };
    assert!(claimed.contains(on_time), "{claimed}");
    table.peer.assert_no_unknown_routes();

    // A clean stop: SIGTERM stops the scheduler and the gateway, and lalao exits with success.
    let bot = table.bot.as_mut().expect("bot running");
    let status = bot
        .terminate(std::time::Duration::from_secs(30))
        .expect("lalao stops on SIGTERM");
    assert!(status.success(), "{status}");
    assert!(bot.log().contains("scheduler stopped"), "{}", bot.log());
}

/// With `DISCORD_SHARDS=1-2` of `DISCORD_SHARD_TOTAL=4` a process identifies as
/// exactly those two shards, and answers interactions as before.
#[test]
fn a_process_runs_its_range_of_gateway_shards() {
    let setup = Setup {
        env: vec![
            ("DISCORD_SHARDS".to_owned(), "1-2".to_owned()),
            ("DISCORD_SHARD_TOTAL".to_owned(), "4".to_owned()),
        ],
        ..Setup::default()
    };
    let mut table = Table::gateway(setup);
    table.peer.wait_ready(2);
    let mut shards: Vec<Value> = table
        .peer
        .identifies()
        .iter()
        .map(|identify| identify["shard"].clone())
        .collect();
    shards.sort_by_key(|shard| shard[0].as_u64());
    assert_eq!(shards, [json!([1, 4]), json!([2, 4])]);
    let (_, call) = table.slash(BODO, "rules", &[Opt::str("game", "fano")]);
    assert_eq!(call.body["type"], 4, "{}", call.body);
}

/// A finished match offers a rematch by a button; the challenge it makes waits through a
/// restart, and the end of the second match tells the series' score.
#[test]
fn a_rematch_clicked_under_a_finished_board_is_accepted_after_a_restart_and_its_end_tells_the_series() {
    let mut table = Table::gateway(Setup::default());
    start_fano(&mut table);
    let resign = fixtures::slash(&table.peer, BODO, "resign", &[]);
    let call = table.send(&resign);
    assert_public(&call, 4, &[ANA.id]);
    let over = table.original(&resign);
    assert_eq!(
        over["content"].as_str().unwrap().lines().next(),
        Some(format!("<@{}> Bodo (Black) gives up. Ana (White) wins!", ANA.id).as_str())
    );
    // Its one button: play it again.
    let again = custom_id_ending(&over, ":r");
    let labels: Vec<String> = fixtures::components(&over)
        .iter()
        .filter_map(|component| component["label"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(labels, ["Rematch"]);
    let click = fixtures::click(&table.peer, ANA, &over, &again);
    let call = table.send(&click);
    // The finished board stays as it ended, without its button; the challenge is a new message.
    assert_eq!(call.body, json!({"type": 7, "data": {"components": []}}));
    assert!(fixtures::components(&table.peer.message(id_of(&over))).is_empty());
    let token = click["token"].as_str().unwrap().to_owned();
    let followup = table.peer.wait_call(0, "posted the challenge", |call| {
        call.method == "POST" && call.path == format!("/api/v10/webhooks/{APPLICATION_ID}/{token}")
    });
    let challenge = followup.response.clone();
    assert_eq!(followup.body["flags"], 0, "the challenge is public");
    assert_eq!(mentioned(&challenge), [BODO.id]);
    let first = challenge["content"]
        .as_str()
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    // In Ana's language, as everything she does.
    assert_eq!(
        first,
        format!(
            "<@{}> Partie #2 : Ana défie Bodo au Fano ! Bodo, écris `/lalao accepter partie:2` ou `/lalao refuser partie:2`.",
            BODO.id
        )
    );
    // A second click on the old button points to the first rematch.
    let call = table.click(ANA, &over, &again);
    assert_eq!(
        assert_ephemeral(&call),
        "La partie #1 est déjà rejouée : c'est la partie #2."
    );

    table.restart();
    let accept = custom_id_ending(&challenge, ":a");
    let call = table.click(BODO, &challenge, &accept);
    assert_eq!(call.body["type"], 7, "{}", call.body);
    let board = table.peer.message(id_of(&challenge));
    // Sides swapped: Ana played White, now Bodo does and starts.
    assert!(
        board["content"].as_str().unwrap().contains("Bodo (White) starts"),
        "{board}"
    );
    // Ana's client speaks French: so does the end she brings about.
    let resign = fixtures::slash(&table.peer, ANA, "resign", &[Opt::Int("match", 2)]);
    table.send(&resign);
    let over = table.original(&resign);
    let lines: Vec<&str> = over["content"].as_str().unwrap().lines().take(2).collect();
    assert_eq!(
        lines,
        [
            format!("<@{}> Ana (Noir) abandonne. Bodo (Blanc) gagne !", BODO.id).as_str(),
            "Série : Bodo 1 – 1 Ana"
        ]
    );
}
