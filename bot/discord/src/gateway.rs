//! Gateway mode: a websocket to Discord opened with the bot token. Interactions arrive as
//! `INTERACTION_CREATE` dispatches and are answered through the REST callback route.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use lalao_config::DiscordConfig;
use serenity::all::{
    ClientBuilder, ConnectionStage as Connection, Context, EventHandler, GatewayIntents, Http, Interaction,
    Ready, ShardStageUpdateEvent,
};
use serenity::async_trait;

use super::notifier::DiscordNotifier;
use super::{Adapter, Responder};
use lalao_app::ids::Platform;
use lalao_app::schedule::Router;
use lalao_app::Service;

/// The gateway connection, as `/readyz` names it.
const GATEWAY: &str = "discord gateway";

struct Handler {
    /// Set once the client exists (the adapter shares the client's HTTP handle and its
    /// ratelimiter); events only flow after that.
    adapter: Arc<OnceLock<Arc<Adapter>>>,
}

impl Handler {
    fn adapter(&self) -> Option<&Arc<Adapter>> {
        self.adapter.get()
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, session = %ready.session_id, "connected to the Discord gateway");
        let Some(adapter) = self.adapter() else { return };
        adapter.service.health().connected(GATEWAY, true, Duration::MAX);
        adapter.http.set_application_id(ready.application.id);
        // `/lalao play katro opponent:@lalao` (or `<@bot>` in text) means the computer.
        adapter.service.add_self_user(lalao_app::ids::UserId::new(
            lalao_app::ids::Platform::Discord,
            &ready.user.id.to_string(),
        ));
        // Registering on every READY keeps the definitions in step with the running build; a bulk
        // overwrite with identical commands changes nothing on Discord's side.
        if let Err(err) = adapter.register_commands().await {
            tracing::error!(error = %err, "slash commands are not registered");
        }
    }

    /// A shard connected again, or lost its connection: `/readyz` follows (a resume passes
    /// through other stages without counting as lost).
    async fn shard_stage_update(&self, _ctx: Context, event: ShardStageUpdateEvent) {
        let Some(adapter) = self.adapter() else { return };
        match event.new {
            Connection::Connected => adapter.service.health().connected(GATEWAY, true, Duration::MAX),
            Connection::Disconnected => adapter.service.health().connected(GATEWAY, false, Duration::MAX),
            _ => {}
        }
    }

    async fn interaction_create(&self, _ctx: Context, interaction: Interaction) {
        let Some(adapter) = self.adapter() else { return };
        let responder = Responder::Gateway {
            id: interaction.id(),
            token: interaction.token().to_owned(),
        };
        // Each interaction on its own task: a slow one must not delay the next one's deadline.
        tokio::spawn(adapter.clone().process(interaction, responder));
    }
}

pub(crate) async fn run(
    config: DiscordConfig,
    service: Arc<Service>,
    http: Http,
    router: &Router,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), String> {
    let slot = Arc::new(OnceLock::new());
    let config_shards = config.shards;
    // Interactions need no intent at all, privileged or not.
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::empty())
        .event_handler(Handler {
            adapter: slot.clone(),
        })
        .await
        .map_err(|err| format!("the Discord client could not start: {err}"))?;
    let _ = slot.set(Arc::new(Adapter::new(
        client.http.clone(),
        service.clone(),
        config,
    )));
    // Notifications share the client's HTTP handle (and, in production, its ratelimiter).
    let notifier = DiscordNotifier::new(client.http.clone(), tokio::runtime::Handle::current(), service);
    router.attach(Platform::Discord, Box::new(notifier));
    let shards = client.shard_manager.clone();
    let range = config_shards;
    let started = async {
        match range {
            // serenity's range end is inclusive (its `start_shard_range(4..7, 10)` runs 4 to 7).
            Some(range) => {
                tracing::info!(
                    first = range.first,
                    last = range.last,
                    total = range.total,
                    "running gateway shards"
                );
                client
                    .start_shard_range(range.first..range.last, range.total)
                    .await
            }
            None => client.start().await,
        }
    };
    let result = tokio::select! {
        result = started => result.map_err(|err| format!("the Discord gateway connection ended: {err}")),
        () = shutdown => {
            tracing::info!("stopping on a signal");
            shards.shutdown_all().await;
            Ok(())
        }
    };
    result
}
