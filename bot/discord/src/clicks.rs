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

    /// The components a board of `record` carries: Accept/Decline for a challenge, the legal moves
    /// while it is played, nothing once it is over. Labels in the caller's language.
    pub(crate) fn components_for(&self, record: &MatchRecord, ctx: &Context) -> Vec<CreateActionRow> {
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

    pub(crate) async fn component(self: Arc<Self>, interaction: &ComponentInteraction) -> Plan {
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
    pub(crate) async fn stale(
        self: &Arc<Self>,
        mut ctx: Context,
        record: &MatchRecord,
        locale: Locale,
    ) -> Plan {
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
}

/// The stamp a board of `record` carries on its components: the version, and a fingerprint of
/// what the board offers (the stage and every move so far: the same moves give the same position
/// and history). FNV-1a, written out so that it stays the same across builds and restarts.
pub(crate) fn stamp(record: &MatchRecord) -> Stamp {
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
pub(crate) fn shows_current_board(record: &MatchRecord, clicked: Stamp) -> bool {
    let current = stamp(record);
    clicked.version == current.version || (clicked.board.is_some() && clicked.board == current.board)
}
