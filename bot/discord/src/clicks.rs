//! Buttons and menus on boards and challenges: what each shows, and a click to a command,
//! refused when the board it was on has moved on.

use super::*;

impl Adapter {
    pub(crate) fn labels(locale: Locale) -> Labels {
        Labels {
            choose_move: t(locale, "discord-choose-move", &[]),
            choose_piece: t(locale, "discord-choose-piece", &[]),
        }
    }

    /// The components a board carries, from what its match offers: Accept/Decline for a
    /// challenge, the rite's choices, the legal moves while it is played, nothing once it is
    /// over. Labels in the caller's language.
    pub(crate) fn components_for(
        &self,
        match_ref: MatchRef,
        actions: &[lalao_app::Action],
        locale: Locale,
    ) -> Vec<CreateActionRow> {
        use lalao_app::Action as Offered;
        let stamp = stamp(match_ref);
        let mut challenge = false;
        let mut rematch = false;
        let mut choices = Vec::new();
        let mut moves = Vec::new();
        for action in actions {
            match action {
                Offered::Accept | Offered::Decline => challenge = true,
                Offered::Coins(count) => choices.push((
                    t(locale, &format!("discord-coins-{count}"), &[]),
                    Action::Coins(*count),
                )),
                Offered::Call(parity) => choices.push((
                    t(locale, &format!("discord-parity-{}", parity.id()), &[]),
                    Action::Call(parity.id().to_owned()),
                )),
                Offered::Side(name) => choices.push((
                    t(locale, &format!("side-{name}"), &[]),
                    Action::Side((*name).to_owned()),
                )),
                Offered::Move(text) => moves.push(text.clone()),
                // Decisions about a time-out are typed (`/clock claim`), not clicked.
                Offered::Claim | Offered::Waive => {}
                Offered::Rematch => rematch = true,
            }
        }
        if rematch && moves.is_empty() {
            return components::rematch_components(match_ref.id, stamp, &t(locale, "discord-rematch", &[]));
        }
        if challenge {
            components::challenge_components(
                match_ref.id,
                stamp,
                &t(locale, "discord-accept", &[]),
                &t(locale, "discord-decline", &[]),
            )
        } else if !choices.is_empty() {
            components::choice_buttons(match_ref.id, stamp, choices)
        } else {
            components::move_components(match_ref.game, match_ref.id, stamp, &moves, &Self::labels(locale))
        }
    }

    // ---- components ----

    /// A click on a button or menu: checked against the board it was on, turned into its
    /// command, run, and its reply placed where the click calls for.
    pub(crate) async fn component(self: Arc<Self>, interaction: &ComponentInteraction) -> Plan {
        let locale = locale_of(&interaction.locale);
        if let Some(button) = PageButton::decode(&interaction.data.custom_id) {
            return self.page(interaction, button).await;
        }
        let Some(component) = Component::decode(&interaction.data.custom_id) else {
            return Plan::reply(Out::text(t(locale, "discord-unknown-button", &[]), true));
        };
        let names_a_board = matches!(component.action, Action::MoveOn { .. } | Action::PickOn { .. });
        if names_a_board && !carries(&interaction.message, &interaction.data.custom_id) {
            // The board message a picker edits is written in its custom id. We
            // wrote it there, from the board the picker was opened on, so the id must be one of
            // the clicked message's own components; any other is forged, and would have us
            // overwrite another message of ours (another match's board) with this board.
            return Plan::reply(Out::text(t(locale, "discord-unknown-button", &[]), true));
        }
        let here = interaction.channel_id.get();
        let home = self.home_channel(here, interaction.channel.as_ref()).await;
        let mut ctx = self.context(
            &interaction.user,
            interaction.member.as_ref(),
            home,
            Some(interaction.id),
            &interaction.locale,
            interaction.guild_id,
        );
        // From here on the caller is known: their chosen language wins over their client's.
        let locale = self.caller_locale(&ctx).await;
        let lock = self.match_lock(component.match_id);
        let _guard = lock.lock().await;
        let Some(offer) = self.offer(component.match_id).await else {
            return Plan::reply(Out::text(t(locale, "discord-unknown-button", &[]), true));
        };
        let id = offer.match_ref.id;
        if offer.expired {
            // The scheduler removes an expired challenge's buttons, but a client may still show
            // them (or the edit failed): explain rather than show a board there is none of.
            let text = t(locale, "discord-challenge-expired", &[("match", id.to_string())]);
            return Plan::reply(Out::text(text, true));
        }
        if !offer.still_shows(component.stamp.version, component.stamp.board) {
            return self.stale(ctx, id, locale).await;
        }
        let (command, board) = match click_command(component.action, &offer, interaction, locale) {
            Click::Run { command, board } => (command, board),
            Click::Answer(plan) => return plan,
        };
        let rematch = matches!(command, Command::Rematch { .. });
        // A button click is seen by nobody else, and a coins click is answered ephemerally: the
        // rite's secret may be told here.
        ctx.private = matches!(command, Command::Coins { .. });
        let move_text = match &command {
            Command::Move { text, .. } => Some(text.clone()),
            _ => None,
        };
        let reply = match self.run_command(ctx.clone(), command).await {
            Ok(reply) => reply,
            Err(err) => return self.failure(&err),
        };
        let clicked = Clicked {
            id,
            rematch,
            board,
            move_text,
            locale,
        };
        self.click_plan(interaction, &ctx, reply, clicked).await
    }

    /// Where the reply to a click goes: privately (a refusal, a private answer), as a new
    /// challenge (a rematch), onto the board a private picker was opened on, into the match's
    /// thread, or onto the clicked board as the channel keeps its boards.
    async fn click_plan(
        self: &Arc<Self>,
        interaction: &ComponentInteraction,
        ctx: &Context,
        reply: Reply,
        clicked: Clicked,
    ) -> Plan {
        let Clicked {
            id,
            rematch,
            board,
            move_text,
            locale,
        } = clicked;
        let here = interaction.channel_id.get();
        let clicked_ephemeral = interaction
            .message
            .flags
            .is_some_and(|flags| flags.contains(MessageFlags::EPHEMERAL));
        if reply.outcome == Outcome::Duplicate {
            return Plan::reply(Out::text(t(locale, "discord-already-done", &[]), true));
        }
        let applied = reply.outcome == Outcome::Applied;
        let mut outs = Vec::new();
        for message in &reply.messages {
            outs.push(self.out(message, ctx, !applied).await);
        }
        let mut outs = outs.into_iter();
        let Some(main) = outs.next() else {
            return Plan::reply(Out::text(t(locale, "discord-already-done", &[]), true));
        };
        let extra: Vec<Out> = outs.collect();
        let plan = |main, update, strip_clicked, extra| Plan {
            main,
            update,
            strip_clicked,
            extra,
            board: None,
            track: None,
            thread_posts: None,
        };
        if !applied || main.ephemeral {
            // A private answer to a click on a private message (a lesson's step) takes that
            // message's place: the learner's message moves on with them, rather than leaving
            // its buttons behind under a new one.
            let update = applied && main.ephemeral && clicked_ephemeral;
            return plan(main, update, false, extra);
        }
        if rematch {
            // The finished match stays as it ended, without its button; the new challenge is a
            // message of its own, remembered as `play`'s is.
            let thread =
                !threads::is_thread(interaction.channel.as_ref()) && self.threads_wanted(&ctx.channel).await;
            let track = reply
                .messages
                .iter()
                .find_map(|message| message.match_ref)
                .map(|match_ref| Track {
                    id: match_ref.id,
                    channel: here,
                    thread,
                    locale,
                });
            return Plan {
                track,
                ..plan(main, false, true, extra)
            };
        }
        let played = || {
            let text = t(
                locale,
                "discord-played",
                &[("move", move_text.clone().unwrap_or_default())],
            );
            Out::text(text, true)
        };
        if let (true, Some(board)) = (clicked_ephemeral, board) {
            // The second step of a two-step choice: close the private picker, update the board.
            let board = BoardUpdate {
                channel: here,
                message: board,
                out: main,
                mode: self.board_messages(&ctx.channel).await,
            };
            return Plan {
                board: Some(board),
                ..plan(played(), true, false, extra)
            };
        }
        if clicked_ephemeral {
            // A move from a private message (the current board shown after a stale click): the
            // private message says it is done, and the move is announced in the channel, with
            // the new board and its mentions, as every move is.
            let mut public = vec![main];
            public.extend(extra);
            return plan(played(), true, false, public);
        }
        if let Some(thread) = self.thread_of(id).await.filter(|thread| *thread != here) {
            // The challenge in the channel, accepted: it keeps its text and loses its buttons;
            // the match goes on in its thread.
            let closed = Out {
                content: interaction.message.content.clone(),
                ..Out::default()
            };
            let mut posts = vec![main];
            posts.extend(extra);
            return Plan {
                thread_posts: Some((thread, posts)),
                ..plan(closed, true, false, Vec::new())
            };
        }
        match self.board_messages(&ctx.channel).await {
            BoardMode::Edit => plan(main, true, false, extra),
            BoardMode::New => plan(main, false, true, extra),
        }
    }

    /// A leaderboard's "Previous" or "Next": the message shows that page instead, in the
    /// clicker's language, with the players of the clicker's server.
    async fn page(self: &Arc<Self>, interaction: &ComponentInteraction, button: PageButton) -> Plan {
        let here = interaction.channel_id.get();
        let home = self.home_channel(here, interaction.channel.as_ref()).await;
        let ctx = self.context(
            &interaction.user,
            interaction.member.as_ref(),
            home,
            None,
            &interaction.locale,
            interaction.guild_id,
        );
        let command = Command::Top {
            game: button.game,
            global: button.global,
            page: Some(button.page),
        };
        let reply = match self.run_command(ctx.clone(), command).await {
            Ok(reply) => reply,
            Err(err) => return self.failure(&err),
        };
        let Some(message) = reply.messages.first() else {
            let locale = self.caller_locale(&ctx).await;
            return Plan::reply(Out::text(t(locale, "discord-unknown-button", &[]), true));
        };
        let mut plan = Plan::reply(self.out(message, &ctx, false).await);
        plan.update = !plan.main.ephemeral;
        plan
    }

    /// A click on an outdated board: say so privately and show the current board.
    pub(crate) async fn stale(self: &Arc<Self>, mut ctx: Context, id: MatchId, locale: Locale) -> Plan {
        // Showing the board is not an event to remember.
        ctx.event = None;
        let notice = t(locale, "discord-stale-board", &[]);
        let reply = self
            .run_command(
                ctx.clone(),
                Command::Board {
                    id: Some(id),
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
}

/// What a click asks for: a command to run (with the public board a private picker was
/// opened on, which its move updates), or an answer at once (the second step of a two-step
/// choice, a click that names nothing).
enum Click {
    Run { command: Command, board: Option<u64> },
    Answer(Plan),
}

/// What the reply to a click is placed by.
struct Clicked {
    id: MatchId,
    rematch: bool,
    board: Option<u64>,
    move_text: Option<String>,
    locale: Locale,
}

/// The command a click stands for on the match `offer` shows, from the button's action and
/// the menu's chosen value; a group chosen in a two-step choice opens its private picker.
fn click_command(action: Action, offer: &Offer, interaction: &ComponentInteraction, locale: Locale) -> Click {
    let id = offer.match_ref.id;
    let chosen = match &interaction.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let run = |command| Click::Run { command, board: None };
    let play = |text, board| Click::Run {
        command: Command::Move {
            id: Some(id),
            text,
            explicit: true,
        },
        board,
    };
    let unknown = || {
        Click::Answer(Plan::reply(Out::text(
            t(locale, "discord-unknown-button", &[]),
            true,
        )))
    };
    match action {
        Action::Move(text) => play(text, None),
        Action::MoveOn { board, text } => play(text, Some(board)),
        Action::MoveMenu(_) => chosen.map_or_else(unknown, |text| play(text, None)),
        Action::PickOn { board } => chosen.map_or_else(unknown, |text| play(text, Some(board))),
        // First half of a two-step choice: show the second half to the clicker only.
        Action::Group(_) => match chosen {
            Some(group) => Click::Answer(Plan::reply(picker(offer, &group, interaction, locale))),
            None => unknown(),
        },
        Action::Accept => run(Command::Accept { id: Some(id) }),
        Action::Decline => run(Command::Decline { id: Some(id) }),
        Action::Coins(count) => run(Command::Coins {
            id: Some(id),
            count: Some(count),
        }),
        Action::Call(parity) => {
            let parity = if parity == Parity::Odd.id() {
                Parity::Odd
            } else {
                Parity::Even
            };
            run(Command::Call { id: Some(id), parity })
        }
        Action::Side(side) => run(Command::Side { id: Some(id), side }),
        Action::Rematch => run(Command::Rematch {
            id: Some(id),
            keep_sides: false,
        }),
    }
}

/// The private picker of the moves of `group` (a Samantsy piece, a Katro hole), which updates
/// the clicked board once a move is chosen.
fn picker(offer: &Offer, group: &str, interaction: &ComponentInteraction, locale: Locale) -> Out {
    let legal: Vec<String> = offer
        .actions
        .iter()
        .filter_map(|action| match action {
            lalao_app::Action::Move(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    let components = components::group_components(
        offer.match_ref.game,
        offer.match_ref.id,
        stamp(offer.match_ref),
        &legal,
        group,
        &Adapter::labels(locale),
        interaction.message.id.get(),
    );
    Out {
        content: t(locale, "discord-choose-then", &[("group", group.to_owned())]),
        components,
        ephemeral: true,
        ..Out::default()
    }
}

/// The stamp a board carries on its components: the version it showed, and the fingerprint of
/// what it offered (see [`MatchRef::of`]).
pub(crate) fn stamp(match_ref: MatchRef) -> Stamp {
    Stamp {
        version: match_ref.version,
        board: Some(match_ref.board),
    }
}

/// Whether `custom_id` is one of the components of `message` (as Discord sends the clicked
/// message with the interaction).
pub(crate) fn carries(message: &serenity::all::Message, custom_id: &str) -> bool {
    use serenity::all::{ActionRowComponent, ButtonKind};
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .any(|component| match component {
            ActionRowComponent::Button(button) => {
                matches!(&button.data, ButtonKind::NonLink { custom_id: id, .. } if id == custom_id)
            }
            ActionRowComponent::SelectMenu(menu) => menu.custom_id.as_deref() == Some(custom_id),
            _ => false,
        })
}
