//! [`Service`], the one door of the application: what the adapters, the web pages, the CLI and
//! the scheduler's wiring may ask. Each method hands the question to the family that owns it
//! (`service/`, `class/`, `schedule/`), all of them over one shared [`App`].
//!
//! Every method here may block: it reads or writes the store (a disk sync, a PostgreSQL round
//! trip) or draws a picture. Async code calls it on a blocking thread (`spawn_blocking`), never
//! on a runtime worker.

use crate::class::screen::ClassScreens;
use crate::kernel::channels::ChannelSettings;
use crate::kernel::queries::Queries;
use crate::kernel::MatchRef;
use crate::ops::upkeep::Upkeep;
use crate::pages::live::LivePages;
use crate::pages::live::{LiveView, PageRead};
use crate::play::computer::ComputerTurns;
use crate::play::posts::Posts;
use crate::schedule::fire::Timers;
use crate::schedule::roles::Roles;
use crate::schedule::runner::Outbox;
use crate::social::preferences::Preferences;
use crate::teach::review_jobs::ReviewJobs;
use std::sync::Arc;

use lalao_renderer::{Animation, GameAnimation, Locale};

use crate::class::screen::{ClassPrint, ClassScreen, ScreenAnswer, ScreenPlay};
use crate::clock::Clock;
use crate::command::Command;
use crate::dispatch::handle::Handle;
use crate::ids::{ChannelId, EventId, MatchId, UserId};
use crate::kernel::health::{Health, Readiness};
use crate::kernel::metrics::Metrics;
use crate::kernel::public_ids::PublicIds;
use crate::kernel::{changes, App, Context, Defaults, Offer, Reply, SeedSource};
use crate::record::{BoardMode, MatchRecord, Post};
use crate::schedule::{DeadLetter, Notification, Notifier, Policy, SchedulerThread, Wake};
use crate::store::{backup::Backups, Store, StoreError};

/// The application as one process runs it: one per process, shared (`Arc`) by every adapter,
/// the scheduler and the web pages, so that they share one policy, one wake-up and one stream
/// of changes.
pub struct Service {
    app: Arc<App>,
}

impl Service {
    pub fn new(store: Arc<dyn Store>, defaults: Defaults) -> Service {
        Service {
            app: Arc::new(App::new(
                store,
                defaults,
                &crate::class::classroom::CLASSROOM,
                &crate::teach::seam::TEACHING,
            )),
        }
    }

    /// Set-up before the service is shared: each `with_…` takes the service by value.
    fn configured(self, change: impl FnOnce(App) -> App) -> Service {
        let app = Arc::try_unwrap(self.app)
            .unwrap_or_else(|_| unreachable!("a service is configured before anything shares it"));
        Service {
            app: Arc::new(change(app)),
        }
    }

    /// The web server's address as readers reach it (`https://lalao.example.org`): `board`
    /// answers then give each match's live page.
    pub fn with_live_pages(self, base: &str) -> Service {
        self.configured(|app| app.with_live_pages(base))
    }

    /// Expiry, first-move window and vacation limits (docs/time-controls.md).
    pub fn with_policy(self, policy: Policy) -> Service {
        self.configured(|app| app.with_policy(policy))
    }

    /// Makes the scheduler loop panic at its first `count` starts (fault injection for tests
    /// and drills: `LALAO_FAULT_SCHEDULER_PANICS`).
    pub fn with_injected_scheduler_panics(self, count: u32) -> Service {
        self.configured(|app| app.with_injected_scheduler_panics(count))
    }

    pub fn with_clock(self, clock: Arc<dyn Clock>) -> Service {
        self.configured(|app| app.with_clock(clock))
    }

    pub fn with_seeds(self, seeds: Arc<dyn SeedSource>) -> Service {
        self.configured(|app| app.with_seeds(seeds))
    }

    /// Writes the schema record on a fresh store and refuses a store written by a newer build.
    pub fn open(&self) -> Result<(), String> {
        self.app.open()
    }

    // Commands.

    /// Parses a text line and handles it. `None`: the line was not addressed to the bot.
    pub fn handle_text(&self, ctx: &Context, line: &str, prefix_required: bool) -> Option<Reply> {
        self.app.handle_text(ctx, line, prefix_required)
    }

    /// Handles one command. Never panics on user input; storage failures become a polite
    /// "try again" and an error log.
    pub fn handle(&self, ctx: &Context, command: Command) -> Reply {
        self.app.handle(ctx, command)
    }

    /// Handles a command read from a platform's named arguments (`command::command_of`), or
    /// explains its [`ParseError`](crate::command::ParseError) as `handle_text` explains a
    /// typed line's: one refusal, whichever way the command came.
    pub fn handle_parsed(&self, ctx: &Context, parsed: Result<Command, crate::command::ParseError>) -> Reply {
        crate::dispatch::handle::handle_parsed(&self.app, ctx, parsed)
    }

    /// The language replies to this user are written in.
    pub fn locale_for(&self, ctx: &Context) -> Locale {
        self.app.locale_for(ctx)
    }

    /// A user's name for boards and messages.
    pub fn name_of(&self, user: &UserId) -> String {
        self.app.name_of(user)
    }

    /// Tells the service one of the bot's own accounts (the Discord application's user, the
    /// Matrix user it logged in as), so that `play katro @lalao` means the computer.
    pub fn add_self_user(&self, user: UserId) {
        self.app.add_self_user(user)
    }

    /// Tells the application which class screens are open: the web server serving them.
    pub fn set_presence(&self, presence: Arc<dyn crate::kernel::presence::Presence>) {
        self.app.open_screens().told_by(presence)
    }

    pub fn remember_name(&self, user: &UserId, name: &str) -> Result<(), StoreError> {
        Preferences(&self.app).remember_name(user, name)
    }

    pub fn remember_channel_name(&self, channel: &ChannelId, name: &str) -> Result<(), StoreError> {
        ChannelSettings(&self.app).remember_channel_name(channel, name)
    }

    // What adapters ask about matches and channels.

    pub fn match_record(&self, id: MatchId) -> Option<MatchRecord> {
        Queries(&self.app).match_record(id)
    }

    pub fn offer(&self, id: MatchId) -> Option<Offer> {
        Queries(&self.app).offer(id)
    }

    pub fn announcement(&self, id: MatchId) -> Option<(ChannelId, Post)> {
        Queries(&self.app).announcement(id)
    }

    pub fn event_applied(&self, event: &EventId) -> Result<bool, StoreError> {
        Queries(&self.app).event_applied(event)
    }

    pub fn board_mode(&self, channel: &ChannelId) -> Option<BoardMode> {
        Queries(&self.app).board_mode(channel)
    }

    pub fn threads_on(&self, channel: &ChannelId) -> bool {
        Queries(&self.app).threads_on(channel)
    }

    pub fn is_match_thread(&self, thread: &ChannelId, parent: &ChannelId) -> bool {
        Queries(&self.app).is_match_thread(thread, parent)
    }

    pub fn thread_name(&self, id: MatchId, locale: Locale) -> Option<String> {
        Queries(&self.app).thread_name(id, locale)
    }

    pub fn legal_moves_for(&self, ctx: &Context, explicit: Option<MatchId>) -> Vec<String> {
        Queries(&self.app).legal_moves_for(ctx, explicit)
    }

    /// A channel's vote whose voters are to move: its reference, moves and room language.
    pub fn open_vote(&self, id: MatchId) -> Option<(MatchRef, Vec<String>, Locale)> {
        Queries(&self.app).open_vote(id)
    }

    pub fn note_post(&self, id: MatchId, post: &Post) -> Result<bool, String> {
        Posts(&self.app).note_post(id, post)
    }

    pub fn post_of(&self, id: MatchId) -> Post {
        Posts(&self.app).post_of(id)
    }

    // The web pages.

    /// Who hears of each commit's changes: the web pages subscribe instead of reading again
    /// and again.
    pub fn changes(&self) -> &changes::Changes {
        self.app.changes()
    }

    /// Whether the process's parts run: the scheduler, the deliveries and the adapters'
    /// connections say so here (docs/operations.md).
    pub fn health(&self) -> &Arc<Health> {
        self.app.health()
    }

    /// Whether this process is ready to serve: the store answers within `bound` and every
    /// part that said it runs still does. Blocks up to `bound`.
    pub fn readiness(&self, bound: std::time::Duration) -> Readiness {
        self.app.readiness(bound)
    }

    /// What an operator measures, for the adapters and the web pages to count into.
    pub fn metrics(&self) -> &Arc<Metrics> {
        self.app.metrics()
    }

    /// Every measure in the Prometheus text format (reads the outbox's and the review queue's
    /// sizes first).
    pub fn metrics_text(&self) -> String {
        self.app.metrics_text()
    }

    /// The web server's address as readers reach it, if it runs.
    pub fn web_base(&self) -> Option<&str> {
        self.app.web_base()
    }

    pub fn public_id(&self, id: MatchId) -> Result<Option<String>, StoreError> {
        PublicIds(&self.app).public_id(id)
    }

    pub fn live_match(&self, public: &str) -> PageRead<MatchId> {
        LivePages(&self.app).live_match(public)
    }

    pub fn live_version(&self, public: &str) -> PageRead<u64> {
        LivePages(&self.app).live_version(public)
    }

    pub fn live_view(&self, public: &str, locale: Locale) -> PageRead<LiveView> {
        LivePages(&self.app).live_view(public, locale)
    }

    /// The live page of `public` with the position after its first `after` moves (a move of
    /// its annotated list).
    pub fn live_view_after(&self, public: &str, after: usize, locale: Locale) -> PageRead<LiveView> {
        LivePages(&self.app).live_view_after(public, after, locale)
    }

    pub fn live_replay(&self, public: &str, version: u64, locale: Locale) -> PageRead<Animation> {
        LivePages(&self.app).live_replay(public, version, locale)
    }

    /// The whole game of a live page's match animated, as its page links it.
    pub fn live_animation(&self, public: &str, version: u64, locale: Locale) -> PageRead<GameAnimation> {
        LivePages(&self.app).live_animation(public, version, locale)
    }

    /// What the teacher's print page of `token` shows; `None` for any other link.
    pub fn class_print(&self, token: &str) -> PageRead<ClassPrint> {
        crate::class::report::ClassReport(&self.app).class_print(token)
    }

    pub fn class_screen(&self, token: &str) -> PageRead<ClassScreen> {
        ClassScreens(&self.app).class_screen(token)
    }

    /// The animated replay of an activity's last right move, as a class screen shows it.
    pub fn activity_replay(&self, token: &str, id: MatchId, version: u64) -> PageRead<Animation> {
        ClassScreens(&self.app).activity_replay(token, id, version)
    }

    pub fn class_screen_locale(&self, token: &str) -> PageRead<Locale> {
        ClassScreens(&self.app).class_screen_locale(token)
    }

    pub fn class_screen_scope(&self, token: &str) -> PageRead<(ChannelId, Vec<MatchId>)> {
        ClassScreens(&self.app).class_screen_scope(token)
    }

    pub fn class_screen_version(&self, token: &str) -> PageRead<u64> {
        ClassScreens(&self.app).class_screen_version(token)
    }

    pub fn screen_play(&self, token: &str, play: ScreenPlay) -> PageRead<ScreenAnswer> {
        crate::dispatch::handle::screen_play(&self.app, token, play)
    }

    // The scheduler and the store's upkeep.

    /// Starts firing timers and delivering through `notifier` on a thread of its own.
    pub fn start_scheduler(
        &self,
        notifier: Arc<dyn Notifier + Send + Sync>,
    ) -> std::io::Result<SchedulerThread> {
        SchedulerThread::start(self.app.clone(), notifier)
    }

    /// What wakes the scheduler: a commit with an earlier timer, a notification to send.
    pub fn wake(&self) -> Arc<Wake> {
        Outbox(&self.app).wake()
    }

    /// Does every queued match review now (the console, which has no worker thread, between
    /// two commands). Returns how many were stored.
    pub fn run_reviews(&self) -> Result<usize, StoreError> {
        ReviewJobs(&self.app).run_pending()
    }

    pub fn fire_due(&self) -> Result<usize, StoreError> {
        Timers(&self.app).fire_due()
    }

    pub fn deliver_pending(&self, notifier: &dyn Notifier) -> Result<usize, StoreError> {
        Outbox(&self.app).deliver_pending(notifier)
    }

    pub fn pending_notifications(&self) -> Result<Vec<Notification>, StoreError> {
        Outbox(&self.app).pending_notifications()
    }

    pub fn dead_letters(&self) -> Result<Vec<DeadLetter>, StoreError> {
        Outbox(&self.app).dead_letters()
    }

    pub fn timers_set_aside(&self) -> Result<(usize, usize), StoreError> {
        Timers(&self.app).timers_set_aside()
    }

    pub fn resume_computer_turns(&self) -> Result<usize, StoreError> {
        ComputerTurns(&self.app).resume_computer_turns()
    }

    pub fn hold_role(&self, role: &str, owner: &str, seconds: u64) -> Result<bool, StoreError> {
        Roles(&self.app).hold_role(role, owner, seconds)
    }

    pub fn release_role(&self, role: &str, owner: &str) -> Result<(), StoreError> {
        Roles(&self.app).release_role(role, owner)
    }

    pub fn store(&self) -> &Arc<dyn Store> {
        self.app.store()
    }

    pub fn store_is_shared(&self) -> bool {
        Queries(&self.app).store_is_shared()
    }

    /// How many changes to matches and classes other processes made so far (one read), or
    /// `None` if the store cannot tell: the web pages read this once a tick for all pages.
    pub fn changes_by_others(&self) -> Result<Option<u64>, StoreError> {
        Queries(&self.app).changes_by_others()
    }

    /// Backups of this service's store, taken at one instant (for `lalao backup`).
    pub fn backups(&self) -> Backups {
        self.app.backups()
    }

    /// `lalao check`: every record readable, every link between records whole.
    pub fn check_store(&self) -> Result<(usize, Vec<String>), StoreError> {
        Upkeep(&self.app).check_store()
    }

    /// `lalao check` with the records a newer lalao wrote listed apart from the corrupt ones.
    pub fn check(&self) -> Result<crate::ops::upkeep::StoreCheck, StoreError> {
        Upkeep(&self.app).check()
    }

    /// `lalao check --person ID`: every entry of the store whose key or value holds `word`.
    pub fn records_holding(&self, word: &str) -> Result<Vec<String>, StoreError> {
        Upkeep(&self.app).holding(word)
    }

    /// `lalao class export --channel ID`: the class of `channel` as its file (`class export`);
    /// the error says why not, in English.
    pub fn class_archive(&self, channel: &ChannelId) -> Result<Vec<u8>, String> {
        let archive = crate::class::archive::ClassArchive(&self.app);
        match self.app.class_of(channel) {
            Ok(Some((class, _))) => archive.archive(&class).map_err(operator_words),
            Ok(None) => Err(format!("there is no class in {channel}")),
            Err(fail) => Err(operator_words(fail)),
        }
    }

    /// `lalao data --user ID`: what lalao keeps of a person, whole (`my data` without its
    /// bound), as its JSON file.
    pub fn personal_data(&self, user: &UserId) -> Result<Vec<u8>, String> {
        crate::ops::my_data::PersonalData(&self.app)
            .gather(user, usize::MAX)
            .map(|gathered| gathered.json)
            .map_err(operator_words)
    }

    /// `lalao class import FILE`: the class of a `class export` file put into this store, in
    /// `channel` and with `teacher` if given (else the file's), in one commit.
    pub fn import_class(
        &self,
        file: &[u8],
        channel: Option<ChannelId>,
        teacher: Option<UserId>,
    ) -> Result<crate::class::archive::Imported, String> {
        crate::class::archive::ClassArchive(&self.app)
            .import(file, channel, teacher)
            .map_err(operator_words)
    }

    /// `lalao forget --user ID`: an operator forgets a person on their request, as `forget me`
    /// does; the error says why not, in English.
    pub fn forget_user(&self, user: &UserId) -> Result<crate::ops::forget::Forgotten, String> {
        let ctx = crate::kernel::Context::console("operator");
        crate::ops::forget::Forgetting(&self.app)
            .forget(user, &ctx, self.app.defaults().locale)
            .map_err(operator_words)
    }
}

/// A failure as an operator's command says it, in English.
fn operator_words(fail: crate::kernel::Fail) -> String {
    match fail {
        crate::kernel::Fail::User { key, args, .. } => {
            let args: Vec<(&str, String)> = args.into_iter().collect();
            crate::i18n::t(Locale::En, key, &args)
        }
        crate::kernel::Fail::Store(err) => err.to_string(),
        crate::kernel::Fail::Record(err) => err.to_string(),
        _ => "another change got in first: try again".to_owned(),
    }
}
