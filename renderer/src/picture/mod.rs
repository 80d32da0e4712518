//! Pictures of the boards: the same pure function of (state, last move's events,
//! viewer, locale, size) as the text boards, drawn as SVG text and rasterised to PNG with the
//! bundled DejaVu fonts. No I/O, no platform types; the same input always gives the same bytes.
//! Boards are drawn from the viewer's side: Black's Samantsy board upside down, North's
//! mancala boards turned round; a spectator sees White's or South's side.
//!
//! One concern per module: sizes and colours (`palette`), SVG writing and escaping (`svg`), the
//! marks of the last move (`marks`), the title, players and key around a board (`chrome`), the
//! boards of each family (`mancala` with `pit`, `track` and `katro`; `fano`; `samantsy`), the
//! rasteriser (`raster`), the animated sowing replay (`animation`, `apng`), the whole game
//! animated (`game_animation`, as APNG and as GIF: `gif`) and the cache (`cache`).

mod animation;
mod apng;
mod cache;
mod chrome;
mod fano;
mod game_animation;
mod gif;
mod katro;
mod mancala;
mod marks;
mod palette;
mod pit;
mod raster;
mod samantsy;
mod svg;
mod track;

use lalao_core::{AnyGame, GameKind};

pub use animation::{sowing_animation, Animation, ANIMATION_MAX_BYTES, ANIMATION_MAX_FRAMES};
pub use cache::{BoardSvgCache, PictureCache};
pub use game_animation::{game_animation, GameAnimation, GAME_ANIMATION_MAX_BYTES, GAME_ANIMATION_MAX_PLIES};
pub use palette::PictureSize;

use crate::{render, View};

/// A still picture: PNG bytes, their size in pixels, and the screen-reader description to send
/// as its alt text (the board's [`crate::Board::description`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub alt: String,
}

/// The largest still picture this crate draws, in bytes (the tests hold every board to it).
pub const PICTURE_MAX_BYTES: usize = 150 * 1024;

/// The SVG document of a board after the view's last move (a web page can serve it as is: it
/// names the DejaVu Sans family, with `sans-serif` as the fallback).
pub fn picture_svg(game: &AnyGame, view: &View, size: PictureSize) -> String {
    document(game, view, size).to_svg()
}

/// [`picture_svg`] with a tap target over each cell, square or pit: transparent
/// `<rect class="tap" data-tap="<name>" aria-label="<contents>">` elements, last, named as the
/// notation names them (`e2`, `7`, `h17`, `c3`), for a page that plays by taps.
pub fn playable_svg(game: &AnyGame, view: &View, size: PictureSize) -> String {
    document(game, view, size).to_svg_with_targets()
}

/// [`playable_svg`] cut to the board itself, without the title, legend and status around it:
/// a page that says those in its own words draws the board as wide as the screen.
pub fn playable_board_svg(game: &AnyGame, view: &View, size: PictureSize) -> String {
    document(game, view, size).to_board_svg_with_targets()
}

/// The picture as shapes and texts, with the view's names cut to size.
fn document(game: &AnyGame, view: &View, size: PictureSize) -> svg::Document {
    let names = view.names.map(svg::cut_name);
    let view = &View {
        names: [&names[0], &names[1]],
        ..*view
    };
    match game.kind() {
        GameKind::Fano => fano::svg(game, view, size),
        GameKind::Samantsy => samantsy::svg(game, view, size),
        GameKind::Mangala | GameKind::Engehe | GameKind::Katro => mancala::svg(game, view, size),
    }
}

/// A still PNG of a board after the view's last move, with its alt text.
pub fn picture(game: &AnyGame, view: &View, size: PictureSize) -> Picture {
    picture_highlighted(game, view, size, &[])
}

/// [`picture`] with the places named `highlights` framed (as [`playable_svg`] names them:
/// `c1`, `3`, `e4`, `h5`): a lesson's step showing where to look.
pub fn picture_highlighted(game: &AnyGame, view: &View, size: PictureSize, highlights: &[String]) -> Picture {
    let mut document = document(game, view, size);
    document.highlight(highlights);
    let raster = raster::rasterise(&document);
    let picture = Picture {
        png: raster::encode_png(&raster, PICTURE_MAX_BYTES),
        width: raster.width,
        height: raster.height,
        alt: render(game, view).description,
    };
    raster::recycle(raster);
    picture
}
