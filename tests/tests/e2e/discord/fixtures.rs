//! Interaction payloads as Discord sends them (gateway `INTERACTION_CREATE` data and HTTP
//! interaction bodies are the same object), with every field Discord includes for a guild
//! interaction: `member` (with its `user`), `channel`, `locale`/`guild_locale`, `entitlements`,
//! `app_permissions`, `authorizing_integration_owners`, `context`, `attachment_size_limit`, …

use serde_json::{json, Value};

use super::peer::{FakeDiscord, APPLICATION_ID, GUILD_ID};

/// The channel the games are played in.
pub const CHANNEL_ID: u64 = 1_300_000_000_000_000_200;
/// The `lalao` command id as Discord assigned it (any snowflake: the bot dispatches on the name).
pub const COMMAND_ID: u64 = 1_300_000_000_000_000_300;
/// Permissions of an ordinary member and of the app in the channel, as decimal strings.
const MEMBER_PERMISSIONS: &str = "2248473465835073";
const APP_PERMISSIONS: &str = "2251799813685247";

/// A Discord user taking part in a test.
#[derive(Clone, Copy, Debug)]
pub struct Person {
    pub id: u64,
    pub username: &'static str,
    pub global_name: &'static str,
    /// The client language the person uses (`fr`, `en-US`, `en-GB`).
    pub locale: &'static str,
}

pub const ANA: Person = Person {
    id: 1_300_000_000_000_000_501,
    username: "ana.rakoto",
    global_name: "Ana",
    locale: "fr",
};
pub const BODO: Person = Person {
    id: 1_300_000_000_000_000_502,
    username: "bodo",
    global_name: "Bodo",
    locale: "en-US",
};
pub const CLARA: Person = Person {
    id: 1_300_000_000_000_000_503,
    username: "clara_r",
    global_name: "Clara",
    locale: "en-GB",
};

impl Person {
    pub fn user(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
            "avatar_decoration_data": null,
            "public_flags": 0,
            "flags": 0,
            "bot": false,
            "banner": null,
            "accent_color": null,
            "clan": null,
            "primary_guild": null,
            "collectibles": null
        })
    }

    fn member(&self) -> Value {
        json!({
            "user": self.user(),
            "nick": null,
            "avatar": null,
            "banner": null,
            "roles": [],
            "joined_at": "2025-03-14T09:26:53.589000+00:00",
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "pending": false,
            "flags": 0,
            "permissions": MEMBER_PERMISSIONS,
            "communication_disabled_until": null,
            "unusual_dm_activity_until": null
        })
    }
}

fn channel() -> Value {
    json!({
        "id": CHANNEL_ID.to_string(),
        "type": 0,
        "guild_id": GUILD_ID.to_string(),
        "name": "jeux-de-plateau",
        "position": 3,
        "parent_id": null,
        "topic": null,
        "nsfw": false,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
        "icon_emoji": null,
        "theme_color": null,
        "permissions": APP_PERMISSIONS
    })
}

/// The fields every guild interaction carries.
fn envelope(peer: &FakeDiscord, person: Person, kind: u8, data: Value) -> Value {
    let id = peer.snowflake();
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "guild_id": GUILD_ID.to_string(),
        "channel_id": CHANNEL_ID.to_string(),
        "channel": channel(),
        "member": person.member(),
        // Interaction tokens are long opaque strings; make each unique and URL-safe.
        "token": format!("aW50ZXJhY3Rpb246{id}OmxhbGFvLXRlc3QtdG9rZW4tZm9yLXRoaXMtaW50ZXJhY3Rpb24"),
        "version": 1,
        "locale": person.locale,
        "guild_locale": "fr",
        "app_permissions": APP_PERMISSIONS,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
        "context": 0,
        "attachment_size_limit": 10_485_760
    })
}

/// A typed option value as Discord sends it: strings are type 3, integers 4, booleans 5, users 6.
pub enum Opt {
    Str(&'static str, String),
    Int(&'static str, i64),
    User(&'static str, Person),
    Bool(&'static str, bool),
}

impl Opt {
    pub fn str(name: &'static str, value: impl Into<String>) -> Opt {
        Opt::Str(name, value.into())
    }

    fn json(&self, focused: Option<&str>) -> Value {
        let mut option = match self {
            Opt::Str(name, value) => json!({"name": name, "type": 3, "value": value}),
            Opt::Int(name, value) => json!({"name": name, "type": 4, "value": value}),
            Opt::User(name, person) => json!({"name": name, "type": 6, "value": person.id.to_string()}),
            Opt::Bool(name, value) => json!({"name": name, "type": 5, "value": value}),
        };
        if focused == option["name"].as_str() {
            option["focused"] = json!(true);
        }
        option
    }
}

/// The data of `/<command> <verb> <options…>` for the verb at `path` (`play`, `class add`), under
/// the top-level command it is registered with (`/lalao`, `/clock`, `/class`).
fn command_data(path: &str, options: &[Opt], focused: Option<&str>) -> Value {
    let path: Vec<&str> = path.split(' ').collect();
    let verb = lalao_app::command::grammar::verb_at(&path);
    let command = verb.map_or("lalao", |verb| verb.slash.en);
    let values: Vec<Value> = options.iter().map(|option| option.json(focused)).collect();
    // `/learn game:katro`: a verb that is a command of its own takes its options directly.
    if verb.is_some_and(|verb| verb.is_slash_command() && verb.subverbs.is_empty()) {
        return json!({
            "id": COMMAND_ID.to_string(),
            "name": command,
            "type": 1,
            "guild_id": GUILD_ID.to_string(),
            "options": values
        });
    }
    let subcommand = json!({
        "name": path.last().unwrap(),
        "type": 1,
        "options": values
    });
    // A subverb of a verb that is not a command of its own sits in that verb's group.
    let option = match verb.and_then(|verb| verb.parent_verb()) {
        Some(parent) if !parent.is_slash_command() => {
            json!({"name": parent.en, "type": 2, "options": [subcommand]})
        }
        _ => subcommand,
    };
    let mut data = json!({
        "id": COMMAND_ID.to_string(),
        "name": command,
        "type": 1,
        "guild_id": GUILD_ID.to_string(),
        "options": [option]
    });
    // Discord resolves user options into `resolved.users` and `resolved.members`.
    let users: Vec<&Person> = options
        .iter()
        .filter_map(|option| match option {
            Opt::User(_, person) => Some(person),
            _ => None,
        })
        .collect();
    if !users.is_empty() {
        let mut resolved_users = serde_json::Map::new();
        let mut resolved_members = serde_json::Map::new();
        for person in users {
            resolved_users.insert(person.id.to_string(), person.user());
            let mut member = person.member();
            member.as_object_mut().unwrap().remove("user");
            resolved_members.insert(person.id.to_string(), member);
        }
        data["resolved"] = json!({"users": resolved_users, "members": resolved_members});
    }
    data
}

/// `/lalao <subcommand> <options…>` (APPLICATION_COMMAND, type 2).
pub fn slash(peer: &FakeDiscord, person: Person, subcommand: &str, options: &[Opt]) -> Value {
    envelope(peer, person, 2, command_data(subcommand, options, None))
}

/// The user is typing `focused` of `/lalao <subcommand>` (APPLICATION_COMMAND_AUTOCOMPLETE, type 4).
pub fn autocomplete(
    peer: &FakeDiscord,
    person: Person,
    subcommand: &str,
    options: &[Opt],
    focused: &str,
) -> Value {
    envelope(peer, person, 4, command_data(subcommand, options, Some(focused)))
}

/// A click on the button `custom_id` of `message` (MESSAGE_COMPONENT, type 3).
pub fn click(peer: &FakeDiscord, person: Person, message: &Value, custom_id: &str) -> Value {
    let mut interaction = envelope(
        peer,
        person,
        3,
        json!({"custom_id": custom_id, "component_type": 2}),
    );
    interaction["message"] = message.clone();
    interaction
}

/// A choice in the select menu `custom_id` of `message`.
pub fn select(
    peer: &FakeDiscord,
    person: Person,
    message: &Value,
    custom_id: &str,
    values: &[&str],
) -> Value {
    let mut interaction = envelope(
        peer,
        person,
        3,
        json!({"custom_id": custom_id, "component_type": 3, "values": values}),
    );
    interaction["message"] = message.clone();
    interaction
}

/// The PING Discord sends when an endpoint URL is saved (type 1).
pub fn ping(peer: &FakeDiscord) -> Value {
    let id = peer.snowflake();
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": 1,
        "token": format!("cGluZzp{id}"),
        "version": 1,
        "user": null,
        "entitlements": [],
        "authorizing_integration_owners": {},
        "attachment_size_limit": 10_485_760
    })
}

/// The same interaction, sent from within `thread` (a public thread of the game channel), as
/// Discord describes it: the thread's id, and its `channel` object with type 11 and the parent.
pub fn in_thread(mut interaction: Value, thread: &Value) -> Value {
    interaction["channel_id"] = thread["id"].clone();
    let mut channel = thread.clone();
    channel["permissions"] = json!(APP_PERMISSIONS);
    interaction["channel"] = channel;
    interaction
}

/// Every interactive component of a message: (custom_id, label or option values, disabled).
pub fn components(message: &Value) -> Vec<Value> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .collect()
}
