//! `forget me` (and `lalao forget --user ID` for an operator acting on a request): lalao
//! forgets a person, as the GDPR's right to erasure asks (docs/privacy.md). Their running
//! matches end first as the rules say — resigned against a person (whose rating the game then
//! counts for, as any resignation), cancelled otherwise — each in a commit of its own. Then one
//! commit, checked against every record it rewrites, erases the rest: their profile, ratings
//! and leaderboard entries, their digest timer, notices and review requests addressed to them;
//! and everywhere else their id (finished matches, other players' rating memories, a class they
//! teach, the daily solvers) becomes a "former player" id that names nobody.

use lalao_renderer::Locale;
use serde_json::Value;

use crate::i18n::t;
use crate::ids::{former_user, is_computer, is_former, UserId};
use crate::kernel::commit::Commits;
use crate::kernel::events::Events;
use crate::kernel::wording::{message, said_where, single};
use crate::kernel::{Audience, Context, Fail, Prefs, Reply};
use crate::record::{self, is_seat, Ending, Stage};
use crate::store::{keys, Committed, Txn};
use lalao_model::notify::{DeadLetter, Notification, Recipient};
use lalao_model::record::ReviewJob;

/// Tries at the erase's one commit when another change got in first.
const ATTEMPTS: usize = 5;

crate::kernel::family::family! {
    /// Forgetting a person.
    Forgetting
}

/// What forgetting a person did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Forgotten {
    /// Running matches resigned (against a person) or cancelled.
    pub resigned: usize,
    pub cancelled: usize,
    /// Records removed, and records rewritten without them.
    pub removed: usize,
    pub rewritten: usize,
}

impl Forgetting<'_> {
    /// `forget me`: what it would do and how to confirm; `forget me confirm`: done. Answered to
    /// the caller alone.
    pub(crate) fn forget_me(&self, ctx: &Context, prefs: Prefs, confirmed: bool) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let (key, text) = if confirmed {
            let done = self.forget(&ctx.user, ctx, locale)?;
            let mut text = t(locale, "forget-done", &[]);
            for (key, count) in [
                ("forget-resigned", done.resigned),
                ("forget-cancelled", done.cancelled),
            ] {
                if count > 0 {
                    text.push(' ');
                    text.push_str(&t(locale, key, &[("count", count.to_string())]));
                }
            }
            ("forget-done", text)
        } else {
            let command =
                crate::command::grammar::verb_named("forget").map_or("forget", |verb| verb.written(locale));
            let confirm = t(locale, "forget-confirm-word", &[]);
            (
                "forget-ask",
                t(
                    locale,
                    "forget-ask",
                    &[("command", format!("{command} {confirm}"))],
                ),
            )
        };
        let mut said = message(ctx, key, text);
        said.audience = Audience::Private(ctx.user.clone());
        let mut reply = single(ctx, key, String::new());
        reply.messages = vec![said];
        Ok(said_where(self, ctx, prefs, reply))
    }

    /// Forgets `user` (see the module's words); `ctx` is the command that asked (its event is
    /// recorded with the erase), `locale` words the former player's name in notices.
    pub(crate) fn forget(&self, user: &UserId, ctx: &Context, locale: Locale) -> Result<Forgotten, Fail> {
        if is_computer(user) || is_seat(user) || is_former(user) {
            return Err(Fail::user("forget-nobody", Vec::new()));
        }
        let former = former_user(self.seed());
        let name = self
            .player(user)?
            .and_then(|(player, _)| player.display_name)
            .filter(|name| name.chars().count() >= 2);
        let mut done = self.end_running(user, &former)?;
        let shown = t(locale, "former-player", &[]);
        for _ in 0..ATTEMPTS {
            let (mut txn, removed, rewritten) = self.erase_txn(user, &former, name.as_deref(), &shown)?;
            Events(self).add_event(ctx, &mut txn, "forget", None);
            match self.commit_txn(&txn)? {
                Committed::Applied => {
                    self.sync()?;
                    done.removed = removed;
                    done.rewritten = rewritten;
                    tracing::info!(removed, rewritten, "a person was forgotten");
                    return Ok(done);
                }
                Committed::Conflict { key }
                    if ctx
                        .event
                        .as_ref()
                        .is_some_and(|event| keys::event_key(event) == key) =>
                {
                    return Err(Fail::Duplicate)
                }
                Committed::Conflict { .. } => continue,
            }
        }
        Err(Fail::user("try-again", Vec::new()))
    }

    /// Ends `user`'s running matches, but a class's (which go on, their teacher renamed):
    /// resigned when played against another person, cancelled otherwise (a challenge, the
    /// coin game, practice, the computer, an activity).
    fn end_running(&self, user: &UserId, former: &UserId) -> Result<Forgotten, Fail> {
        let mut done = Forgotten::default();
        let operator = Context::console("operator");
        for (old, bytes) in self.active_under(&keys::active_prefix(user))? {
            if old.class.is_some() || !old.stage.is_active() {
                continue;
            }
            let mut new = old.clone();
            let side = old.players.as_ref().and_then(|players| {
                lalao_core::Side::BOTH
                    .into_iter()
                    .find(|side| players[side.index()] == *user)
            });
            let against_a_person = old
                .players
                .as_ref()
                .is_some_and(|players| players[0] != players[1] && !players.iter().any(is_computer));
            match side {
                Some(side) if old.stage == Stage::Playing && against_a_person && !old.practice => {
                    new.stage = Stage::Finished {
                        ending: Ending::Resigned { side },
                    };
                    done.resigned += 1;
                }
                _ => {
                    new.stage = Stage::Cancelled { by: former.clone() };
                    done.cancelled += 1;
                }
            }
            new.draw_offer = None;
            new.undo_request = None;
            new.version += 1;
            new.updated_at = self.now();
            Commits(self).commit_match(&operator, Some((&old, &bytes)), &new, Txn::default(), "forget")?;
        }
        Ok(done)
    }

    /// The erase as one transaction over the whole store: every key of `user`'s removed (an
    /// index of a class match they teach moved to `former`), every record naming them rewritten
    /// with `former`, each checked against the value read. Answers it with the counts of
    /// records removed and rewritten.
    fn erase_txn(
        &self,
        user: &UserId,
        former: &UserId,
        name: Option<&str>,
        shown: &str,
    ) -> Result<(Txn, usize, usize), Fail> {
        let key_needle = format!("{user}\0").into_bytes();
        let value_needle = format!("\"{user}\"").into_bytes();
        let (mut txn, mut removed, mut rewritten) = (Txn::default(), 0, 0);
        for entry in self.reads().iter_prefix(b"") {
            let (key, value) = entry?;
            if contains(&key, &key_needle) {
                txn.check(key.clone(), Some(value.clone())).delete(key.clone());
                removed += 1;
                if key.starts_with(keys::ACTIVE_PREFIX) {
                    if let Some(id) = keys::match_id_of_index(&key) {
                        txn.put(keys::active_key(former, id), Vec::new());
                    }
                }
                continue;
            }
            let notice = key.starts_with(keys::OUTBOX_PREFIX) || key.starts_with(keys::DEAD_LETTER_PREFIX);
            let named = name.is_some_and(|name| notice && contains(&value, name.as_bytes()));
            if !contains(&value, &value_needle) && !named {
                continue;
            }
            match self.without(&key, &value, user, former, name, shown)? {
                Some(new) => {
                    txn.check(key.clone(), Some(value)).put(key, new);
                    rewritten += 1;
                }
                None => {
                    txn.check(key.clone(), Some(value)).delete(key);
                    removed += 1;
                }
            }
        }
        Ok((txn, removed, rewritten))
    }

    /// `value` (stored at `key`) without `user`: `None` when it is theirs alone (a notice to
    /// them, a review they asked for), else rewritten with `former` for their id and `shown`
    /// for their `name` in a notice's text.
    fn without(
        &self,
        key: &[u8],
        value: &[u8],
        user: &UserId,
        former: &UserId,
        name: Option<&str>,
        shown: &str,
    ) -> Result<Option<Vec<u8>>, Fail> {
        let rewrite_notice = |notification: &mut Notification| -> bool {
            if matches!(&notification.recipient, Recipient::Direct { user: to } if to == user) {
                return false;
            }
            for mention in notification
                .mentions
                .iter_mut()
                .filter(|mention| *mention == user)
            {
                *mention = former.clone();
            }
            notification.text = notification.text.replace(user.as_str(), former.as_str());
            if let Some(name) = name {
                notification.text = crate::class::erase::replace_word(&notification.text, name, shown);
            }
            true
        };
        if key.starts_with(keys::OUTBOX_PREFIX) {
            let mut notification: Notification = record::decode(value, "a notification")?;
            return Ok(rewrite_notice(&mut notification).then(|| record::encode(&notification)));
        }
        if key.starts_with(keys::DEAD_LETTER_PREFIX) {
            let mut letter: DeadLetter = record::decode(value, "a refused notification")?;
            return Ok(rewrite_notice(&mut letter.notification).then(|| record::encode(&letter)));
        }
        if key.starts_with(keys::REVIEW_JOB_PREFIX) {
            let job: ReviewJob = record::decode_review_job(value)?;
            if job.requester == *user {
                return Ok(None);
            }
        }
        // Any other record, at whatever version it was written: every string that is the id.
        let mut json: Value = serde_json::from_slice(value).map_err(|err| {
            Fail::Record(record::RecordError::Schema {
                what: "a record",
                message: err.to_string(),
            })
        })?;
        rename(&mut json, user.as_str(), former.as_str());
        Ok(Some(serde_json::to_vec(&json).expect("JSON values encode")))
    }
}

/// Whether `haystack` holds `needle`.
pub(crate) fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|window| window == needle)
}

/// Replaces every string of `value` that is `from` by `to`.
fn rename(value: &mut Value, from: &str, to: &str) {
    match value {
        Value::String(text) if text == from => *text = to.to_owned(),
        Value::Array(items) => items.iter_mut().for_each(|item| rename(item, from, to)),
        Value::Object(fields) => fields.values_mut().for_each(|field| rename(field, from, to)),
        _ => {}
    }
}

#[cfg(test)]
mod tests;
