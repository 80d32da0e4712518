//! `my data`: a person's records, and only theirs, as one file for them alone.

use lalao_renderer::Locale;
use serde_json::Value;

use super::PersonalData;
use crate::dispatch::handle::Handle;
use crate::ids::{ChannelId, Platform, UserId};
use crate::kernel::{App, Audience, Context, Kind, Reply};
use crate::testing::memory_service;

fn person(id: &str, name: &str) -> Context {
    Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, id),
        display_name: Some(name.to_owned()),
        channel: ChannelId::new(Platform::Discord, "100"),
        event: None,
        moderator: false,
        locale: None,
        private: false,
        community: Some("guild-1".to_owned()),
    }
}

fn send(service: &App, ctx: &Context, line: &str) -> Reply {
    service.handle_text(ctx, &format!("!lalao {line}"), true).unwrap()
}

/// The keys of the file's records, and the file as JSON.
fn file_of(reply: &Reply) -> (Vec<String>, Value) {
    let said = &reply.messages[0];
    let Kind::Document(document) = &said.kind else {
        panic!("a file: {said:?}");
    };
    assert_eq!(document.file_name, "lalao-my-data.json");
    assert_eq!(document.media_type, "application/json");
    let json: Value = serde_json::from_slice(&document.bytes).unwrap();
    let keys = json["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| record["key"].as_str().unwrap().to_owned())
        .collect();
    (keys, json)
}

#[test]
fn a_person_gets_every_record_naming_them_and_nobody_elses() {
    let service = memory_service(Locale::En);
    let ana = person("1", "Ana");
    let bob = person("2", "Bob");
    let chloe = person("3", "Chloé");
    // Ana and Bob finish a rated match; Bob and Chloé play one Ana is not in.
    send(&service, &ana, "play fano <@2>");
    send(&service, &bob, "accept #1");
    send(&service, &ana, "resign #1");
    send(&service, &bob, "play fano <@3>");
    send(&service, &chloe, "accept #2");
    let reply = send(&service, &ana, "my data");
    assert_eq!(reply.messages.len(), 1, "{}", reply.plain());
    let said = &reply.messages[0];
    assert_eq!(said.key, "my-data");
    assert_eq!(said.audience, Audience::Private(ana.user.clone()));
    assert_eq!(
        said.text,
        "What lalao keeps of you: 2 records, as stored, in the file lalao-my-data.json."
    );
    let (keys, json) = file_of(&reply);
    // Her match with Bob and her profile; not Bob's match with Chloé.
    assert_eq!(keys, ["match/00000000000000000001", "player/discord:1"]);
    assert_eq!(json["user"], "discord:1");
    assert_eq!(json["complete"], true);
    assert_eq!(
        json["records"][0]["value"]["players"],
        serde_json::json!(["discord:1", "discord:2"])
    );
    assert_eq!(json["records"][1]["value"]["display_name"], "Ana");
    // Bob's has both his matches, the running one's index too.
    let (keys, _) = file_of(&send(&service, &bob, "my data"));
    assert_eq!(
        keys,
        [
            "active/discord:2/00000000000000000002",
            "match/00000000000000000001",
            "match/00000000000000000002",
            "player/discord:2"
        ]
    );
}

#[test]
fn a_file_past_its_bound_stops_at_a_whole_record_and_says_so() {
    let service = memory_service(Locale::En);
    let ana = person("1", "Ana");
    for _ in 0..3 {
        send(&service, &ana, "play fano solo");
    }
    let whole = PersonalData(&service).gather(&ana.user, usize::MAX).ok().unwrap();
    assert!(whole.complete && whole.records >= 3, "{}", whole.records);
    // Room for the first record alone.
    let json: Value = serde_json::from_slice(&whole.json).unwrap();
    let first = json["records"][0].to_string().len() + 1;
    let cut = PersonalData(&service)
        .gather(&ana.user, 512 + first)
        .ok()
        .unwrap();
    assert_eq!((cut.records, cut.complete), (1, false));
    let json: Value = serde_json::from_slice(&cut.json).unwrap();
    assert_eq!(json["complete"], false);
    assert_eq!(json["records"].as_array().unwrap().len(), 1);
    assert!(cut.json.len() <= 512 + first + 512, "{}", cut.json.len());
}

#[test]
fn one_gathering_at_a_time_and_nobody_for_a_seat() {
    let service = memory_service(Locale::En);
    let ana = person("1", "Ana");
    let held = service.whole_store_scan().unwrap();
    let busy = send(&service, &ana, "my data");
    assert!(busy.refused());
    assert_eq!(busy.messages[0].key, "my-data-busy");
    drop(held);
    let reply = send(&service, &ana, "my data");
    assert!(!reply.refused());
    let seat = Context {
        user: UserId("seat:Ana".to_owned()),
        ..person("1", "Ana")
    };
    assert_eq!(send(&service, &seat, "my data").messages[0].key, "my-data-nobody");
}
