//! A class's life: `class new` (moderators on chat platforms), `class settings` and
//! `class delete` (its teacher or a moderator).

use lalao_renderer::{Locale, Style};

use super::ClassRecord;
use crate::i18n::t;
use crate::ids::Platform;
use crate::record::RECORD_VERSION;
use crate::service::wording::single;
use crate::service::{App, Context, Fail, Prefs, Reply};
use crate::store::{keys, Txn};

impl App {
    pub(super) fn class_new(
        &self,
        ctx: &Context,
        prefs: Prefs,
        name: Option<String>,
        locale: Option<Locale>,
        style: Option<Style>,
    ) -> Result<Reply, Fail> {
        // A class's language and board style override everyone's own in its channel: on a chat
        // platform only the channel's moderators may create one.
        if ctx.platform != Platform::Console && !ctx.moderator {
            return Err(Fail::user("class-new-moderators", Vec::new()));
        }
        if let Some((class, _)) = self.class_of(&ctx.channel)? {
            return Err(Fail::user(
                "class-exists",
                vec![("name", class.name), ("teacher", self.name_of(&class.teacher))],
            ));
        }
        let class = ClassRecord {
            v: RECORD_VERSION,
            channel: ctx.channel.clone(),
            version: 1,
            name: name.unwrap_or_else(|| t(locale.unwrap_or(Locale::Fr), "class-default-name", &[])),
            teacher: ctx.user.clone(),
            // Pupils are young and often French-speaking: French and large boards unless the
            // teacher says otherwise.
            locale: locale.unwrap_or(Locale::Fr),
            style: style.unwrap_or(Style::Large),
            pupils: Vec::new(),
            teams: Vec::new(),
            matches: Vec::new(),
            tournament: None,
            created_at: self.now(),
            screen: None,
        };
        let _ = prefs;
        self.save_class(ctx, None, &class, "class-new")?;
        let text = t(
            class.locale,
            "class-created",
            &[("name", class.name.clone()), ("teacher", self.name_of(&ctx.user))],
        );
        Ok(single(ctx, "class-created", text))
    }

    pub(super) fn class_settings(
        &self,
        ctx: &Context,
        mut class: ClassRecord,
        bytes: Vec<u8>,
        new_name: Option<String>,
        new_locale: Option<Locale>,
        style: Option<Style>,
    ) -> Result<Reply, Fail> {
        let name = "class-settings";
        if let Some(new_name) = new_name {
            class.name = new_name;
        }
        class.locale = new_locale.unwrap_or(class.locale);
        class.style = style.unwrap_or(class.style);
        class.version += 1;
        self.save_class(ctx, Some(bytes), &class, name)?;
        let text = t(
            class.locale,
            "class-settings",
            &[
                ("name", class.name.clone()),
                ("language", class.locale.id().to_owned()),
                ("style", class.style.id().to_owned()),
            ],
        );
        Ok(single(ctx, "class-settings", text))
    }

    pub(super) fn class_delete(
        &self,
        ctx: &Context,
        prefs: Prefs,
        class: ClassRecord,
        bytes: Vec<u8>,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let name = "class-delete";
        let mut active = Vec::new();
        for id in &class.matches {
            if let Some((record, _)) = self.load(*id)? {
                if record.stage.is_active() {
                    active.push(id.to_string());
                }
            }
        }
        if let Some(first) = active.first() {
            return Err(Fail::user(
                "class-delete-active",
                vec![("ids", active.join(", ")), ("example", first.clone())],
            ));
        }
        let key = keys::class_key(&class.channel);
        let mut txn = Txn::default();
        txn.check(key.clone(), Some(bytes)).delete(key);
        // Its screen goes with it: every link to it answers 404 from now on.
        if let Some(links) = &class.screen {
            txn.delete(keys::screen_key(&links.id));
        }
        self.commit_other(ctx, txn, name)?;
        let text = t(locale, "class-deleted", &[("name", class.name.clone())]);
        Ok(single(ctx, "class-deleted", text))
    }
}
