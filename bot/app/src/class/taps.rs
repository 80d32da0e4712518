//! Moves tapped on a class screen: the command a tap makes (through the same command as a
//! typed move, with its validation, refusals and durable acknowledgement), what the page is told
//! of its reply, and what the class's chat channel hears of it.

use crate::class::screen::{Access, ClassScreens, ScreenAnswer, ScreenPlay};
use crate::command::{ClassCommand, Command};
use crate::i18n::t;
use crate::ids::{EventId, Platform};
use crate::kernel::wording::ending_text;
use crate::kernel::{Context, Fail, Message, Outcome, Reply};
use crate::pages::live::{page_read, PageRead};
use crate::record::{self, seat_user, MatchRecord};
use crate::store::{keys, Txn};
use lalao_model::notify::{Notification, Recipient};

/// Longest and shortest nonce a page may send with a move (it makes a retried request count
/// once).
const NONCE: std::ops::RangeInclusive<usize> = 16..=64;

crate::kernel::family::family! {
    /// Moves tapped on a class screen.
    ScreenTaps
}

impl ScreenTaps<'_> {
    /// The command a move tapped on `token`'s screen makes, as its teacher or pupil, with who
    /// sends it, or the page's answer when it is refused before any command; `None` if the link
    /// is no current one (the page then says so, as for any unknown address).
    pub(crate) fn screen_command(
        &self,
        token: &str,
        play: ScreenPlay,
    ) -> PageRead<Result<(Context, Command), ScreenAnswer>> {
        let (class, access) = match page_read(ClassScreens(self).screen_access(token)) {
            Ok(Some(found)) => found,
            Ok(None) => return Ok(None),
            Err(unreachable) => return Err(unreachable),
        };
        let locale = class.locale;
        let refused = |key: &'static str| ScreenAnswer {
            outcome: Outcome::Refused { reason: key },
            text: Some(t(locale, key, &[])),
            small: None,
        };
        let nonce_ok = NONCE.contains(&play.nonce.len())
            && play
                .nonce
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !nonce_ok || play.text.len() > 40 || !class.matches.contains(&play.id) {
            return Ok(Some(Err(refused("web-bad-request"))));
        }
        let user = match &access {
            Access::Teacher => class.teacher.clone(),
            Access::Seat(name) => seat_user(name),
            // The projector's page offers no move; a request from it is refused whole.
            Access::Projector => return Ok(Some(Err(refused("web-class-projector")))),
        };
        let platform = class.channel.platform();
        let ctx = Context {
            platform,
            user,
            display_name: None,
            channel: class.channel.clone(),
            event: Some(EventId::new(platform, &format!("web-{}", play.nonce))),
            moderator: false,
            // Nothing to remember of a screen: the class's language rules its matches.
            locale: None,
            private: false,
            community: None,
        };
        let command = if play.go_on {
            // A seat's own button: the class checks that the activity is its pupil's.
            if !matches!(access, Access::Seat(_)) {
                return Ok(Some(Err(refused("web-bad-request"))));
            }
            Command::Class(ClassCommand::GoOn { id: play.id })
        } else if play.again {
            // Only the teacher makes a class's matches.
            if !matches!(access, Access::Teacher) {
                return Ok(Some(Err(refused("web-bad-request"))));
            }
            Command::Rematch {
                id: Some(play.id),
                keep_sides: false,
            }
        } else if play.close_vote {
            // The teacher's "Play it": the class's open turn closes now.
            if !matches!(access, Access::Teacher) || class.vote_match != Some(play.id) {
                return Ok(Some(Err(refused("web-bad-request"))));
            }
            Command::Class(ClassCommand::VotePlay)
        } else if matches!(access, Access::Seat(_)) && class.vote_match == Some(play.id) {
            // On the class's vote, a pupil's tap is their vote.
            Command::Class(ClassCommand::Ballot {
                id: play.id,
                text: play.text,
            })
        } else {
            Command::Tap {
                id: play.id,
                board: play.board,
                text: play.text,
            }
        };
        Ok(Some(Ok((ctx, command))))
    }

    /// Puts in the outbox what a class's chat channel hears of a move tapped on its screen:
    /// the move (not on the console, where the screen is in the same room) and what it
    /// completed in the class's tournament (`announced`). Called inside the move's own commit
    /// ([`super::match_hooks::ClassMatches::commit_class_change`]), so the channel hears of every move played and of every
    /// round, whichever process serves it.
    pub(crate) fn tell_class_channel(
        &self,
        record: &MatchRecord,
        tapped_by: &str,
        announced: &[Message],
    ) -> Result<(), Fail> {
        let Some((class, _)) = self.class_of(&record.channel)? else {
            return Ok(());
        };
        let locale = class.locale;
        let mut notices: Vec<(&str, String, Vec<crate::ids::UserId>)> = Vec::new();
        if record.channel.platform() != Platform::Console {
            let mut text = t(
                locale,
                "class-screen-played",
                &[
                    ("name", tapped_by.to_owned()),
                    ("move", record.moves.last().cloned().unwrap_or_default()),
                    ("id", record.id.to_string()),
                ],
            );
            if let Some(ending) = ending_text(self, locale, record) {
                text.push('\n');
                text.push_str(&ending);
            }
            notices.push(("class-screen-played", text, Vec::new()));
        }
        for said in announced {
            notices.push((said.key, said.text.clone(), said.mentions.clone()));
        }
        let now = self.now();
        // Keyed like a timer that fired now, so they are delivered in order with the others.
        let timer = keys::match_timer_key(now, record.id, &format!("screen{}", record.version));
        let mut txn = Txn::default();
        for (n, (key, text, mentions)) in notices.into_iter().enumerate() {
            let notification = Notification {
                v: record::RECORD_VERSION,
                id: String::new(),
                recipient: Recipient::Channel {
                    channel: class.channel.clone(),
                },
                key: key.to_owned(),
                text,
                mentions,
                match_id: Some(record.id),
                due: now,
                fired: now,
                lease: None,
            };
            txn.put(keys::outbox_key(&timer, n), record::encode(&notification));
        }
        if !txn.writes.is_empty() {
            self.commit_txn(&txn)?;
        }
        Ok(())
    }
}

/// What the page that tapped a move is told of the command's reply.
pub(crate) fn screen_answer(reply: Reply) -> ScreenAnswer {
    let (text, small) = match (reply.outcome, reply.messages.first()) {
        (Outcome::Refused { .. }, Some(said)) => (Some(said.text.clone()), None),
        // An activity's verdict on the move ("Well done!", or why not) as told to a page
        // played by taps, its notation as small print; the page shows what comes next itself.
        (_, Some(said)) => match &said.tapped {
            Some(tapped) => (Some(tapped.text.clone()), tapped.small.clone()),
            None => (None, None),
        },
        _ => (None, None),
    };
    ScreenAnswer {
        outcome: reply.outcome,
        text,
        small,
    }
}
