//! What a pupil's seat page says of every step of every course, in both languages: told in
//! taps, the notation only as small print.

use std::sync::Arc;

use lalao_core::GameKind;
use lalao_learn::{Goal, Verdict};
use lalao_renderer::{Locale, Style};

use crate::class::screen::{ClassScreens, ScreenBoard, ScreenPlay};
use crate::clock::FixedClock;
use crate::dispatch::handle::Handle;
use crate::ids::{ChannelId, MatchId, Platform, UserId};
use crate::kernel::{App, Context, Defaults, Outcome};
use crate::store::MemoryStore;

fn service() -> App {
    let service = App::new(
        Arc::new(MemoryStore::default()),
        Defaults {
            locale: Locale::En,
            style: Style::Text,
        },
        &crate::class::classroom::CLASSROOM,
        &crate::teach::seam::TEACHING,
    )
    .with_clock(Arc::new(FixedClock(1_700_000_000)))
    .with_live_pages("https://lalao.example.org");
    service.open().unwrap();
    service
}

fn teacher() -> Context {
    Context {
        platform: Platform::Discord,
        user: UserId::new(Platform::Discord, "1"),
        display_name: Some("Mme Rabe".to_owned()),
        channel: ChannelId::new(Platform::Discord, "100"),
        event: None,
        moderator: true,
        locale: None,
        private: false,
        community: None,
    }
}

fn send(service: &App, line: &str) {
    let reply = service
        .handle_text(&teacher(), &format!("!lalao {line}"), true)
        .expect("addressed to the bot");
    assert!(!reply.refused(), "{line}: {reply:?}");
}

/// A class in `locale` of one pupil, Ana, given lesson `number` of `game`'s course: her seat's
/// link. Her lesson is match #2 (#1 is the class's own board).
fn ana_in_lesson(service: &App, locale: Locale, game: GameKind, number: usize) -> String {
    send(service, &format!("class new CE1 lang={}", locale.id()));
    send(service, "class add Ana");
    send(service, &format!("class learn {} {number}", game.id()));
    let teacher = service
        .handle_text(&teacher(), "!lalao class link", true)
        .expect("addressed to the bot");
    let text = &teacher.messages[0].text;
    let start = text.find("/class/").expect("a link") + "/class/".len();
    let token = &text[start..start + 64];
    let screen = ClassScreens(service)
        .class_screen(token)
        .unwrap()
        .expect("a screen");
    let link = &screen.seats[0].1;
    link[link.len() - 64..].to_owned()
}

/// Ana's lesson as her seat shows it.
fn lesson_board(service: &App, seat: &str) -> ScreenBoard {
    let screen = ClassScreens(service)
        .class_screen(seat)
        .unwrap()
        .expect("a screen");
    screen
        .boards
        .into_iter()
        .find(|board| board.id == MatchId(2) && !board.past)
        .expect("her lesson")
}

/// A move tapped on Ana's lesson: the notice's words and its small print.
fn tap(service: &App, seat: &str, text: &str, nonce: usize) -> (Option<String>, Option<String>) {
    let board = lesson_board(service, seat).board;
    let answer = crate::dispatch::handle::screen_play(
        service,
        seat,
        ScreenPlay {
            id: MatchId(2),
            board,
            text: text.to_owned(),
            nonce: format!("seat-words-{nonce:08}"),
            again: false,
            go_on: false,
            close_vote: false,
        },
    )
    .unwrap()
    .expect("a current link");
    assert_eq!(answer.outcome, Outcome::Applied, "{text}: {answer:?}");
    (answer.text, answer.small)
}

/// The words of `text` that are `game`'s notation: a move or a place as it is typed (`a3A`,
/// `b5`, `h7`, `@3`, `2-3`, `e2-e4`), a Katro path by its letter, or anything in backquotes.
fn notation(game: GameKind, text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|quoted| format!("`{quoted}`"))
        .collect();
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '@' || c == '-'))
        .map(|word| word.trim_matches('-'))
        .collect();
    let place = |word: &str, files: std::ops::RangeInclusive<char>| {
        let mut chars = word.chars();
        chars.next().is_some_and(|file| files.contains(&file))
            && chars.as_str().len() == 1
            && chars.as_str().chars().all(|rank| rank.is_ascii_digit())
    };
    for (at, word) in words.iter().enumerate() {
        let digits = |part: &str| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit());
        let is_notation = match game {
            GameKind::Katro => {
                place(word.trim_end_matches(['A', 'B']), 'a'..='f')
                    || (matches!(*word, "A" | "B")
                        && at > 0
                        && matches!(words[at - 1].to_lowercase().as_str(), "path" | "chemin"))
            }
            GameKind::Samantsy => word.split(['-', 'x']).all(|part| place(part, 'a'..='h')),
            GameKind::Mangala | GameKind::Engehe => word.strip_prefix('h').is_some_and(digits),
            GameKind::Fano => {
                word.strip_prefix('@').is_some_and(digits)
                    || word.split_once('-').is_some_and(|(a, b)| digits(a) && digits(b))
            }
        };
        if is_notation {
            found.push((*word).to_owned());
        }
    }
    found
}

#[test]
fn notation_is_found_in_every_game_s_words() {
    assert_eq!(
        notation(GameKind::Katro, "Joue a3A : ta graine arrive en b3."),
        ["a3A", "b3"]
    );
    assert_eq!(notation(GameKind::Katro, "Le chemin B va à gauche."), ["B"]);
    assert_eq!(
        notation(GameKind::Samantsy, "Play d2-d6, to d6."),
        ["d2-d6", "d6"]
    );
    assert_eq!(notation(GameKind::Mangala, "After h6, into North's row."), ["h6"]);
    assert_eq!(
        notation(GameKind::Fano, "Type @3, or 2-3, on cell 3."),
        ["@3", "2-3"]
    );
    assert_eq!(notation(GameKind::Fano, "Write `pass`."), ["`pass`"]);
    assert!(notation(GameKind::Katro, "Touche le trou qui brille, à droite.").is_empty());
}

/// Every step of every course, on a pupil's seat in both languages: the step's words, how
/// to tap, and the notices of a wrong try and of the right move have no notation outside
/// their small print.
#[test]
fn every_step_on_a_seat_is_told_in_taps_its_notation_only_as_small_print() {
    let mut said_in_notation = Vec::new();
    let mut nonce = 0;
    let mut steps = 0;
    for locale in Locale::ALL {
        for game in GameKind::ALL {
            let course = lalao_learn::course(game);
            for (lesson_index, lesson) in course.lessons.iter().enumerate() {
                let number = lesson_index + 1;
                let service = service();
                let seat = ana_in_lesson(&service, locale, game, number);
                for (step_index, step) in lesson.steps.iter().enumerate() {
                    let at = step_index + 1;
                    let here = format!("{game:?} {number}·{at} ({locale:?})");
                    let board = lesson_board(&service, &seat);
                    let mut told = vec![("the step", board.activity.clone().unwrap_or_default())];
                    told.extend(board.how.clone().map(|how| ("how to tap", how)));
                    let legal = course.game_at(number, at).expect("the step").legal_moves();
                    if let Some(wrong) = legal.iter().find(|mv| !matches!(step.judge(mv), Verdict::Done)) {
                        nonce += 1;
                        let (text, small) = tap(&service, &seat, wrong, nonce);
                        assert_eq!(
                            small,
                            Some(crate::i18n::t(
                                locale,
                                "learn-tap-move",
                                &[("move", wrong.clone())]
                            )),
                            "{here}"
                        );
                        told.push(("a wrong try", text.unwrap_or_default()));
                    }
                    let right = match step.goal {
                        Goal::Any => legal[0].clone(),
                        _ => step.moves[0].clone(),
                    };
                    nonce += 1;
                    let (text, _) = tap(&service, &seat, &right, nonce);
                    told.push(("the right move", text.unwrap_or_default()));
                    for (what, text) in told {
                        assert!(!text.is_empty(), "{here}: {what} says nothing");
                        let found = notation(game, &text);
                        if !found.is_empty() {
                            said_in_notation.push(format!("{here}, {what}: {found:?} in {text}"));
                        }
                    }
                    steps += 1;
                }
                let done = lesson_board(&service, &seat).activity.unwrap_or_default();
                assert!(notation(game, &done).is_empty(), "{done}");
            }
        }
    }
    assert_eq!(steps, 232, "every step of every course, in both languages");
    assert!(
        said_in_notation.is_empty(),
        "{} said in notation on a seat:\n{}",
        said_in_notation.len(),
        said_in_notation.join("\n")
    );
}
