//! A user's notification settings: what the scheduler reads to decide when and how to tell
//! them it is their turn (and in which language). The `notify` command that changes them is
//! `time::notify`.

use lalao_renderer::Locale;

use crate::i18n::t;
use crate::ids::UserId;
use crate::kernel::wording::game_name;
use crate::record::MatchRecord;
use lalao_model::notify::NotifySettings;

crate::kernel::family::family! {
    /// Notification settings, quiet hours and the languages of a room.
    Notices
}

impl Notices<'_> {
    /// A user's notification settings (defaults when they have none or their record is
    /// unreadable: `lalao check` reports the latter).
    pub(crate) fn notify_settings(&self, user: &UserId) -> NotifySettings {
        self.player(user)
            .ok()
            .flatten()
            .map(|(player, _)| player.notify)
            .unwrap_or_default()
    }

    /// The language notifications to `user` are written in: the one they chose, else their
    /// chat client's as last seen (Discord's interaction `locale`), else the default.
    pub(crate) fn locale_of(&self, user: &UserId) -> Locale {
        self.player(user)
            .ok()
            .flatten()
            .and_then(|(player, _)| player.locale.or(player.client_locale))
            .unwrap_or(self.defaults().locale)
    }

    /// The languages of a message about both players that the whole room reads (an abort, a
    /// forfeit, the end of a game): the class's in a class match (its screen is shared), else
    /// each player's, the first player's first, each once. A message addressed to one player
    /// is in that player's language instead ([`Self::locale_of`]).
    pub(crate) fn room_locales(&self, record: &MatchRecord) -> Vec<Locale> {
        if crate::seats::Seating::of(record).speaks_the_class_language() {
            if let Ok(Some((class, _))) = self.class_of(&record.channel) {
                return vec![class.locale];
            }
        }
        let people = match &record.players {
            Some(players) => players.to_vec(),
            None => record.participants(),
        };
        let mut locales = Vec::new();
        for user in people
            .iter()
            .filter(|user| !crate::ids::is_computer(user) && !crate::ids::is_voters(user))
        {
            let locale = self.locale_of(user);
            if !locales.contains(&locale) {
                locales.push(locale);
            }
        }
        if locales.is_empty() {
            locales.push(self.defaults().locale);
        }
        locales
    }

    /// `key` written for the whole room: one line per language of [`Self::room_locales`].
    /// `args` gives the arguments in each language.
    pub(crate) fn room_text(
        &self,
        record: &MatchRecord,
        key: &str,
        args: impl Fn(Locale) -> Vec<(&'static str, String)>,
    ) -> String {
        self.room_locales(record)
            .into_iter()
            .map(|locale| t(locale, key, &args(locale)))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether the reply that starts `user`'s turn may mention them (not in quiet hours, not
    /// digest-only). Otherwise the scheduler tells them later.
    pub(crate) fn mention_now(&self, user: &UserId) -> bool {
        self.notify_settings(user).mention_now(self.now())
    }

    /// The short description of a match in notifications: "#3 (Fano)".
    pub(crate) fn match_label(&self, locale: Locale, record: &MatchRecord) -> String {
        t(
            locale,
            "match-label",
            &[
                ("id", record.id.to_string()),
                ("game", game_name(locale, record.game)),
            ],
        )
    }
}
