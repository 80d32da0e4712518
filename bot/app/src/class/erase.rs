//! `class erase <pupil>`: a pupil erased for good, as a school asks when a child leaves or a
//! parent asks (docs/privacy.md). The pupil leaves the roster, their teams, the screen's links
//! and the tournament's entrants, and their seat's name leaves every match of the class and
//! every notice still to be delivered: each says "a former pupil" instead, numbered when the
//! class erased several, so the matches still replay and the standings still add up. All in
//! one commit, checked against every record it rewrites.

use lalao_renderer::Locale;

use super::lifecycle::ClassLife;
use crate::i18n::t;
use crate::kernel::class_matches::ClassMatchStore;
use crate::kernel::commit::Commits;
use crate::kernel::wording::single;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{self, seat_user, ClassRecord, MatchRecord, Stage};
use crate::store::{keys, Txn};
use lalao_model::notify::{DeadLetter, Notification};

crate::kernel::family::family! {
    /// Erasing a class's pupils.
    Erasure
}

impl Erasure<'_> {
    /// Erases `pupil` from `class` (read as `bytes`): refused while one of their matches is being
    /// played (the teacher ends it first); an activity going on on their seat is put
    /// away with the rest.
    pub(crate) fn erase_pupil(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        bytes: Vec<u8>,
        pupil: String,
    ) -> Result<Reply, Fail> {
        let name = class
            .pupil(&pupil)
            .map(|pupil| pupil.name.clone())
            .ok_or_else(|| ClassLife(self).no_seat(&class, &pupil))?;
        let seat = seat_user(&name);
        let playing: Vec<String> = self
            .active_class_records(&class)?
            .into_iter()
            .filter(|record| holds(record, &seat) && !record.is_activity())
            .map(|record| record.id.to_string())
            .collect();
        if let Some(first) = playing.first() {
            return Err(Fail::user(
                "class-erase-playing",
                vec![
                    ("name", name),
                    ("ids", playing.join(", ")),
                    ("example", first.clone()),
                ],
            ));
        }
        let number = class.erased + 1;
        let former = former_pupil(class.locale, number);
        let mut txn = Txn::default();
        self.erase_from_matches(&class, &seat, &former, &mut txn)?;
        erase_from_notices(self, &name, &seat, &former, &mut txn)?;
        let mut new = class.clone();
        forget_in_class(&mut new, &name, &former);
        new.erased = number;
        new.version += 1;
        let key = keys::class_key(&class.channel);
        txn.check(key.clone(), Some(bytes)).put(key, record::encode(&new));
        Commits(self).commit_other(ctx, txn, "class-erase")?;
        let text = t(
            prefs.locale,
            "class-erased",
            &[("name", name), ("former", former)],
        );
        Ok(single(ctx, "class-erased", text))
    }

    /// The class's matches being played now.
    fn active_class_records(&self, class: &ClassRecord) -> Result<Vec<MatchRecord>, Fail> {
        let mut records = Vec::new();
        for id in ClassMatchStore(self).active_class_matches(class)? {
            if let Some((record, _)) = self.load(id)? {
                records.push(record);
            }
        }
        Ok(records)
    }

    /// Adds to `txn` every match of the class's channel that seats `seat`, rewritten with
    /// `former` in its place (and put away if it is an activity still going on). Every match
    /// record is read, not only those the class still lists: finished ones leave the list but
    /// stay in the store.
    fn erase_from_matches(
        &self,
        class: &ClassRecord,
        seat: &crate::ids::UserId,
        former: &str,
        txn: &mut Txn,
    ) -> Result<(), Fail> {
        let needle = seat.as_str().as_bytes();
        let mut found = Vec::new();
        for entry in self.reads().iter_prefix(keys::MATCH_PREFIX) {
            let (_, value) = entry?;
            // Most records are other channels' or other seats': left undecoded.
            if value.windows(needle.len()).any(|window| window == needle) {
                let record: MatchRecord = record::decode(&value, "a match")?;
                if record.channel == class.channel && holds(&record, seat) {
                    found.push((record, value));
                }
            }
        }
        let now = self.now();
        for (old, bytes) in found {
            let mut new = old.clone();
            if let Some(players) = new.players.as_mut() {
                for player in players.iter_mut().filter(|player| *player == seat) {
                    *player = seat_user(former);
                }
            }
            if new.stage.is_active() {
                new.stage = Stage::Cancelled {
                    by: class.teacher.clone(),
                };
                new.updated_at = now;
            }
            new.version += 1;
            Commits(self).match_txn(Some((&old, &bytes)), new, txn)?;
        }
        Ok(())
    }
}

/// Whether `record` seats `seat` on either side.
fn holds(record: &MatchRecord, seat: &crate::ids::UserId) -> bool {
    record
        .players
        .as_ref()
        .is_some_and(|players| players.contains(seat))
}

/// How the class's records name the pupil erased `number`-th, in the class's language.
fn former_pupil(locale: Locale, number: u64) -> String {
    t(locale, "class-former-pupil", &[("number", number.to_string())])
}

/// Takes `name` off the class's roster, teams and links, and puts `former` in its place among
/// a tournament's entrants (whose pairings and standings count them by place).
fn forget_in_class(class: &mut ClassRecord, name: &str, former: &str) {
    class.pupils.retain(|pupil| pupil.name != name);
    for team in &mut class.teams {
        team.members.retain(|member| member != name);
    }
    class.teams.retain(|team| !team.members.is_empty());
    if let Some(links) = class.screen.as_mut() {
        links.seats.remove(name);
    }
    if let Some(tournament) = class.tournament.as_mut() {
        for entrant in tournament.entrants.iter_mut().filter(|entrant| *entrant == name) {
            *entrant = former.to_owned();
        }
    }
}

/// Adds to `txn` every notice still to be delivered (or kept as refused) that names the pupil,
/// with `former` in their place: a class's channel hears of its matches by its pupils' names.
fn erase_from_notices(
    app: &crate::kernel::App,
    name: &str,
    seat: &crate::ids::UserId,
    former: &str,
    txn: &mut Txn,
) -> Result<(), Fail> {
    let rewrite = |notification: &mut Notification| {
        notification.text = replace_word(&notification.text, name, former);
        for mention in notification
            .mentions
            .iter_mut()
            .filter(|mention| *mention == seat)
        {
            *mention = seat_user(former);
        }
    };
    for prefix in [keys::OUTBOX_PREFIX, keys::DEAD_LETTER_PREFIX] {
        for entry in app.reads().iter_prefix(prefix) {
            let (key, value) = entry?;
            if !value.windows(name.len()).any(|window| window == name.as_bytes()) {
                continue;
            }
            let new = if prefix == keys::OUTBOX_PREFIX {
                let mut notification: Notification = record::decode(&value, "a notification")?;
                rewrite(&mut notification);
                record::encode(&notification)
            } else {
                let mut letter: DeadLetter = record::decode(&value, "a refused notification")?;
                rewrite(&mut letter.notification);
                record::encode(&letter)
            };
            txn.check(key.clone(), Some(value)).put(key, new);
        }
    }
    Ok(())
}

/// `text` with every whole-word `word` (not inside a longer name) replaced by `with`.
pub(crate) fn replace_word(text: &str, word: &str, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + word.len()..].chars().next();
        let whole = !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric);
        out.push_str(&rest[..at]);
        out.push_str(if whole { with } else { word });
        rest = &rest[at + word.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests;
