//! The application's shared state and its primitives: the store, the clock and the seeds, the
//! reads every feature makes (players, matches, classes, preferences) and the one way a change
//! reaches the store (`commit_txn`, and a unit of work of several commits as one). The checked
//! commit of a match, with the policies applied inside it, is `commit.rs`. The seams through
//! which the match commands reach the features above them without naming them (teaching and
//! classroom mode) are plugged in here when the application is made.

use std::sync::Arc;

use lalao_core::{AnyGame, Side};
use lalao_renderer::Locale;

use crate::clock::{Clock, SystemClock};
use crate::command::{ChannelChange, ClassCommand, Command};
use crate::ids::{ChannelId, MatchId, UserId};
use crate::kernel::changes;
use crate::kernel::context::{Context, Defaults, Fail, OsSeeds, Prefs, SeedSource};
use crate::kernel::health::{Health, Readiness};
use crate::kernel::metrics::Metrics;
use crate::kernel::presence::OpenScreens;
use crate::kernel::reply::{LiveReview, Message, Reply};
use crate::kernel::scheduling;
use crate::kernel::thinking::Thinking;
use crate::record::{
    self, ChannelRecord, ClassRecord, Ending, MatchRecord, PlayerRecord, Stage, RECORD_VERSION,
};
use crate::store::measured::Measured;
use crate::store::{keys, Committed, Store, StoreError, Txn, UnitOfWork};

/// Teaching (`crate::teach`): the activities a learner plays, hints and reviews, which sit above
/// the match commands. Plugged into the [`App`] when the application is made, so the match
/// commands and the settings reach it without naming it: a move in an activity is handed to it
/// to judge, and it tells what it keeps of a player or a channel.
pub(crate) trait Teaching: Send + Sync {
    /// A teaching command.
    fn command(&self, app: &App, ctx: &Context, prefs: Prefs, command: Command) -> Result<Reply, Fail>;

    /// A legal move (`canonical`, with the `events` it makes; for an activity answered with a
    /// side, the side chosen and no events) in the activity `old`, judged by it.
    fn judge(
        &self,
        app: &App,
        ctx: &Context,
        prefs: Prefs,
        old: (&MatchRecord, &[u8]),
        canonical: &str,
        events: Vec<lalao_core::Event>,
    ) -> Result<Reply, Fail>;

    /// What a live page shows of the match's review, if it was reviewed.
    fn live_review(
        &self,
        app: &App,
        locale: Locale,
        record: &MatchRecord,
    ) -> Result<Option<LiveReview>, Fail>;

    /// How the finished activity `record` ended, in a sentence.
    fn ending(&self, locale: Locale, record: &MatchRecord) -> String;

    /// The lines a player's profile shows of what they learned (`player`, if they have a record).
    fn profile_lines(&self, locale: Locale, player: Option<&PlayerRecord>) -> Vec<String>;

    /// Applies teaching's part of a `channel …` change to the channel's `settings`, in `txn`.
    fn change_channel(
        &self,
        app: &App,
        channel: &ChannelId,
        change: &ChannelChange,
        settings: &mut ChannelRecord,
        txn: &mut Txn,
    );

    /// Teaching's lines of a channel's settings, as `channel` shows them.
    fn channel_lines(&self, locale: Locale, settings: &ChannelRecord) -> Vec<String>;
}

/// Classroom mode (`crate::class`), which sits above the match commands: its commands, and what
/// a change of a class's match brings about in its class. It is plugged into the [`App`] when
/// the application is made, so the match commands reach it without naming it.
pub(crate) trait Classroom: Send + Sync {
    /// A `class …` command.
    fn command(&self, app: &App, ctx: &Context, prefs: Prefs, command: ClassCommand) -> Result<Reply, Fail>;

    /// Commits a change of a class's match (`old` → `new`, made by `command`; `tapped`: a move
    /// tapped on the class screen) in one commit with what it completes in the class's
    /// tournament. Answers the match as stored and the tournament's news.
    fn commit_change(
        &self,
        app: &App,
        ctx: &Context,
        prefs: Prefs,
        change: ((&MatchRecord, &[u8]), &MatchRecord),
        command: &'static str,
        tapped: bool,
    ) -> Result<(MatchRecord, Vec<Message>), Fail>;

    /// What the class sees after one of its matches changed: the sowing replay of a move, the
    /// tournament's news (`announced`) and the refreshed dashboard.
    #[allow(clippy::too_many_arguments)]
    fn followup(
        &self,
        app: &App,
        ctx: &Context,
        prefs: Prefs,
        record: &MatchRecord,
        moved: bool,
        announced: Vec<Message>,
        reply: &mut Reply,
    );
}

/// Boards the class pages keep drawn: every board of a few classes' pages at once (a class of
/// 40 shows each pupil's board, their next, and the class's own), each a few tens of KB.
const BOARD_SVGS_KEPT: usize = 256;

pub(crate) struct App {
    store: Arc<dyn Store>,
    defaults: Defaults,
    clock: Arc<dyn Clock>,
    seeds: Arc<dyn SeedSource>,
    hooks: scheduling::Hooks,
    thinking: Thinking,
    /// The bot's own accounts (set by adapters once logged in): mentioning one challenges the
    /// computer.
    self_users: Arc<std::sync::RwLock<Vec<UserId>>>,
    /// This process among those sharing the store: the owner of its outbox leases.
    instance: Arc<str>,
    /// Where the web server's pages are reached (`LALAO_WEB_URL`), when it runs: `board`
    /// then gives the match's live page.
    live_base: Option<String>,
    /// Who hears of each commit's changes (the web pages).
    changes: changes::Changes,
    /// Classroom mode, plugged in by whoever makes the application.
    classroom: &'static dyn Classroom,
    /// Teaching, plugged in likewise.
    teaching: &'static dyn Teaching,
    /// Whether the process's parts run (`/readyz`).
    health: Arc<Health>,
    /// What an operator measures (`/metrics`).
    metrics: Arc<Metrics>,
    /// Held by a request that reads the whole store (`my data`): one at a time.
    whole_store_scans: Arc<std::sync::Mutex<()>>,
    /// Boards drawn for the class pages: a page redrawn after a tap draws again only the
    /// boards that changed.
    board_svgs: Arc<lalao_renderer::BoardSvgCache>,
    /// Which class screens are open, as the web server serving them tells.
    open_screens: OpenScreens,
}

impl App {
    pub fn new(
        store: Arc<dyn Store>,
        defaults: Defaults,
        classroom: &'static dyn Classroom,
        teaching: &'static dyn Teaching,
    ) -> App {
        let metrics = Arc::new(Metrics::default());
        App {
            instance: format!("{:016x}", OsSeeds.seed()).into(),
            store: Arc::new(Measured::new(store, metrics.store.clone())),
            defaults,
            clock: Arc::new(SystemClock),
            seeds: Arc::new(OsSeeds),
            hooks: scheduling::Hooks::default(),
            thinking: Thinking::default(),
            self_users: Arc::default(),
            live_base: None,
            changes: changes::Changes::default(),
            classroom,
            teaching,
            health: Arc::default(),
            metrics,
            whole_store_scans: Arc::default(),
            board_svgs: Arc::new(lalao_renderer::BoardSvgCache::new(BOARD_SVGS_KEPT)),
            open_screens: OpenScreens::default(),
        }
    }

    /// Which class screens are open now (`presence.rs`).
    pub(crate) fn open_screens(&self) -> &OpenScreens {
        &self.open_screens
    }

    /// The class pages' drawn boards.
    pub(crate) fn board_svgs(&self) -> &lalao_renderer::BoardSvgCache {
        &self.board_svgs
    }

    /// The turn of a request that reads the whole store, or `None` while another has it.
    pub(crate) fn whole_store_scan(&self) -> Option<std::sync::MutexGuard<'_, ()>> {
        self.whole_store_scans.try_lock().ok()
    }

    /// Whether the process's parts run: each loop and connection says so here.
    pub fn health(&self) -> &Arc<Health> {
        &self.health
    }

    /// What an operator measures of this service.
    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.metrics
    }

    /// Whether this process is ready to serve: its store answers within `bound`, and every
    /// part that said it runs still does.
    pub fn readiness(&self, bound: std::time::Duration) -> Readiness {
        self.health.readiness(&self.store, bound)
    }

    /// Every measure in the Prometheus text format, the backlogs counted first
    /// ([`Metrics::scrape`]).
    pub fn metrics_text(&self) -> String {
        self.metrics.scrape(self.store.as_ref(), self.clock.now())
    }

    /// The web server's address as readers reach it (`https://lalao.example.org`): `board`
    /// answers then give each match's live page.
    pub fn with_live_pages(mut self, base: &str) -> App {
        self.live_base = Some(base.trim_end_matches('/').to_owned());
        self
    }

    /// Who hears of each commit's changes: the web pages subscribe instead of reading again
    /// and again.
    pub fn changes(&self) -> &changes::Changes {
        &self.changes
    }

    /// The web server's address as readers reach it, if it runs.
    pub fn web_base(&self) -> Option<&str> {
        self.live_base.as_deref()
    }

    /// This process's instance id (random at start).
    pub(crate) fn instance(&self) -> &str {
        &self.instance
    }

    /// Expiry, first-move window and vacation limits (docs/time-controls.md).
    pub fn with_policy(mut self, policy: scheduling::Policy) -> App {
        self.hooks.policy = policy;
        self
    }

    /// Makes the scheduler loop panic at its first `count` starts (fault injection for tests
    /// and drills: `LALAO_FAULT_SCHEDULER_PANICS`).
    pub fn with_injected_scheduler_panics(self, count: u32) -> App {
        self.hooks
            .injected_panics
            .store(count, std::sync::atomic::Ordering::SeqCst);
        self
    }

    /// The computer's searches in progress.
    pub(crate) fn thinking(&self) -> &Thinking {
        &self.thinking
    }

    pub(crate) fn hooks(&self) -> &scheduling::Hooks {
        &self.hooks
    }

    pub(crate) fn defaults(&self) -> Defaults {
        self.defaults
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> App {
        self.clock = clock;
        self
    }

    pub fn with_seeds(mut self, seeds: Arc<dyn SeedSource>) -> App {
        self.seeds = seeds;
        self
    }

    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The store, to read: features change it only through the kernel's commits.
    pub(crate) fn reads(&self) -> crate::kernel::reads::Reads<'_> {
        crate::kernel::reads::Reads(self.store.as_ref())
    }

    /// Returns once every commit made so far is durable: what a feature waits for before it
    /// acknowledges what it committed.
    pub(crate) fn sync(&self) -> Result<(), StoreError> {
        self.store.sync()
    }

    /// Backups of this service's store, taken at one instant (for `lalao backup`).
    pub fn backups(&self) -> crate::store::backup::Backups {
        crate::store::backup::Backups(self.store.clone())
    }

    /// Writes the schema record on a fresh store and refuses a store written by a newer build.
    pub fn open(&self) -> Result<(), String> {
        match self.store.get(keys::SCHEMA).map_err(|err| err.to_string())? {
            Some(bytes) => {
                let schema: record::SchemaRecord =
                    record::decode(&bytes, "the schema record").map_err(|err| err.to_string())?;
                if schema.schema > record::SCHEMA_VERSION {
                    return Err(format!(
                        "the data directory uses store schema {}, newer than this build ({}): upgrade lalao",
                        schema.schema,
                        record::SCHEMA_VERSION
                    ));
                }
                Ok(())
            }
            None => {
                let mut txn = Txn::default();
                let schema = record::SchemaRecord {
                    v: RECORD_VERSION,
                    schema: record::SCHEMA_VERSION,
                };
                txn.check(keys::SCHEMA.to_vec(), None)
                    .put(keys::SCHEMA.to_vec(), record::encode(&schema));
                self.commit_txn(&txn).map_err(|err| err.to_string())?;
                self.store.sync().map_err(|err| err.to_string())
            }
        }
    }

    pub(crate) fn now(&self) -> u64 {
        self.clock.now()
    }
}

impl App {
    pub(crate) fn classroom(&self) -> &'static dyn Classroom {
        self.classroom
    }

    pub(crate) fn teaching(&self) -> &'static dyn Teaching {
        self.teaching
    }

    pub(crate) fn seed(&self) -> u64 {
        self.seeds.seed()
    }

    pub(crate) fn player(&self, user: &UserId) -> Result<Option<(PlayerRecord, Vec<u8>)>, Fail> {
        match self.store.get(&keys::player_key(user))? {
            None => Ok(None),
            Some(bytes) => Ok(Some((record::decode(&bytes, "a player record")?, bytes))),
        }
    }

    /// The user's record and its stored bytes (for the commit's check), or a fresh record and
    /// `None` for a user never stored.
    pub(crate) fn player_or_new(&self, user: &UserId) -> Result<(PlayerRecord, Option<Vec<u8>>), Fail> {
        Ok(match self.player(user)? {
            Some((player, bytes)) => (player, Some(bytes)),
            None => (
                PlayerRecord {
                    v: RECORD_VERSION,
                    ..PlayerRecord::default()
                },
                None,
            ),
        })
    }

    /// The caller's language and board style: their settings, else the platform's hint, else
    /// the configured default. A corrupt player record falls back to the defaults (and is
    /// reported by `lalao check`), so the user still gets an answer.
    pub(crate) fn prefs(&self, ctx: &Context) -> Prefs {
        if let Some(class) = self.class_prefs(ctx) {
            return class;
        }
        let player = self.player(&ctx.user).ok().flatten().map(|(player, _)| player);
        let locale = player
            .as_ref()
            .and_then(|player| player.locale)
            .or(ctx.locale)
            .or(player.as_ref().and_then(|player| player.client_locale))
            .unwrap_or(self.defaults.locale);
        let style = player
            .as_ref()
            .and_then(|player| player.style)
            .unwrap_or(self.defaults.style);
        let pictures = player.as_ref().and_then(|player| player.pictures);
        let look = crate::command::Look::chosen(style, pictures, ctx.platform.shows_pictures());
        Prefs {
            locale,
            style,
            picture: look.picture,
        }
    }

    pub(crate) fn class_of(
        &self,
        channel: &crate::ids::ChannelId,
    ) -> Result<Option<(ClassRecord, Vec<u8>)>, Fail> {
        match self.store().get(&keys::class_key(channel))? {
            None => Ok(None),
            Some(bytes) => Ok(Some((record::decode(&bytes, "a class record")?, bytes))),
        }
    }

    /// The class's language and style rule its channel: the classroom screen is shared, so it
    /// should not switch language with whoever typed last.
    pub(crate) fn class_prefs(&self, ctx: &Context) -> Option<Prefs> {
        let (class, _) = self.class_of(&ctx.channel).ok().flatten()?;
        Some(self.prefs_of_class(ctx, &class))
    }

    /// A class's language and style, for everyone in its channel; its boards go with their
    /// picture where pictures show (a projector, a tablet), unless it chose the screen reader.
    pub(crate) fn prefs_of_class(&self, ctx: &Context, class: &ClassRecord) -> Prefs {
        Prefs {
            locale: class.locale,
            style: class.style,
            picture: class.style != lalao_renderer::Style::Reader && ctx.platform.shows_pictures(),
        }
    }

    /// `old` after `canonical` was played, `game` being the position it reached: pending offers
    /// lapse, and a game the rules ended finishes the match.
    pub(crate) fn after_move(
        &self,
        old: &MatchRecord,
        canonical: &str,
        game: &AnyGame,
        events: Vec<lalao_core::Event>,
    ) -> MatchRecord {
        let mut new = old.clone();
        new.moves.push(canonical.to_owned());
        new.state = game.save();
        new.last_events = events;
        new.draw_offer = None;
        new.undo_request = None;
        new.version += 1;
        new.updated_at = self.now();
        if let Some(outcome) = game.outcome() {
            new.stage = Stage::Finished {
                ending: Ending::Game { outcome },
            };
        }
        new
    }

    /// The language replies to this user are written in.
    pub fn locale_for(&self, ctx: &Context) -> Locale {
        self.prefs(ctx).locale
    }

    /// Tells the service one of the bot's own accounts (the Discord application's user, the
    /// Matrix user it logged in as), so that `play katro @lalao` means the computer.
    pub fn add_self_user(&self, user: UserId) {
        let mut users = self
            .self_users
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !users.contains(&user) {
            users.push(user);
        }
    }

    pub(crate) fn is_self_user(&self, user: &UserId) -> bool {
        self.self_users
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .contains(user)
    }

    /// A user's name for boards and messages.
    pub fn name_of(&self, user: &UserId) -> String {
        if crate::ids::is_computer(user) {
            return "lalao".to_owned();
        }
        if crate::ids::is_voters(user) {
            return crate::i18n::t(self.defaults().locale, "voters-name", &[]);
        }
        if crate::ids::is_former(user) {
            return crate::i18n::t(self.defaults().locale, "former-player", &[]);
        }
        // Cleaned again on the way out: names stored by older builds were kept as given.
        let name = self
            .player(user)
            .ok()
            .flatten()
            .and_then(|(player, _)| player.display_name)
            .and_then(|name| crate::shown::clean_name(&name))
            .unwrap_or_else(|| user.local().to_owned());
        crate::shown::on(user.platform(), &name)
    }

    /// Loads a match with its stored bytes (the compare-and-swap witness).
    pub(crate) fn load(&self, id: MatchId) -> Result<Option<(MatchRecord, Vec<u8>)>, Fail> {
        match self.store.get(&keys::match_key(id))? {
            None => Ok(None),
            Some(bytes) => {
                let record: MatchRecord = record::decode(&bytes, "a match record")?;
                Ok(Some((record, bytes)))
            }
        }
    }

    /// The active matches indexed under `prefix` (a channel's or a user's).
    pub(crate) fn active_under(&self, prefix: &[u8]) -> Result<Vec<(MatchRecord, Vec<u8>)>, Fail> {
        let mut found = Vec::new();
        for entry in self.store.iter_prefix(prefix) {
            let (key, _) = entry?;
            let Some(id) = keys::match_id_of_index(&key) else {
                continue;
            };
            match self.load(id) {
                Ok(Some((record, bytes))) if record.stage.is_active() => found.push((record, bytes)),
                Ok(_) => {}
                // One unreadable match must not take its channel (or its players) down with it:
                // it is skipped here and reported by `lalao check`.
                Err(Fail::Record(err)) => {
                    tracing::error!(match_id = id.0, error = %err, "an unreadable match is skipped");
                }
                Err(other) => return Err(other),
            }
        }
        Ok(found)
    }

    /// Commits `txn` and, once it is applied, wakes the scheduler for every timer and outbox
    /// entry it adds.
    /// Waking it earlier would let it look before the commit is visible, find nothing due and
    /// sleep past the new timer. Every service commit goes through here.
    pub(crate) fn commit_txn(&self, txn: &Txn) -> Result<Committed, StoreError> {
        let committed = self.store.commit(txn)?;
        if committed == Committed::Applied {
            self.changes.publish(txn);
            for write in txn.writes.iter().filter(|write| write.value.is_some()) {
                // A notification put in the outbox directly (not by a firing timer) is due now.
                if let Some(due) = keys::timer_due(&write.key).or_else(|| keys::outbox_due(&write.key)) {
                    self.hooks.wake.note(due);
                }
            }
        }
        Ok(committed)
    }

    /// This service on `store`: the same clock, seeds, limits and identity. Its wake is its own:
    /// the timers a unit of work writes are noted when the unit commits.
    fn on_store(&self, store: Arc<dyn Store>) -> App {
        App {
            store,
            defaults: self.defaults,
            clock: self.clock.clone(),
            seeds: self.seeds.clone(),
            hooks: scheduling::Hooks {
                wake: Arc::default(),
                ..self.hooks.clone()
            },
            thinking: self.thinking.clone(),
            self_users: self.self_users.clone(),
            instance: self.instance.clone(),
            live_base: self.live_base.clone(),
            // The unit's commits are told once, as the one commit they become.
            changes: changes::Changes::default(),
            classroom: self.classroom,
            teaching: self.teaching,
            health: self.health.clone(),
            metrics: self.metrics.clone(),
            whole_store_scans: self.whole_store_scans.clone(),
            board_svgs: self.board_svgs.clone(),
            open_screens: self.open_screens.clone(),
        }
    }

    /// Runs `steps` on a unit of work ([`crate::store::UnitOfWork`]): every commit they make
    /// lands in one commit of the store, made durable, or none does. Answers what the steps
    /// answered and how that one commit went.
    pub(crate) fn in_one_commit<T>(
        &self,
        steps: impl FnOnce(&App) -> Result<T, Fail>,
    ) -> Result<(T, Committed), Fail> {
        let unit = Arc::new(UnitOfWork::new(self.store.clone()));
        let answer = steps(&self.on_store(unit.clone()))?;
        let txn = unit.take_txn();
        if txn.writes.is_empty() {
            return Ok((answer, Committed::Applied));
        }
        let committed = self.commit_txn(&txn)?;
        if committed == Committed::Applied {
            self.store.sync()?;
        }
        Ok((answer, committed))
    }

    /// The side a user's board is drawn from: their own side in a two-player match.
    pub(crate) fn viewer_side(record: &MatchRecord, user: &UserId) -> Option<Side> {
        if record.practice {
            return None;
        }
        record.sides_of(user).first().copied()
    }
}
