//! The Discord adapter (`docs/discord.md`): interactions in, bot-core commands to the match
//! service, replies back as interaction responses. No game logic lives here: legality, turns and
//! texts come from the service and the core; this module only knows Discord.
//!
//! Interactions arrive over the gateway ([`gateway`]) or as signed HTTP requests ([`endpoint`]);
//! both hand them to [`Adapter::process`] with a [`Responder`] for the initial response, which must
//! reach Discord within 3 seconds. The service runs on a blocking thread; if it has not answered
//! within `defer_after_ms` the interaction is deferred and the answer follows through the
//! interaction's webhook.

mod commands;
mod components;
mod endpoint;
mod gateway;
mod notify;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lalao_config::{BoardMode, DiscordConfig, DiscordMode};
use lalao_renderer::Locale;
use serde_json::{json, Value};
use serenity::all::{
    AutocompleteChoice, ChannelType, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind,
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, Http, HttpBuilder, Interaction, InteractionId, Member, MessageFlags,
    PartialChannel, Permissions, User,
};
use serenity::builder::Builder;
use tokio::sync::oneshot;

use lalao_app::command::{Command, Parity};
use lalao_app::i18n::t;
use lalao_app::ids::{ChannelId, EventId, MatchId, Platform, UserId};
use lalao_app::record::{MatchRecord, Stage};
use lalao_app::rite::Rite;
use lalao_app::service::{Audience, Context, Message, Reply, Service};

pub use commands::definitions;
use components::{Action, Component, Labels, Stamp};

/// Discord's message flags we set.
const EPHEMERAL: u64 = 1 << 6;
/// Discord's content limit.
const CONTENT_LIMIT: usize = 2000;
/// Autocomplete returns at most this many choices.
const MAX_CHOICES: usize = 25;
/// A match's thread is archived after a day without messages (Discord reopens it on the next
/// message the bot posts there).
const THREAD_ARCHIVE_MINUTES: u64 = 1440;

/// Runs the adapter on its own tokio runtime until it stops: the binary's entry point.
pub fn run_blocking(
    config: DiscordConfig,
    service: Arc<Service>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|err| format!("cannot start the async runtime: {err}"))?;
    runtime.block_on(run(config, service, shutdown))
}

/// Runs the adapter, with the scheduler beside it, until the gateway connection fails or the
/// `shutdown` resolves (the binary's SIGINT/SIGTERM); then stops the scheduler.
pub async fn run(
    config: DiscordConfig,
    service: Arc<Service>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let mut http = HttpBuilder::new(&config.token);
    if let Some(url) = &config.api_url {
        // Serenity's ratelimiter bypasses the proxy setting, so it has to be off here; without a
        // proxy (production) it stays on and Discord's rate limits are respected.
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    if let Some(id) = config.application_id {
        http = http.application_id(id.into());
        // A bot's user id is its application's id: mentioning it challenges the computer.
        service.add_self_user(UserId::new(Platform::Discord, &id.to_string()));
    }
    let http = http.build();
    match config.mode {
        DiscordMode::Gateway => gateway::run(config, service, http, shutdown).await,
        DiscordMode::Endpoint => {
            let http = Arc::new(http);
            let adapter = Arc::new(Adapter::new(http.clone(), service.clone(), config));
            adapter.register_commands().await?;
            let scheduler = notify::Scheduler::start(service, http)?;
            let result = tokio::select! {
                result = endpoint::run(adapter) => result,
                () = shutdown => {
                    tracing::info!("stopping on a signal");
                    Ok(())
                }
            };
            scheduler.stop().await;
            result
        }
    }
}

pub(crate) struct Adapter {
    http: Arc<Http>,
    service: Arc<Service>,
    config: DiscordConfig,
    /// One lock per match, so that a click's "is this board current?" check and the move it
    /// plays happen as one step with respect to other clicks on the same match.
    locks: Mutex<HashMap<MatchId, Arc<tokio::sync::Mutex<()>>>>,
}

/// Where the initial response of an interaction goes.
pub(crate) enum Responder {
    /// `POST /interactions/{id}/{token}/callback`.
    Gateway { id: InteractionId, token: String },
    /// The body of the HTTP answer to Discord's request.
    Endpoint(oneshot::Sender<Value>),
}

/// One message as the adapter sends it.
#[derive(Clone, Debug, Default)]
struct Out {
    content: String,
    components: Vec<CreateActionRow>,
    /// Users the message notifies (Discord user ids).
    mentions: Vec<u64>,
    ephemeral: bool,
    /// Attachments (file name, bytes), sent as multipart `files[n]`.
    files: Vec<(String, Vec<u8>)>,
}

impl Out {
    fn text(content: String, ephemeral: bool) -> Out {
        Out {
            content,
            ephemeral,
            ..Out::default()
        }
    }

    fn attachments(&self) -> Vec<CreateAttachment> {
        self.files
            .iter()
            .map(|(name, data)| CreateAttachment::bytes(data.clone(), name.clone()))
            .collect()
    }

    /// Only the people named may be pinged (the builders' form of `allowed_mentions`).
    fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.mentions.iter().map(|id| serenity::all::UserId::new(*id)))
    }

    /// The message body shared by interaction responses, webhook edits and followups.
    fn body(&self) -> Value {
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
struct Plan {
    /// The answer to the user. For a component: replaces the clicked message when `update`.
    main: Out,
    update: bool,
    /// When the answer replaces no message but the clicked board must lose its components (it
    /// is outdated once a new board is posted).
    strip_clicked: bool,
    /// Further messages (followups).
    extra: Vec<Out>,
    /// The public board a private picker was opened from, with its new content.
    board: Option<BoardUpdate>,
    /// A new match whose message `main` is: its id is remembered once the message is posted
    /// (the scheduler edits it when the challenge expires), and its thread started from it.
    track: Option<Track>,
    /// Public messages about a match played in its own thread, from an interaction elsewhere:
    /// they are posted in the thread (`POST /channels/{thread}/messages`).
    thread_posts: Option<(u64, Vec<Out>)>,
}

/// A new match to remember the message of.
struct Track {
    id: MatchId,
    /// The channel the message is in.
    channel: u64,
    /// Start the match's thread from the message (the channel wants one per match).
    thread: bool,
    /// The language of the thread's name.
    locale: Locale,
}

/// A public board message to bring up to date after a move made from a private picker.
struct BoardUpdate {
    channel: u64,
    message: u64,
    out: Out,
    /// The channel's choice: edit the board in place, or post a new one.
    mode: BoardMode,
}

impl Plan {
    fn reply(main: Out) -> Plan {
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

fn locale_of(tag: &str) -> Locale {
    Locale::from_tag(tag).unwrap_or_default()
}

fn display_name(user: &User, member: Option<&Member>) -> String {
    member
        .and_then(|member| member.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

impl Adapter {
    fn new(http: Arc<Http>, service: Arc<Service>, config: DiscordConfig) -> Adapter {
        Adapter {
            http,
            service,
            config,
            locks: Mutex::new(HashMap::new()),
        }
    }

    /// Registers `/lalao` globally, or in the development guild.
    pub(crate) async fn register_commands(&self) -> Result<(), String> {
        let definitions = commands::definitions();
        let result = match self.config.guild_id {
            Some(guild) => serenity::all::GuildId::new(guild)
                .set_commands(&self.http, definitions)
                .await
                .map(drop),
            None => serenity::all::Command::set_global_commands(&self.http, definitions)
                .await
                .map(drop),
        };
        result.map_err(|err| format!("registering the slash commands failed: {err}"))?;
        tracing::info!(guild = ?self.config.guild_id, "slash commands registered");
        Ok(())
    }

    /// Whether a move in `channel` edits its board or posts a new one: the channel's choice
    /// (`/lalao channel settings: boards=new`), else the bot's (`DISCORD_BOARD_MESSAGES`).
    async fn board_messages(&self, channel: &ChannelId) -> BoardMode {
        let service = self.service.clone();
        let channel = channel.clone();
        tokio::task::spawn_blocking(move || service.board_mode(&channel))
            .await
            .ok()
            .flatten()
            .unwrap_or(self.config.board_messages)
    }

    fn match_lock(&self, id: MatchId) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.locks.lock().unwrap_or_else(|poison| poison.into_inner());
        locks.entry(id).or_default().clone()
    }

    fn context(
        &self,
        user: &User,
        member: Option<&Member>,
        channel: u64,
        event: Option<InteractionId>,
        locale: &str,
    ) -> Context {
        let permissions = member
            .and_then(|member| member.permissions)
            .unwrap_or_else(Permissions::empty);
        Context {
            platform: Platform::Discord,
            user: UserId::new(Platform::Discord, &user.id.get().to_string()),
            display_name: Some(display_name(user, member)),
            channel: ChannelId::new(Platform::Discord, &channel.to_string()),
            event: event.map(|id| EventId::new(Platform::Discord, &id.get().to_string())),
            moderator: permissions.contains(Permissions::MANAGE_MESSAGES),
            locale: Locale::from_tag(locale),
            private: false,
        }
    }

    /// Runs a command on a blocking thread (the service is synchronous and flushes to disk).
    async fn run_command(self: &Arc<Self>, ctx: Context, command: Command) -> Result<Reply, String> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.handle(&ctx, command))
            .await
            .map_err(|err| format!("the service task failed: {err}"))
    }

    /// Runs a command, or a line of the text grammar, on a blocking thread.
    async fn run_request(
        self: &Arc<Self>,
        ctx: Context,
        request: commands::Request,
    ) -> Result<Reply, String> {
        match request {
            commands::Request::Command(command) => self.run_command(ctx, command).await,
            commands::Request::Text(line) => {
                let service = self.service.clone();
                tokio::task::spawn_blocking(move || {
                    service.handle_text(&ctx, &line, false).unwrap_or_default()
                })
                .await
                .map_err(|err| format!("the service task failed: {err}"))
            }
        }
    }

    async fn load(self: &Arc<Self>, id: MatchId) -> Option<MatchRecord> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.match_record(id))
            .await
            .ok()
            .flatten()
    }

    /// Whether the service applied the interaction (it records every applied event id; a
    /// refusal records nothing). Decides between a public answer and an ephemeral one.
    async fn applied(self: &Arc<Self>, ctx: &Context) -> bool {
        let Some(event) = ctx.event.clone() else {
            return false;
        };
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.event_applied(&event))
            .await
            .unwrap_or(false)
    }

    /// Handles one interaction from start to end; never panics on its content.
    pub(crate) async fn process(self: Arc<Self>, interaction: Interaction, responder: Responder) {
        let id = interaction.id().get();
        self.process_kind(interaction, responder).await;
        // Every REST call this interaction causes has been made (follow-ups, board edits, the
        // new match's post and thread): operators and the end-to-end tests can rely on it.
        tracing::debug!(interaction = id, "interaction handled");
    }

    async fn process_kind(self: &Arc<Self>, interaction: Interaction, responder: Responder) {
        match interaction {
            Interaction::Ping(_) => {
                self.respond(responder, json!({"type": 1})).await;
            }
            Interaction::Autocomplete(interaction) => {
                let choices = self.autocomplete(&interaction).await;
                let response = CreateInteractionResponse::Autocomplete(
                    CreateAutocompleteResponse::new().set_choices(choices),
                );
                self.respond(responder, to_json(&response)).await;
            }
            Interaction::Command(interaction) => {
                let token = interaction.token.clone();
                let private =
                    commands::Invocation::from_options(&interaction.data.name, &interaction.data.options)
                        .is_some_and(|invocation| commands::answers_privately(&invocation.subcommand));
                let adapter = self.clone();
                let work = tokio::spawn(async move { adapter.command(&interaction).await });
                self.deliver(responder, &token, work, false, private).await;
            }
            Interaction::Component(interaction) => {
                let token = interaction.token.clone();
                let adapter = self.clone();
                let work = tokio::spawn(async move { adapter.component(&interaction).await });
                self.deliver(responder, &token, work, true, false).await;
            }
            other => {
                tracing::debug!(kind = ?other.kind(), "ignoring an interaction kind lalao does not use");
            }
        }
    }

    /// Sends the plan as the initial response if it is ready in time, else defers and sends it
    /// through the webhook once ready.
    async fn deliver(
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
                self.respond(responder, json!({"type": kind, "data": plan.main.body()}))
                    .await;
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
    async fn post_in_thread(&self, posts: Option<(u64, Vec<Out>)>) {
        let Some((thread, outs)) = posts else { return };
        for out in outs {
            let mut body = out.body();
            body.as_object_mut().map(|object| object.remove("flags"));
            if let Err(err) = self
                .http
                .send_message(thread.into(), out.attachments(), &body)
                .await
            {
                tracing::warn!(error = %err, thread, "posting in a match's thread failed");
            }
        }
    }

    /// Remembers the message the interaction's original response became, as the post of a new
    /// match. In endpoint mode the response travels in the HTTP answer, so Discord may not have
    /// created the message yet: a missing original is asked for again, briefly.
    async fn track(&self, token: &str, track: Option<Track>) {
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

    /// Starts a public thread from a new match's message (`POST
    /// /channels/{channel}/messages/{message}/threads`), named after the match. `None` if
    /// Discord refused (no permission to create threads, say): the match is then played in the
    /// channel as usual.
    async fn start_thread(&self, id: MatchId, channel: u64, message: u64, locale: Locale) -> Option<u64> {
        let service = self.service.clone();
        let name = tokio::task::spawn_blocking(move || service.thread_name(id, locale))
            .await
            .ok()
            .flatten()?;
        let body = json!({"name": name, "auto_archive_duration": THREAD_ARCHIVE_MINUTES});
        match self
            .http
            .create_thread_from_message(channel.into(), message.into(), &body, None)
            .await
        {
            Ok(thread) => {
                tracing::info!(
                    match_id = id.0,
                    thread = thread.id.get(),
                    "the match has its thread"
                );
                Some(thread.id.get())
            }
            Err(err) => {
                tracing::warn!(match_id = id.0, error = %err, "starting the match's thread failed; it stays in the channel");
                None
            }
        }
    }

    /// The channel an interaction counts as being in: a lalao match's thread counts as its
    /// parent channel (where the match is indexed and its settings are), any other channel or
    /// thread as itself.
    async fn home_channel(&self, channel: u64, partial: Option<&PartialChannel>) -> u64 {
        let parent = partial
            .filter(|partial| is_thread(Some(partial)))
            .and_then(|partial| partial.parent_id);
        let Some(parent) = parent else { return channel };
        let service = self.service.clone();
        let is_match_thread = tokio::task::spawn_blocking(move || {
            service.is_match_thread(
                &ChannelId::new(Platform::Discord, &channel.to_string()),
                &ChannelId::new(Platform::Discord, &parent.get().to_string()),
            )
        })
        .await
        .unwrap_or(false);
        if is_match_thread {
            parent.get()
        } else {
            channel
        }
    }

    /// The thread match `id` is played in, if it has one.
    async fn thread_of(&self, id: MatchId) -> Option<u64> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.post_of(id).thread)
            .await
            .ok()
            .flatten()
            .and_then(|thread| thread.local().parse().ok())
    }

    /// Edits the public board in place, or (new board per move) strips its components and posts
    /// the new board.
    async fn update_board(&self, token: &str, board: Option<BoardUpdate>) {
        let Some(board) = board else { return };
        let (channel, message) = (board.channel.into(), board.message.into());
        let body = match board.mode {
            BoardMode::Edit => {
                let mut body = board.out.body();
                body.as_object_mut().map(|object| object.remove("flags"));
                body
            }
            BoardMode::New => json!({"components": []}),
        };
        if let Err(err) = self.http.edit_message(channel, message, &body, Vec::new()).await {
            tracing::warn!(error = %err, "updating the board message failed");
        }
        if board.mode == BoardMode::New {
            self.followup(token, &board.out).await;
        }
    }

    fn failure(&self, why: &str) -> Plan {
        tracing::error!(error = why, "an interaction failed");
        Plan::reply(Out::text(t(Locale::En, "discord-failed", &[]), true))
    }

    async fn respond(&self, responder: Responder, body: Value) {
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

    async fn followup(&self, token: &str, out: &Out) {
        let result = if out.files.is_empty() {
            self.http
                .create_followup_message(token, &out.body(), Vec::new())
                .await
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
    async fn respond_with_files(&self, id: InteractionId, token: &str, out: &Out) {
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

    async fn edit_original(&self, token: &str, out: &Out) {
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
        self.edit_original_raw(token, body).await;
    }

    async fn edit_original_raw(&self, token: &str, body: Value) {
        if let Err(err) = self
            .http
            .edit_original_interaction_response(token, &body, Vec::new())
            .await
        {
            tracing::warn!(error = %err, "editing the original response failed");
        }
    }

    // ---- slash commands ----

    async fn command(self: Arc<Self>, interaction: &CommandInteraction) -> Plan {
        let locale = locale_of(&interaction.locale);
        let Some(invocation) =
            commands::Invocation::from_options(&interaction.data.name, &interaction.data.options)
        else {
            return Plan::reply(Out::text(t(locale, "discord-unknown-command", &[]), true));
        };
        let request = match invocation.request() {
            Ok(request) => request,
            Err(key) => return Plan::reply(Out::text(t(locale, key, &[]), true)),
        };
        let here = interaction.channel_id.get();
        let home = self.home_channel(here, interaction.channel.as_ref()).await;
        let mut ctx = self.context(
            &interaction.user,
            interaction.member.as_deref(),
            home,
            Some(interaction.id),
            &interaction.locale,
        );
        let private = commands::is_private(&invocation.subcommand);
        // The interaction is answered ephemerally: the rite's secret may be told here.
        ctx.private = commands::answers_privately(&invocation.subcommand);
        let mutating = !matches!(
            request,
            commands::Request::Command(
                Command::Board { .. }
                    | Command::List { .. }
                    | Command::History { .. }
                    | Command::Export { .. }
            )
        );
        let reply = match self.run_request(ctx.clone(), request).await {
            Ok(reply) => reply,
            Err(err) => return self.failure(&err),
        };
        if reply.duplicate {
            return Plan::reply(Out::text(t(locale, "discord-already-done", &[]), true));
        }
        // A command that changed nothing was refused (or only concerns the caller): say so
        // privately rather than in the channel.
        let public = !private && (!mutating || self.applied(&ctx).await);
        let mut outs = Vec::new();
        for message in &reply.messages {
            outs.push(self.out(message, &ctx, !public).await);
        }
        let first_match = reply.messages.iter().find_map(|message| message.match_ref);
        // A new match announced in the channel: its message is remembered once posted, and its
        // thread started from it if the channel wants one (not from within a thread).
        let track = match first_match {
            Some(match_ref) if public && invocation.subcommand == "play" => Some(Track {
                id: match_ref.id,
                channel: here,
                thread: !is_thread(interaction.channel.as_ref()) && self.threads_wanted(&ctx.channel).await,
                locale: self.service.locale_for(&ctx),
            }),
            _ => None,
        };
        // A change to a match played in its own thread, made from elsewhere: the channel gets a
        // private pointer, the thread the public messages.
        let thread = match first_match {
            Some(match_ref) if public && mutating && track.is_none() => self
                .thread_of(match_ref.id)
                .await
                .filter(|thread| *thread != here)
                .map(|thread| (match_ref.id, thread)),
            _ => None,
        };
        let (outs, thread_posts) = match thread {
            Some((id, thread)) => {
                let (public, private): (Vec<Out>, Vec<Out>) =
                    outs.into_iter().partition(|out| !out.ephemeral);
                let pointer = t(
                    self.service.locale_for(&ctx),
                    "discord-in-thread",
                    &[("match", id.to_string()), ("thread", format!("<#{thread}>"))],
                );
                let mut outs = vec![Out::text(pointer, true)];
                outs.extend(private);
                (outs, Some((thread, public)))
            }
            None => (outs, None),
        };
        let mut outs = outs.into_iter();
        let main = outs
            .next()
            .unwrap_or_else(|| Out::text(t(locale, "discord-already-done", &[]), true));
        Plan {
            main,
            update: false,
            strip_clicked: false,
            extra: outs.collect(),
            board: None,
            track,
            thread_posts,
        }
    }

    /// Whether new matches in `channel` start their own thread (`channel thread=on`).
    async fn threads_wanted(&self, channel: &ChannelId) -> bool {
        let service = self.service.clone();
        let channel = channel.clone();
        tokio::task::spawn_blocking(move || service.threads_on(&channel))
            .await
            .unwrap_or(false)
    }

    /// A service message as a Discord message: mentions first, then the text and the board, with
    /// the components its match offers at the version it shows.
    async fn out(self: &Arc<Self>, message: &Message, ctx: &Context, force_private: bool) -> Out {
        let ephemeral = force_private || matches!(&message.audience, Audience::Private(_));
        let mentions: Vec<u64> = message
            .mentions
            .iter()
            .filter(|user| user.as_str().starts_with("discord:"))
            .filter_map(|user| user.local().parse().ok())
            .collect();
        let mut content = String::new();
        if !ephemeral {
            for id in &mentions {
                let mention = format!("<@{id}>");
                if !message.text.contains(&mention) {
                    content.push_str(&mention);
                    content.push(' ');
                }
            }
        }
        content.push_str(&message.text);
        if let Some(board) = &message.board {
            content.push('\n');
            content.push_str(&board.markdown);
        }
        let mut files = Vec::new();
        if lalao_renderer::discord_length(&content) > CONTENT_LIMIT {
            if let (Some(match_ref), true) = (message.match_ref, matches!(message.key, "export" | "history"))
            {
                // A long match does not fit a message: its record travels as files, whole.
                let locale = self.service.locale_for(ctx);
                let (note, attached) = export_files(match_ref.id, message.key, &message.text);
                content = t(locale, note, &[("match", match_ref.id.to_string())]);
                files = attached;
            }
        }
        let content = fit(content);
        let mut components = Vec::new();
        if let Some(match_ref) = message.match_ref {
            if let Some(record) = self.load(match_ref.id).await {
                if record.version == match_ref.version {
                    components = self.components_for(&record, ctx);
                }
            }
        }
        Out {
            content,
            components,
            mentions: if ephemeral { Vec::new() } else { mentions },
            ephemeral,
            files,
        }
    }

    fn labels(locale: Locale) -> Labels {
        Labels {
            choose_move: t(locale, "discord-choose-move", &[]),
            choose_piece: t(locale, "discord-choose-piece", &[]),
        }
    }

    /// The components a board of `record` carries: Accept/Decline for a challenge, the legal moves
    /// while it is played, nothing once it is over. Labels in the caller's language.
    fn components_for(&self, record: &MatchRecord, ctx: &Context) -> Vec<CreateActionRow> {
        let locale = self.service.locale_for(ctx);
        match &record.stage {
            Stage::Challenge => components::challenge_components(
                record.id,
                stamp(record),
                &t(locale, "discord-accept", &[]),
                &t(locale, "discord-decline", &[]),
            ),
            Stage::Rite { rite } => {
                let choices = match rite {
                    Rite::AwaitingCoins => [1u8, 2]
                        .map(|count| {
                            (
                                t(locale, &format!("discord-coins-{count}"), &[]),
                                Action::Coins(count),
                            )
                        })
                        .to_vec(),
                    Rite::AwaitingCall { .. } => [Parity::Odd, Parity::Even]
                        .map(|parity| {
                            (
                                t(locale, &format!("discord-parity-{}", parity.id()), &[]),
                                Action::Call(parity.id().to_owned()),
                            )
                        })
                        .to_vec(),
                    Rite::AwaitingSide { .. } => lalao_core::Side::BOTH
                        .map(|side| {
                            let name = record.game.side_name(side);
                            (
                                t(locale, &format!("side-{name}"), &[]),
                                Action::Side(name.to_owned()),
                            )
                        })
                        .to_vec(),
                };
                components::choice_buttons(record.id, stamp(record), choices)
            }
            Stage::Playing => match record.current_game() {
                Ok(game) => components::move_components(
                    record.game,
                    record.id,
                    stamp(record),
                    &game.legal_moves(),
                    &Self::labels(locale),
                ),
                Err(_) => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    // ---- components ----

    async fn component(self: Arc<Self>, interaction: &ComponentInteraction) -> Plan {
        let locale = locale_of(&interaction.locale);
        let Some(component) = Component::decode(&interaction.data.custom_id) else {
            return Plan::reply(Out::text(t(locale, "discord-unknown-button", &[]), true));
        };
        let here = interaction.channel_id.get();
        let home = self.home_channel(here, interaction.channel.as_ref()).await;
        let ctx = self.context(
            &interaction.user,
            interaction.member.as_ref(),
            home,
            Some(interaction.id),
            &interaction.locale,
        );
        // From here on the caller is known: their chosen language wins over their client's.
        let locale = self.service.locale_for(&ctx);
        let values = match &interaction.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => values.clone(),
            _ => Vec::new(),
        };
        let clicked_ephemeral = interaction
            .message
            .flags
            .is_some_and(|flags| flags.contains(MessageFlags::EPHEMERAL));
        let lock = self.match_lock(component.match_id);
        let _guard = lock.lock().await;
        let Some(record) = self.load(component.match_id).await else {
            return Plan::reply(Out::text(t(locale, "discord-unknown-button", &[]), true));
        };
        if record.stage == Stage::Expired {
            // The scheduler removes an expired challenge's buttons, but a client may still show
            // them (or the edit failed): explain rather than show a board there is none of.
            let locale = self.service.locale_for(&ctx);
            let text = t(
                locale,
                "discord-challenge-expired",
                &[("match", record.id.to_string())],
            );
            return Plan::reply(Out::text(text, true));
        }
        if !shows_current_board(&record, component.stamp) {
            return self.stale(ctx, &record, locale).await;
        }
        let (command, board) = match component.action {
            Action::Move(text) => (
                Command::Move {
                    id: Some(record.id),
                    text,
                    explicit: true,
                },
                None,
            ),
            Action::MoveOn { board, text } => (
                Command::Move {
                    id: Some(record.id),
                    text,
                    explicit: true,
                },
                Some(board),
            ),
            Action::MoveMenu(_) | Action::PickOn { .. } => {
                let Some(text) = values.first() else {
                    return Plan::reply(Out::text(t(locale, "discord-unknown-button", &[]), true));
                };
                let board = match component.action {
                    Action::PickOn { board } => Some(board),
                    _ => None,
                };
                (
                    Command::Move {
                        id: Some(record.id),
                        text: text.clone(),
                        explicit: true,
                    },
                    board,
                )
            }
            Action::Group(_) => {
                // First half of a two-step choice: show the second half to the clicker only.
                let Some(group) = values.first() else {
                    return Plan::reply(Out::text(t(locale, "discord-unknown-button", &[]), true));
                };
                let legal = record
                    .current_game()
                    .map(|game| game.legal_moves())
                    .unwrap_or_default();
                let components = components::group_components(
                    record.game,
                    record.id,
                    stamp(&record),
                    &legal,
                    group,
                    &Self::labels(locale),
                    interaction.message.id.get(),
                );
                let content = t(locale, "discord-choose-then", &[("group", group.clone())]);
                return Plan::reply(Out {
                    content,
                    components,
                    ephemeral: true,
                    ..Out::default()
                });
            }
            Action::Accept => (Command::Accept { id: Some(record.id) }, None),
            Action::Decline => (Command::Decline { id: Some(record.id) }, None),
            Action::Coins(count) => (
                Command::Coins {
                    id: Some(record.id),
                    count: Some(count),
                },
                None,
            ),
            Action::Call(parity) => {
                let parity = if parity == Parity::Odd.id() {
                    Parity::Odd
                } else {
                    Parity::Even
                };
                (
                    Command::Call {
                        id: Some(record.id),
                        parity,
                    },
                    None,
                )
            }
            Action::Side(side) => (
                Command::Side {
                    id: Some(record.id),
                    side,
                },
                None,
            ),
        };
        // A button click is seen by nobody else, and a coins click is answered ephemerally: the
        // rite's secret may be told here.
        let mut ctx = ctx;
        ctx.private = matches!(command, Command::Coins { .. });
        let move_text = match &command {
            Command::Move { text, .. } => Some(text.clone()),
            _ => None,
        };
        let reply = match self.run_command(ctx.clone(), command).await {
            Ok(reply) => reply,
            Err(err) => return self.failure(&err),
        };
        if reply.duplicate {
            return Plan::reply(Out::text(t(locale, "discord-already-done", &[]), true));
        }
        let applied = self.applied(&ctx).await;
        let mut outs = Vec::new();
        for message in &reply.messages {
            outs.push(self.out(message, &ctx, !applied).await);
        }
        let mut outs = outs.into_iter();
        let Some(main) = outs.next() else {
            return Plan::reply(Out::text(t(locale, "discord-already-done", &[]), true));
        };
        let extra: Vec<Out> = outs.collect();
        if !applied || main.ephemeral {
            return Plan {
                main,
                update: false,
                strip_clicked: false,
                extra,
                board: None,
                track: None,
                thread_posts: None,
            };
        }
        if let (true, Some(board)) = (clicked_ephemeral, board) {
            // The second step of a two-step choice: close the private picker, update the board.
            let done = Out::text(
                t(
                    locale,
                    "discord-played",
                    &[("move", move_text.unwrap_or_default())],
                ),
                true,
            );
            let board = BoardUpdate {
                channel: interaction.channel_id.get(),
                message: board,
                out: main,
                mode: self.board_messages(&ctx.channel).await,
            };
            return Plan {
                main: done,
                update: true,
                strip_clicked: false,
                extra,
                board: Some(board),
                track: None,
                thread_posts: None,
            };
        }
        if let Some(thread) = self.thread_of(record.id).await.filter(|thread| *thread != here) {
            // The challenge in the channel, accepted: it keeps its text and loses its buttons;
            // the match goes on in its thread.
            let closed = Out {
                content: interaction.message.content.clone(),
                ..Out::default()
            };
            let mut posts = vec![main];
            posts.extend(extra);
            return Plan {
                main: closed,
                update: true,
                strip_clicked: false,
                extra: Vec::new(),
                board: None,
                track: None,
                thread_posts: Some((thread, posts)),
            };
        }
        match self.board_messages(&ctx.channel).await {
            BoardMode::Edit => Plan {
                main,
                update: true,
                strip_clicked: false,
                extra,
                board: None,
                track: None,
                thread_posts: None,
            },
            BoardMode::New => Plan {
                main,
                update: false,
                strip_clicked: true,
                extra,
                board: None,
                track: None,
                thread_posts: None,
            },
        }
    }

    /// A click on an outdated board: say so privately and show the current board.
    async fn stale(self: &Arc<Self>, mut ctx: Context, record: &MatchRecord, locale: Locale) -> Plan {
        // Showing the board is not an event to remember.
        ctx.event = None;
        let notice = t(locale, "discord-stale-board", &[]);
        let reply = self
            .run_command(
                ctx.clone(),
                Command::Board {
                    id: Some(record.id),
                    style: None,
                    viewpoint: None,
                },
            )
            .await;
        let mut out = match reply.ok().and_then(|reply| reply.messages.into_iter().next()) {
            Some(message) => self.out(&message, &ctx, true).await,
            None => Out::text(String::new(), true),
        };
        out.content = fit(format!("{notice}\n{}", out.content));
        out.ephemeral = true;
        Plan::reply(out)
    }

    // ---- autocomplete ----

    /// The legal moves of the caller's match that match what they typed, when it is their turn.
    async fn autocomplete(self: &Arc<Self>, interaction: &CommandInteraction) -> Vec<AutocompleteChoice> {
        let Some(invocation) =
            commands::Invocation::from_options(&interaction.data.name, &interaction.data.options)
        else {
            return Vec::new();
        };
        let Some((field, typed)) = &invocation.focused else {
            return Vec::new();
        };
        if field != "move" {
            return Vec::new();
        }
        let home = self
            .home_channel(interaction.channel_id.get(), interaction.channel.as_ref())
            .await;
        let ctx = self.context(
            &interaction.user,
            interaction.member.as_deref(),
            home,
            None,
            &interaction.locale,
        );
        let service = self.service.clone();
        let explicit = invocation.match_id();
        let legal = tokio::task::spawn_blocking(move || service.legal_moves_for(&ctx, explicit))
            .await
            .unwrap_or_default();
        filter_moves(&legal, typed)
            .into_iter()
            .map(|text| AutocompleteChoice::new(text.clone(), text))
            .collect()
    }
}

/// Whether an interaction's channel is a thread (Discord cannot start a thread in a thread).
fn is_thread(channel: Option<&PartialChannel>) -> bool {
    channel.is_some_and(|channel| {
        matches!(
            channel.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
        )
    })
}

/// Moves starting with what was typed first, then those containing it; at most 25.
fn filter_moves(legal: &[String], typed: &str) -> Vec<String> {
    let needle: String = typed
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let lower = |text: &String| text.to_lowercase();
    let prefixed = legal.iter().filter(|text| lower(text).starts_with(&needle));
    let containing = legal
        .iter()
        .filter(|text| !lower(text).starts_with(&needle) && lower(text).contains(&needle));
    prefixed.chain(containing).take(MAX_CHOICES).cloned().collect()
}

/// The files of a `history` or `export` too long for a message, and the Fluent id of the note
/// that replaces its text: the text without the JSON record (status and move list) as
/// `lalao-<id>-moves.txt`, and for an export the JSON record (its last line, what
/// `lalao rules` replays) as `lalao-<id>.json`.
fn export_files(id: MatchId, key: &str, text: &str) -> (&'static str, Vec<(String, Vec<u8>)>) {
    let moves_file = format!("lalao-{}-moves.txt", id.0);
    if key == "export" {
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
fn fit(content: String) -> String {
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

fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The stamp a board of `record` carries on its components: the version, and a fingerprint of
/// what the board offers (the stage and every move so far: the same moves give the same position
/// and history). FNV-1a, written out so that it stays the same across builds and restarts.
fn stamp(record: &MatchRecord) -> Stamp {
    let stage = match &record.stage {
        Stage::Challenge => "challenge",
        Stage::Rite {
            rite: Rite::AwaitingCoins,
        } => "rite-coins",
        Stage::Rite {
            rite: Rite::AwaitingCall { .. },
        } => "rite-call",
        Stage::Rite {
            rite: Rite::AwaitingSide { .. },
        } => "rite-side",
        Stage::Playing => "playing",
        _ => "over",
    };
    let mut hash: u32 = 0x811c_9dc5;
    let parts = std::iter::once(stage).chain(record.moves.iter().map(String::as_str));
    for part in parts {
        // A separator no move contains, so ["a", "bc"] and ["ab", "c"] differ.
        for byte in part.bytes().chain([b' ']) {
            hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
    }
    Stamp {
        version: record.version,
        board: Some(hash),
    }
}

/// Whether a component stamped `clicked` was drawn on a board that still shows `record`: the
/// same version, or (for boards with a fingerprint) the same stage and moves. A draw offer or a
/// paused clock moves the version on but leaves the board's buttons meaning what they say.
fn shows_current_board(record: &MatchRecord, clicked: Stamp) -> bool {
    let current = stamp(record);
    clicked.version == current.version || (clicked.board.is_some() && clicked.board == current.board)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A practice fano match after `moves`, as the store holds it.
    fn fano_after(moves: &[&str]) -> MatchRecord {
        let service = Service::new(
            Arc::new(lalao_app::store::MemoryStore::default()),
            lalao_app::Defaults {
                locale: Locale::En,
                style: lalao_renderer::Style::Text,
            },
        );
        service.open().unwrap();
        let ctx = Context::console("ana");
        service.handle_text(&ctx, "play fano", false).unwrap();
        for text in moves {
            service.handle_text(&ctx, text, false).unwrap();
        }
        service.match_record(MatchId(1)).expect("the match")
    }

    #[test]
    fn a_board_stays_clickable_until_its_stage_or_moves_change() {
        let before = fano_after(&["@3"]);
        let board = stamp(&before);
        assert!(shows_current_board(&before, board));
        // A change that leaves stage and moves alone (a draw offer, a paused clock).
        let offered = MatchRecord {
            version: before.version + 1,
            ..before.clone()
        };
        assert!(shows_current_board(&offered, board));
        // An id from before fingerprints: only its exact version counts.
        let old_id = Stamp { board: None, ..board };
        assert!(shows_current_board(&before, old_id));
        assert!(!shows_current_board(&offered, old_id));
        // A move changes what the board offers.
        let after = fano_after(&["@3", "@4"]);
        assert_ne!(stamp(&after).board, board.board);
        assert!(!shows_current_board(
            &after,
            Stamp {
                version: after.version - 1,
                ..board
            }
        ));
        // Taking a move back and playing it again gives the same board: its buttons mean the same.
        let again = MatchRecord {
            version: before.version + 5,
            ..fano_after(&["@3"])
        };
        assert_eq!(stamp(&again).board, board.board);
        // The stage counts: the same moves in a finished match offer nothing.
        let resigned = MatchRecord {
            stage: Stage::Declined,
            version: before.version + 1,
            ..before.clone()
        };
        assert!(!shows_current_board(&resigned, board));
    }

    fn moves(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|text| text.to_string()).collect()
    }

    #[test]
    fn autocomplete_filters_by_prefix_then_substring() {
        let legal = moves(&["@1", "@2", "@3", "1-2", "3-4", "2-3"]);
        assert_eq!(filter_moves(&legal, ""), legal);
        assert_eq!(filter_moves(&legal, "@"), moves(&["@1", "@2", "@3"]));
        assert_eq!(filter_moves(&legal, "3"), moves(&["3-4", "@3", "2-3"]));
        assert_eq!(filter_moves(&legal, " 2 - 3"), moves(&["2-3"]));
        assert!(filter_moves(&legal, "x").is_empty());
        let many: Vec<String> = (1..=40).map(|n| format!("a{n}")).collect();
        assert_eq!(filter_moves(&many, "a").len(), 25);
    }

    #[test]
    fn long_content_is_cut_to_discord_limit() {
        let long = "é".repeat(2500);
        let cut = fit(long);
        assert_eq!(lalao_renderer::discord_length(&cut), CONTENT_LIMIT);
        assert!(cut.ends_with('…'));
        assert_eq!(fit("short".into()), "short");
    }

    #[test]
    fn every_discord_message_exists_in_both_languages() {
        let ids = lalao_renderer::ftl_message_ids;
        let en = ids(include_str!("../../app/locales/en/discord.ftl"));
        let fr = ids(include_str!("../../app/locales/fr/discord.ftl"));
        assert!(en.len() > 50);
        assert_eq!(
            en, fr,
            "the English and French files list different ids (or in another order)"
        );
        for id in &en {
            for locale in Locale::ALL {
                let args = [
                    ("group", "a2".to_owned()),
                    ("move", "a2-a3".to_owned()),
                    ("match", "#1".to_owned()),
                    ("thread", "<#1>".to_owned()),
                ];
                assert_ne!(t(locale, id, &args), *id, "{id} does not resolve in {locale:?}");
            }
        }
    }
}
