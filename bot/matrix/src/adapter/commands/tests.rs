//! The application behind the adapter: what it answers, as Matrix messages, and the names
//! commands are logged by.

use std::sync::Arc;

use lalao_app::store::MemoryStore;
use lalao_app::{Defaults, Service};
use lalao_renderer::{Locale, PictureCache, Style};

use super::{answer, command_name, parse};
use crate::outgoing::{Animation, Outgoing};
use lalao_app::ids::{ChannelId, EventId, Platform, UserId};
use lalao_app::Context;

/// Ana's command `n` in a room, as the adapter hands it to the application.
fn context(n: usize) -> Context {
    Context {
        platform: Platform::Matrix,
        user: UserId::new(Platform::Matrix, "@ana:example.org"),
        display_name: Some("Ana".to_owned()),
        channel: ChannelId::new(Platform::Matrix, "!room:example.org"),
        event: Some(EventId::new(Platform::Matrix, &format!("$event{n}"))),
        moderator: false,
        locale: None,
        private: false,
        community: None,
    }
}

/// What the application answers to `text`, as Matrix messages.
fn handle(service: &Service, n: usize, text: &str) -> Vec<Outgoing> {
    let line = format!("!lalao {text}");
    let pictures = PictureCache::new(4);
    answer(service, &pictures, &context(n), parse(&line), (&[], None)).1
}

/// `export … animation` is answered with the caption and the animation still to draw: the
/// sync loop, which waits for the answer, never waits for the drawing; the room's send
/// queue draws it, then sends it.
#[tokio::test]
async fn an_export_s_animation_is_drawn_when_its_reply_goes_out() {
    let service = Service::new(
        Arc::new(MemoryStore::default()),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
    );
    service.open().unwrap();
    for (n, line) in ["play fano solo cells=5", "@1", "@2"].into_iter().enumerate() {
        handle(&service, n, line);
    }
    let replies = handle(&service, 9, "export animation");
    let animation = replies.iter().find_map(|reply| match reply {
        Outgoing::Text {
            animation: Some(animation),
            text,
            ..
        } => Some((animation.clone(), text.clone())),
        _ => None,
    });
    let (animation, caption) = animation.expect("an animation to send");
    assert!(caption.contains("Match #1"), "{caption}");
    let drawn = animation.draw().await.expect("drawn");
    assert!(drawn.gif.starts_with(b"GIF89a"));
    assert_eq!(drawn.filename, "match-1.gif");
}

/// Matrix animations are drawn one at a time: a second waits for the first to be done.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matrix_animations_are_drawn_one_at_a_time() {
    assert_eq!(crate::outgoing::MAX_ANIMATION_DRAWS, 1);
    let (started, running) = std::sync::mpsc::channel();
    let (go, gate) = std::sync::mpsc::channel::<()>();
    let gate = Arc::new(std::sync::Mutex::new(gate));
    let first = {
        let started = started.clone();
        Animation::new(move || {
            started.send("first").unwrap();
            let _ = gate.lock().unwrap().recv();
            None
        })
    };
    let second = Animation::new(move || {
        started.send("second").unwrap();
        None
    });
    let first = tokio::spawn(async move { first.draw().await });
    assert_eq!(running.recv().unwrap(), "first");
    let second = tokio::spawn(async move { second.draw().await });
    tokio::task::yield_now().await;
    assert!(running.try_recv().is_err(), "the second waits for its turn");
    go.send(()).unwrap();
    assert_eq!(first.await.unwrap(), None);
    assert_eq!(running.recv().unwrap(), "second");
    assert_eq!(second.await.unwrap(), None);
}

/// The name a command is logged by, from its line as written.
fn logged(line: &str) -> &'static str {
    let text = line.strip_prefix("!lalao").unwrap_or(line).trim();
    command_name(&parse(line), text)
}

#[test]
fn a_command_is_logged_by_the_grammar_s_english_name() {
    assert_eq!(logged("!lalao play fano @ana:example.org"), "play");
    assert_eq!(logged("!lalao jouer fano"), "play");
    assert_eq!(logged("!lalao"), "help");
    assert_eq!(logged("!lalao move"), "move");
    assert_eq!(logged("!lalao frobnicate now"), "unknown");
}
