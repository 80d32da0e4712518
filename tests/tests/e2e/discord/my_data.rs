//! `/my-data` on Discord: what lalao keeps of a person, as a JSON file attached to an ephemeral
//! answer only they see; someone else's file holds nothing of theirs.

use serde_json::Value;

use super::bot::Setup;
use super::fixtures::{Opt, BODO, CLARA};
use super::gateway::assert_ephemeral;
use super::Table;

/// The keys of the records in the file attached to `call`.
fn attached_keys(call: &super::peer::Call) -> (String, Vec<String>) {
    let files = call.body["_files"].as_array().expect("a file attached");
    assert_eq!(files.len(), 1, "{}", call.body);
    assert_eq!(files[0]["filename"], "lalao-my-data.json");
    assert_eq!(files[0]["field"], "files[0]");
    let file: Value = serde_json::from_str(files[0]["content"].as_str().unwrap()).unwrap();
    assert_eq!(file["complete"], true);
    let keys = file["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| record["key"].as_str().unwrap().to_owned())
        .collect();
    (file["user"].as_str().unwrap().to_owned(), keys)
}

#[test]
fn a_person_gets_their_data_as_a_file_only_they_see() {
    let mut table = Table::gateway(Setup::default());
    // Bodo opens a challenge to the channel: a match naming him.
    table.slash(BODO, "play", &[Opt::str("game", "fano")]);

    let (_, call) = table.slash(BODO, "my-data", &[]);
    assert_eq!(
        assert_ephemeral(&call),
        "What lalao keeps of you: 3 records, as stored, in the file lalao-my-data.json."
    );
    let attachments = &call.body["data"]["attachments"];
    assert_eq!(attachments[0]["filename"], "lalao-my-data.json", "{}", call.body);
    let (user, keys) = attached_keys(&call);
    assert_eq!(user, format!("discord:{}", BODO.id));
    assert!(
        keys.contains(&"match/00000000000000000001".to_owned()),
        "{keys:?}"
    );
    assert!(keys.contains(&format!("player/discord:{}", BODO.id)), "{keys:?}");

    // Clara's file names nothing of Bodo's.
    let (_, call) = table.slash(CLARA, "my-data", &[]);
    let (user, keys) = attached_keys(&call);
    assert_eq!(user, format!("discord:{}", CLARA.id));
    assert!(
        keys.iter()
            .all(|key| !key.contains(&BODO.id.to_string()) && !key.starts_with("match/")),
        "{keys:?}"
    );
}

/// `/school export` and `/school report`: the class's file and report, to its teacher alone;
/// a pupil's account asking is refused.
#[test]
fn a_teacher_takes_the_class_away_with_school_export_and_report() {
    let mut table = Table::gateway(Setup::default());
    super::channels::slash_as_moderator(
        &mut table,
        BODO,
        "class new",
        &[Opt::str("name", "CE1"), Opt::str("language", "en")],
    );
    table.slash(BODO, "class add", &[Opt::str("pupils", "Lina Noa")]);
    let (_, call) = table.slash(BODO, "class export", &[]);
    assert_eq!(
        call.body["data"]["attachments"][0]["filename"],
        "lalao-class-ce1.json"
    );
    assert!(
        assert_ephemeral(&call).ends_with("(`lalao class import`)."),
        "{}",
        call.body
    );
    let files = call.body["_files"].as_array().unwrap();
    let file: Value = serde_json::from_str(files[0]["content"].as_str().unwrap()).unwrap();
    assert_eq!(file["class"]["pupils"][1]["name"], "Noa");
    let (_, call) = table.slash(BODO, "class report", &[]);
    let report = assert_ephemeral(&call);
    assert!(report.contains("\nNoa,0,0,0,0,,0,0"), "{report}");
    // Clara is no teacher of this class.
    let (_, call) = table.slash(CLARA, "class report", &[]);
    assert!(call.body["data"].get("attachments").is_none());
    assert!(!call.body["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .contains("Noa,"));
}
