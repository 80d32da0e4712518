//! The adapter's few records, kept as custom values in matrix-sdk's own sqlite state store so
//! that they live and die with the Matrix session: the sync position, which message is a
//! match's board in a room, and what a reaction on a message means.

use matrix_sdk::Client;
use serde::{Deserialize, Serialize};
use tracing::warn;

/// What a message the bot sent stands for, so that reactions on it can act.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Marker {
    /// A match's board: 🏳️ asks to resign.
    Board { match_id: String },
    /// A challenge: ✅ accepts.
    Challenge { match_id: String },
    /// "Do you really want to resign?": ✅ by `user_id` confirms.
    ResignConfirmation { match_id: String, user_id: String },
}

#[derive(Clone)]
pub struct Store {
    client: Client,
}

const SYNC_TOKEN: &str = "lalao/v1/sync-token";

fn board_key(room_id: &str, match_id: &str) -> String {
    format!("lalao/v1/board/{room_id}/{match_id}")
}

fn picture_key(room_id: &str, match_id: &str) -> String {
    format!("lalao/v1/picture/{room_id}/{match_id}")
}

fn marker_key(event_id: &str) -> String {
    format!("lalao/v1/marker/{event_id}")
}

impl Store {
    pub fn new(client: Client) -> Store {
        Store { client }
    }

    async fn get(&self, key: &str) -> Option<Vec<u8>> {
        match self.client.state_store().get_custom_value(key.as_bytes()).await {
            Ok(value) => value,
            Err(err) => {
                warn!(%key, %err, "reading the adapter's state failed");
                None
            }
        }
    }

    async fn set(&self, key: &str, value: Vec<u8>) {
        if let Err(err) = self
            .client
            .state_store()
            .set_custom_value_no_read(key.as_bytes(), value)
            .await
        {
            warn!(%key, %err, "saving the adapter's state failed");
        }
    }

    /// A value stored as text (an event id, the sync position).
    async fn text(&self, key: &str) -> Option<String> {
        self.get(key)
            .await
            .and_then(|bytes| String::from_utf8(bytes).ok())
    }

    /// The `next_batch` of the last sync whose events were all handled.
    pub async fn sync_token(&self) -> Option<String> {
        self.text(SYNC_TOKEN).await
    }

    pub async fn set_sync_token(&self, token: &str) {
        self.set(SYNC_TOKEN, token.as_bytes().to_vec()).await;
    }

    /// Forgets the sync position: the next sync starts from the rooms as they are.
    pub async fn forget_sync_token(&self) {
        if let Err(err) = self
            .client
            .state_store()
            .remove_custom_value(SYNC_TOKEN.as_bytes())
            .await
        {
            warn!(%err, "forgetting the sync position failed");
        }
    }

    /// The first message of match `match_id`'s board in a room: edits replace that one.
    pub async fn board(&self, room_id: &str, match_id: &str) -> Option<String> {
        self.text(&board_key(room_id, match_id)).await
    }

    pub async fn set_board(&self, room_id: &str, match_id: &str, event_id: &str) {
        self.set(&board_key(room_id, match_id), event_id.as_bytes().to_vec())
            .await;
    }

    /// The first `m.image` of match `match_id`'s board picture in a room: edits
    /// replace that one.
    pub async fn picture(&self, room_id: &str, match_id: &str) -> Option<String> {
        self.text(&picture_key(room_id, match_id)).await
    }

    pub async fn set_picture(&self, room_id: &str, match_id: &str, event_id: &str) {
        self.set(&picture_key(room_id, match_id), event_id.as_bytes().to_vec())
            .await;
    }

    pub async fn marker(&self, event_id: &str) -> Option<Marker> {
        let bytes = self.get(&marker_key(event_id)).await?;
        serde_json::from_slice(&bytes).ok()
    }

    pub async fn set_marker(&self, event_id: &str, marker: &Marker) {
        let bytes = serde_json::to_vec(marker).expect("a marker serializes");
        self.set(&marker_key(event_id), bytes).await;
    }
}
