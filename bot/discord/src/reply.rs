//! What the adapter sends back: one message ([`Out`]), the plan for answering an interaction
//! ([`Plan`]), and how text and exports fit Discord's limits.

use super::*;
use lalao_app::PictureOrder;
use lalao_renderer::Picture;

/// One message as the adapter sends it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Out {
    pub(crate) content: String,
    pub(crate) components: Vec<CreateActionRow>,
    /// Users the message notifies (Discord user ids).
    pub(crate) mentions: Vec<u64>,
    pub(crate) ephemeral: bool,
    /// Attachments (file name, bytes), sent as multipart `files[n]`.
    pub(crate) files: Vec<(String, Vec<u8>)>,
    /// The board's picture to draw and attach: shown in an embed, below the text
    /// board, which stays for screen readers and for clients that show no images.
    pub(crate) picture: Option<Box<PictureOrder>>,
}

/// The attached picture's file name, which its embed refers to as `attachment://board.png`.
pub(crate) const PICTURE_FILE: &str = "board.png";

/// Discord's longest attachment description (alt text), in characters.
const ALT_TEXT_LIMIT: usize = 1024;

/// A drawn board picture as a message carries it: the fields to add to the JSON body (an
/// embed showing the attachment, and the attachment's alt text) and the file itself. Given
/// in an edit, `attachments` lists only the new file, so the picture it replaces goes.
pub(crate) struct Attached {
    pub(crate) fields: Value,
    pub(crate) file: CreateAttachment,
}

impl Attached {
    pub(crate) fn of(picture: &Picture) -> Attached {
        let alt: String = picture.alt.chars().take(ALT_TEXT_LIMIT).collect();
        Attached {
            fields: json!({
                "embeds": [{"image": {"url": format!("attachment://{PICTURE_FILE}")}}],
                "attachments": [{"id": 0, "filename": PICTURE_FILE, "description": alt}],
            }),
            file: CreateAttachment::bytes(picture.png.clone(), PICTURE_FILE),
        }
    }

    /// `body` with the picture's fields added.
    pub(crate) fn onto(&self, mut body: Value) -> Value {
        if let (Some(body), Some(fields)) = (body.as_object_mut(), self.fields.as_object()) {
            for (key, value) in fields {
                body.insert(key.clone(), value.clone());
            }
        }
        body
    }
}

/// What an edit that brings a board without a picture says about the one it may have had:
/// nothing left (an edit keeps the embeds and attachments it does not mention).
pub(crate) fn no_picture(mut body: Value) -> Value {
    if let Some(object) = body.as_object_mut() {
        object.insert("embeds".to_owned(), json!([]));
        object.insert("attachments".to_owned(), json!([]));
    }
    body
}

impl Out {
    pub(crate) fn text(content: String, ephemeral: bool) -> Out {
        Out {
            content,
            ephemeral,
            ..Out::default()
        }
    }

    pub(crate) fn attachments(&self) -> Vec<CreateAttachment> {
        self.files
            .iter()
            .map(|(name, data)| CreateAttachment::bytes(data.clone(), name.clone()))
            .collect()
    }

    /// Only the people named may be pinged (the builders' form of `allowed_mentions`).
    pub(crate) fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.mentions.iter().map(|id| serenity::all::UserId::new(*id)))
    }

    /// The message body shared by interaction responses, webhook edits and followups.
    pub(crate) fn body(&self) -> Value {
        json!({
            "content": self.content,
            "components": self.components,
            // Only the people named may be pinged: never @everyone or roles from board text.
            "allowed_mentions": {"parse": [], "users": self.mentions.iter().map(u64::to_string).collect::<Vec<_>>()},
            "flags": if self.ephemeral { EPHEMERAL } else { 0 },
        })
    }
}

/// What answering one interaction amounts to, computed before anything is sent.
pub(crate) struct Plan {
    /// The answer to the user. For a component: replaces the clicked message when `update`.
    pub(crate) main: Out,
    pub(crate) update: bool,
    /// When the answer replaces no message but the clicked board must lose its components (it
    /// is outdated once a new board is posted).
    pub(crate) strip_clicked: bool,
    /// Further messages (followups).
    pub(crate) extra: Vec<Out>,
    /// The public board a private picker was opened from, with its new content.
    pub(crate) board: Option<BoardUpdate>,
    /// A new match whose message `main` is: its id is remembered once the message is posted
    /// (the scheduler edits it when the challenge expires), and its thread started from it.
    pub(crate) track: Option<Track>,
    /// Public messages about a match played in its own thread, from an interaction elsewhere:
    /// they are posted in the thread (`POST /channels/{thread}/messages`).
    pub(crate) thread_posts: Option<(u64, Vec<Out>)>,
}

/// A new match to remember the message of.
pub(crate) struct Track {
    pub(crate) id: MatchId,
    /// The channel the message is in.
    pub(crate) channel: u64,
    /// Start the match's thread from the message (the channel wants one per match).
    pub(crate) thread: bool,
    /// The language of the thread's name.
    pub(crate) locale: Locale,
}

/// A public board message to bring up to date after a move made from a private picker.
pub(crate) struct BoardUpdate {
    pub(crate) channel: u64,
    pub(crate) message: u64,
    pub(crate) out: Out,
    /// The channel's choice: edit the board in place, or post a new one.
    pub(crate) mode: BoardMode,
}

impl Plan {
    pub(crate) fn reply(main: Out) -> Plan {
        Plan {
            main,
            update: false,
            strip_clicked: false,
            extra: Vec::new(),
            board: None,
            track: None,
            thread_posts: None,
        }
    }
}

/// The files of a `history` or `export` too long for a message, and the Fluent id of the note
/// that replaces its text: the text without the JSON record (status and move list) as
/// `lalao-<id>-moves.txt`, and for an export the JSON record (its last line, what
/// `lalao rules` replays) as `lalao-<id>.json`.
pub(crate) fn export_files(id: MatchId, export: bool, text: &str) -> (&'static str, Vec<(String, Vec<u8>)>) {
    let moves_file = format!("lalao-{}-moves.txt", id.0);
    if export {
        // The export ends with a header line, then the record on one line.
        if let Some((rest, json)) = text.rsplit_once('\n') {
            if let (Some((moves, _header)), Ok(value)) =
                (rest.rsplit_once('\n'), serde_json::from_str::<Value>(json))
            {
                let pretty = serde_json::to_string_pretty(&value).unwrap_or_else(|_| json.to_owned());
                return (
                    "discord-export-attached",
                    vec![
                        (moves_file, format!("{moves}\n").into_bytes()),
                        (format!("lalao-{}.json", id.0), format!("{pretty}\n").into_bytes()),
                    ],
                );
            }
        }
    }
    (
        "discord-history-attached",
        vec![(moves_file, format!("{text}\n").into_bytes())],
    )
}

/// Keeps a message within Discord's 2,000 characters (counted in UTF-16 units, the stricter count).
pub(crate) fn fit(content: String) -> String {
    if lalao_renderer::discord_length(&content) <= CONTENT_LIMIT {
        return content;
    }
    let mut out = String::new();
    for c in content.chars() {
        if lalao_renderer::discord_length(&out) + c.len_utf16() > CONTENT_LIMIT - 1 {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

pub(crate) fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}
