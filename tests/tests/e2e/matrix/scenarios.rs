//! Issue 8's scenarios.

use std::path::Path;
use std::sync::Arc;

use lalao_bot::matrix::{self, REACTION_ACCEPT, REACTION_RESIGN, ROOM_SETTINGS_EVENT};
use lalao_config::{BoardUpdates, MatrixConfig, MatrixLogin};
use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use matrix_sdk::ruma::{OwnedRoomId, RoomId};
use serde_json::json;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::fake_core::FakeCore;
use super::people::{Person, Seen};
use crate::synapse::Synapse;

const BOT: &str = "@lalao:localhost";
const BOT_PASSWORD: &str = "bot-secret";

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
        board_updates: BoardUpdates::Edit,
        store_passphrase: Some("test passphrase".into()),
        device_name: "lalao".into(),
    }
}

/// The bot running in this process.
struct Bot {
    task: JoinHandle<Result<(), matrix::Error>>,
    stop: oneshot::Sender<()>,
}

impl Bot {
    fn start(config: MatrixConfig, data_dir: &Path, core: Arc<FakeCore>) -> Bot {
        let (stop, stopped) = oneshot::channel::<()>();
        let data_dir = data_dir.to_owned();
        let task = tokio::spawn(async move {
            matrix::run(config, &data_dir, core, async {
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
    synapse: Synapse,
    data: tempfile::TempDir,
    core: Arc<FakeCore>,
    bot: Option<Bot>,
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
        let core = Arc::new(FakeCore::default());
        let bot = Bot::start(bot_config(&synapse), data.path(), core.clone());
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
            synapse,
            data,
            core,
            bot: Some(bot),
            ana,
            bako,
            cara,
            room,
        }
    }

    fn start_bot(&mut self) {
        let bot = Bot::start(bot_config(&self.synapse), self.data.path(), self.core.clone());
        self.bot = Some(bot);
    }
}

fn bot_message(seen: &Seen) -> bool {
    seen.sender == BOT && seen.kind() == "m.room.message"
}

/// A match in progress, followed from the test side with its own copy of the game.
struct Play {
    id: String,
    board_event: String,
    game: AnyGame,
    names: [String; 2],
}

impl Play {
    fn player<'w>(&self, world: &'w World) -> &'w Person {
        [&world.ana, &world.bako][self.game.to_move().index()]
    }

    /// The renderer's HTML for the current position, as the bot must show it.
    fn expected_html(&self, last_move: Option<&str>) -> String {
        FakeCore::render(&self.game, [&self.names[0], &self.names[1]], last_move).html
    }
}

/// Ana challenges Bako with a pill; Bako accepts with a ✅ reaction; the first board arrives,
/// mentioning Ana.
async fn challenge_and_accept(world: &World, kind: GameKind, room: &RoomId) -> Play {
    let (ana, bako) = (&world.ana, &world.bako);
    let mark = bako.mark(room);
    let command = ana
        .send_with_pills(
            room,
            &format!("!lalao play {} Bako", kind.id()),
            &format!(
                r#"!lalao play {} <a href="https://matrix.to/#/{}">Bako</a>"#,
                kind.id(),
                bako.id()
            ),
            &[bako.id()],
        )
        .await;
    let challenge = bako
        .wait_for(room, mark, "the challenge", |seen| {
            bot_message(seen) && seen.body().contains("challenges")
        })
        .await;
    assert_eq!(challenge.in_reply_to(), Some(command.as_str()));
    assert_eq!(
        challenge.mentions(),
        [bako.id()],
        "the challenged player is mentioned"
    );
    assert_eq!(challenge.msgtype(), "m.text", "a notice would not notify");
    let id = challenge
        .body()
        .split("(match ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(")."))
        .expect("the match id")
        .to_owned();

    let mark = ana.mark(room);
    bako.react(room, &challenge.event_id, REACTION_ACCEPT).await;
    let board = ana
        .wait_for(room, mark, "the first board", |seen| {
            bot_message(seen) && seen.replaces().is_none() && seen.body().contains("begins")
        })
        .await;
    let game = AnyGame::new(AnyOptions::standard(kind).unwrap()).unwrap();
    let play = Play {
        id,
        board_event: board.event_id.clone(),
        game,
        names: ["ana".into(), "bako".into()],
    };
    assert_board(&board, &play, world, None);
    play
}

/// A board message shows the renderer's board (HTML and plain) and mentions the player to
/// move with a pill.
fn assert_board(seen: &Seen, play: &Play, world: &World, last_move: Option<&str>) {
    assert_eq!(seen.msgtype(), "m.text");
    assert_eq!(seen.shown()["format"], "org.matrix.custom.html");
    assert!(
        seen.html().contains(&play.expected_html(last_move)),
        "the renderer's HTML board after {last_move:?}: {}",
        seen.html()
    );
    match play.game.outcome() {
        None => {
            let player = play.player(world);
            assert_eq!(seen.mentions(), [player.id()], "the player to move is mentioned");
            assert!(
                seen.html()
                    .contains(&format!(r#"<a href="https://matrix.to/#/{}">"#, player.id())),
                "with a pill: {}",
                seen.html()
            );
            assert!(seen.body().contains(&format!("{}, it's your move.", player.name)));
        }
        Some(_) => assert!(seen.mentions().is_empty(), "nobody to mention at the end"),
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
async fn play_one(world: &World, play: &mut Play, room: &RoomId, edits: bool) -> Seen {
    let mv = pick(&play.game);
    let player = play.player(world);
    let watcher = &world.cara;
    let mark = watcher.mark(room);
    player.send(room, &format!("!lalao move {} {mv}", play.id)).await;
    play.game.play(&mv).unwrap();
    let headline = format!("{} played {mv}.", player.name);
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
    assert_board(&seen, play, world, Some(&mv));
    if !edits {
        play.board_event = seen.event_id.clone();
    }
    seen
}

async fn play_to_the_end(world: &World, play: &mut Play, room: &RoomId, edits: bool) {
    while play.game.outcome().is_none() {
        play_one(world, play, room, edits).await;
    }
}

/// The games whose engines have landed.
fn available_games() -> Vec<GameKind> {
    GameKind::ALL
        .into_iter()
        .filter(|kind| AnyOptions::standard(*kind).is_ok())
        .collect()
}

async fn complete_matches(encrypted: bool) {
    let world = World::new(encrypted).await;
    let games = available_games();
    assert!(!games.is_empty());
    for kind in games {
        eprintln!("a complete match of {} (encrypted: {encrypted})", kind.id());
        let mut play = challenge_and_accept(&world, kind, &world.room).await;
        play_to_the_end(&world, &mut play, &world.room, true).await;
        let seen = world.ana.seen(&world.room);
        // State events (the bot's membership) are never encrypted; its messages must be.
        for event in seen.iter().filter(|seen| bot_message(seen)) {
            assert_eq!(event.encrypted, encrypted, "every bot message matches the room");
        }
    }
    world.bot.as_ref().unwrap().assert_running();
    // Every command was delivered to the core once.
    let delivered = world.core.delivered();
    let mut ids: Vec<_> = delivered.iter().map(|(id, _, _)| id.clone()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(
        ids.len(),
        delivered.len(),
        "no event delivered twice: {delivered:?}"
    );
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
    let mut play = challenge_and_accept(&world, GameKind::Fano, room).await;
    let changes = world.core.changes().len();

    // Cara is in the room but not in the match; Bako is in it but it is Ana's turn.
    let mv = play.game.legal_moves()[0].clone();
    for (person, what) in [(&world.cara, "a stranger"), (&world.bako, "the wrong player")] {
        let mark = person.mark(room);
        let command = person.send(room, &format!("!lalao move {} {mv}", play.id)).await;
        let refusal = person
            .wait_for(room, mark, &format!("the refusal to {what}"), |seen| {
                bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
            })
            .await;
        assert!(refusal.body().contains("not your turn"), "{}", refusal.body());
        assert_eq!(refusal.msgtype(), "m.notice");
    }
    // Nonsense and an impossible move get friendly answers.
    for nonsense in ["!lalao dance", "!lalao", &format!("!lalao move {} zz9", play.id)] {
        let mark = world.ana.mark(room);
        let command = world.ana.send(room, nonsense).await;
        let answer = world
            .ana
            .wait_for(room, mark, &format!("an answer to {nonsense:?}"), |seen| {
                bot_message(seen) && seen.in_reply_to() == Some(command.as_str())
            })
            .await;
        assert!(
            answer.body().starts_with("Sorry") || answer.body().starts_with("That move is not possible"),
            "{}",
            answer.body()
        );
    }
    // Ordinary chatter is left alone.
    world.ana.send(room, "good luck everyone").await;
    assert_eq!(world.core.changes().len(), changes, "nothing changed");
    assert_eq!(world.core.game(&play.id).game.ply(), 0);

    // The match goes on normally afterwards.
    play_one(&world, &mut play, room, true).await;
    assert_eq!(world.core.changes().len(), changes + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_bot_killed_and_restarted_mid_match_loses_nothing_and_replays_nothing() {
    let mut world = World::new(true).await;
    let room = world.room.clone();
    let mut play = challenge_and_accept(&world, GameKind::Fano, &room).await;
    play_one(&world, &mut play, &room, true).await;

    // A clean stop, then a start: not one old event is delivered again.
    let before = world.core.delivered().len();
    world.bot.take().unwrap().stop().await;
    world.start_bot();
    play_one(&world, &mut play, &room, true).await;
    let delivered = world.core.delivered();
    assert_eq!(delivered.len(), before + 1, "only the new move: {delivered:?}");

    // A kill while the bot is down for a move: the move is applied when it comes back.
    world.bot.take().unwrap().kill().await;
    let mv = play.game.legal_moves()[0].clone();
    let player = play.player(&world);
    let mark = world.cara.mark(&room);
    player.send(&room, &format!("!lalao move {} {mv}", play.id)).await;
    play.game.play(&mv).unwrap();
    world.start_bot();
    let board = world
        .cara
        .wait_for(&room, mark, "the board after the restart", |seen| {
            bot_message(seen) && seen.replaces() == Some(play.board_event.as_str())
        })
        .await;
    assert_board(&board, &play, &world, Some(&mv));
    play_to_the_end(&world, &mut play, &room, true).await;

    // However often an event reached the core, each changed the match once.
    let changes = world.core.changes();
    let mut unique = changes.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), changes.len());
    assert_eq!(
        world.core.game(&play.id).game.position(),
        play.game.position(),
        "the core's match is the one played"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_synapse_restarted_mid_match_the_bot_reconnects_by_itself() {
    let mut world = World::new(false).await;
    let room = world.room.clone();
    let mut play = challenge_and_accept(&world, GameKind::Fano, &room).await;
    play_one(&world, &mut play, &room, true).await;
    blocking(|| world.synapse.restart());
    play_to_the_end(&world, &mut play, &room, true).await;
    world.bot.as_ref().unwrap().assert_running();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_rooms_may_prefer_a_new_board_per_move_and_resign_by_reaction() {
    let world = World::new(false).await;
    let room = &world.room;
    world
        .ana
        .set_state(room, ROOM_SETTINGS_EVENT, json!({"board_updates": "new"}))
        .await;
    let mut play = challenge_and_accept(&world, GameKind::Fano, room).await;
    let first = play.board_event.clone();
    play_one(&world, &mut play, room, false).await;
    assert_ne!(play.board_event, first, "a new message, not an edit");

    // 🏳️ on the board asks; ✅ by the same player confirms.
    let resigner = play.player(&world);
    let mark = resigner.mark(room);
    resigner.react(room, &play.board_event, REACTION_RESIGN).await;
    let question = resigner
        .wait_for(room, mark, "the resignation question", |seen| {
            bot_message(seen) && seen.body().contains("resign")
        })
        .await;
    assert_eq!(question.mentions(), [resigner.id()]);
    // Someone else's ✅ does nothing.
    world.cara.react(room, &question.event_id, REACTION_ACCEPT).await;
    let mark = resigner.mark(room);
    resigner.react(room, &question.event_id, REACTION_ACCEPT).await;
    let last = resigner
        .wait_for(room, mark, "the resignation", |seen| {
            bot_message(seen) && seen.body().contains("resigned")
        })
        .await;
    assert!(last.mentions().is_empty());
    assert_eq!(world.core.game(&play.id).resigned.as_deref(), Some(resigner.id()));
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
    let core = Arc::new(FakeCore::default());
    let mut config = bot_config(&synapse);
    config.allowed_inviters = vec!["@ana:localhost".into()];
    let bot = Bot::start(config, data.path(), core.clone());
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
    assert!(help.body().starts_with("Commands:"));
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

    // A direct reply from the core lands in the DM.
    let room = ana.create_room(&[BOT], false).await;
    ana.wait_for(&room, 0, "the welcome", |seen| seen.sender == BOT)
        .await;
    let mark = ana.mark(&dm);
    ana.send(&room, "!lalao dm me").await;
    ana.wait_for(&dm, mark, "the direct message", |seen| {
        bot_message(seen) && seen.body() == "A secret just for you."
    })
    .await;

    // Ana created the room (she is its admin): she may send the bot away.
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
    let core = Arc::new(FakeCore::default());
    let session = || {
        let text = std::fs::read_to_string(data.path().join("matrix/session.json")).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap()
    };
    let ana = Person::login(&synapse.url(), "ana", "pw-ana").await;
    let room = ana.create_room(&[BOT], true).await;

    let bot = Bot::start(config.clone(), data.path(), core.clone());
    ana.wait_for(&room, 0, "the welcome", bot_message).await;
    let device = session()["session"]["device_id"].clone();
    assert!(device.is_string(), "{:?}", session());
    bot.stop().await;

    // Same device after a restart: encrypted messages keep flowing both ways.
    let bot = Bot::start(config, data.path(), core.clone());
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
