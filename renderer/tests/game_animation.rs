//! The whole-game animation: for each game, both encodings decode (APNG by the png crate's
//! reader, GIF by the gif crate's decoder) to one frame for the start and one per ply, of the
//! size announced; every frame put together as a viewer would, the APNG's first and last
//! frames are the still pictures of those positions under a caption, and the GIF shows what
//! the APNG shows, to its palette's precision.

use std::io::Cursor;

use lalao_core::any::AnyOptions;
use lalao_core::{AnyGame, GameKind};
use lalao_renderer::{game_animation, picture, Locale, PictureSize, Style, View};

/// At most `plies` moves drawn among the legal ones with a fixed seed, from the start.
fn random_game(kind: GameKind, seed: u64, plies: usize) -> (AnyGame, Vec<String>) {
    let start = AnyGame::new(AnyOptions::standard(kind).unwrap()).unwrap();
    let moves = start.random_line(seed, plies);
    (start, moves)
}

/// Every frame of an APNG as the viewer sees it (RGB), each region blended over the frame
/// before as its control chunk says.
fn apng_frames(bytes: &[u8]) -> (u32, u32, Vec<Vec<u8>>) {
    let mut reader = png::Decoder::new(Cursor::new(bytes)).read_info().expect("a PNG");
    let (width, height) = (reader.info().width, reader.info().height);
    let count = reader.info().animation_control().expect("animated").num_frames;
    let mut canvas = vec![0u8; (width * height * 3) as usize];
    let mut frames = Vec::new();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    for _ in 0..count {
        let output = reader.next_frame(&mut buffer).expect("a frame decodes");
        let control = *reader.info().frame_control().expect("a frame control");
        let channels = output.color_type.samples();
        for y in 0..control.height {
            for x in 0..control.width {
                let from = ((y * control.width + x) as usize) * channels;
                let pixel = &buffer[from..from + channels];
                if channels == 4 && control.blend_op == png::BlendOp::Over && pixel[3] == 0 {
                    continue;
                }
                let to = (((control.y_offset + y) * width + control.x_offset + x) * 3) as usize;
                canvas[to..to + 3].copy_from_slice(&pixel[..3]);
            }
        }
        frames.push(canvas.clone());
    }
    (width, height, frames)
}

/// Every frame of a GIF as the viewer sees it (RGB).
fn gif_frames(bytes: &[u8]) -> (u32, u32, Vec<Vec<u8>>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(Cursor::new(bytes)).expect("a GIF");
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut canvas = vec![0u8; (width * height * 3) as usize];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame decodes") {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        for y in 0..u32::from(frame.height) {
            for x in 0..u32::from(frame.width) {
                let from = ((y * u32::from(frame.width) + x) * 4) as usize;
                let pixel = &frame.buffer[from..from + 4];
                if pixel[3] == 0 {
                    continue;
                }
                let to = (((u32::from(frame.top) + y) * width + u32::from(frame.left) + x) * 3) as usize;
                canvas[to..to + 3].copy_from_slice(&pixel[..3]);
            }
        }
        frames.push(canvas.clone());
    }
    (width, height, frames)
}

/// A still PNG's pixels (RGB), size first.
fn still(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(Cursor::new(bytes)).read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let output = reader.next_frame(&mut buffer).unwrap();
    assert_eq!(output.color_type, png::ColorType::Rgb);
    (output.width, output.height, buffer)
}

/// The still picture `(w, h, rgb)` is the frame's top-left part under its caption band:
/// pixel for pixel (the same drawing, the same rasteriser).
fn frame_shows(frame: &[u8], width: u32, height: u32, picture: &(u32, u32, Vec<u8>)) -> Result<(), String> {
    let (w, h, rgb) = picture;
    if *w > width || *h > height {
        return Err(format!("a {w}×{h} still in a {width}×{height} frame"));
    }
    let row = |y: u32| &frame[((y * width) * 3) as usize..][..(w * 3) as usize];
    let still_row = |y: u32| &rgb[(y * w * 3) as usize..][..(w * 3) as usize];
    // The caption band's height is the renderer's: the still is found below it.
    (1..=height - h)
        .find(|&band| (0..*h).all(|y| row(band + y) == still_row(y)))
        .map(|_| ())
        .ok_or_else(|| format!("the {w}×{h} still is not under the caption"))
}

#[test]
fn every_game_animates_one_frame_per_ply_in_both_formats() {
    for kind in GameKind::ALL {
        let (start, moves) = random_game(kind, 7, 12);
        assert!(!moves.is_empty(), "{kind:?}");
        let view = View {
            names: ["Ana", "Bako"],
            ..View::new(Style::Text, Locale::En)
        };
        let animation = game_animation(&start, &moves, &view, PictureSize::Normal).unwrap();
        let plies = moves.len() as u32;
        assert_eq!(animation.frames, plies + 1, "{kind:?}");
        assert!(
            animation.alt.contains(&format!("{plies} moves")),
            "{}",
            animation.alt
        );

        let (width, height, apng) = apng_frames(&animation.apng);
        assert_eq!((width, height), (animation.width, animation.height), "{kind:?}");
        assert_eq!(apng.len() as u32, plies + 1, "{kind:?} APNG frames");
        let (gif_width, gif_height, gif) = gif_frames(&animation.gif);
        assert_eq!((gif_width, gif_height), (width, height), "{kind:?}");
        assert_eq!(gif.len() as u32, plies + 1, "{kind:?} GIF frames");

        // Frame 0 is the start's still picture, the last the final position's with the last
        // move marked, each under its caption.
        let first = still(&picture(&start, &view, PictureSize::Normal).png);
        frame_shows(&apng[0], width, height, &first).unwrap_or_else(|err| panic!("{kind:?} start: {err}"));
        let mut end = start.clone();
        let mut events = Vec::new();
        for text in &moves {
            events = end.play(text).unwrap();
        }
        let last_view = View {
            last_move: moves.last().map(String::as_str),
            events: &events,
            ..view
        };
        let last = still(&picture(&end, &last_view, PictureSize::Normal).png);
        frame_shows(apng.last().unwrap(), width, height, &last)
            .unwrap_or_else(|err| panic!("{kind:?} end: {err}"));

        // The GIF shows every frame as the APNG does, each pixel to the palette's nearest.
        for (index, (a, g)) in apng.iter().zip(&gif).enumerate() {
            let far = a.iter().zip(g).filter(|(p, q)| p.abs_diff(**q) > 40).count();
            assert!(
                far * 200 < a.len(),
                "{kind:?} frame {index}: {far} channels far off"
            );
        }
    }
}

#[test]
fn a_refused_move_is_an_error_and_a_game_without_moves_is_one_frame() {
    let start = AnyGame::new(AnyOptions::standard(GameKind::Fano).unwrap()).unwrap();
    let view = View::new(Style::Text, Locale::Fr);
    let only = game_animation(&start, &[], &view, PictureSize::Normal).unwrap();
    assert_eq!(only.frames, 1);
    assert_eq!(apng_frames(&only.apng).2.len(), 1);
    assert_eq!(gif_frames(&only.gif).2.len(), 1);
    assert!(game_animation(&start, &["nowhere".to_owned()], &view, PictureSize::Normal).is_err());
}

#[test]
fn the_same_game_gives_the_same_bytes() {
    let (start, moves) = random_game(GameKind::Katro, 3, 6);
    let view = View::new(Style::Text, Locale::En);
    let once = game_animation(&start, &moves, &view, PictureSize::Normal).unwrap();
    let again = game_animation(&start, &moves, &view, PictureSize::Normal).unwrap();
    assert_eq!(once, again);
}
