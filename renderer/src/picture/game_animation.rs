//! The whole game as one animation: the start, then the board after every ply with the move
//! marked as the still pictures mark it, each frame captioned with the move's number and
//! notation, looping. Encoded twice: APNG (the web page, the console) and GIF (Discord and
//! Matrix clients, which do not all animate APNG). Frames are drawn and encoded one at a time,
//! so a long game never holds all its pixels at once.

use lalao_core::{AnyGame, CoreError};

use super::apng::ApngStream;
use super::gif::GifStream;
use super::palette::{PictureSize, INK};
use super::raster::{rasterise, recycle, Raster};
use super::svg::{Anchor, Document, Svg};
use crate::{render, tr, View};

/// A whole game, animated: the same frames as APNG and as GIF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAnimation {
    pub apng: Vec<u8>,
    pub gif: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// One for the start, then one a ply.
    pub frames: u32,
    /// The game told in a sentence and its last board described, for screen readers.
    pub alt: String,
}

/// The most a chat platform is sent of either format: Discord takes 10 MiB a file from a bot
/// in a server without boosts; this leaves room for the message around it.
pub const GAME_ANIMATION_MAX_BYTES: usize = 8 << 20;
/// Most plies a whole-game animation shows: a 200-ply En Gehé game, the largest frames, is
/// 3.2 MiB as APNG (docs/benchmarks.md), so 400 plies stay within the byte limit.
pub const GAME_ANIMATION_MAX_PLIES: usize = 400;

/// How long frames stay, in milliseconds: the start and the end longer, to be read.
const FIRST_MS: u16 = 1500;
const PLY_MS: u16 = 800;
const LAST_MS: u16 = 4000;

/// One frame to draw: the board's document and the caption above it.
struct Planned {
    document: Document,
    caption: String,
    delay: u16,
}

/// The whole game from `start` through `moves` (canonical notation, as the match stored
/// them), seen as `view` sees it (names, viewer's side, language; its last move and events
/// are each frame's own), at `size`. A move the game refuses is an error.
pub fn game_animation(
    start: &AnyGame,
    moves: &[String],
    view: &View,
    size: PictureSize,
) -> Result<GameAnimation, CoreError> {
    let mut game = start.clone();
    let first = View {
        last_move: None,
        events: &[],
        ended: false,
        ..*view
    };
    let mut planned = vec![Planned {
        document: super::document(&game, &first, size),
        caption: tr(view.locale, "picture-game-start", &[]),
        delay: FIRST_MS,
    }];
    let mut end = render(&game, &first).description;
    for (index, text) in moves.iter().enumerate() {
        let events = game.play(text)?;
        let last = index + 1 == moves.len();
        let after = View {
            last_move: Some(text),
            events: &events,
            // Only the last board may say the match ended off the board.
            ended: last && view.ended,
            ..*view
        };
        planned.push(Planned {
            document: super::document(&game, &after, size),
            caption: tr(
                view.locale,
                "picture-game-ply",
                &[("ply", (index + 1).into()), ("move", text.as_str().into())],
            ),
            delay: if last { LAST_MS } else { PLY_MS },
        });
        if last {
            end = render(&game, &after).description;
        }
    }
    if let (1, Some(only)) = (planned.len(), planned.first_mut()) {
        only.delay = LAST_MS;
    }
    // Frames with more lines under the board are taller: every frame gets the largest size.
    let body_width = planned.iter().map(|p| p.document.width).max().unwrap_or(1);
    let body_height = planned.iter().map(|p| p.document.height).max().unwrap_or(1);
    let m = size.metrics();
    let band = (m.title * 1.6 + m.pad * 0.5).ceil();
    let (width, height) = (body_width, body_height + band as u32);
    let frames = planned.len() as u32;
    let mut apng = Vec::new();
    let mut apng_stream = ApngStream::new(&mut apng, width, height, frames, 6, true);
    let mut gif_stream = GifStream::new(width, height);
    for frame in planned {
        let mut caption = Svg::new();
        caption.text(
            m.pad,
            band / 2.0,
            m.title,
            Anchor::Start,
            true,
            INK,
            &frame.caption,
        );
        let band_raster = rasterise(&caption.finish(width as f32, band));
        let body = rasterise(&frame.document);
        let raster = stacked(&band_raster, &body, width, height);
        recycle(body);
        apng_stream.push(&raster, frame.delay);
        gif_stream.push(&raster, frame.delay);
    }
    apng_stream.finish();
    let alt = tr(
        view.locale,
        "picture-game-alt",
        &[("plies", moves.len().into()), ("end", end.into())],
    );
    Ok(GameAnimation {
        apng,
        gif: gif_stream.finish(),
        width,
        height,
        frames,
        alt,
    })
}

/// `band` over `body`, on a `width` × `height` raster of the background colour.
fn stacked(band: &Raster, body: &Raster, width: u32, height: u32) -> Raster {
    let background = [0xf7, 0xf1, 0xe3];
    let row = width as usize * 3;
    let mut rgb = Vec::with_capacity(row * height as usize);
    for part in [band, body] {
        let part_row = part.width as usize * 3;
        for line in part.rgb.chunks_exact(part_row) {
            let kept = part_row.min(row);
            rgb.extend_from_slice(&line[..kept]);
            for _ in kept / 3..width as usize {
                rgb.extend_from_slice(&background);
            }
        }
    }
    while rgb.len() < row * height as usize {
        rgb.extend_from_slice(&background);
    }
    rgb.truncate(row * height as usize);
    Raster { width, height, rgb }
}
