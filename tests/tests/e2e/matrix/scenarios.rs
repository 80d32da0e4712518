//! Scenarios, in process: the production wiring (`lalao_matrix::serve_with`:
//! adapter, match service, sled store, scheduler) against a real Synapse, with real people's
//! clients. The test reads the store to check what the core did, and moves the scheduler's
//! clock by hand ([`ManualClock`]) so that a one-hour time control runs out in no time.

use std::path::Path;
use std::sync::Arc;

use lalao_app::clock::ManualClock;
use lalao_app::ids::MatchId;
use lalao_app::record::{self, Ending, MatchRecord, Stage};
use lalao_app::store::{keys, SledStore};
use lalao_app::{Defaults, Service};
use lalao_config::{BoardMode, MatrixConfig, MatrixLogin};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, Event, GameKind, Side};
use lalao_matrix::{self as matrix, REACTION_ACCEPT, REACTION_RESIGN, ROOM_SETTINGS_EVENT};
use lalao_renderer::{Locale, Style, View};
use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use serde_json::json;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::people::{match_id, Person, Seen};
use super::recorder::Recorder;
use crate::support::instruction;
use crate::synapse::Synapse;

const BOT: &str = "@lalao:localhost";
const BOT_PASSWORD: &str = "bot-secret";
const DAY_SECONDS: u64 = 24 * 3600;

/// Synapse's helpers block: keep them off the runtime's other tasks.
fn blocking<T>(f: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(f)
}

fn bot_config(synapse: &Synapse) -> MatrixConfig {
    MatrixConfig {
        homeserver: synapse.url(),
        login: MatrixLogin::Password {
            user: "lalao".into(),
            password: BOT_PASSWORD.into(),
        },
        allowed_inviters: Vec::new(),
        board_updates: BoardMode::Edit,
        store_passphrase: Some(lalao_config::Secret::new("test passphrase")),
        device_name: "lalao".into(),
    }
}

/// The real core on a sled store in `dir`, on a clock the test moves.
fn core(dir: &Path) -> (Arc<Service>, Arc<ManualClock>) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let clock = Arc::new(ManualClock::new(now));
    let store = SledStore::open(&dir.join("matches")).unwrap();
    let defaults = Defaults {
        locale: Locale::En,
        style: Style::Text,
    };
    let service = Service::new(Arc::new(store), defaults).with_clock(clock.clone());
    service.open().unwrap();
    (Arc::new(service), clock)
}

/// The bot running in this process.
struct Bot {
    task: JoinHandle<Result<(), matrix::Error>>,
    stop: oneshot::Sender<()>,
}

impl Bot {
    fn start(config: MatrixConfig, data_dir: &Path, service: Arc<Service>, recorder: Arc<Recorder>) -> Bot {
        let (stop, stopped) = oneshot::channel::<()>();
        let data_dir = data_dir.to_owned();
        let task = tokio::spawn(async move {
            matrix::serve_with(config, &data_dir, service, recorder.observer(), async {
                let _ = stopped.await;
            })
            .await
        });
        Bot { task, stop }
    }

    /// A clean stop.
    async fn stop(self) {
        let _ = self.stop.send(());
        self.task.await.unwrap().unwrap();
    }

    /// The crash a process gets from SIGKILL, as far as the adapter can tell: its work is
    /// dropped wherever it is.
    async fn kill(self) {
        self.task.abort();
        let _ = self.task.await;
    }

    fn assert_running(&self) {
        assert!(!self.task.is_finished(), "the bot stopped by itself");
    }
}

struct World {
    synapse: std::sync::Mutex<Synapse>,
    data: tempfile::TempDir,
    service: Arc<Service>,
    clock: Arc<ManualClock>,
    recorder: Arc<Recorder>,
    bot: std::sync::Mutex<Option<Bot>>,
    ana: Person,
    bako: Person,
    cara: Person,
    room: OwnedRoomId,
}

impl World {
    /// Synapse, the bot, and three people in one room (Ana's, encrypted or not) with the bot.
    async fn new(encrypted: bool) -> World {
        let synapse = blocking(Synapse::start);
        blocking(|| {
            synapse.register("lalao", BOT_PASSWORD);
            for name in ["ana", "bako", "cara"] {
                synapse.register(name, &format!("pw-{name}"));
            }
        });
        let url = synapse.url();
        let data = tempfile::tempdir().unwrap();
        let (service, clock) = core(data.path());
        let recorder = Arc::new(Recorder::new());
        let bot = Bot::start(
            bot_config(&synapse),
            data.path(),
            service.clone(),
            recorder.clone(),
        );
        let ana = Person::login(&url, "ana", "pw-ana").await;
        let bako = Person::login(&url, "bako", "pw-bako").await;
        let cara = Person::login(&url, "cara", "pw-cara").await;
        let room = ana.create_room(&[BOT, bako.id(), cara.id()], encrypted).await;
        bako.join(&room).await;
        cara.join(&room).await;
        // The bot's welcome proves it joined and, in an encrypted room, that keys flow both
        // ways with every device.
        for person in [&ana, &bako, &cara] {
            let welcome = person
                .wait_for(&room, 0, "the welcome", |seen| {
                    seen.sender == BOT && seen.body().contains("!lalao help")
                })
                .await;
            assert_eq!(welcome.encrypted, encrypted);
            assert_eq!(welcome.msgtype(), "m.notice");
        }
        World {
            synapse: std::sync::Mutex::new(synapse),
            data,
            service,
            clock,
            recorder,
            bot: std::sync::Mutex::new(Some(bot)),
            ana,
            bako,
            cara,
            room,
        }
    }

    fn start_bot(&self) {
        let bot = Bot::start(
            bot_config(&self.synapse.lock().unwrap()),
            self.data.path(),
            self.service.clone(),
            self.recorder.clone(),
        );
        *self.bot.lock().unwrap() = Some(bot);
    }

    fn take_bot(&self) -> Bot {
        self.bot.lock().unwrap().take().expect("the bot is running")
    }

    fn assert_bot_running(&self) {
        self.bot.lock().unwrap().as_ref().expect("a bot").assert_running();
    }

    /// The match as the core stored it.
    fn record(&self, id: &str) -> MatchRecord {
        let id = MatchId::parse(id).expect("a match id");
        let bytes = self
            .service
            .store()
            .get(&keys::match_key(id))
            .unwrap()
            .expect("the match is stored");
        record::decode(&bytes, "a match").unwrap()
    }

    fn person(&self, user: &str) -> &Person {
        [&self.ana, &self.bako, &self.cara]
            .into_iter()
            .find(|person| user == format!("matrix:{}", person.id()))
            .expect("one of the people")
    }
}

fn bot_message(seen: &Seen) -> bool {
    seen.sender == BOT && seen.kind() == "m.room.message"
}

/// A match in progress, followed from the test side with its own copy of the game.
struct Play<'w> {
    id: String,
    board_event: String,
    game: AnyGame,
    /// Who plays each side, by [`Side::index`].
    players: [&'w Person; 2],
}

impl<'w> Play<'w> {
    fn player(&self) -> &'w Person {
        self.players[self.game.to_move().index()]
    }

    fn side_of(&self, person: &Person) -> Side {
        if self.players[0].id() == person.id() {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The renderer's HTML for the current position as `viewer` sees it (the core draws the
    /// board for whoever sent the command), in the room's default style.
    fn expected_html(&self, viewer: &Person, last_move: Option<&str>, events: &[Event]) -> String {
        let view = View {
            names: [self.players[0].name.as_str(), self.players[1].name.as_str()],
            viewer: Some(self.side_of(viewer)),
            last_move,
            events,
            ..View::new(Style::Text, Locale::En)
        };
        lalao_renderer::render(&self.game, &view).html
    }
}

/// The match id in a message of the core ("Match #3: …").
/// Ana challenges Bako with a pill; Bako accepts with a ✅ reaction (Mangala IV: then the coin
/// game, with Ana's coins sent by direct message); the first board arrives and mentions the
/// player to move.
async fn challenge_and_accept<'w>(world: &'w World, kind: GameKind, room: &RoomId, extra: &str) -> Play<'w> {
    let (ana, bako) = (&world.ana, &world.bako);
    if kind == GameKind::Mangala {
        // Both play each forced move themselves (by default they would play themselves).
        for person in [ana, bako] {
            let mark = person.mark(room);
            person.send(room, "!lalao settings auto=off").await;
            person
                .wait_for(room, mark, "auto off", |seen| {
                    bot_message(seen) && seen.body().contains("Forced moves: you play them.")
                })
                .await;
        }
    }
    let mark = bako.mark(room);
    let command = ana
        .send_with_pills(
            room,
            &format!("!lalao play {} Bako{extra}", kind.id()),
            &format!(
                r#"!lalao play {} <a href="https://matrix.to/#/{}">Bako</a>{extra}"#,
                kind.id(),
                bako.id()
            ),
            &[bako.id()],
        )
        .await;
    let challenge = bako
        .wait_for(room, mark, "the challenge", |seen| {
            bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    let id = match_id(challenge.body());
    let game_name = lalao_app::i18n::t(Locale::En, &format!("game-{}", kind.id()), &[]);
    assert_eq!(
        challenge.body(),
        format!(
            "Match {id}: ana challenges bako to {game_name}! bako, type `!lalao accept {id}` or `!lalao decline {id}`.{clock}",
            clock = match extra {
                extra if extra.contains("time=1h") => "\nClock: 1 h per move.",
                extra if extra.contains("time=3d") => "\nClock: 3 d per move.",
                _ => "",
            }
        )
    );
    assert_eq!(
        challenge.mentions(),
        [bako.id()],
        "the challenged player is mentioned"
    );
    assert!(
        challenge.html().contains(&format!(
            r#"challenges <a href="https://matrix.to/#/{}">bako</a> to"#,
            bako.id()
        )),
        "with a pill: {}",
        challenge.html()
    );
    assert_eq!(challenge.msgtype(), "m.text", "a notice would not notify");

    let mark = ana.mark(room);
    if kind == GameKind::Mangala {
        bako.react(room, &challenge.event_id, REACTION_ACCEPT).await;
    } else {
        // The instruction, typed exactly as the bot wrote it.
        bako.send(room, &instruction(challenge.body(), "!lalao accept"))
            .await;
    }
    // Bako's command (the instruction or the ✅, then the side he took in the coin game) drew
    // the first board.
    let board = if kind == GameKind::Mangala {
        coin_game(world, room, &id, mark).await
    } else {
        ana.wait_for(room, mark, "the first board", |seen| {
            bot_message(seen) && seen.replaces().is_none() && seen.body().contains("accepts!")
        })
        .await
    };
    let record = world.record(&id);
    assert_eq!(record.stage, Stage::Playing);
    let players = record.players.clone().expect("players seated");
    let play = Play {
        id,
        board_event: board.event_id.clone(),
        game: record.state.clone().restore().unwrap(),
        players: [
            world.person(players[0].as_str()),
            world.person(players[1].as_str()),
        ],
    };
    assert_eq!(
        play.game.position(),
        AnyGame::new(AnyOptions::standard(kind).unwrap())
            .unwrap()
            .position(),
        "the standard start"
    );
    assert_board(&board, &play, bako, None, &[]);
    play
}

/// Mangala IV's coin game (RULES.md M-3): the bot opens a direct room with Ana and asks for
/// the coins there; Ana hides one by following its instruction, Bako calls odd in the room
/// (right), Bako takes South. Returns the first board.
async fn coin_game(world: &World, room: &RoomId, id: &str, mark: usize) -> Seen {
    let (ana, bako) = (&world.ana, &world.bako);
    let rite = ana
        .wait_for(room, mark, "the coin game", |seen| {
            bot_message(seen) && seen.body().contains("coin game")
        })
        .await;
    assert_eq!(
        rite.body(),
        format!(
            "Match {id}: {} accepts! First the coin game: Tek mi, Çift mi? {}, I have written to you privately: hide one or two coins there.",
            bako.name, ana.name
        )
    );
    assert_eq!(rite.mentions(), [ana.id()]);
    // Coins are a secret: the bot opens the direct room itself.
    let dm = ana.accept_invite().await;
    let ask = ana
        .wait_for(&dm, 0, "the coins asked for privately", bot_message)
        .await;
    assert_eq!(
        ask.body(),
        format!(
            "Match {id} against {}: the coin game begins. Hide one or two coins in your hand: send `!lalao coins 1 {id}` or `!lalao coins 2 {id}` here. Only you and I see this room.",
            bako.name
        )
    );
    assert!(ask.encrypted, "DMs are encrypted");
    let dm_mark = ana.mark(&dm);
    let room_mark = bako.mark(room);
    ana.send(&dm, &instruction(ask.body(), "!lalao coins 1")).await;
    let hidden = ana
        .wait_for(&dm, dm_mark, "the coins' confirmation", bot_message)
        .await;
    assert_eq!(hidden.body(), "You hide 1 in your hand. Shh!");
    assert!(hidden.encrypted, "DMs are encrypted");
    let call = bako
        .wait_for(
            room,
            room_mark,
            "the call for Bako, in the match's room",
            |seen| bot_message(seen) && seen.body().contains("Odd or even?"),
        )
        .await;
    assert_eq!(call.mentions(), [bako.id()]);
    assert!(
        call.in_reply_to().is_none(),
        "not a reply: the command was in the DM"
    );

    let mark = bako.mark(room);
    bako.send(room, &instruction(call.body(), "!lalao call odd"))
        .await;
    let right = bako
        .wait_for(room, mark, "the call's result", |seen| {
            bot_message(seen) && seen.body().contains("was right")
        })
        .await;
    assert_eq!(right.mentions(), [bako.id()]);
    let mark = ana.mark(room);
    bako.send(room, &instruction(right.body(), "!lalao side south"))
        .await;
    ana.wait_for(room, mark, "the first board", |seen| {
        bot_message(seen) && seen.replaces().is_none() && seen.body().contains("Good game!")
    })
    .await
}

/// A board message shows the renderer's board (HTML and plain) for `viewer` (who sent the
/// command) and mentions the player to move with a pill.
fn assert_board(seen: &Seen, play: &Play, viewer: &Person, last_move: Option<&str>, events: &[Event]) {
    assert_eq!(seen.msgtype(), "m.text");
    assert_eq!(seen.shown()["format"], "org.matrix.custom.html");
    let expected = play.expected_html(viewer, last_move, events);
    assert!(
        seen.html().contains(&expected),
        "the renderer's HTML board after {last_move:?}:\n{}\nexpected:\n{expected}",
        seen.html()
    );
    assert_html_marks(seen.html(), play.game.kind());
    match play.game.outcome() {
        None => {
            let player = play.player();
            assert_eq!(seen.mentions(), [player.id()], "the player to move is mentioned");
            assert!(
                seen.html().contains(&format!(
                    r#"<a href="https://matrix.to/#/{}">{}</a>, it&#39;s your move."#,
                    player.id(),
                    player.name
                )),
                "with a pill: {}",
                seen.html()
            );
            assert!(seen
                .body()
                .ends_with(&format!("{}, it's your move.", player.name)));
        }
        Some(_) => assert!(seen.mentions().is_empty(), "nobody to mention at the end"),
    }
}

/// In HTML the last move is marked by colour and shape (bold start, underlined arrival,
/// struck-out capture), never by the text grid's symbols (`1*`, `W^`, `0x`) and their key;
/// Katro's halves are split by a line, as in the text grid.
fn assert_html_marks(html: &str, kind: GameKind) {
    for cell in html.split("<td>").skip(1) {
        let inner = cell.split("</td>").next().unwrap_or_default();
        let text: String = inner
            .split('<')
            .map(|part| part.split_once('>').map_or(part, |(_, text)| text))
            .collect();
        assert!(
            !(text.ends_with(['*', '^', '+']) || (text.len() > 1 && text.ends_with('x'))),
            "a text-mode mark in an HTML cell: {inner:?}"
        );
    }
    for symbol in ["^ ", "* ", "x captured"] {
        assert!(!html.contains(&format!("<p>{symbol}")), "a text-mode key: {html}");
    }
    if kind == GameKind::Katro {
        assert!(html.contains("<td>—</td>"), "Katro's middle line: {html}");
    }
}

/// A deterministic choice that ends every game in a few hundred moves at most (measured with
/// `lalao rules`: the first legal move ends fano in 4, Samantsy in 12, Mangala IV in 57 and En
/// Gehé in 136, but Katro only after 683; the middle one ends Katro in 188).
fn pick(game: &AnyGame) -> String {
    let legal = game.legal_moves();
    match game.kind() {
        GameKind::Katro => legal[legal.len() / 2].clone(),
        _ => legal[0].clone(),
    }
}

/// The player to move plays [`pick`]'s move; the board is edited (or posted anew) and
/// checked. Returns the bot's message.
async fn play_one(world: &World, play: &mut Play<'_>, room: &RoomId, edits: bool) -> Seen {
    let mv = pick(&play.game);
    let player = play.player();
    let watcher = &world.cara;
    let mark = watcher.mark(room);
    player.send(room, &format!("!lalao move {mv} {}", play.id)).await;
    let events = play.game.play(&mv).unwrap();
    let headline = format!(" played {mv}.");
    let board_event = play.board_event.clone();
    let seen = watcher
        .wait_for(room, mark, &format!("the board after {mv}"), |seen| {
            bot_message(seen)
                && seen.body().contains(&headline)
                && if edits {
                    seen.replaces() == Some(board_event.as_str())
                } else {
                    seen.replaces().is_none()
                }
        })
        .await;
    assert_board(&seen, play, player, Some(&mv), &events);
    if !edits {
        play.board_event = seen.event_id.clone();
    }
    seen
}

async fn play_to_the_end(world: &World, play: &mut Play<'_>, room: &RoomId, edits: bool) {
    while play.game.outcome().is_none() {
        play_one(world, play, room, edits).await;
    }
    let record = world.record(&play.id);
    assert!(
        matches!(record.stage, Stage::Finished { .. }),
        "{:?}",
        record.stage
    );
    assert_eq!(record.state.restore().unwrap().position(), play.game.position());
}

fn assert_delivered_once(world: &World) {
    let delivered = world.recorder.delivered();
    let mut ids: Vec<_> = delivered.iter().map(|(id, _, _)| id.clone()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(
        ids.len(),
        delivered.len(),
        "no event delivered twice: {delivered:?}"
    );
}

async fn complete_matches(encrypted: bool) {
    let world = World::new(encrypted).await;
    assert_eq!(GameKind::ALL.len(), 5);
    for kind in GameKind::ALL {
        eprintln!("a complete match of {} (encrypted: {encrypted})", kind.id());
        let mut play = challenge_and_accept(&world, kind, &world.room, "").await;
        play_to_the_end(&world, &mut play, &world.room, true).await;
        let seen = world.ana.seen(&world.room);
        // State events (the bot's membership) are never encrypted; its messages must be.
        for event in seen.iter().filter(|seen| bot_message(seen)) {
            assert_eq!(event.encrypted, encrypted, "every bot message matches the room");
        }
    }
    world.assert_bot_running();
    assert_delivered_once(&world);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_complete_matches_in_a_plain_room() {
    complete_matches(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_complete_matches_in_an_encrypted_room() {
    complete_matches(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_strangers_and_malformed_commands_change_nothing() {
    let world = World::new(false).await;
    let room = &world.room;
    let mut play = challenge_and_accept(&world, GameKind::Fano, room, "").await;
    let before = world.record(&play.id);

    // Cara is in the room but not in the match; the other player is in it but not to move.
    let mv = play.game.legal_moves()[0].clone();
    let waiting = play.players[play.game.to_move().opponent().index()];
    let mover = play.player();
    for (person, expected) in [
        (
            &world.cara,
            format!(
                "You are not playing in match {id}, but you can watch it with `!lalao board {id}`.",
                id = play.id
            ),
        ),
        (
            waiting,
            format!(
                "Wait a little: it is {} ({})'s turn.",
                mover.name,
                ["White", "Black"][play.game.to_move().index()]
            ),
        ),
    ] {
        let mark = person.mark(room);
        let command = person.send(room, &format!("!lalao move {mv} {}", play.id)).await;
        let refusal = person
            .wait_for(room, mark, &format!("the refusal to {}", person.name), |seen| {
                bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
            })
            .await;
        assert_eq!(refusal.body(), expected);
        assert_eq!(refusal.msgtype(), "m.notice");
    }
    // Nonsense gets a friendly answer.
    let mark = world.ana.mark(room);
    let command = world.ana.send(room, "!lalao dance").await;
    let answer = world
        .ana
        .wait_for(room, mark, "an answer to nonsense", |seen| {
            bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    assert!(
        answer.body().starts_with("I don't know the command “dance”."),
        "{}",
        answer.body()
    );
    assert_eq!(answer.msgtype(), "m.notice");
    // Ordinary chatter is left alone.
    world.ana.send(room, "good luck everyone").await;
    // Nothing changed: the record is the same, version and all.
    let after = world.record(&play.id);
    assert_eq!(record::encode(&after), record::encode(&before), "nothing changed");

    // The match goes on normally afterwards.
    play_one(&world, &mut play, room, true).await;
    assert_eq!(world.record(&play.id).moves.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_bot_killed_and_restarted_mid_match_loses_nothing_and_replays_nothing() {
    let world = World::new(true).await;
    let room = world.room.clone();
    let mut play = challenge_and_accept(&world, GameKind::Fano, &room, "").await;
    play_one(&world, &mut play, &room, true).await;

    // A clean stop, then a start: not one old event is delivered again.
    let before = world.recorder.delivered().len();
    world.take_bot().stop().await;
    world.start_bot();
    play_one(&world, &mut play, &room, true).await;
    let delivered = world.recorder.delivered();
    assert_eq!(delivered.len(), before + 1, "only the new move: {delivered:?}");

    // A kill, and a move sent while the bot is down: applied when it comes back.
    world.take_bot().kill().await;
    let mv = play.game.legal_moves()[0].clone();
    let player = play.player();
    let mark = world.cara.mark(&room);
    player.send(&room, &format!("!lalao move {mv} {}", play.id)).await;
    let events = play.game.play(&mv).unwrap();
    world.start_bot();
    let board = world
        .cara
        .wait_for(&room, mark, "the board after the restart", |seen| {
            bot_message(seen) && seen.replaces() == Some(play.board_event.as_str())
        })
        .await;
    assert_board(&board, &play, player, Some(&mv), &events);
    play_to_the_end(&world, &mut play, &room, true).await;

    // However often an event reached the core, each move was applied once: one edit per move.
    let edits = world
        .cara
        .seen(&room)
        .iter()
        .filter(|seen| bot_message(seen) && seen.replaces() == Some(play.board_event.as_str()))
        .count();
    assert_eq!(edits as u32, play.game.ply());
    assert_eq!(world.record(&play.id).moves.len() as u32, play.game.ply());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_synapse_restarted_mid_match_the_bot_reconnects_by_itself() {
    let world = World::new(false).await;
    let room = world.room.clone();
    let mut play = challenge_and_accept(&world, GameKind::Fano, &room, "").await;
    play_one(&world, &mut play, &room, true).await;
    blocking(|| world.synapse.lock().unwrap().restart());
    play_to_the_end(&world, &mut play, &room, true).await;
    world.assert_bot_running();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_rooms_may_prefer_a_new_board_per_move_and_resign_by_reaction() {
    let world = World::new(false).await;
    let room = &world.room;
    world
        .ana
        .set_state(room, ROOM_SETTINGS_EVENT, json!({"board_updates": "new"}))
        .await;
    let mut play = challenge_and_accept(&world, GameKind::Fano, room, "").await;
    let first = play.board_event.clone();
    play_one(&world, &mut play, room, false).await;
    assert_ne!(play.board_event, first, "a new message, not an edit");

    // 🏳️ on the board asks; ✅ by the same player confirms.
    let resigner = play.player();
    let mark = resigner.mark(room);
    resigner.react(room, &play.board_event, REACTION_RESIGN).await;
    let question = resigner
        .wait_for(room, mark, "the resignation question", |seen| {
            bot_message(seen) && seen.body().contains("resign")
        })
        .await;
    assert_eq!(
        question.body(),
        format!(
            "{}, do you really want to resign match {}? React ✅ to this message to confirm.",
            resigner.name, play.id
        )
    );
    assert_eq!(question.mentions(), [resigner.id()]);
    // Someone else's ✅ does nothing.
    world.cara.react(room, &question.event_id, REACTION_ACCEPT).await;
    let mark = resigner.mark(room);
    resigner.react(room, &question.event_id, REACTION_ACCEPT).await;
    let last = resigner
        .wait_for(room, mark, "the resignation", |seen| {
            bot_message(seen) && seen.body().contains("gives up")
        })
        .await;
    assert!(last.mentions().is_empty() || !last.mentions().contains(&resigner.id().to_owned()));
    let record = world.record(&play.id);
    let side = play.side_of(resigner);
    assert_eq!(
        record.stage,
        Stage::Finished {
            ending: Ending::Resigned { side }
        }
    );
}

/// A digest, read in a direct room, names the match's room by the name Matrix
/// shows for it, never by its id.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_digest_names_the_room_of_each_match() {
    let world = World::new(false).await;
    let room = &world.room;
    world
        .ana
        .set_state(room, "m.room.name", json!({"name": "Club Fano"}))
        .await;
    let play = challenge_and_accept(&world, GameKind::Fano, room, " time=3d").await;
    let late = play.players[play.game.to_move().opponent().index()];
    let mark = late.mark(room);
    let command = late.send(room, "!lalao notify digest digest=9 tz=+0").await;
    late.wait_for(room, mark, "the saved settings", |seen| {
        bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
    })
    .await;
    // The first move starts the late player's clock; in digest mode the board does not
    // mention them.
    let mv = pick(&play.game);
    let mark = late.mark(room);
    play.player()
        .send(room, &format!("!lalao move {mv} {}", play.id))
        .await;
    late.wait_for(room, mark, "the board after the first move", |seen| {
        bot_message(seen) && seen.body().contains(&format!(" played {mv}."))
    })
    .await;
    // The next 09:00 UTC comes within a day.
    world.clock.advance(DAY_SECONDS + 1);
    world.service.wake().note(0);
    let dm = late.accept_invite().await;
    let digest = late
        .wait_for(&dm, 0, "the digest", |seen| {
            bot_message(seen) && seen.body().starts_with("Your turn to move (1):")
        })
        .await;
    let line = digest.body().lines().nth(1).unwrap_or_default();
    assert!(
        line.starts_with(&format!("• match {} (Fano) in “Club Fano”: ", play.id)),
        "{}",
        digest.body()
    );
    assert!(!digest.body().contains(room.as_str()), "{}", digest.body());
}

/// A notice about both players says its line in each one's language; a
/// challenge that expired says so when someone tries to accept it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_room_notices_speak_both_languages_and_an_expired_challenge_says_so() {
    let world = World::new(false).await;
    let room = &world.room;
    let (ana, bako, cara) = (&world.ana, &world.bako, &world.cara);
    let said = |person: &'static str| move |seen: &Seen| bot_message(seen) && seen.body().contains(person);
    let mark = cara.mark(room);
    cara.send(room, "!lalao settings language fr").await;
    cara.wait_for(room, mark, "the saved language", said("C'est noté"))
        .await;

    // Ana (English) and Cara (French) start a match and nobody moves for a week.
    let mark = cara.mark(room);
    ana.send(room, "!lalao play fano @cara:localhost cells=5").await;
    let challenge = cara
        .wait_for(room, mark, "the challenge", |seen| {
            bot_message(seen) && seen.body().contains("challenges")
        })
        .await;
    let id = match_id(challenge.body());
    let mark = cara.mark(room);
    cara.send(room, &format!("!lalao accepter {id}")).await;
    cara.wait_for(room, mark, "the first board", said("accepte"))
        .await;
    let mark = ana.mark(room);
    world.clock.advance(7 * DAY_SECONDS + 1);
    world.service.wake().note(0);
    let aborted = ana.wait_for(room, mark, "the abort", said("Nobody moved")).await;
    // Both are named (with pills) in front, once; then the line in each language.
    assert_eq!(
        aborted.body(),
        format!(
            "ana, cara: Nobody moved in match {id} (Fano), so it is stopped. It does not count for anyone.\n\
             Personne n’a joué dans la partie {id} (Fano), elle est donc arrêtée. Elle ne compte pour personne."
        )
    );

    // A challenge nobody accepted in a week expires; accepting it later says so.
    let mark = bako.mark(room);
    ana.send(room, "!lalao play fano @bako:localhost").await;
    let challenge = bako
        .wait_for(room, mark, "the second challenge", |seen| {
            bot_message(seen) && seen.body().contains("challenges bako")
        })
        .await;
    let id = match_id(challenge.body());
    let mark = bako.mark(room);
    world.clock.advance(7 * DAY_SECONDS + 1);
    world.service.wake().note(0);
    bako.wait_for(room, mark, "the expiry", said("has expired")).await;
    let mark = bako.mark(room);
    let late = bako.send(room, &format!("!lalao accept {id}")).await;
    let answer = bako
        .wait_for(room, mark, "the answer", |seen| {
            bot_message(seen) && seen.in_reply_to() == Some(late.as_str())
        })
        .await;
    assert_eq!(
        answer.body(),
        format!(
            "Challenge {id} expired: nobody accepted it in time. Start a new one with `!lalao play fano`."
        )
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_clock_that_runs_out_is_announced_in_the_room() {
    let world = World::new(true).await;
    let room = &world.room;
    let mut play = challenge_and_accept(&world, GameKind::Fano, room, " time=1h").await;
    let late = play.players[play.game.to_move().opponent().index()];
    let winner = play.player();

    // The player who will be late wants turn notices and reminders by direct message.
    let mark = late.mark(room);
    let command = late.send(room, "!lalao notify dm=on").await;
    let saved = late
        .wait_for(room, mark, "the saved settings", |seen| {
            bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    assert!(saved
        .body()
        .starts_with("Saved. Notifications: every move. Direct messages: "));

    // The first move has no clock; the second player's hour starts with it, and the turn
    // notice goes to them by direct message: the bot opens a direct room.
    play_one(&world, &mut play, room, true).await;
    let dm = late.accept_invite().await;
    let notice = late.wait_for(&dm, 0, "the turn notice by DM", bot_message).await;
    assert!(notice.encrypted, "the bot's direct rooms are encrypted");
    assert_eq!(notice.mentions(), [late.id()]);

    // 45 minutes in (75 % of the budget) the reminder comes by direct message, with the time
    // left when it is sent.
    let room_mark = world.cara.mark(room);
    let dm_mark = late.mark(&dm);
    world.clock.advance(45 * 60);
    world.service.wake().note(0);
    let reminder = late
        .wait_for(&dm, dm_mark, "the reminder by DM", |seen| {
            bot_message(seen) && seen.body().contains("remember to move")
        })
        .await;
    assert_eq!(
        reminder.body(),
        format!(
            "{}, remember to move in match {} (Fano): 15 min left.",
            late.name, play.id
        )
    );
    // A quarter of an hour and a second later, the time-out, in the room with pills.
    let mark = world.cara.mark(room);
    world.clock.advance(15 * 60 + 1);
    world.service.wake().note(0);
    let flag = world
        .cara
        .wait_for(room, mark, "the time-out", |seen| {
            bot_message(seen) && seen.body().contains("has run out of time")
        })
        .await;
    assert_eq!(
        flag.body(),
        format!(
            "{late} has run out of time in match {id} (Fano). {winner}, you can `!lalao claim` the win, `!lalao grant 1d` (or any time), or `!lalao waive` to give a new full time.",
            late = late.name,
            winner = winner.name,
            id = play.id
        )
    );
    assert_eq!(flag.msgtype(), "m.text");
    assert!(flag.encrypted);
    let mut mentioned = flag.mentions();
    mentioned.sort();
    let mut expected = vec![late.id().to_owned(), winner.id().to_owned()];
    expected.sort();
    assert_eq!(mentioned, expected);
    for person in [late, winner] {
        assert!(
            flag.html().contains(&format!(
                r#"<a href="https://matrix.to/#/{}">{}</a>"#,
                person.id(),
                person.name
            )),
            "a pill for {}: {}",
            person.name,
            flag.html()
        );
    }
    assert!(
        !world.cara.seen(room)[room_mark..]
            .iter()
            .any(|seen| bot_message(seen) && seen.body().contains("remember to move")),
        "reminders go by DM instead of the room"
    );

    // The winner claims: the match ends on time.
    let mark = winner.mark(room);
    winner.send(room, &format!("!lalao claim {}", play.id)).await;
    winner
        .wait_for(room, mark, "the claim", |seen| {
            bot_message(seen) && seen.body().contains("on time")
        })
        .await;
    let record = world.record(&play.id);
    assert_eq!(
        record.stage,
        Stage::Finished {
            ending: Ending::Timeout {
                side: play.game.to_move()
            }
        }
    );
    // Delivered once each: nothing is left in the outbox.
    assert!(world.service.pending_notifications().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_invites_direct_rooms_and_leaving() {
    let synapse = blocking(Synapse::start);
    blocking(|| {
        synapse.register("lalao", BOT_PASSWORD);
        synapse.register("ana", "pw-ana");
        synapse.register("zed", "pw-zed");
    });
    let data = tempfile::tempdir().unwrap();
    let (service, _clock) = core(data.path());
    let recorder = Arc::new(Recorder::new());
    let mut config = bot_config(&synapse);
    config.allowed_inviters = vec!["@ana:localhost".into()];
    let bot = Bot::start(config, data.path(), service, recorder);
    let ana = Person::login(&synapse.url(), "ana", "pw-ana").await;
    let zed = Person::login(&synapse.url(), "zed", "pw-zed").await;

    // Zed is not an allowed inviter: the bot declines. Ana is: the bot joins her DM and
    // reads commands there without a prefix.
    let zed_room = zed.create_room(&[BOT], false).await;
    let dm = ana.create_dm(BOT).await;
    ana.wait_for(&dm, 0, "the welcome", |seen| seen.sender == BOT)
        .await;
    let mark = ana.mark(&dm);
    let command = ana.send(&dm, "help").await;
    let help = ana
        .wait_for(&dm, mark, "help in the DM", |seen| {
            bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    assert!(help.encrypted, "DMs are encrypted");
    assert!(
        help.body()
            .contains("\nI know these commands (type `!lalao help play` to learn more about one):"),
        "{}",
        help.body()
    );
    zed.wait_for(&zed_room, 0, "the declined invite", |seen| {
        seen.sender == BOT && seen.kind() == "m.room.member" && seen.content()["membership"] == "leave"
    })
    .await;
    assert!(
        !zed.seen(&zed_room)
            .iter()
            .any(|seen| seen.sender == BOT && seen.content()["membership"] == "join"),
        "never joined Zed's room"
    );

    // Ana created the room (she is its admin): she may send the bot away.
    let room = ana.create_room(&[BOT], false).await;
    ana.wait_for(&room, 0, "the welcome", |seen| seen.sender == BOT)
        .await;
    let mark = ana.mark(&room);
    ana.send(&room, "!lalao leave").await;
    ana.wait_for(&room, mark, "the bot leaving", |seen| {
        seen.sender == BOT && seen.kind() == "m.room.member" && seen.content()["membership"] == "leave"
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_access_token_login_keeps_its_device_across_restarts() {
    let synapse = blocking(Synapse::start);
    // Registration logs in: its token has a device, which the bot must adopt (whoami).
    let account = blocking(|| synapse.register("lalao", BOT_PASSWORD));
    blocking(|| synapse.register("ana", "pw-ana"));
    let mut config = bot_config(&synapse);
    config.login = MatrixLogin::AccessToken {
        access_token: account.token.clone(),
    };
    let data = tempfile::tempdir().unwrap();
    let (service, _clock) = core(data.path());
    let recorder = Arc::new(Recorder::new());
    let session = || {
        let text = std::fs::read_to_string(data.path().join("matrix/session.json")).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap()
    };
    let ana = Person::login(&synapse.url(), "ana", "pw-ana").await;
    let room = ana.create_room(&[BOT], true).await;

    let bot = Bot::start(config.clone(), data.path(), service.clone(), recorder.clone());
    ana.wait_for(&room, 0, "the welcome", bot_message).await;
    let device = session()["session"]["device_id"].clone();
    assert!(device.is_string(), "{:?}", session());
    bot.stop().await;

    // Same device after a restart: encrypted messages keep flowing both ways.
    let bot = Bot::start(config, data.path(), service, recorder);
    let mark = ana.mark(&room);
    let command = ana.send(&room, "!lalao help").await;
    let help = ana
        .wait_for(&room, mark, "help after the restart", |seen| {
            bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    assert!(help.encrypted);
    assert_eq!(session()["session"]["device_id"], device);
    bot.stop().await;
}

/// A room the bot joined from a direct invite stops being direct once others are
/// invited: its members are not all moderators and its chat lines are not all commands.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_direct_room_with_three_members_is_a_group() {
    let synapse = blocking(Synapse::start);
    blocking(|| {
        synapse.register("lalao", BOT_PASSWORD);
        for name in ["cara", "bob", "dave"] {
            synapse.register(name, &format!("pw-{name}"));
        }
    });
    let data = tempfile::tempdir().unwrap();
    let (service, _clock) = core(data.path());
    let recorder = Arc::new(Recorder::new());
    let bot = Bot::start(bot_config(&synapse), data.path(), service.clone(), recorder);
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let bob = Person::login(&synapse.url(), "bob", "pw-bob").await;
    let dave = Person::login(&synapse.url(), "dave", "pw-dave").await;
    let room = cara.create_dm(BOT).await;
    cara.wait_for(&room, 0, "the welcome", |seen| seen.sender == BOT)
        .await;
    cara.invite(&room, "@bob:localhost").await;
    cara.invite(&room, "@dave:localhost").await;
    bob.join(&room).await;
    dave.join(&room).await;
    // Cara challenges Dave, Dave accepts: a match of theirs in the room.
    let mark = cara.mark(&room);
    cara.send(&room, "!lalao play fano @dave:localhost").await;
    let challenge = cara
        .wait_for(&room, mark, "the challenge", |seen| {
            bot_message(seen) && seen.body().contains("#1")
        })
        .await;
    let id = match_id(challenge.body());
    let mark = dave.mark(&room);
    dave.send(&room, &format!("!lalao accept {id}")).await;
    dave.wait_for(&room, mark, "the board", |seen| {
        bot_message(seen) && seen.body().contains("accepts")
    })
    .await;
    // Bob (power level 0) is no moderator here: he cannot cancel their match.
    let mark = bob.mark(&room);
    let cancel = bob.send(&room, &format!("!lalao cancel {id}")).await;
    bob.wait_for(&room, mark, "the refusal", |seen| {
        bot_message(seen) && seen.in_reply_to() == Some(cancel.as_str())
    })
    .await;
    let stored = service
        .store()
        .get(&keys::match_key(MatchId::parse(&id).unwrap()))
        .unwrap()
        .unwrap();
    assert_eq!(
        record::decode::<MatchRecord>(&stored, "a match").unwrap().stage,
        Stage::Playing
    );
    // Chat between people is not a command: only the prefixed line is answered.
    let mark = dave.mark(&room);
    let chat = dave.send(&room, "good luck everyone").await;
    let help = dave.send(&room, "!lalao help").await;
    dave.wait_for(&room, mark, "help", |seen| {
        bot_message(seen) && seen.in_reply_to() == Some(help.as_str())
    })
    .await;
    assert!(
        !dave
            .seen(&room)
            .iter()
            .any(|seen| bot_message(seen) && seen.in_reply_to() == Some(chat.as_str())),
        "a chat line in a group room was answered as a command"
    );
    bot.stop().await;
}

/// In a room, a reply to one of the bot's messages is a command without the
/// prefix, and so is a message in a thread the bot's message started; a reply to a person's
/// message is chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_reply_to_the_bot_is_a_command_without_the_prefix() {
    use matrix_sdk::ruma::events::relation::{InReplyTo, Reply as ReplyRelation, Thread};
    use matrix_sdk::ruma::events::room::message::{Relation, RoomMessageEventContent};
    let synapse = blocking(Synapse::start);
    blocking(|| {
        synapse.register("lalao", BOT_PASSWORD);
        for name in ["cara", "dave"] {
            synapse.register(name, &format!("pw-{name}"));
        }
    });
    let data = tempfile::tempdir().unwrap();
    let (service, _clock) = core(data.path());
    let recorder = Arc::new(Recorder::new());
    let _bot = Bot::start(bot_config(&synapse), data.path(), service.clone(), recorder);
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let dave = Person::login(&synapse.url(), "dave", "pw-dave").await;
    let room = cara.create_room(&[BOT, dave.id()], false).await;
    dave.join(&room).await;
    dave.wait_for(&room, 0, "the welcome", bot_message).await;
    // Cara's client too has the welcome before her mark, so the count below is of answers.
    cara.wait_for(&room, 0, "the welcome", bot_message).await;

    // Chat that replies to a person is not a command.
    let mark = cara.mark(&room);
    let hello = cara.send(&room, "hello dave").await;
    let mut chat = RoomMessageEventContent::text_plain("help");
    chat.relates_to = Some(Relation::Reply(ReplyRelation::new(InReplyTo::new(hello))));
    dave.send_content(&room, chat).await;

    let command = cara.send(&room, "!lalao play fano @dave:localhost cells=5").await;
    let challenge = cara
        .wait_for(&room, mark, "the challenge", |seen| {
            bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
        })
        .await;
    assert_eq!(
        cara.seen(&room)[mark..]
            .iter()
            .filter(|seen| bot_message(seen))
            .count(),
        1,
        "the reply to Cara's chat got no answer"
    );
    let id = match_id(challenge.body());
    // Dave replies `accept` to the challenge: no prefix needed.
    let mark = dave.mark(&room);
    let mut reply = RoomMessageEventContent::text_plain("accept");
    reply.relates_to = Some(Relation::Reply(ReplyRelation::new(InReplyTo::new(
        challenge.event_id.parse().unwrap(),
    ))));
    dave.send_content(&room, reply).await;
    let board = dave
        .wait_for(&room, mark, "the first board", |seen| {
            bot_message(seen) && seen.body().contains("dave accepts!")
        })
        .await;
    assert_eq!(
        service
            .match_record(lalao_app::ids::MatchId::parse(&id).unwrap())
            .unwrap()
            .stage,
        Stage::Playing
    );
    // In a thread the bot's board started, a bare move is a command too.
    let mark = cara.mark(&room);
    let mut in_thread = RoomMessageEventContent::text_plain("@3");
    let root: matrix_sdk::ruma::OwnedEventId = board.event_id.parse().unwrap();
    in_thread.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
    cara.send_content(&room, in_thread).await;
    cara.wait_for(&room, mark, "the move", |seen| {
        bot_message(seen) && seen.body().contains("played @3")
    })
    .await;
    // An answer to a command in a thread stays in the thread.
    let mark = cara.mark(&room);
    let mut ask = RoomMessageEventContent::text_plain("help");
    ask.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
    let asked = cara.send_content(&room, ask).await;
    let answer = cara
        .wait_for(&room, mark, "the help, in the thread", |seen| {
            bot_message(seen) && seen.body().contains("help")
        })
        .await;
    let relation = &answer.content()["m.relates_to"];
    assert_eq!(relation["rel_type"], "m.thread", "{relation}");
    assert_eq!(relation["event_id"], root.as_str());
    assert_eq!(relation["m.in_reply_to"]["event_id"], asked.as_str());
}

/// A match against the computer has one live board: its first board is the one
/// each move edits, in a room and in a direct message.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_a_match_against_the_computer_has_one_live_board() {
    let synapse = blocking(Synapse::start);
    blocking(|| {
        synapse.register("lalao", BOT_PASSWORD);
        synapse.register("cara", "pw-cara");
    });
    let data = tempfile::tempdir().unwrap();
    let (service, _clock) = core(data.path());
    let recorder = Arc::new(Recorder::new());
    let _bot = Bot::start(bot_config(&synapse), data.path(), service.clone(), recorder);
    let cara = Person::login(&synapse.url(), "cara", "pw-cara").await;
    let group = cara.create_room(&[BOT], false).await;
    cara.wait_for(&group, 0, "the welcome", bot_message).await;
    let dm = cara.create_dm(BOT).await;
    cara.wait_for(&dm, 0, "the welcome in the DM", bot_message).await;
    for (room, prefix) in [(&group, "!lalao "), (&dm, "")] {
        let mark = cara.mark(room);
        let command = cara
            .send(
                room,
                &format!("{prefix}play fano bot level=easy side=white cells=7"),
            )
            .await;
        let first = cara
            .wait_for(room, mark, "the first board", |seen| {
                bot_message(seen) && seen.body().contains("against lalao")
            })
            .await;
        let _ = command;
        // Its picture follows it: seen before the turns start, it is not taken
        // for a second board.
        cara.wait_for(room, mark, "the first board's picture", |seen| {
            bot_message(seen) && seen.msgtype() == "m.image"
        })
        .await;
        let id = match_id(first.body());
        for turn in 0..2 {
            let record = service
                .match_record(lalao_app::ids::MatchId::parse(&id).unwrap())
                .unwrap();
            let game = record.current_game().unwrap();
            let mine = game.legal_moves()[0].clone();
            let mark = cara.mark(room);
            cara.send(room, &format!("{prefix}{mine}")).await;
            // The text board's edit: its picture's edit may come first, under load.
            let edit = cara
                .wait_for(room, mark, "the board's edit", |seen| {
                    bot_message(seen) && seen.replaces().is_some() && seen.msgtype() != "m.image"
                })
                .await;
            assert_eq!(
                edit.replaces(),
                Some(first.event_id.as_str()),
                "turn {turn}: the first board is the live one"
            );
            // Give a stray second board time to show up.
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            // Neither a second text board nor a second picture: both are edited.
            let boards: Vec<_> = cara.seen(room)[mark..]
                .iter()
                .filter(|seen| {
                    bot_message(seen) && seen.replaces().is_none() && seen.body().contains("to move")
                })
                .map(|seen| (seen.msgtype().to_owned(), seen.body().to_owned()))
                .collect();
            assert!(boards.is_empty(), "turn {turn}: a second board {boards:?}");
        }
    }
}
