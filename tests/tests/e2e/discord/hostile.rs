//! A hostile member of a Discord server: names built to mislead, and a channel taken
//! over as a class. The replayed, stale and slow interactions are in `endpoint.rs`, forged
//! pickers in `gateway.rs`, match numbers from another platform in `both.rs`.

use super::bot::Setup;
use super::channels::slash_as_moderator;
use super::fixtures::{Opt, Person, ANA, BODO};
use super::gateway::assert_ephemeral;
use super::Table;

/// A member whose server nickname is a masked link, followed by a right-to-left override that
/// would turn the rest of the bot's sentence around.
const MALLORY: Person = Person {
    id: 1_300_000_000_000_000_666,
    username: "mallory",
    global_name: "[Free](https://evil.example)\u{202E}gg",
    locale: "en-US",
};

/// A display name shows as the text it is, never as a link, and loses its bidi
/// controls, in the bot's public message.
#[test]
fn a_name_built_as_a_link_with_a_bidi_override_shows_as_plain_text() {
    let mut table = Table::gateway(Setup::default());
    let (play, _) = table.slash(MALLORY, "play", &[Opt::str("game", "fano")]);
    let challenge = table.original(&play);
    let content = challenge["content"].as_str().unwrap();
    assert!(
        content
            .starts_with("Match #1: \\[Free\\](https://evil.example)gg wants to play Fano. Who will play?"),
        "{content}"
    );
    assert!(!content.contains('\u{202E}'), "{content}");
    table.peer.assert_no_unknown_routes();
}

/// A member without moderator rights cannot make a channel a class, whose
/// language and board style would then apply to everyone there; a moderator can.
#[test]
fn only_a_moderator_makes_a_channel_a_class() {
    let mut table = Table::gateway(Setup::default());
    let (_, call) = table.slash(BODO, "class new", &[Opt::str("name", "Squat")]);
    assert_eq!(
        assert_ephemeral(&call),
        "Only a moderator of this channel can create a class here: a class's language and board style apply to everyone in the channel."
    );
    let call = slash_as_moderator(&mut table, ANA, "class new", &[Opt::str("name", "CM2")]);
    let said = call.body["data"]["content"].as_str().unwrap().to_owned();
    assert!(said.starts_with("La classe « CM2 » est prête."), "{said}");
    // The teacher types the instruction as written: `/classe ajouter`, under its own command.
    let typed = crate::support::instruction(&said, "/classe ajouter");
    assert_eq!(typed, "/classe ajouter eleves:Ana Bob");
    let (path, options) = super::ux::as_sent(&typed);
    let (_, call) = table.slash(ANA, &path, &options);
    let roster = call.body["data"]["content"].as_str().unwrap();
    assert!(roster.contains("• Ana\n• Bob"), "{roster}");
    // Now that it exists, the squatter cannot delete it either (told in the class's language).
    let (_, call) = table.slash(BODO, "class delete", &[]);
    assert_eq!(
        assert_ephemeral(&call),
        "Seul·e l'enseignant·e (Ana) peut faire ça."
    );
    table.peer.assert_no_unknown_routes();
}

/// A user who is not a member of the server (an id pasted into the option) cannot
/// be challenged: they could never see or answer it. The challenger is told privately (Ana's
/// client speaks French), and no match is created.
#[test]
fn a_challenge_to_someone_outside_the_server_is_refused() {
    let mut table = Table::gateway(Setup::default());
    let mut interaction = super::fixtures::slash(
        &table.peer,
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", MALLORY)],
    );
    // Discord resolves a user who is not a member into `users` only.
    interaction["data"]["resolved"]["members"] = serde_json::json!({});
    let call = table.send(&interaction);
    assert_eq!(
        assert_ephemeral(&call),
        "\\[Free\\](https://evil.example)gg n'est pas membre de ce serveur et ne pourrait pas jouer ici. Invite cette personne sur le serveur, puis défie-la à nouveau."
    );
    let (play, _) = table.slash(
        ANA,
        "play",
        &[Opt::str("game", "fano"), Opt::User("opponent", BODO)],
    );
    let challenge = table.original(&play);
    let content = challenge["content"].as_str().unwrap();
    assert!(
        content.contains("#1") && !content.contains("#2"),
        "nothing was created before: {content}"
    );
    table.peer.assert_no_unknown_routes();
}
