//! The dispatcher: each command to the family that owns it. Classroom mode and teaching, which
//! sit above the match commands, are reached through the [`crate::kernel::Classroom`] and
//! [`crate::kernel::Teaching`] seams.

use crate::command::Command;
use crate::kernel::events::Events;
use crate::kernel::{App, Context, Fail, Prefs, Reply};
use crate::ops::forget::Forgetting;
use crate::ops::my_data::PersonalData;
use crate::pages::live::LivePages;
use crate::play::challenge::Challenges;
use crate::play::challenge_answers::ChallengeAnswers;
use crate::play::moves::Moves;
use crate::play::on_behalf::OnBehalf;
use crate::play::read_commands::ReadCommands;
use crate::play::rite_steps::RiteSteps;
use crate::social::channel::ChannelCommands;
use crate::social::leaderboard::Leaderboards;
use crate::social::preferences::Preferences;
use crate::time::notify::NotifyCommands;
use crate::time::timeouts::Timeouts;
use crate::time::vacation::Vacations;

pub(crate) fn dispatch(app: &App, ctx: &Context, prefs: Prefs, command: Command) -> Result<Reply, Fail> {
    Events(app).check_event(ctx)?;
    match command {
        Command::Play(spec) => Challenges(app).play(ctx, prefs, spec),
        Command::Accept { id } => ChallengeAnswers(app).accept(ctx, prefs, id),
        Command::Decline { id } => ChallengeAnswers(app).decline(ctx, prefs, id),
        Command::Cancel { id } => ChallengeAnswers(app).cancel(ctx, prefs, id),
        Command::Move { id, text, explicit } => Moves(app).play_move(ctx, prefs, id, &text, explicit, None),
        Command::Tap { id, board, text } => {
            Moves(app).play_move(ctx, prefs, Some(id), &text, true, Some(board))
        }
        Command::Board { id, style, viewpoint } => {
            ReadCommands(app).show_board(ctx, prefs, id, style, viewpoint)
        }
        Command::Resign { id } => Moves(app).resign(ctx, prefs, id),
        Command::Rematch { id, keep_sides } => Challenges(app).rematch(ctx, prefs, id, keep_sides),
        Command::Plan { id, change } => OnBehalf(app).plan(ctx, prefs, id, change),
        command @ (Command::Hint { .. }
        | Command::Learn { .. }
        | Command::Puzzle { .. }
        | Command::Review { .. }) => app.teaching().command(app, ctx, prefs, command),
        Command::Link { id, new } => LivePages(app).link(ctx, prefs, id, new),
        Command::Draw { id, answer } => Moves(app).draw(ctx, prefs, id, answer),
        Command::Undo { id, answer } => Moves(app).undo(ctx, prefs, id, answer),
        Command::List { scope } => ReadCommands(app).list(ctx, prefs, scope),
        Command::History { id } => ReadCommands(app).history(ctx, prefs, id, false),
        Command::Export { id, animation: false } => ReadCommands(app).history(ctx, prefs, id, true),
        Command::Export { id, animation: true } => ReadCommands(app).animation(ctx, prefs, id),
        Command::Rating { player, game } => Leaderboards(app).rating(ctx, prefs, player, game),
        Command::Profile { player } => Leaderboards(app).profile(ctx, prefs, player),
        Command::Forget { confirmed } => Forgetting(app).forget_me(ctx, prefs, confirmed),
        Command::MyData => PersonalData(app).my_data(ctx, prefs),
        Command::Top { game, global, page } => Leaderboards(app).top(ctx, prefs, game, global, page),
        Command::Rules { game, variants } => Ok(ReadCommands(app).rules(ctx, prefs, game, &variants)),
        Command::Help { topic } => Ok(crate::play::help::help(ctx, prefs, topic.as_deref())),
        Command::Settings(change) => Preferences(app).settings(ctx, prefs, change),
        Command::Coins { id, count } => RiteSteps(app).coins(ctx, prefs, id, count),
        Command::Call { id, parity } => RiteSteps(app).call(ctx, prefs, id, parity),
        Command::Side { id, side } => RiteSteps(app).choose_side(ctx, prefs, id, &side),
        Command::Class(class) => app.classroom().command(app, ctx, prefs, class),
        Command::Timeout { id, action } => Timeouts(app).timeout_action(ctx, prefs, id, action),
        Command::Vacation { days } => Vacations(app).vacation(ctx, prefs, days),
        Command::Notify(change) => NotifyCommands(app).notify(ctx, prefs, change),
        Command::Channel(change) => ChannelCommands(app).channel(ctx, prefs, change),
    }
}
