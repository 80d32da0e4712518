//! Answering over Discord's REST API: the initial response or the deferred edit, follow-ups,
//! files, board edits, and remembering which message a new match became.

use super::*;

impl Adapter {
    /// Sends the plan as the initial response if it is ready in time, else defers and sends it
    /// through the webhook once ready.
    pub(crate) async fn deliver(
        self: &Arc<Self>,
        responder: Responder,
        token: &str,
        mut work: tokio::task::JoinHandle<Plan>,
        component: bool,
        private: bool,
    ) {
        let wait = Duration::from_millis(self.config.defer_after_ms);
        let ready = if wait.is_zero() {
            None
        } else {
            tokio::time::timeout(wait, &mut work).await.ok()
        };
        if let Some(plan) = ready {
            let plan = plan.unwrap_or_else(|err| self.failure(&err.to_string()));
            if !plan.main.files.is_empty() && !plan.update {
                // Attachments need a multipart request: through the callback in gateway mode;
                // an HTTP answer is JSON only, so in endpoint mode defer and edit them in.
                match responder {
                    Responder::Gateway { id, token } => self.respond_with_files(id, &token, &plan.main).await,
                    responder @ Responder::Endpoint(_) => {
                        let flags = if plan.main.ephemeral { EPHEMERAL } else { 0 };
                        self.respond(responder, json!({"type": 5, "data": {"flags": flags}}))
                            .await;
                        self.edit_original(token, &plan.main).await;
                    }
                }
                for out in &plan.extra {
                    self.followup(token, out).await;
                }
                return;
            }
            let kind = if plan.update { 7 } else { 4 };
            let main = if plan.strip_clicked && !plan.update {
                // Strip the outdated board in place; the new board follows as a message.
                self.respond(responder, json!({"type": 7, "data": {"components": []}}))
                    .await;
                vec![plan.main]
            } else {
                // An updated message loses the picture of the board it showed before, unless
                // its new board brings one.
                let body = if plan.update {
                    reply::no_picture(plan.main.body())
                } else {
                    plan.main.body()
                };
                match responder {
                    // Through the callback, the picture travels with the answer (multipart).
                    Responder::Gateway { id, token } => {
                        let (body, files) = self.with_picture(&plan.main, body).await;
                        let response = json!({"type": kind, "data": body});
                        if let Err(err) = self
                            .http
                            .create_interaction_response(id, &token, &response, files)
                            .await
                        {
                            tracing::warn!(error = %err, "the interaction response was refused");
                        }
                    }
                    // An HTTP answer is JSON only: the text board goes at once, and its picture
                    // is drawn and edited in right after.
                    responder @ Responder::Endpoint(_) => {
                        self.respond(responder, json!({"type": kind, "data": body})).await;
                        self.attach_to_original(token, &plan.main).await;
                    }
                }
                Vec::new()
            };
            for out in main.iter().chain(&plan.extra) {
                self.followup(token, out).await;
            }
            self.update_board(token, plan.board).await;
            self.track(token, plan.track).await;
            self.post_in_thread(plan.thread_posts).await;
            return;
        }
        // Too slow for the 3-second deadline: acknowledge now, answer when ready.
        let defer = if component {
            json!({"type": 6})
        } else {
            json!({"type": 5, "data": {"flags": if private { EPHEMERAL } else { 0 }}})
        };
        self.respond(responder, defer).await;
        let plan = work.await.unwrap_or_else(|err| self.failure(&err.to_string()));
        if component {
            if plan.update {
                self.edit_original(token, &plan.main).await;
            } else {
                if plan.strip_clicked {
                    self.edit_original_raw(token, json!({"components": []})).await;
                }
                self.followup(token, &plan.main).await;
            }
        } else if plan.main.ephemeral == private {
            self.edit_original(token, &plan.main).await;
        } else {
            // The deferred "thinking…" message has the wrong visibility: replace it.
            if let Err(err) = self.http.delete_original_interaction_response(token).await {
                tracing::warn!(error = %err, "deleting the deferred response failed");
            }
            self.followup(token, &plan.main).await;
        }
        for out in &plan.extra {
            self.followup(token, out).await;
        }
        self.update_board(token, plan.board).await;
        self.track(token, plan.track).await;
        self.post_in_thread(plan.thread_posts).await;
    }

    /// Posts a threaded match's public messages in its thread, as the bot (the interaction that
    /// caused them was elsewhere).
    pub(crate) async fn post_in_thread(&self, posts: Option<(u64, Vec<Out>)>) {
        let Some((thread, outs)) = posts else { return };
        for out in outs {
            let mut body = out.body();
            body.as_object_mut().map(|object| object.remove("flags"));
            let (body, files) = self.with_picture(&out, body).await;
            if let Err(err) = self.http.send_message(thread.into(), files, &body).await {
                tracing::warn!(error = %err, thread, "posting in a match's thread failed");
            }
        }
    }

    /// Remembers the message the interaction's original response became, as the post of a new
    /// match. In endpoint mode the response travels in the HTTP answer, so Discord may not have
    /// created the message yet: a missing original is asked for again, briefly.
    pub(crate) async fn track(&self, token: &str, track: Option<Track>) {
        let Some(track) = track else { return };
        let id = track.id;
        let mut message = None;
        for attempt in 0..3u64 {
            match self.http.get_original_interaction_response(token).await {
                Ok(found) => {
                    message = Some(found.id.get());
                    break;
                }
                Err(err) => {
                    tracing::debug!(error = %err, attempt, "the original response is not there yet");
                    tokio::time::sleep(Duration::from_millis(250 * (attempt + 1))).await;
                }
            }
        }
        let Some(message) = message else {
            tracing::warn!(
                match_id = id.0,
                "the message of a new match is unknown; it will not be edited later"
            );
            return;
        };
        let thread = if track.thread {
            self.start_thread(id, track.channel, message, track.locale).await
        } else {
            None
        };
        let service = self.service.clone();
        let post = lalao_app::record::Post {
            message: Some(message.to_string()),
            thread: thread.map(|thread| ChannelId::new(Platform::Discord, &thread.to_string())),
        };
        let noted = tokio::task::spawn_blocking(move || service.note_post(id, &post)).await;
        if !matches!(noted, Ok(Ok(_))) {
            tracing::warn!(match_id = id.0, "remembering the message of a new match failed");
        }
    }

    /// Edits the public board in place, or (new board per move) strips its components and posts
    /// the new board.
    pub(crate) async fn update_board(&self, token: &str, board: Option<BoardUpdate>) {
        let Some(board) = board else { return };
        let (channel, message) = (board.channel.into(), board.message.into());
        let (body, files) = match board.mode {
            BoardMode::Edit => {
                let mut body = board.out.body();
                body.as_object_mut().map(|object| object.remove("flags"));
                // The edited board's new picture replaces the old attachment.
                let (body, files) = self.with_picture(&board.out, body).await;
                if files.is_empty() {
                    (reply::no_picture(body), files)
                } else {
                    (body, files)
                }
            }
            BoardMode::New => (json!({"components": []}), Vec::new()),
        };
        if let Err(err) = self.http.edit_message(channel, message, &body, files).await {
            tracing::warn!(error = %err, "updating the board message failed");
        }
        if board.mode == BoardMode::New {
            self.followup(token, &board.out).await;
        }
    }

    pub(crate) fn failure(&self, why: &str) -> Plan {
        tracing::error!(error = why, "an interaction failed");
        Plan::reply(Out::text(t(Locale::En, "discord-failed", &[]), true))
    }

    pub(crate) async fn respond(&self, responder: Responder, body: Value) {
        match responder {
            Responder::Gateway { id, token } => {
                if let Err(err) = self
                    .http
                    .create_interaction_response(id, &token, &body, Vec::new())
                    .await
                {
                    tracing::warn!(error = %err, "the interaction response was refused");
                }
            }
            Responder::Endpoint(sender) => {
                let _ = sender.send(body);
            }
        }
    }

    pub(crate) async fn followup(&self, token: &str, out: &Out) {
        let result = if out.files.is_empty() {
            let (body, files) = self.with_picture(out, out.body()).await;
            self.http.create_followup_message(token, &body, files).await
        } else {
            CreateInteractionResponseFollowup::new()
                .content(out.content.clone())
                .components(out.components.clone())
                .allowed_mentions(out.allowed_mentions())
                .ephemeral(out.ephemeral)
                .add_files(out.attachments())
                .execute(&*self.http, (None, token))
                .await
        };
        if let Err(err) = result {
            tracing::warn!(error = %err, "a followup message was refused");
        }
    }

    /// The initial response with attachments (multipart), in gateway mode.
    pub(crate) async fn respond_with_files(&self, id: InteractionId, token: &str, out: &Out) {
        let message = CreateInteractionResponseMessage::new()
            .content(out.content.clone())
            .components(out.components.clone())
            .allowed_mentions(out.allowed_mentions())
            .ephemeral(out.ephemeral)
            .add_files(out.attachments());
        if let Err(err) = CreateInteractionResponse::Message(message)
            .execute(&*self.http, (id, token))
            .await
        {
            tracing::warn!(error = %err, "the interaction response was refused");
        }
    }

    pub(crate) async fn edit_original(&self, token: &str, out: &Out) {
        if !out.files.is_empty() {
            let edit = out.attachments().into_iter().fold(
                EditInteractionResponse::new()
                    .content(out.content.clone())
                    .components(out.components.clone())
                    .allowed_mentions(out.allowed_mentions()),
                EditInteractionResponse::new_attachment,
            );
            if let Err(err) = edit.execute(&*self.http, token).await {
                tracing::warn!(error = %err, "editing the original response failed");
            }
            return;
        }
        let mut body = out.body();
        // Flags cannot change on edit.
        body.as_object_mut().map(|object| object.remove("flags"));
        let (body, files) = self.with_picture(out, body).await;
        if files.is_empty() {
            self.edit_original_raw(token, reply::no_picture(body)).await;
        } else {
            self.edit_original_with(token, body, files).await;
        }
    }

    /// Draws the picture `out` asks for, on a blocking thread (through the adapter's cache),
    /// and adds it to `body`: the body and the file to send with it. Without a picture, or
    /// if drawing failed, `body` as it is (a board is never held back by its picture).
    pub(crate) async fn with_picture(&self, out: &Out, body: Value) -> (Value, Vec<CreateAttachment>) {
        let Some(order) = out.picture.clone() else {
            return (body, Vec::new());
        };
        let cache = self.pictures.clone();
        match tokio::task::spawn_blocking(move || order.draw(&cache)).await {
            Ok(picture) => {
                let attached = reply::Attached::of(&picture);
                (attached.onto(body), vec![attached.file])
            }
            Err(err) => {
                tracing::error!(error = %err, "drawing a board picture failed; the text board goes alone");
                (body, Vec::new())
            }
        }
    }

    /// Edits the picture of `out`'s board into the interaction's original response, once the
    /// response is out.
    pub(crate) async fn attach_to_original(&self, token: &str, out: &Out) {
        if out.picture.is_none() {
            return;
        }
        let (fields, files) = self.with_picture(out, json!({})).await;
        if !files.is_empty() {
            self.edit_original_with(token, fields, files).await;
        }
    }

    /// Edits the deferred answer. Discord may not have created it yet when an early
    /// deferral races the edit (`404 Unknown Message`, code 10008): retried briefly then.
    pub(crate) async fn edit_original_raw(&self, token: &str, body: Value) {
        self.edit_original_with(token, body, Vec::new()).await;
    }

    /// The same, with files (multipart).
    pub(crate) async fn edit_original_with(&self, token: &str, body: Value, files: Vec<CreateAttachment>) {
        let mut pause = std::time::Duration::from_millis(100);
        for attempt in 1.. {
            match self
                .http
                .edit_original_interaction_response(token, &body, files.clone())
                .await
            {
                Ok(_) => return,
                Err(err) if attempt < ORIGINAL_EDIT_ATTEMPTS && is_unknown_message(&err) => {
                    tracing::debug!(attempt, "the deferred answer is not there yet; retrying the edit");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                }
                Err(err) => {
                    tracing::warn!(error = %err, attempt, "editing the original response failed");
                    return;
                }
            }
        }
    }

    // ---- slash commands ----
}

/// How many times an edit of the deferred answer is tried (100, 200, 400, 800 ms apart).
const ORIGINAL_EDIT_ATTEMPTS: u32 = 5;

/// Discord's `Unknown Message` (code 10008).
fn is_unknown_message(err: &serenity::Error) -> bool {
    matches!(
        err,
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response))
            if response.error.code == 10008
    )
}
