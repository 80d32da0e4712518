//! A reply that shows a match's board: the text, the clock line, the board (and its picture),
//! the buttons of the position, and the mention of whoever is to move.
use crate::kernel::match_clock::MatchClocks;
use crate::kernel::notices::Notices;

use lalao_core::AnyGame;

use crate::ids::{is_computer, UserId};
use crate::kernel::wording::{message, show_board};
use crate::kernel::{Context, Kind, Prefs, Reply};
use crate::record::{MatchRecord, Stage};

crate::kernel::family::family! {
    /// Replies that show a match's board.
    BoardReplies
}

impl BoardReplies<'_> {
    /// A reply of one message with the match's board and the player to move mentioned.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn with_board(
        &self,
        ctx: &Context,
        prefs: Prefs,
        key: &'static str,
        text: String,
        record: &MatchRecord,
        game: &AnyGame,
        mut mentions: Vec<UserId>,
    ) -> Reply {
        let mut text = text;
        if let Some(clock) = MatchClocks(self).clock_text(prefs.locale, record) {
            text.push('\n');
            text.push_str(&clock);
        }
        let mut message = message(ctx, key, text);
        let mut to_move = None;
        show_board(&mut message, self, record, game, prefs, &ctx.user, None);
        message.on_game(record, game);
        if record.stage == Stage::Playing && !record.practice {
            if let Some(players) = &record.players {
                let next = players[game.to_move().index()].clone();
                // Quiet hours and digests hold the mention back; the scheduler sends it later.
                // A class seat holds no account to mention, nor does the computer.
                if !mentions.contains(&next)
                    && !is_computer(&next)
                    && lalao_model::record::mentionable(&next)
                    && Notices(self).mention_now(&next)
                {
                    mentions.push(next.clone());
                    to_move = Some(next);
                }
            }
        }
        message.kind = Kind::BoardChanged { to_move };
        message.mentions = mentions;
        Reply {
            messages: vec![message],
            ..Reply::default()
        }
    }
}
