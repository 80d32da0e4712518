//! The Discord adapter (`docs/discord.md`): interactions in, bot-core commands to the match
//! service, replies back as interaction responses. No game logic lives here: legality, turns and
//! texts come from the service and the core; this module only knows Discord.
//!
//! Interactions arrive over the gateway ([`gateway`]) or as signed HTTP requests ([`endpoint`]);
//! both hand them to [`Adapter::process`] with a [`Responder`] for the initial response, which must
//! reach Discord within 3 seconds. The service runs on a blocking thread; if it has not answered
//! within `defer_after_ms` the interaction is deferred and the answer follows through the
//! interaction's webhook.

mod clicks;
mod commands;
mod components;
mod endpoint;
mod gateway;
mod notifier;
mod replay;
mod reply;
mod rest;
mod slash;
mod threads;

use reply::{export_files, fit, to_json, BoardUpdate, Out, Plan, Track};
use threads::is_thread;

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

use lalao_app::command::{Command, Parity, ParseError};
use lalao_app::i18n::t;
use lalao_app::ids::{ChannelId, EventId, MatchId, Platform, UserId};
use lalao_app::schedule::Router;
use lalao_app::Service;
use lalao_app::{AnimationOrder, Audience, Context, Kind, MatchRef, Message, Offer, Outcome, Reply};

pub use commands::definitions;
use components::{Action, Component, Labels, PageButton, Stamp};

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
    let router = Arc::new(Router::new(&[Platform::Discord], service.wake()));
    let scheduler = service
        .start_scheduler(router.clone())
        .map_err(|err| format!("cannot start the scheduler: {err}"))?;
    let result = run_routed(config, service, &router, shutdown).await;
    let stopped = tokio::task::spawn_blocking(move || scheduler.stop());
    if tokio::time::timeout(SHUTDOWN_PATIENCE, stopped).await.is_err() {
        tracing::warn!("the scheduler was still delivering at shutdown; abandoned");
    }
    result
}

/// How long a stop waits for a notification being delivered (a stop must end within
/// seconds: `docker stop` kills after 10).
const SHUTDOWN_PATIENCE: std::time::Duration = std::time::Duration::from_secs(2);

/// Runs the adapter until the gateway connection fails or `shutdown` resolves, delivering the
/// scheduler's Discord notifications through `router` (the process runs the scheduler: see
/// [`SchedulerThread`]).
pub async fn run_routed(
    config: DiscordConfig,
    service: Arc<Service>,
    router: &Router,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let mut http = HttpBuilder::new(config.token.expose());
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
        DiscordMode::Gateway => gateway::run(config, service, http, router, shutdown).await,
        DiscordMode::Endpoint => {
            let http = Arc::new(http);
            let adapter = Arc::new(Adapter::new(http.clone(), service.clone(), config));
            adapter.register_commands().await?;
            let notifier = notifier::DiscordNotifier::new(http, tokio::runtime::Handle::current(), service);
            router.attach(Platform::Discord, Box::new(notifier));
            let result = tokio::select! {
                result = endpoint::run(adapter) => result,
                () = shutdown => {
                    tracing::info!("stopping on a signal");
                    Ok(())
                }
            };
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
    /// Interaction ids received recently, to answer a replay as already done.
    seen: replay::Seen,
    /// Board pictures drawn lately: a board answered, edited in and posted in a
    /// thread is drawn once.
    pictures: Arc<lalao_renderer::PictureCache>,
}

/// Where the initial response of an interaction goes.
pub(crate) enum Responder {
    /// `POST /interactions/{id}/{token}/callback`.
    Gateway { id: InteractionId, token: String },
    /// The body of the HTTP answer to Discord's request.
    Endpoint(oneshot::Sender<Value>),
}

/// How many board pictures an adapter keeps (about 30–60 KB each).
const PICTURES_CACHED: usize = 256;

/// How many per-match click locks are kept before the idle ones are forgotten.
const PRUNE_LOCKS_AT: usize = 1024;

/// The private answer to an interaction received before.
fn already_done(locale: &str) -> Value {
    json!({
        "type": 4,
        "data": {
            "content": t(locale_of(locale), "discord-already-done", &[]),
            "flags": 64,
            // It pings nobody, whatever it says.
            "allowed_mentions": {"parse": []},
        },
    })
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
            seen: replay::Seen::default(),
            pictures: Arc::new(lalao_renderer::PictureCache::new(PICTURES_CACHED)),
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
        // One entry per match ever clicked would grow for ever: past a bound, forget the locks
        // nobody holds (a lock held or awaited has another owner than the map).
        if locks.len() >= PRUNE_LOCKS_AT {
            locks.retain(|_, lock| Arc::strong_count(lock) > 1);
        }
        locks.entry(id).or_default().clone()
    }

    fn context(
        &self,
        user: &User,
        member: Option<&Member>,
        channel: u64,
        event: Option<InteractionId>,
        locale: &str,
        guild: Option<serenity::all::GuildId>,
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
            community: guild.map(|guild| format!("discord:guild:{}", guild.get())),
        }
    }

    /// Runs a command on a blocking thread (the service is synchronous and flushes to disk).
    async fn run_command(self: &Arc<Self>, ctx: Context, command: Command) -> Result<Reply, String> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.handle(&ctx, command))
            .await
            .map_err(|err| format!("the service task failed: {err}"))
    }

    /// Runs a slash command's command on a blocking thread, or has the application word why
    /// its options make none (`verb`: the grammar's English name of the verb, for the log).
    async fn run_parsed(
        self: &Arc<Self>,
        ctx: Context,
        verb: &'static str,
        parsed: Result<Command, ParseError>,
    ) -> Result<Reply, String> {
        let service = self.service.clone();
        let (channel, user) = (ctx.channel.to_string(), ctx.user.to_string());
        let command = parsed.as_ref().map_or(verb, Command::name);
        let reply = tokio::task::spawn_blocking(move || service.handle_parsed(&ctx, parsed))
            .await
            .map_err(|err| format!("the service task failed: {err}"))?;
        // The one INFO line per handled command, as on Matrix.
        let outcome = reply.outcome.id();
        match reply.outcome {
            Outcome::Refused { reason } => {
                tracing::info!(platform = "discord", %channel, %user, command, outcome, reason, "command handled")
            }
            _ => tracing::info!(platform = "discord", %channel, %user, command, outcome, "command handled"),
        }
        Ok(reply)
    }

    /// What match `id`'s board offers now (to check a click against).
    /// The caller's language, read on a blocking thread (the store is, and this runs on the
    /// async workers).
    pub(crate) async fn caller_locale(&self, ctx: &Context) -> Locale {
        let service = self.service.clone();
        let ctx = ctx.clone();
        tokio::task::spawn_blocking(move || service.locale_for(&ctx))
            .await
            .unwrap_or_default()
    }

    async fn offer(self: &Arc<Self>, id: MatchId) -> Option<Offer> {
        let service = self.service.clone();
        tokio::task::spawn_blocking(move || service.offer(id))
            .await
            .ok()
            .flatten()
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
        let first_time = matches!(interaction, Interaction::Ping(_))
            || self
                .seen
                .first_time(interaction.id().get(), std::time::Instant::now());
        if !first_time {
            tracing::warn!(
                interaction = interaction.id().get(),
                "refused a replayed interaction"
            );
            let answer = match &interaction {
                Interaction::Autocomplete(_) => json!({"type": 8, "data": {"choices": []}}),
                Interaction::Command(command) => already_done(&command.locale),
                Interaction::Component(click) => already_done(&click.locale),
                _ => already_done(""),
            };
            self.respond(responder, answer).await;
            return;
        }
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
                        .is_some_and(|invocation| commands::answers_privately(&invocation.path()));
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slash::filter_moves;

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

    /// The click locks of idle matches are forgotten; a held one is kept.
    #[tokio::test]
    async fn idle_match_locks_are_pruned() {
        let adapter = Adapter::new(
            Arc::new(HttpBuilder::new("token").build()),
            Arc::new(Service::new(
                Arc::new(lalao_app::store::MemoryStore::default()),
                lalao_app::Defaults {
                    locale: Locale::En,
                    style: lalao_renderer::Style::Text,
                },
            )),
            lalao_config::DiscordConfig::from_lookup(|name| {
                (name == "DISCORD_TOKEN").then(|| "t".to_owned())
            })
            .unwrap()
            .unwrap(),
        );
        let held = adapter.match_lock(MatchId(1));
        let _guard = held.lock().await;
        for id in 2..=PRUNE_LOCKS_AT as u64 + 10 {
            drop(adapter.match_lock(MatchId(id)));
        }
        let locks = adapter.locks.lock().unwrap();
        assert!(locks.len() < 20, "{} locks kept", locks.len());
        assert!(locks.contains_key(&MatchId(1)), "the held lock survives");
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
                    ("name", "Ana".to_owned()),
                ];
                assert_ne!(t(locale, id, &args), *id, "{id} does not resolve in {locale:?}");
            }
        }
    }
}
