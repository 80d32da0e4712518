//! The match service: every adapter hands it a [`Context`] and a [`Command`] and sends back the
//! [`Reply`]. Each state change is load → validate through the core → one atomic commit
//! (compare-and-swap on the whole match record, plus the inbound event id) → durable sync →
//! reply. Two changes racing on one match never both apply: the loser is told the board changed
//! and shown it.

/// Declares a family of the application's functions: a type over the shared [`App`] whose
/// methods are the family's, reaching the store, the clock and the primitive reads and commits
/// through `Deref`. Each family's methods live in its own module; other families call them as
/// `Family(app).method(…)`, so who owns what stays visible.
macro_rules! family {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name<'a>(pub(crate) &'a $crate::service::App);

        impl std::ops::Deref for $name<'_> {
            type Target = $crate::service::App;

            fn deref(&self) -> &$crate::service::App {
                self.0
            }
        }
    };
}
pub(crate) use family;

pub(crate) mod board_reply;
pub(crate) mod challenge;
pub mod changes;
pub(crate) mod class_seats;
pub mod computer;
mod dispatch;
pub(crate) mod events;
pub(crate) mod help;
pub(crate) mod invariants;
pub(crate) mod leaderboard;
pub(crate) mod live;
pub(crate) mod lookups;
pub(crate) mod moves;
pub(crate) mod new_matches;
pub(crate) mod on_behalf;
pub(crate) mod posts;
pub(crate) mod preferences;
pub(crate) mod queries;
pub(crate) mod rating;
pub(crate) mod read_commands;
pub(crate) mod reply;
pub(crate) mod rite_steps;
pub mod scheduling;
pub(crate) mod timed;
pub(crate) mod upkeep;
pub(crate) mod wording;

pub use live::LiveReview;
pub use live::{is_public_id, LiveView, PageRead, Unreachable};
pub use reply::{
    Action, AnimationOrder, Audience, Kind, LiveLink, MatchRef, Message, Offer, Outcome, PictureOrder, Reply,
};
pub(crate) use timed::duration_text;
pub use upkeep::StoreCheck;

use crate::service::events::Events;
use crate::service::live::LivePages;
use crate::service::preferences::Preferences;
use crate::service::rating::Ratings;
use crate::service::timed::channel::ChannelSettings;
use crate::service::timed::match_clock::MatchClocks;
use std::sync::Arc;

use lalao_core::{AnyGame, Side};
use lalao_renderer::{Locale, Style};
use tracing::field::Empty;

pub use crate::clock::{Clock, SystemClock};
use crate::command::{ClassCommand, Command};
use crate::ids::{ChannelId, EventId, MatchId, Platform, UserId};
use crate::record::{
    self, ClassRecord, Ending, MatchRecord, PlayerRecord, RecordError, Stage, RECORD_VERSION,
};
use crate::store::{keys, Committed, Store, StoreError, Txn, UnitOfWork};

/// Source of random seeds for random starts; a trait so tests can fix it.
pub trait SeedSource: Send + Sync + 'static {
    fn seed(&self) -> u64;
}

pub struct OsSeeds;

impl SeedSource for OsSeeds {
    fn seed(&self) -> u64 {
        use rand::{Rng, SeedableRng};
        // Below 2^53 so the seed survives any JSON reader (exports are read by other tools).
        rand::rngs::SmallRng::from_entropy().gen_range(0..(1u64 << 53))
    }
}

pub struct FixedSeeds(pub u64);

impl SeedSource for FixedSeeds {
    fn seed(&self) -> u64 {
        self.0
    }
}

/// How many times a command runs again after a change that left its match's board as it was.
const AGAIN: usize = 3;

/// Defaults for users who have not chosen.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    pub locale: Locale,
    pub style: Style,
}

/// Who sent a command, from where.
#[derive(Clone, Debug)]
pub struct Context {
    pub platform: Platform,
    pub user: UserId,
    /// The name the platform shows for the user; remembered for boards.
    pub display_name: Option<String>,
    pub channel: ChannelId,
    /// The platform's id of the inbound event, for at-most-once processing.
    pub event: Option<EventId>,
    /// A channel moderator (may cancel any match of the channel).
    pub moderator: bool,
    /// The language the platform reports for the user (Discord's `locale`), if any.
    pub locale: Option<Locale>,
    /// The command arrived privately (a direct message, an ephemeral interaction, hidden
    /// console input): only then may the rite's secret coins be picked.
    pub private: bool,
    /// The community the channel belongs to where the platform groups channels (a Discord
    /// server: `discord:guild:<id>`): the scope of its leaderboards. `None`: the channel is its
    /// own community (a Matrix room, a direct message, the console).
    pub community: Option<String>,
}

impl Context {
    /// The same caller for a step of a command that commits before the commit completing it
    /// (putting a lesson away before starting the next): an inbound event is recorded once,
    /// by the commit that completes its command, however many commits that command makes.
    /// Should the process stop between the two, the redelivered event finds nothing to put
    /// away and completes the command.
    pub(crate) fn earlier_step(&self) -> Context {
        Context {
            event: None,
            ..self.clone()
        }
    }

    /// A console user in the console's one channel.
    pub fn console(user: &str) -> Context {
        Context {
            platform: Platform::Console,
            user: UserId::new(Platform::Console, user),
            display_name: Some(user.to_owned()),
            channel: ChannelId::new(Platform::Console, "local"),
            event: None,
            moderator: true,
            locale: None,
            private: false,
            community: None,
        }
    }
}

/// Why a command did not go through.
pub(crate) enum Fail {
    /// A refusal explained to the user: message id, arguments, and maybe the board to show.
    User {
        key: &'static str,
        args: Vec<(&'static str, String)>,
        board: Option<Box<MatchRecord>>,
    },
    /// A refusal whose text is already composed (a refused move with the legal moves).
    Said {
        key: &'static str,
        text: String,
    },
    /// The event was applied before.
    Duplicate,
    /// The match changed under the command, but not its board (a message id or a clock was
    /// recorded): the command is run again on the record as it is now.
    Again,
    Store(StoreError),
    Record(RecordError),
}

impl Fail {
    pub(crate) fn user(key: &'static str, args: Vec<(&'static str, String)>) -> Fail {
        Fail::User {
            key,
            args,
            board: None,
        }
    }
}

impl From<StoreError> for Fail {
    fn from(err: StoreError) -> Fail {
        Fail::Store(err)
    }
}

impl From<RecordError> for Fail {
    fn from(err: RecordError) -> Fail {
        Fail::Record(err)
    }
}

/// The caller's preferences, resolved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prefs {
    pub locale: Locale,
    pub style: Style,
    /// Boards go with their picture: the platform shows pictures and the reader did
    /// not turn them off (the channel's own choice is read when a board is shown).
    pub picture: bool,
}

/// Teaching (`crate::teach`): lessons, puzzles, hints and reviews, which sit above the match
/// commands. Plugged into the [`App`] when the application is made, so the match commands
/// reach it without naming it: a move in a lesson or a puzzle is handed to it to judge.
pub(crate) trait Teaching: Send + Sync {
    /// `learn`, `puzzle`, `hint` or `review`.
    fn command(&self, app: &App, ctx: &Context, prefs: Prefs, command: Command) -> Result<Reply, Fail>;

    /// A legal move (`canonical`, with the `events` it makes; for a Mangala puzzle, the side
    /// chosen and no events) in the lesson or the puzzle `old`, judged by it.
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

    /// Adds to `txn` the stars a pupil earned in a lesson on their class seat (`record`, a
    /// class lesson): kept with the class, best result first.
    fn keep_stars(
        &self,
        app: &App,
        record: &MatchRecord,
        lesson: &str,
        stars: u8,
        txn: &mut Txn,
    ) -> Result<(), Fail>;

    /// Adds to `txn` a pupil's try at a puzzle on their class seat (`record`, a class puzzle):
    /// `update` brings their puzzle stats of the game up to date, and a homework's result
    /// (`tried`: the puzzle's id, solved or not) is kept with the class. Answers the stats
    /// after, or `None` when the seat's pupil is gone.
    fn keep_puzzle(
        &self,
        app: &App,
        record: &MatchRecord,
        tried: (&str, bool),
        update: &mut dyn FnMut(&mut crate::record::PuzzleStats),
        txn: &mut Txn,
    ) -> Result<Option<crate::record::PuzzleStats>, Fail>;

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

pub(crate) struct App {
    store: Arc<dyn Store>,
    defaults: Defaults,
    clock: Arc<dyn Clock>,
    seeds: Arc<dyn SeedSource>,
    hooks: scheduling::Hooks,
    thinking: computer::Thinking,
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
}

impl App {
    pub fn new(
        store: Arc<dyn Store>,
        defaults: Defaults,
        classroom: &'static dyn Classroom,
        teaching: &'static dyn Teaching,
    ) -> App {
        App {
            instance: format!("{:016x}", OsSeeds.seed()).into(),
            store,
            defaults,
            clock: Arc::new(SystemClock),
            seeds: Arc::new(OsSeeds),
            hooks: scheduling::Hooks::default(),
            thinking: computer::Thinking::default(),
            self_users: Arc::default(),
            live_base: None,
            changes: changes::Changes::default(),
            classroom,
            teaching,
        }
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

    /// The address of match `id`'s live page, if the web server runs (its public id is made
    /// the first time).
    pub fn live_url(&self, id: MatchId) -> Option<String> {
        let base = self.live_base.as_ref()?;
        match LivePages(self).public_id(id) {
            Ok(public) => public.map(|public| format!("{base}/m/{public}")),
            Err(err) => {
                tracing::warn!(%err, match_id = id.0, "the match's public id could not be made");
                None
            }
        }
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

    /// Parses a text line (see [`crate::command::parse`]) and handles it. `None`: the line was
    /// not addressed to the bot.
    pub fn handle_text(&self, ctx: &Context, line: &str, prefix_required: bool) -> Option<Reply> {
        match crate::command::parse(line, prefix_required) {
            Ok(None) => None,
            Ok(Some(command)) => Some(self.handle(ctx, command)),
            Err(error) => {
                let prefs = self.prefs(ctx);
                Some(for_reader(ctx, wording::parse_error(ctx, prefs, &error)))
            }
        }
    }

    /// Handles one command. Never panics on user input; storage failures become a polite
    /// "try again" and an error log.
    pub fn handle(&self, ctx: &Context, command: Command) -> Reply {
        for_reader(ctx, self.handle_command(ctx, command))
    }

    fn handle_command(&self, ctx: &Context, command: Command) -> Reply {
        let span = tracing::info_span!(
            "command",
            platform = ctx.platform.id(),
            command = command.name(),
            user = %ctx.user,
            channel = %ctx.channel,
            match_id = Empty,
        );
        let _entered = span.enter();
        if let Some(id) = command.match_id() {
            span.record("match_id", id.0);
        }
        if let Err(err) = Preferences(self).remember_caller(ctx) {
            tracing::warn!(error = %err, "could not remember the caller's name and language");
        }
        let prefs = self.prefs(ctx);
        let shows_only = command.shows_only();
        let mut result = dispatch::dispatch(self, ctx, prefs, command.clone());
        for _ in 0..AGAIN {
            if !matches!(result, Err(Fail::Again)) {
                break;
            }
            result = dispatch::dispatch(self, ctx, prefs, command.clone());
        }
        match result {
            Ok(mut reply) => {
                reply.outcome = if shows_only {
                    Outcome::Shown
                } else {
                    Outcome::Applied
                };
                reply
            }
            Err(Fail::Duplicate) => {
                tracing::info!("event already applied; answered with where its match stands");
                let messages = Events(self).replay(ctx, prefs).unwrap_or_else(|_| {
                    tracing::warn!("the answer to an event applied before could not be composed");
                    Vec::new()
                });
                Reply {
                    outcome: Outcome::Duplicate,
                    messages,
                }
            }
            Err(Fail::User { key, mut args, board }) => {
                tracing::debug!(refusal = key);
                if key == "which-match" {
                    args.push(("command", wording::typed_again(prefs.locale, &command)));
                }
                wording::refusal(self, ctx, prefs, key, &args, board.as_deref())
            }
            Err(Fail::Again) => wording::refusal(self, ctx, prefs, "try-again", &[], None),
            Err(Fail::Said { key, text }) => {
                tracing::debug!(refusal = key);
                wording::refused(ctx, key, text)
            }
            Err(Fail::Store(err)) => {
                tracing::error!(error = %err, "storage failed");
                wording::internal(ctx, prefs)
            }
            Err(Fail::Record(err)) => {
                tracing::error!(error = %err, "a stored record is unusable");
                wording::internal(ctx, prefs)
            }
        }
    }

    pub(crate) fn now(&self) -> u64 {
        self.clock.now()
    }
}

/// A reply with every command it tells the reader to type written in the form that works where
/// they read it (`grammar::instructions`).
fn for_reader(ctx: &Context, mut reply: Reply) -> Reply {
    let surface = crate::command::grammar::Surface::of(ctx.platform);
    for message in &mut reply.messages {
        message.text = crate::command::grammar::instructions::for_surface(&message.text, surface);
    }
    reply
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

    /// Whether a board shown to `audience` may go with its picture: not in a channel that
    /// turned them off (an unreadable channel record is left to `lalao check` and turns nothing
    /// off). Read only for a board whose reader wants a picture, not for every command.
    pub(crate) fn pictures_allowed(&self, audience: &Audience) -> bool {
        match audience {
            Audience::Channel(channel) => ChannelSettings(self)
                .channel_settings(channel)
                .map_or(true, |(settings, _)| settings.pictures != Some(false)),
            Audience::Private(_) => true,
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

    /// A user's name for boards and messages.
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

    pub fn name_of(&self, user: &UserId) -> String {
        if computer::is_computer(user) {
            return "lalao".to_owned();
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

    /// What to answer when a commit about match `id` (changed from `old`) met `conflict`, a
    /// key someone else changed first; nothing was written.
    pub(crate) fn refusal_of_conflict(
        &self,
        ctx: &Context,
        old: Option<(&MatchRecord, &[u8])>,
        id: MatchId,
        conflict: &[u8],
    ) -> Fail {
        if ctx
            .event
            .as_ref()
            .is_some_and(|event| keys::event_key(event) == conflict)
        {
            return Fail::Duplicate;
        }
        if conflict == keys::match_key(id) {
            let current = match self.load(id) {
                Ok(found) => found.map(|(record, _)| Box::new(record)),
                Err(err) => return err,
            };
            let same_board = |old: &MatchRecord, now: &MatchRecord| {
                MatchRef::of(old).board == MatchRef::of(now).board && old.stage == now.stage
            };
            if let (Some((old, _)), Some(now)) = (old, current.as_deref()) {
                if same_board(old, now) {
                    return Fail::Again;
                }
            }
            // Someone changed the match first: show them the board as it is now.
            return Fail::User {
                key: "board-changed",
                args: Vec::new(),
                board: current,
            };
        }
        // Another record of this commit (the id sequence, a class) changed meanwhile: nothing
        // was written; asking again is safe.
        Fail::Again
    }

    /// Commits a match change: compare-and-swap against `old` (`None`: a new match), index
    /// maintenance, the match's timers, the event record; then waits until it is durable.
    /// Returns the record as stored (with its clock brought up to date).
    pub(crate) fn commit_match(
        &self,
        ctx: &Context,
        old: Option<(&MatchRecord, &[u8])>,
        new: &MatchRecord,
        mut txn: Txn,
        command: &str,
    ) -> Result<MatchRecord, Fail> {
        let new = self.match_txn(old, new.clone(), &mut txn)?;
        Events(self).add_event(ctx, &mut txn, command, Some(new.id));
        if let Committed::Conflict { key } = self.commit_txn(&txn)? {
            return Err(self.refusal_of_conflict(ctx, old, new.id, &key));
        }
        self.store.sync()?;
        // DEBUG: the adapters log each command once at INFO, with its outcome.
        tracing::debug!(match_id = new.id.0, version = new.version, "committed");
        if command != "computer-move" {
            // The computer's search on this match, if any, is about a position that is gone.
            self.thinking.cancel(new.id);
        }
        Ok(new)
    }

    /// Adds a match change to `txn`: the compare-and-swap, the channel and user indexes, and
    /// the scheduler's timers (see [`crate::schedule`]). Returns the record to store.
    pub(crate) fn match_txn(
        &self,
        old: Option<(&MatchRecord, &[u8])>,
        new: MatchRecord,
        txn: &mut Txn,
    ) -> Result<MatchRecord, Fail> {
        let mut new = MatchClocks(self).schedule_match(old.map(|(record, _)| record), new, txn)?;
        let was_finished =
            old.is_some_and(|(record, _)| matches!(record.stage, record::Stage::Finished { .. }));
        // A match revived after an automatic forfeit (`waive`) keeps the rating its forfeit
        // gave: a match is rated once.
        if !was_finished && new.rating_change.is_none() && crate::ratings::is_rated(&new) {
            // Written with the game's end, in the same commit: a rating never misses a game
            // nor counts one twice.
            Ratings(self).rate_match(&mut new, txn)?;
        }
        let key = keys::match_key(new.id);
        txn.check(key.clone(), old.map(|(_, bytes)| bytes.to_vec()));
        txn.put(key, record::encode(&new));
        let was_active: Vec<UserId> = match old {
            Some((record, _)) if record.stage.is_active() => record.participants(),
            _ => Vec::new(),
        };
        let now_active: Vec<UserId> = if new.stage.is_active() {
            new.participants()
        } else {
            Vec::new()
        };
        let channel = keys::channel_key(&new.channel, new.id);
        if was_active.is_empty() && !now_active.is_empty() {
            txn.put(channel.clone(), Vec::new());
        }
        if !was_active.is_empty() && now_active.is_empty() {
            txn.delete(channel);
            if matches!(new.stage, record::Stage::Finished { .. }) {
                txn.put(
                    keys::last_finished_key(&new.channel),
                    new.id.0.to_string().into_bytes(),
                );
            }
        }
        for user in &now_active {
            if !was_active.contains(user) {
                txn.put(keys::active_key(user, new.id), Vec::new());
            }
        }
        for user in &was_active {
            if !now_active.contains(user) {
                txn.delete(keys::active_key(user, new.id));
            }
        }
        Ok(new)
    }

    /// A non-match change (settings) with its event record, made durable.
    pub(crate) fn commit_other(&self, ctx: &Context, mut txn: Txn, command: &str) -> Result<(), Fail> {
        Events(self).add_event(ctx, &mut txn, command, None);
        match self.commit_txn(&txn)? {
            Committed::Applied => {}
            Committed::Conflict { key } => {
                if ctx
                    .event
                    .as_ref()
                    .is_some_and(|event| keys::event_key(event) == key)
                {
                    return Err(Fail::Duplicate);
                }
                return Err(Fail::user("try-again", Vec::new()));
            }
        }
        self.store.sync()?;
        Ok(())
    }

    /// The side a user's board is drawn from: their own side in a two-player match.
    pub(crate) fn viewer_side(record: &MatchRecord, user: &UserId) -> Option<Side> {
        if record.practice {
            return None;
        }
        record.sides_of(user).first().copied()
    }
}

#[cfg(test)]
pub(crate) use test_support::memory_service;

#[cfg(test)]
mod test_support {
    use super::*;

    /// An opened service on an empty memory store, text boards, replies in `locale` (tests).
    pub(crate) fn memory_service(locale: Locale) -> App {
        let service = App::new(
            Arc::new(crate::store::MemoryStore::default()),
            Defaults {
                locale,
                style: Style::Text,
            },
            &crate::class::CLASSROOM,
            &crate::teach::TEACHING,
        );
        service.open().unwrap();
        service
    }
}

#[cfg(test)]
mod rating_tests;
#[cfg(test)]
#[path = "rollback/tests.rs"]
mod rollback_tests;
#[cfg(test)]
pub(crate) mod tests;
