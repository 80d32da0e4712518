//! Slash commands: `/lalao …` to a command for the application, its reply to Discord
//! messages, and autocomplete of moves and match numbers.

use super::*;

impl Adapter {
    pub(crate) async fn command(self: Arc<Self>, interaction: &CommandInteraction) -> Plan {
        let locale = locale_of(&interaction.locale);
        let Some(invocation) =
            commands::Invocation::from_options(&interaction.data.name, &interaction.data.options)
        else {
            return Plan::reply(Out::text(t(locale, "discord-unknown-command", &[]), true));
        };
        let Some(parsed) = invocation.command() else {
            return Plan::reply(Out::text(t(locale, "discord-unknown-command", &[]), true));
        };
        let here = interaction.channel_id.get();
        let home = self.home_channel(here, interaction.channel.as_ref()).await;
        let mut ctx = self.context(
            &interaction.user,
            interaction.member.as_deref(),
            home,
            Some(interaction.id),
            &interaction.locale,
            interaction.guild_id,
        );
        let private = commands::is_private(&invocation.path());
        // The interaction is answered ephemerally: the rite's secret may be told here.
        ctx.private = commands::answers_privately(&invocation.path());
        // In a server, Discord resolves a named user who is a member into `resolved.members`
        // too; someone who is not (an id pasted in) could never see or answer a challenge.
        if interaction.guild_id.is_some() && invocation.path() == ["play"] {
            let resolved = &interaction.data.resolved;
            if let Some(stranger) = resolved
                .users
                .iter()
                .find(|(id, _)| !resolved.members.contains_key(*id))
                .map(|(_, user)| user.global_name.as_deref().unwrap_or(&user.name).to_owned())
            {
                // A name is shown as the text it is: no bidi tricks, no Markdown link.
                let stranger = lalao_app::shown::escape_markdown(
                    &lalao_app::shown::clean_name(&stranger).unwrap_or_default(),
                );
                let text = t(locale, "discord-not-a-member", &[("name", stranger)]);
                return Plan::reply(Out::text(text, true));
            }
        }
        // People the command names (an opponent) come with their names: boards and challenges
        // then say "Bob" rather than the number of a user who never wrote to lalao.
        let named: Vec<(UserId, String)> = interaction
            .data
            .resolved
            .users
            .iter()
            .map(|(id, user)| {
                let member = interaction.data.resolved.members.get(id);
                let name = member
                    .and_then(|member| member.nick.clone())
                    .or_else(|| user.global_name.clone())
                    .unwrap_or_else(|| user.name.clone());
                (UserId::new(Platform::Discord, &id.get().to_string()), name)
            })
            .collect();
        if !named.is_empty() {
            let service = self.service.clone();
            let _ = tokio::task::spawn_blocking(move || {
                for (user, name) in &named {
                    if let Err(err) = service.remember_name(user, name) {
                        tracing::warn!(error = %err, "remembering a named user's name failed");
                    }
                }
            })
            .await;
        }
        let verb = invocation.path().first().map_or("unknown", |verb| {
            lalao_app::command::command_name(verb).unwrap_or("unknown")
        });
        let reply = match self.run_parsed(ctx.clone(), verb, parsed).await {
            Ok(reply) => reply,
            Err(err) => return self.failure(&err),
        };
        if reply.outcome == Outcome::Duplicate {
            return Plan::reply(Out::text(t(locale, "discord-already-done", &[]), true));
        }
        // A refusal changed nothing: say so privately rather than in the channel.
        let public = !private && !reply.refused();
        let mutating = reply.outcome == Outcome::Applied;
        let mut outs = Vec::new();
        for message in &reply.messages {
            outs.push(self.out(message, &ctx, !public).await);
        }
        let first_match = reply.messages.iter().find_map(|message| message.match_ref);
        // A new match announced in the channel: its message is remembered once posted, and its
        // thread started from it if the channel wants one (not from within a thread).
        let track = match first_match {
            Some(match_ref) if public && matches!(invocation.path().as_slice(), ["play"] | ["rematch"]) => {
                Some(Track {
                    id: match_ref.id,
                    channel: here,
                    thread: !is_thread(interaction.channel.as_ref())
                        && self.threads_wanted(&ctx.channel).await,
                    locale: self.caller_locale(&ctx).await,
                })
            }
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
                    self.caller_locale(&ctx).await,
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

    /// A service message as a Discord message: mentions first, then the text and the board, with
    /// the components its match offers at the version it shows.
    pub(crate) async fn out(self: &Arc<Self>, message: &Message, ctx: &Context, force_private: bool) -> Out {
        let locale = self.caller_locale(ctx).await;
        let ephemeral = force_private || matches!(&message.audience, Audience::Private(_));
        let mentions: Vec<u64> = message
            .mentions
            .iter()
            .filter_map(|user| user.local_on(Platform::Discord)?.parse().ok())
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
            if let (Some(match_ref), Kind::Record { export }) = (message.match_ref, &message.kind) {
                // A long match does not fit a message: its record travels as files, whole.
                let (note, attached) = export_files(match_ref.id, *export, &message.text);
                content = t(locale, note, &[("match", match_ref.id.to_string())]);
                files = attached;
            }
        }
        if let Kind::Animation(order) = &message.kind {
            files = self.animation_file(order).await.into_iter().collect();
        }
        if let Kind::Document(document) = &message.kind {
            files = vec![(document.file_name.clone(), document.bytes.clone())];
        }
        let content = fit(content);
        // A record sent as files shows no board; otherwise the board's picture goes along.
        let picture = if files.is_empty() {
            message.picture.clone()
        } else {
            None
        };
        let mut components = Vec::new();
        if let Some(match_ref) = message.match_ref {
            components = self.components_for(match_ref, &message.actions, locale);
        }
        if let Kind::Leaderboard {
            game,
            global,
            page,
            pages,
        } = message.kind
        {
            let labels = [
                t(locale, "discord-page-previous", &[]),
                t(locale, "discord-page-next", &[]),
            ];
            components = components::page_buttons(game, global, page, pages, [&labels[0], &labels[1]]);
        }
        let mut content = content;
        if let Some(live) = &message.live {
            // The live page as a link button under the board; a message whose five
            // rows are taken by moves gives the address as a line instead.
            if components.len() < components::MAX_ROWS {
                let button = serenity::all::CreateButton::new_link(live.url.clone()).label(t(
                    locale,
                    "discord-view-live",
                    &[],
                ));
                components.push(CreateActionRow::Buttons(vec![button]));
            } else {
                content = fit(format!("{content}\n{}", live.line));
            }
        }
        Out {
            content,
            components,
            mentions: if ephemeral { Vec::new() } else { mentions },
            ephemeral,
            files,
            picture,
        }
    }

    /// The whole-game animation as a GIF file (Discord shows APNGs still), drawn on a blocking
    /// thread once the service has answered; `None` (the caption goes alone) if it could not
    /// be drawn or would not fit the attachment limit.
    pub(crate) async fn animation_file(&self, order: &AnimationOrder) -> Option<(String, Vec<u8>)> {
        let drawing = order.clone();
        match tokio::task::spawn_blocking(move || drawing.draw()).await {
            Ok(Ok(animation)) if animation.gif.len() <= lalao_renderer::GAME_ANIMATION_MAX_BYTES => {
                Some((order.gif_name(), animation.gif))
            }
            Ok(Ok(animation)) => {
                tracing::warn!(
                    match_id = order.id.0,
                    bytes = animation.gif.len(),
                    "a game's animation is too large to attach"
                );
                None
            }
            Ok(Err(err)) => {
                tracing::error!(match_id = order.id.0, error = %err, "a game's moves did not replay");
                None
            }
            Err(err) => {
                tracing::error!(match_id = order.id.0, error = %err, "drawing a game's animation failed");
                None
            }
        }
    }

    /// The legal moves of the caller's match that match what they typed, when it is their turn.
    pub(crate) async fn autocomplete(
        self: &Arc<Self>,
        interaction: &CommandInteraction,
    ) -> Vec<AutocompleteChoice> {
        let Some(invocation) =
            commands::Invocation::from_options(&interaction.data.name, &interaction.data.options)
        else {
            return Vec::new();
        };
        let Some((field, typed)) = &invocation.focused else {
            return Vec::new();
        };
        if field == "topic" {
            return commands::topics(typed, locale_of(&interaction.locale))
                .into_iter()
                .map(|(name, value)| AutocompleteChoice::new(name, value))
                .collect();
        }
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
            interaction.guild_id,
        );
        let service = self.service.clone();
        let explicit = invocation.match_id();
        // Discord waits 3 s for the choices: past the budget, none is better than no answer.
        let legal = tokio::time::timeout(
            AUTOCOMPLETE_BUDGET,
            tokio::task::spawn_blocking(move || service.legal_moves_for(&ctx, explicit)),
        )
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
        filter_moves(&legal, typed)
            .into_iter()
            .map(|text| AutocompleteChoice::new(text.clone(), text))
            .collect()
    }
}

/// How long autocomplete may look for the legal moves (Discord's deadline is 3 s).
const AUTOCOMPLETE_BUDGET: std::time::Duration = std::time::Duration::from_millis(2000);

/// Moves starting with what was typed first, then those containing it; at most 25.
pub(crate) fn filter_moves(legal: &[String], typed: &str) -> Vec<String> {
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
