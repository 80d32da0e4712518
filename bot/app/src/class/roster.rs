//! The class's roster: pupils added, removed and bound to an account, and teams.

use crate::class::lifecycle::ClassLife;
use crate::class::reports::ClassReports;
use crate::class::screen::ClassScreens;
use crate::i18n::t;
use crate::kernel::wording::single;
use crate::kernel::{Context, Fail, Prefs, Reply};
use crate::record::{same_name, valid_name, ClassRecord, Pupil, Team, TeamOrder, MAX_PUPILS};

crate::kernel::family::family! {
    /// The teacher's changes to the class's roster.
    Roster
}

impl Roster<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add_pupils(
        &self,
        ctx: &Context,
        _prefs: Prefs,
        mut class: ClassRecord,
        bytes: Vec<u8>,
        name: &'static str,
        names: Vec<String>,
    ) -> Result<Reply, Fail> {
        for raw in &names {
            if !valid_name(raw) {
                return Err(Fail::user("class-bad-name", vec![("name", raw.clone())]));
            }
            let taken = class.seat_name(raw).is_some()
                || names.iter().filter(|other| same_name(other, raw)).count() > 1;
            if taken {
                return Err(Fail::user("class-name-taken", vec![("name", raw.clone())]));
            }
        }
        if class.pupils.len() + names.len() > MAX_PUPILS {
            return Err(Fail::user("class-full", vec![("max", MAX_PUPILS.to_string())]));
        }
        class.pupils.extend(names.iter().map(|name| Pupil::new(name)));
        self.save_roster(ctx, class, bytes, name)
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn remove_pupil(
        &self,
        ctx: &Context,
        _prefs: Prefs,
        mut class: ClassRecord,
        bytes: Vec<u8>,
        name: &'static str,
        pupil: String,
    ) -> Result<Reply, Fail> {
        let found = class
            .pupil(&pupil)
            .map(|pupil| pupil.name.clone())
            .ok_or_else(|| ClassLife(self).no_seat(&class, &pupil))?;
        class.pupils.retain(|pupil| pupil.name != found);
        for team in &mut class.teams {
            team.members.retain(|member| *member != found);
        }
        class.teams.retain(|team| !team.members.is_empty());
        self.save_roster(ctx, class, bytes, name)
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn bind_pupil(
        &self,
        ctx: &Context,
        prefs: Prefs,
        mut class: ClassRecord,
        bytes: Vec<u8>,
        name: &'static str,
        pupil: String,
        mention: String,
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        let account = ctx
            .platform
            .user_from_mention(&mention)
            .ok_or_else(|| Fail::user("bad-mention", vec![("mention", mention.clone())]))?;
        let found = class.pupil(&pupil).map(|pupil| pupil.name.clone());
        let Some(found) = found else {
            return Err(ClassLife(self).no_seat(&class, &pupil));
        };
        // One account, one seat: an account bound to two seats could move both sides of
        // a match between them.
        if let Some(other) = class
            .pupils
            .iter()
            .find(|entry| entry.name != found && entry.account.as_ref() == Some(&account))
        {
            return Err(Fail::user(
                "class-account-taken",
                vec![("account", self.name_of(&account)), ("name", other.name.clone())],
            ));
        }
        for entry in &mut class.pupils {
            if entry.name == found {
                entry.account = Some(account.clone());
            }
        }
        class.version += 1;
        ClassLife(self).save_class(ctx, Some(bytes), &class, name)?;
        let text = t(
            locale,
            "class-bound",
            &[("name", found), ("account", self.name_of(&account))],
        );
        Ok(single(ctx, "class-bound", text))
    }

    /// `class team <name> <members…> [rotation|any]`.
    pub(crate) fn team(
        &self,
        ctx: &Context,
        prefs: Prefs,
        mut class: ClassRecord,
        bytes: Vec<u8>,
        name: &'static str,
        (team, members, order): (String, Vec<String>, TeamOrder),
    ) -> Result<Reply, Fail> {
        let locale = prefs.locale;
        if !valid_name(&team) || class.pupil(&team).is_some() {
            return Err(Fail::user("class-name-taken", vec![("name", team)]));
        }
        let mut names = Vec::new();
        for member in &members {
            let found = class
                .pupil(member)
                .map(|pupil| pupil.name.clone())
                .ok_or_else(|| ClassLife(self).no_seat(&class, member))?;
            if names.contains(&found) {
                return Err(Fail::user("class-name-taken", vec![("name", found)]));
            }
            names.push(found);
        }
        // A pupil plays for one team: in two, a match between them would be theirs on
        // both sides.
        if let Some((pupil, other)) = class
            .teams
            .iter()
            .filter(|existing| !same_name(&existing.name, &team))
            .find_map(|existing| {
                names
                    .iter()
                    .find(|name| existing.members.contains(name))
                    .map(|name| (name.clone(), existing.name.clone()))
            })
        {
            return Err(Fail::user(
                "class-team-overlap",
                vec![("name", pupil), ("team", other)],
            ));
        }
        class.teams.retain(|existing| !same_name(&existing.name, &team));
        if class.teams.len() >= super::MAX_TEAMS {
            return Err(Fail::user(
                "class-too-many-teams",
                vec![("max", super::MAX_TEAMS.to_string())],
            ));
        }
        class.teams.push(Team {
            name: team.clone(),
            members: names.clone(),
            order,
        });
        class.version += 1;
        ClassLife(self).save_class(ctx, Some(bytes), &class, name)?;
        let key = match order {
            TeamOrder::Rotation => "class-team-rotation",
            TeamOrder::Any => "class-team-any",
        };
        let text = t(locale, key, &[("team", team), ("members", names.join(", "))]);
        Ok(single(ctx, key, text))
    }

    /// Saves the class whose pupils changed, with a seat link for each, and answers its roster.
    fn save_roster(
        &self,
        ctx: &Context,
        mut class: ClassRecord,
        bytes: Vec<u8>,
        name: &'static str,
    ) -> Result<Reply, Fail> {
        ClassScreens::fill_seat_links(&mut class);
        class.version += 1;
        ClassLife(self).save_class(ctx, Some(bytes), &class, name)?;
        Ok(single(ctx, "class-show", ClassReports(self).roster_text(&class)))
    }
}
