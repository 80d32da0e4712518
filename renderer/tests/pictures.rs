//! Golden pictures of every game, size and kind of last move, compared by decoded pixels with
//! a small tolerance (anti-aliasing may differ by a shade between builds); the size limits of
//! stills and animations; hostile names; the cache. `LALAO_BLESS=1 cargo test -p
//! lalao-renderer --test pictures` rewrites the goldens in `tests/pictures/`.

mod common;
use common::game_with;
use std::path::PathBuf;

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, Event, GameKind, Side};
use lalao_renderer::{
    picture, picture_svg, sowing_animation, Locale, PictureCache, PictureSize, Style, View,
    ANIMATION_MAX_BYTES, ANIMATION_MAX_FRAMES, PICTURE_MAX_BYTES,
};
use serde_json::{json, Map, Value};

fn game(kind: GameKind, position: Option<&str>) -> AnyGame {
    game_with(kind, json!({}), &[], position)
}

/// A decoded PNG: every frame's pixels as RGB(A) bytes, its size and frame count.
struct Decoded {
    width: u32,
    height: u32,
    frames: u32,
    first: Vec<u8>,
    channels: usize,
}

fn decode(png_bytes: &[u8]) -> Decoded {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let (width, height) = (reader.info().width, reader.info().height);
    let channels = reader.info().color_type.samples();
    let frames = reader.info().animation_control().map_or(1, |a| a.num_frames);
    let mut first = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut first).expect("the first frame");
    // Every later frame decodes too (the APNG's regions lie inside the picture).
    for _ in 1..frames {
        let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut buffer).expect("a later frame");
    }
    Decoded {
        width,
        height,
        frames,
        first,
        channels,
    }
}

/// Pixels differ by at most 8 per channel on all but 0.5 % of them.
fn same_pixels(a: &Decoded, b: &Decoded) -> Result<(), String> {
    if (a.width, a.height, a.channels) != (b.width, b.height, b.channels) {
        return Err(format!(
            "size {}×{} vs {}×{}",
            a.width, a.height, b.width, b.height
        ));
    }
    let differ = a
        .first
        .chunks(a.channels)
        .zip(b.first.chunks(b.channels))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 8))
        .count();
    let allowed = (a.width * a.height) as usize / 200;
    if differ > allowed {
        return Err(format!("{differ} pixels differ (at most {allowed})"));
    }
    Ok(())
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pictures")
}

fn bless() -> bool {
    std::env::var_os("LALAO_BLESS").is_some_and(|v| v == "1")
}

/// A board after `mv` (none: as it stands) for a viewer, in both sizes, against its goldens.
fn check_golden(name: &str, before: &AnyGame, mv: Option<&str>, viewer: Option<Side>, locale: Locale) {
    let mut after = before.clone();
    let events: Vec<Event> = mv.map(|mv| after.play(mv).unwrap()).unwrap_or_default();
    let mut failures = Vec::new();
    for size in [PictureSize::Normal, PictureSize::Large] {
        let view = View {
            names: ["Ana", "Bako"],
            last_move: mv,
            events: &events,
            viewer,
            ..View::new(Style::Text, locale)
        };
        let drawn = picture(&after, &view, size);
        assert!(
            drawn.png.len() <= PICTURE_MAX_BYTES,
            "{name}: {} bytes",
            drawn.png.len()
        );
        assert!(!drawn.alt.is_empty());
        let path = golden_dir().join(format!("{name}_{}.png", size.id()));
        if bless() {
            std::fs::write(&path, &drawn.png).unwrap();
            continue;
        }
        let golden =
            std::fs::read(&path).unwrap_or_else(|_| panic!("{path:?} missing: LALAO_BLESS=1 writes it"));
        if let Err(why) = same_pixels(&decode(&drawn.png), &decode(&golden)) {
            let fresh = path.with_extension("new.png");
            std::fs::write(&fresh, &drawn.png).unwrap();
            failures.push(format!("{name} {}: {why} (drawn now: {fresh:?})", size.id()));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn samantsy_pictures() {
    let start = game(GameKind::Samantsy, None);
    check_golden("samantsy_start", &start, None, None, Locale::En);
    check_golden(
        "samantsy_e4_black_view",
        &start,
        Some("e2-e4"),
        Some(Side::BLACK),
        Locale::En,
    );
    let capture = game(GameKind::Samantsy, Some("7v/6Z1/h7/8/8/8/8/4H3 w"));
    check_golden(
        "samantsy_capture_promotion",
        &capture,
        Some("g7-h8"),
        None,
        Locale::Fr,
    );
}

#[test]
fn fano_pictures() {
    let options: Map<String, Value> = serde_json::from_value(json!({"cells": 7})).unwrap();
    let mut fano = AnyGame::new(AnyOptions::from_json(GameKind::Fano, &options, &[]).unwrap()).unwrap();
    check_golden("fano_start", &fano, None, None, Locale::En);
    fano.play("@3").unwrap();
    check_golden("fano_placement", &fano, Some("@4"), None, Locale::En);
    fano.play("@4").unwrap();
    for mv in ["@1", "@7", "1-2", "4-5"] {
        fano.play(mv).unwrap();
    }
    check_golden("fano_capture", &fano, Some("3-4"), Some(Side::WHITE), Locale::Fr);
}

#[test]
fn mangala_pictures() {
    let start = game(GameKind::Mangala, None);
    check_golden("mangala_start", &start, None, None, Locale::En);
    // M-E9: five laps, then South captures h1 + h12.
    check_golden(
        "mangala_m_e9_multi_lap_capture",
        &start,
        Some("h0"),
        None,
        Locale::En,
    );
    let plain = game(GameKind::Mangala, Some("0,0,0,2,0,0,0/1,1,1,1,1,1,1 s 3-4"));
    check_golden("mangala_plain", &plain, Some("h3"), Some(Side::NORTH), Locale::Fr);
}

#[test]
fn engehe_pictures() {
    let start = game(GameKind::Engehe, None);
    check_golden("engehe_40_start", &start, None, None, Locale::En);
    check_golden("engehe_40_h17", &start, Some("h17"), None, Locale::En);
    // E-E4 on 2 × 4: a relay chain and a capture.
    let small = game(GameKind::Engehe, Some("0,3,0,0/1,0,5,0 s 0-0"));
    check_golden("engehe_e_e4_capture", &small, Some("h1"), None, Locale::En);
    let fifty = game_with(GameKind::Engehe, json!({"holes": 50}), &[], None);
    check_golden(
        "engehe_50_north_view",
        &fifty,
        Some("h25"),
        Some(Side::NORTH),
        Locale::Fr,
    );
}

#[test]
fn katro_pictures() {
    let start = game(GameKind::Katro, None);
    check_golden("katro_start", &start, None, None, Locale::En);
    // K-E2: relays, a capture, relays.
    check_golden("katro_k_e2_capture", &start, Some("a1A"), None, Locale::En);
    // K-E6 c2A: one lap, nothing captured, seen by North.
    let plain = game(
        GameKind::Katro,
        Some("0,0,0,0,0,0/0,0,0,0,0,0/1,0,0,2,0,0/0,0,0,0,0,0/0,0,1,2,0,0/0,0,0,0,0,0 s"),
    );
    check_golden(
        "katro_plain_north_view",
        &plain,
        Some("c2A"),
        Some(Side::NORTH),
        Locale::Fr,
    );
}

/// Every picture and animation decodes, has the size it says, and stays within its budget:
/// the widest and fullest boards, and the longest moves, included.
#[test]
fn pictures_and_animations_stay_within_their_limits() {
    let katro_loop = game_with(
        GameKind::Katro,
        json!({}),
        &["loop-stops-turn"],
        Some("0,0,0,0,0,0/0,0,0,1,0,0/0,0,0,0,0,0/0,1,0,0,2,0/0,1,0,1,0,1/2,1,0,1,0,1 s"),
    );
    let cases: Vec<(&str, AnyGame, Option<&str>)> = vec![
        ("engehe 2×40", game(GameKind::Engehe, None), Some("h17")),
        (
            "engehe 2×50",
            game_with(GameKind::Engehe, json!({"holes": 50}), &[], None),
            Some("h25"),
        ),
        (
            "engehe 2×1000",
            game_with(GameKind::Engehe, json!({"holes": 1000, "seeds": 2}), &[], None),
            Some("h500"),
        ),
        ("katro K-E9 a1B, 175 laps", katro_loop, Some("a1B")),
        ("katro 6×6", game(GameKind::Katro, None), Some("a1A")),
        (
            "katro 26 columns",
            game_with(GameKind::Katro, json!({"columns": 26}), &[], None),
            Some("m1A"),
        ),
        ("mangala", game(GameKind::Mangala, None), Some("h0")),
        (
            "mangala big counts",
            game(
                GameKind::Mangala,
                Some("60,51,50,12345,7,0,1/7,7,7,7,7,7,7 s 0-0"),
            ),
            None,
        ),
        (
            "fano 255",
            game_with(GameKind::Fano, json!({"cells": 255}), &["full-start"], None),
            None,
        ),
        ("samantsy", game(GameKind::Samantsy, None), Some("e2-e4")),
    ];
    for (what, before, mv) in cases {
        let mut after = before.clone();
        let events: Vec<Event> = mv.map(|mv| after.play(mv).unwrap()).unwrap_or_default();
        for size in [PictureSize::Normal, PictureSize::Large] {
            let view = View {
                names: ["Ana", "Bako"],
                last_move: mv,
                events: &events,
                ..View::new(Style::Text, Locale::En)
            };
            let still = picture(&after, &view, size);
            let decoded = decode(&still.png);
            assert_eq!(
                (decoded.width, decoded.height),
                (still.width, still.height),
                "{what}"
            );
            assert_eq!(decoded.frames, 1, "{what}");
            assert!(
                still.png.len() <= PICTURE_MAX_BYTES,
                "{what} {}: {} bytes",
                size.id(),
                still.png.len()
            );
            assert!(
                still.width <= 2000 && still.height <= 4000,
                "{what}: {}×{}",
                still.width,
                still.height
            );
            eprintln!(
                "{what} {}: {}×{}, {} bytes",
                size.id(),
                still.width,
                still.height,
                still.png.len()
            );
            let animation = sowing_animation(&before, &events, &view, size);
            let sows = events.iter().any(|e| matches!(e, Event::Lap { .. }));
            assert_eq!(animation.is_some(), sows, "{what}");
            if let Some(animation) = animation {
                let decoded = decode(&animation.png);
                assert_eq!(
                    (decoded.width, decoded.height),
                    (animation.width, animation.height)
                );
                assert_eq!(decoded.frames, animation.frames, "{what}");
                assert!(
                    (2..=ANIMATION_MAX_FRAMES as u32).contains(&animation.frames),
                    "{what}"
                );
                assert!(
                    animation.png.len() <= ANIMATION_MAX_BYTES,
                    "{what} {}: {} bytes",
                    size.id(),
                    animation.png.len()
                );
                assert!(!animation.alt.is_empty());
                eprintln!(
                    "{what} {} animation: {}×{}, {} frames, {} bytes",
                    size.id(),
                    animation.width,
                    animation.height,
                    animation.frames,
                    animation.png.len()
                );
            }
        }
    }
}

/// A short move gets a frame per seed; its first frame is the position before the move.
#[test]
fn short_moves_are_animated_seed_by_seed() {
    let before = game(GameKind::Engehe, Some("0,3,0,0/1,0,5,0 s 0-0"));
    let mut after = before.clone();
    let events = after.play("h1").unwrap();
    let sown: usize = events
        .iter()
        .map(|e| match e {
            Event::Lap { sown, .. } => sown.len(),
            _ => 0,
        })
        .sum();
    let view = View {
        last_move: Some("h1"),
        events: &events,
        ..View::new(Style::Text, Locale::En)
    };
    let animation = sowing_animation(&before, &events, &view, PictureSize::Normal).unwrap();
    // The position before, each seed, and each lap's end with its captures.
    assert!(
        animation.frames as usize > sown,
        "{} frames for {sown} seeds",
        animation.frames
    );
    assert!(animation.alt.starts_with("Replay of h1"), "{}", animation.alt);
    // No animation for a game without sowing, or a move that sows nothing.
    let samantsy = game(GameKind::Samantsy, None);
    assert!(sowing_animation(&samantsy, &[], &view, PictureSize::Normal).is_none());
}

/// Names are arbitrary Unicode: markup is escaped, control characters dropped, long names cut,
/// and right-to-left text and emoji drawn without breaking the document.
#[test]
fn hostile_names_are_escaped_and_cut() {
    let long = "Rakotondrabe-Rasoanaivo-Andriamanantena-Ramanantsoa";
    let names = [
        "<script>&\"'</script>\u{1}\u{202e}",
        "שלום עליכם مرحبا 🎲🙂👩‍👩‍👧 Ana",
    ];
    for kind in [
        GameKind::Samantsy,
        GameKind::Fano,
        GameKind::Mangala,
        GameKind::Engehe,
        GameKind::Katro,
    ] {
        for pair in [names, [long, "🎲"]] {
            let board = game(kind, None);
            let view = View {
                names: pair,
                ..View::new(Style::Text, Locale::En)
            };
            let svg = picture_svg(&board, &view, PictureSize::Normal);
            assert!(!svg.contains("<script"), "{svg}");
            if pair == names {
                assert!(
                    svg.contains("&lt;script&gt;&amp;&quot;&#39;&lt;/script&gt;"),
                    "{kind:?}"
                );
            }
            assert!(!svg.contains('\u{1}'));
            assert!(!svg.contains(long), "a long name is cut");
            assert!(svg.contains("Rakotondrabe-Rasoanaivo…") || pair != [long, "🎲"]);
            // The document still parses and draws (the rasteriser checks it in debug builds).
            let drawn = picture(&board, &view, PictureSize::Normal);
            assert!(decode(&drawn.png).width > 0);
        }
    }
}

/// The cache draws a picture once per key, and again for another locale, viewer or size.
#[test]
fn the_cache_draws_once_per_key() {
    let mut katro = game(GameKind::Katro, None);
    let events = katro.play("a1A").unwrap();
    let view = View {
        names: ["Ana", "Bako"],
        last_move: Some("a1A"),
        events: &events,
        ..View::new(Style::Text, Locale::En)
    };
    let cache = PictureCache::new(3);
    let first = cache.get_or_draw(&katro, &view, PictureSize::Normal);
    let again = cache.get_or_draw(&katro, &view, PictureSize::Normal);
    assert_eq!(cache.draws(), 1);
    assert!(std::sync::Arc::ptr_eq(&first, &again));
    let french = View {
        locale: Locale::Fr,
        ..view
    };
    let north = View {
        viewer: Some(Side::NORTH),
        ..view
    };
    let fr = cache.get_or_draw(&katro, &french, PictureSize::Normal);
    let seen_by_north = cache.get_or_draw(&katro, &north, PictureSize::Normal);
    assert_eq!(cache.draws(), 3);
    assert_ne!(fr.png, first.png);
    assert_ne!(seen_by_north.png, first.png);
    // A fourth key drops the least recently used one (the French picture) out of three.
    cache.get_or_draw(&katro, &view, PictureSize::Normal);
    let large = cache.get_or_draw(&katro, &view, PictureSize::Large);
    assert_eq!(cache.draws(), 4);
    assert!(large.width > first.width);
    assert_eq!(cache.len(), 3);
    cache.get_or_draw(&katro, &french, PictureSize::Normal);
    assert_eq!(cache.draws(), 5);
    // Same input, same bytes: pictures are deterministic.
    assert_eq!(picture(&katro, &view, PictureSize::Normal), *first);
}

#[test]
fn the_class_pages_boards_are_drawn_once_until_they_change() {
    let mut katro = game(GameKind::Katro, None);
    let cache = lalao_renderer::BoardSvgCache::new(8);
    let view = View::new(Style::Large, Locale::Fr);
    let first = cache.get_or_draw(&katro, &view, PictureSize::Large);
    let again = cache.get_or_draw(&katro, &view, PictureSize::Large);
    assert_eq!(cache.draws(), 1);
    assert!(std::sync::Arc::ptr_eq(&first, &again));
    assert_eq!(
        *first,
        *lalao_renderer::playable_board_svg(&katro, &view, PictureSize::Large)
    );
    // A move is a new board; an ended match's board says so.
    let events = katro.play("a1A").unwrap();
    let moved = View {
        last_move: Some("a1A"),
        events: &events,
        ..view
    };
    let after = cache.get_or_draw(&katro, &moved, PictureSize::Large);
    assert_eq!(cache.draws(), 2);
    assert_ne!(after, first);
    let ended = View {
        ended: true,
        result: Some("Bako gives up. Ana wins!"),
        ..moved
    };
    cache.get_or_draw(&katro, &ended, PictureSize::Large);
    assert_eq!(cache.draws(), 3);
}

/// The place a move starts from, as the notation names it: `e2` of `e2-e4`, `7` of `@7`,
/// `c3` of `c3A`, the hole of a sowing.
fn first_place(kind: GameKind, text: &str) -> String {
    let text = text.trim_start_matches('@');
    let head = text.split('-').next().unwrap_or(text);
    match kind {
        GameKind::Katro => head.trim_end_matches(|c: char| c.is_ascii_uppercase()).to_owned(),
        _ => head.to_owned(),
    }
}

#[test]
fn a_playable_board_has_a_labelled_target_on_every_place_a_move_starts_from() {
    for kind in [
        GameKind::Samantsy,
        GameKind::Fano,
        GameKind::Mangala,
        GameKind::Engehe,
        GameKind::Katro,
    ] {
        let game = game(kind, None);
        let view = View::new(Style::Text, Locale::En);
        let svg = lalao_renderer::playable_svg(&game, &view, PictureSize::Large);
        assert!(
            well_formed_and_targets_last(&svg),
            "{kind:?}: the document is well formed"
        );
        for mv in game.legal_moves() {
            let place = first_place(kind, &mv);
            assert!(
                svg.contains(&format!(r#"data-tap="{place}""#)),
                "{kind:?}: no target for {mv}"
            );
        }
        // The chat picture has none.
        assert!(!picture_svg(&game, &view, PictureSize::Large).contains("data-tap"));
    }
    let engehe = game(GameKind::Engehe, None);
    let svg = lalao_renderer::playable_svg(&engehe, &View::new(Style::Text, Locale::Fr), PictureSize::Normal);
    let h17 = svg.find(r#"data-tap="h17""#).expect("h17's target");
    assert!(
        svg[h17..].starts_with(r#"data-tap="h17" role="button" tabindex="0" aria-label="h17 : 4 graines""#),
        "{}",
        &svg[h17..h17 + 120]
    );
    let samantsy = game(GameKind::Samantsy, None);
    let svg = lalao_renderer::playable_svg(
        &samantsy,
        &View::new(Style::Text, Locale::En),
        PictureSize::Normal,
    );
    assert!(svg.contains(r#"data-tap="e1" role="button" tabindex="0" aria-label="e1: White hova""#));
    assert!(svg.contains(r#"data-tap="e4" role="button" tabindex="0" aria-label="e4: empty""#));
}

/// Every element opened is closed, and the targets come after every drawing: a page that
/// plays finds them on top.
fn well_formed_and_targets_last(svg: &str) -> bool {
    let last_target = svg.rfind(r#"class="tap""#).unwrap_or(0);
    let last_text = svg.rfind("<text").unwrap_or(0);
    svg.starts_with("<svg")
        && svg.ends_with("</svg>")
        && last_target > last_text
        && svg.matches("<g ").count() == svg.matches("</g>").count()
}

#[test]
fn a_lessons_places_are_framed_and_nothing_else_changes() {
    // Katro lesson 3, step 1: the sentence names c1, b1 and a1.
    let katro = game(
        GameKind::Katro,
        Some("0,0,0,0,0,0/2,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,2,0,0,0 s"),
    );
    let view = View {
        names: ["Ana", "Ana"],
        ..View::new(Style::Text, Locale::Fr)
    };
    let targets = ["c1", "b1", "a1"].map(str::to_owned);
    let path = golden_dir().join("katro_lesson_highlights_normal.png");
    let drawn = lalao_renderer::picture_highlighted(&katro, &view, PictureSize::Normal, &targets);
    if bless() {
        std::fs::write(&path, &drawn.png).unwrap();
    }
    let golden = std::fs::read(&path).unwrap_or_else(|_| panic!("{path:?} missing: LALAO_BLESS=1 writes it"));
    same_pixels(&decode(&drawn.png), &decode(&golden)).unwrap();
    // Only the three holes' squares differ from the plain picture, and in all of them.
    let plain = decode(&picture(&katro, &view, PictureSize::Normal).png);
    let lit = decode(&drawn.png);
    assert_eq!((plain.width, plain.height), (lit.width, lit.height));
    let changed: Vec<(u32, u32)> = (0..plain.height)
        .flat_map(|y| (0..plain.width).map(move |x| (x, y)))
        .filter(|(x, y)| {
            let at = ((y * plain.width + x) as usize) * plain.channels;
            plain.first[at..at + plain.channels] != lit.first[at..at + plain.channels]
        })
        .collect();
    assert!(!changed.is_empty());
    let svg = lalao_renderer::playable_svg(&katro, &view, PictureSize::Normal);
    let square = |name: &str| -> (f32, f32, f32) {
        let start = svg.find(&format!("data-tap=\"{name}\"")).unwrap();
        let rect = &svg[start..];
        let attr = |key: &str| -> f32 {
            let from = rect.find(&format!(" {key}=\"")).unwrap() + key.len() + 3;
            rect[from..].split('"').next().unwrap().parse().unwrap()
        };
        (attr("x"), attr("y"), attr("width"))
    };
    let squares: Vec<(f32, f32, f32)> = targets.iter().map(|name| square(name)).collect();
    for (x, y) in &changed {
        let inside = squares.iter().any(|(left, top, size)| {
            (*x as f32) >= left - 1.0
                && (*x as f32) <= left + size + 1.0
                && (*y as f32) >= top - 1.0
                && (*y as f32) <= top + size + 1.0
        });
        assert!(inside, "pixel ({x}, {y}) changed outside the lesson's places");
    }
    for (left, top, size) in &squares {
        assert!(
            changed.iter().any(|(x, y)| (*x as f32) >= *left
                && (*x as f32) <= left + size
                && (*y as f32) >= *top
                && (*y as f32) <= top + size),
            "a place at ({left}, {top}) is not framed"
        );
    }
}

#[test]
fn a_board_cut_for_a_page_keeps_every_place_and_leaves_the_title_out() {
    for (kind, position) in [
        (GameKind::Fano, Some("W...B w 0 0")),
        (GameKind::Katro, None),
        (GameKind::Samantsy, None),
        (GameKind::Mangala, None),
    ] {
        let game = game(kind, position);
        let view = View::new(Style::Text, Locale::Fr);
        let whole = lalao_renderer::playable_svg(&game, &view, PictureSize::Large);
        let cut = lalao_renderer::playable_board_svg(&game, &view, PictureSize::Large);
        let view_box = |svg: &str| -> [f32; 4] {
            let start = svg.find("viewBox=\"").unwrap() + "viewBox=\"".len();
            let numbers: Vec<f32> = svg[start..]
                .split('"')
                .next()
                .unwrap()
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect();
            [numbers[0], numbers[1], numbers[2], numbers[3]]
        };
        let [_, _, whole_w, whole_h] = view_box(&whole);
        let [x, y, w, h] = view_box(&cut);
        assert!(w * h < whole_w * whole_h, "{kind:?}: nothing cut");
        // Every tap target lies inside the cut.
        for rect in cut.split("<rect class=\"tap\"").skip(1) {
            let attr = |key: &str| -> f32 {
                let from = rect.find(&format!(" {key}=\"")).unwrap() + key.len() + 3;
                rect[from..].split('"').next().unwrap().parse().unwrap()
            };
            let (tx, ty, size) = (attr("x"), attr("y"), attr("width"));
            assert!(
                tx >= x && ty >= y && tx + size <= x + w && ty + size <= y + h,
                "{kind:?}: a place cut off"
            );
        }
        // The status line is left out; every text of the board itself (labels, contents) stays.
        assert!(
            whole.contains("de jouer</text>") && !cut.contains("de jouer</text>"),
            "{kind:?}"
        );
        let centred = |svg: &str| svg.matches("text-anchor=\"middle\"").count();
        assert_eq!(centred(&cut), centred(&whole), "{kind:?}");
    }
}
