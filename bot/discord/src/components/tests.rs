//! The components' ids and layouts within Discord's limits.
use serde_json::{json, Value};

use super::*;

fn at(version: u64) -> Stamp {
    Stamp { version, board: None }
}

fn labels() -> Labels {
    Labels {
        choose_move: "Move".into(),
        choose_piece: "Piece".into(),
    }
}

fn moves(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|text| text.to_string()).collect()
}

fn json_of(rows: &[CreateActionRow]) -> Value {
    serde_json::to_value(rows).unwrap()
}

#[test]
fn leaderboard_pages_are_buttons_disabled_at_the_ends() {
    let button = PageButton {
        game: GameKind::Katro,
        global: true,
        page: 2,
    };
    assert_eq!(button.encode(), "lalao1:top:katro:global:2");
    assert_eq!(PageButton::decode("lalao1:top:katro:global:2"), Some(button));
    for forged in [
        "lalao1:top:chess:here:1",
        "lalao1:top:fano:there:1",
        "lalao1:top:fano:here:0",
        "lalao1:top:fano:here:1:more",
        "lalao1:top:fano:here",
        "lalao1:3:7:a",
    ] {
        assert_eq!(PageButton::decode(forged), None, "{forged}");
    }
    // A page id is no match component either.
    assert_eq!(Component::decode("lalao1:top:fano:here:1"), None);
    assert!(page_buttons(GameKind::Fano, false, 1, 1, ["<", ">"]).is_empty());
    let first = json_of(&page_buttons(GameKind::Fano, false, 1, 3, ["<", ">"]));
    assert_eq!(
        first,
        json!([{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "<", "custom_id": "lalao1:top:fano:here:1", "disabled": true},
            {"type": 2, "style": 2, "label": ">", "custom_id": "lalao1:top:fano:here:2", "disabled": false},
        ]}])
    );
    let last = json_of(&page_buttons(GameKind::Fano, false, 3, 3, ["<", ">"]));
    assert_eq!(last[0]["components"][0]["custom_id"], "lalao1:top:fano:here:2");
    assert_eq!(last[0]["components"][1]["custom_id"], "lalao1:top:fano:here:3");
    assert_eq!(last[0]["components"][1]["disabled"], true);
}

#[test]
fn a_forged_coin_count_is_not_a_component() {
    assert_eq!(
        Component::decode("lalao1:1:7:c:2").map(|component| component.action),
        Some(Action::Coins(2))
    );
    for count in ["0", "3", "255", "256", "-1", ""] {
        assert_eq!(
            Component::decode(&format!("lalao1:1:7:c:{count}")),
            None,
            "{count}"
        );
    }
}

#[test]
fn custom_ids_round_trip() {
    let cases = [
        Action::Move("2-3".into()),
        Action::Move("@7".into()),
        Action::MoveMenu(3),
        Action::MoveOn {
            board: 1_310_000_000_000_000_123,
            text: "c3-d4a".into(),
        },
        Action::PickOn {
            board: 1_310_000_000_000_000_123,
        },
        Action::Group(0),
        Action::Accept,
        Action::Decline,
        Action::Coins(2),
        Action::Call("odd".into()),
        Action::Side("north".into()),
    ];
    let stamps = [
        Stamp {
            version: 42,
            board: None,
        },
        Stamp {
            version: 42,
            board: Some(0xdead_beef),
        },
    ];
    for action in cases {
        for stamp in stamps {
            let component = Component {
                match_id: MatchId(123_456),
                stamp,
                action: action.clone(),
            };
            let id = component.encode();
            assert!(id.len() <= MAX_CUSTOM_ID);
            assert_eq!(Component::decode(&id), Some(component));
        }
    }
}

#[test]
fn foreign_or_broken_ids_are_refused() {
    for id in [
        "",
        "lalao1",
        "lalao1:1:2",
        "lalao1:x:2:a",
        "lalao1:1:y:a",
        "other:1:2:a",
        "lalao1:1:2:m:",
        "lalao1:1:2:zz",
        "lalao1:1:2:mb:5",
        "lalao1:1:2:mb:x:a1",
        "lalao1:1:2.:a",
        "lalao1:1:2.123:a",
        "lalao1:1:2.gggggggg:a",
        "lalao1:1:.0000000a:a",
    ] {
        assert_eq!(Component::decode(id), None, "{id}");
    }
    assert_eq!(Component::decode("lalao1:0:2:a"), None, "match ids start at 1");
}

#[test]
fn few_moves_become_buttons_in_rows_of_five() {
    let legal = moves(&["@1", "@2", "@3", "@4", "@5", "@6", "@7"]);
    let stamp = Stamp {
        version: 4,
        board: Some(0x00c0_ffee),
    };
    let rows = json_of(&move_components(
        GameKind::Fano,
        MatchId(9),
        stamp,
        &legal,
        &labels(),
    ));
    assert_eq!(rows.as_array().unwrap().len(), 2);
    assert_eq!(rows[0]["components"].as_array().unwrap().len(), 5);
    assert_eq!(
        rows[1]["components"][1],
        json!({"type": 2, "style": 1, "label": "@7", "custom_id": "lalao1:9:4.00c0ffee:m:@7", "disabled": false})
    );
}

#[test]
fn many_moves_become_menus_of_twenty_five() {
    let legal: Vec<String> = (1..=40).map(|hole| format!("a{hole}")).collect();
    let rows = json_of(&move_components(
        GameKind::Engehe,
        MatchId(1),
        at(1),
        &legal,
        &labels(),
    ));
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["components"][0]["type"], 3);
    assert_eq!(rows[0]["components"][0]["options"].as_array().unwrap().len(), 25);
    assert_eq!(rows[1]["components"][0]["options"].as_array().unwrap().len(), 15);
    assert_eq!(rows[1]["components"][0]["custom_id"], "lalao1:1:1:mm:1");
}

#[test]
fn samantsy_gets_a_piece_then_destination_pair() {
    let legal = moves(&["a2-a3", "a2-a4", "b1-c3"]);
    let rows = json_of(&move_components(
        GameKind::Samantsy,
        MatchId(2),
        at(8),
        &legal,
        &labels(),
    ));
    let menu = &rows[0]["components"][0];
    assert_eq!(menu["custom_id"], "lalao1:2:8:g:0");
    let values: Vec<&str> = menu["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["a2", "b1"]);
    let second = json_of(&group_components(
        GameKind::Samantsy,
        MatchId(2),
        at(8),
        &legal,
        "a2",
        &labels(),
        77,
    ));
    assert_eq!(second[0]["components"][0]["custom_id"], "lalao1:2:8:pb:77");
    let options = &second[0]["components"][0]["options"];
    assert_eq!(
        (&options[0]["label"], &options[0]["value"]),
        (&json!("a3"), &json!("a2-a3"))
    );
    assert_eq!(
        (&options[1]["label"], &options[1]["value"]),
        (&json!("a4"), &json!("a2-a4"))
    );
}

#[test]
fn katro_paths_are_buttons_after_the_hole_when_there_are_too_many() {
    let mut legal = Vec::new();
    for hole in 1..=18 {
        legal.push(format!("c{hole}a"));
        legal.push(format!("c{hole}b"));
    }
    let rows = json_of(&move_components(
        GameKind::Katro,
        MatchId(3),
        at(2),
        &legal,
        &labels(),
    ));
    assert_eq!(rows[0]["components"][0]["options"].as_array().unwrap().len(), 18);
    let second = json_of(&group_components(
        GameKind::Katro,
        MatchId(3),
        at(2),
        &legal,
        "c7",
        &labels(),
        77,
    ));
    let buttons = second[0]["components"].as_array().unwrap();
    assert_eq!(buttons.len(), 2);
    assert_eq!(buttons[0]["label"], "A");
    assert_eq!(buttons[1]["custom_id"], "lalao1:3:2:mb:77:c7b");
    // Few Katro moves: plain buttons.
    let few = moves(&["c1a", "c1b"]);
    let rows = json_of(&move_components(
        GameKind::Katro,
        MatchId(3),
        at(2),
        &few,
        &labels(),
    ));
    assert_eq!(rows[0]["components"][1]["label"], "c1b");
}
