//! From SVG text to pixels and PNG bytes: resvg with the bundled DejaVu fonts only (parsed
//! once, shared by every picture), never the system's fonts or the network. Each distinct text
//! and stamp is drawn once, then reused.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{IntSize, Pixmap, Transform};
use resvg::usvg::{fontdb, Options, Tree};

use super::svg::{Anchor, Document, Stamp, Text, FONT_FAMILY};

static SANS: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static SANS_BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// The font database: the two bundled faces, loaded from the binary's own bytes (no copy).
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            for face in [SANS, SANS_BOLD] {
                db.load_font_source(fontdb::Source::Binary(Arc::new(face)));
            }
            db.set_sans_serif_family(FONT_FAMILY);
            Arc::new(db)
        })
        .clone()
}

/// A rasterised picture: opaque RGB rows, top to bottom.
pub(crate) struct Raster {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

fn options() -> Options<'static> {
    Options {
        font_family: FONT_FAMILY.to_owned(),
        fontdb: fonts(),
        ..Options::default()
    }
}

/// Largest pixel buffer a thread keeps for its next picture (a 1024 × 1024 picture's).
const PIXELS_KEPT_MAX: usize = 4 << 20;

/// A text or stamp drawn once: its pixels, and where its top-left pixel lies from the point it
/// is placed at (a text's anchor point on the baseline, a stamp's origin).
struct Sprite {
    pixmap: Option<Pixmap>,
    left: i32,
    top: i32,
}

/// Pixel bytes of the sprites kept drawn, per kind; past that the store starts again (names and
/// status lines are unbounded, counts, coordinates and pits are few and come back at once).
/// Output does not depend on it: a sprite drawn again is the same.
const SPRITES_MAX_BYTES: usize = 16 << 20;

/// The sprites drawn, and the bytes of their pixels.
struct Sprites<K> {
    drawn: HashMap<K, Arc<Sprite>>,
    bytes: usize,
}

impl<K> Default for Sprites<K> {
    fn default() -> Self {
        Sprites {
            drawn: HashMap::new(),
            bytes: 0,
        }
    }
}

/// The sprite kept under `key`, drawn by `draw` if there is none.
fn kept<K: Hash + Eq>(
    sprites: &Mutex<Sprites<K>>,
    key: K,
    draw: impl FnOnce() -> Option<Sprite>,
) -> Arc<Sprite> {
    if let Some(found) = sprites.lock().unwrap_or_else(|p| p.into_inner()).drawn.get(&key) {
        return found.clone();
    }
    let sprite = Arc::new(draw().unwrap_or(Sprite {
        pixmap: None,
        left: 0,
        top: 0,
    }));
    let mut sprites = sprites.lock().unwrap_or_else(|p| p.into_inner());
    let bytes = sprite.pixmap.as_ref().map_or(0, |p| p.data().len()) + 64;
    if sprites.bytes + bytes > SPRITES_MAX_BYTES {
        sprites.drawn.clear();
        sprites.bytes = 0;
    }
    sprites.bytes += bytes;
    sprites.drawn.insert(key, sprite.clone());
    sprite
}

type TextKey = (String, u32, Anchor, bool, &'static str);

fn text_sprite(text: &Text) -> Arc<Sprite> {
    static SPRITES: OnceLock<Mutex<Sprites<TextKey>>> = OnceLock::new();
    let key = (
        text.text.clone(),
        text.size.to_bits(),
        text.anchor,
        text.bold,
        text.fill,
    );
    kept(SPRITES.get_or_init(Default::default), key, || {
        let alone = Text {
            x: 0.0,
            y: 0.0,
            ..text.clone()
        };
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" font-family="{FONT_FAMILY}">{}</svg>"#,
            alone.element()
        );
        let tree = Tree::from_str(&svg, &options()).ok()?;
        if tree.root().children().is_empty() {
            return None;
        }
        let bounds = tree.root().abs_layer_bounding_box();
        let (left, top) = (bounds.x().floor(), bounds.y().floor());
        let width = (bounds.right() - left).ceil() as u32 + 1;
        let height = (bounds.bottom() - top).ceil() as u32 + 1;
        let mut pixmap = Pixmap::new(width, height)?;
        resvg::render(
            &tree,
            Transform::from_translate(-left, -top),
            &mut pixmap.as_mut(),
        );
        Some(Sprite {
            pixmap: Some(pixmap),
            left: left as i32,
            top: top as i32,
        })
    })
}

/// A stamp's drawing, its reach, and its origin's offset within a pixel in tenths (the SVG's
/// coordinates have one decimal, so ten offsets a side draw every place exactly).
type StampKey = (Arc<str>, u32, u8, u8);

/// A coordinate as a whole pixel and the tenths past it.
fn pixel_and_tenths(value: f32) -> (i32, u8) {
    let tenths = (value * 10.0).round() as i64;
    (tenths.div_euclid(10) as i32, tenths.rem_euclid(10) as u8)
}

/// The sprite of `stamp` and the pixel its top-left corner goes on.
fn stamp_sprite(stamp: &Stamp) -> (Arc<Sprite>, i32, i32) {
    static SPRITES: OnceLock<Mutex<Sprites<StampKey>>> = OnceLock::new();
    let ((x, x_tenths), (y, y_tenths)) = (pixel_and_tenths(stamp.x), pixel_and_tenths(stamp.y));
    let key = (stamp.fragment.clone(), stamp.reach.to_bits(), x_tenths, y_tenths);
    let pad = stamp.reach.ceil() as i32 + 1;
    let sprite = kept(SPRITES.get_or_init(Default::default), key, || {
        let side = 2 * pad as u32 + 2;
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}">{}</svg>"#,
            stamp.fragment
        );
        let tree = Tree::from_str(&svg, &options()).ok()?;
        let mut pixmap = Pixmap::new(side, side)?;
        let shift = |tenths: u8| pad as f32 + f32::from(tenths) / 10.0;
        resvg::render(
            &tree,
            Transform::from_translate(shift(x_tenths), shift(y_tenths)),
            &mut pixmap.as_mut(),
        );
        Some(Sprite {
            pixmap: Some(pixmap),
            left: -pad,
            top: -pad,
        })
    });
    let (left, top) = (sprite.left, sprite.top);
    (sprite, x + left, y + top)
}

/// Draws `sprite` with its top-left pixel on (`x`, `y`), clipped to the picture: premultiplied
/// "source over", written out because tiny-skia's general pixmap drawing (any transform, any
/// filter) cost more than drawing the shapes themselves.
fn paste(pixmap: &mut Pixmap, sprite: &Sprite, x: i32, y: i32) {
    let Some(drawn) = &sprite.pixmap else {
        return;
    };
    let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
    let (from_w, from_h) = (drawn.width() as i32, drawn.height() as i32);
    let (left, right) = (x.max(0), (x + from_w).min(width));
    let (top, bottom) = (y.max(0), (y + from_h).min(height));
    if left >= right || top >= bottom {
        return;
    }
    let row_bytes = ((right - left) * 4) as usize;
    let source = drawn.data();
    let target = pixmap.data_mut();
    for row in top..bottom {
        let from = (((row - y) * from_w + (left - x)) * 4) as usize;
        let to = ((row * width + left) * 4) as usize;
        let pixels = source[from..from + row_bytes].chunks_exact(4);
        for (over, under) in pixels.zip(target[to..to + row_bytes].chunks_exact_mut(4)) {
            let alpha = over[3];
            if alpha == 0 {
                continue;
            }
            if alpha == 255 {
                under.copy_from_slice(over);
                continue;
            }
            let keep = 255 - u16::from(alpha);
            for (o, u) in over.iter().zip(under.iter_mut()) {
                // u × keep / 255, rounded, in integers.
                let scaled = u16::from(*u) * keep + 128;
                *u = o.saturating_add(((scaled + (scaled >> 8)) >> 8) as u8);
            }
        }
    }
}

/// Pixel bytes of the shape layers kept drawn: a dozen of the largest chat pictures. Past that
/// the store starts again; output does not depend on it.
const LAYERS_MAX_BYTES: usize = 32 << 20;

/// Shape layers drawn, by their SVG text.
#[derive(Default)]
struct Layers {
    drawn: HashMap<String, Arc<Vec<u8>>>,
    bytes: usize,
}

fn layers() -> &'static Mutex<Layers> {
    static LAYERS: OnceLock<Mutex<Layers>> = OnceLock::new();
    LAYERS.get_or_init(Default::default)
}

/// The pixels of `shapes` drawn before, if they were and have `len` bytes.
fn kept_layer(shapes: &str, len: usize) -> Option<Arc<Vec<u8>>> {
    let layers = layers().lock().unwrap_or_else(|p| p.into_inner());
    layers
        .drawn
        .get(shapes)
        .filter(|pixels| pixels.len() == len)
        .cloned()
}

fn keep_layer(shapes: &str, pixels: &[u8]) {
    if pixels.len() > PIXELS_KEPT_MAX {
        return;
    }
    let mut layers = layers().lock().unwrap_or_else(|p| p.into_inner());
    if layers.bytes + pixels.len() > LAYERS_MAX_BYTES {
        layers.drawn.clear();
        layers.bytes = 0;
    }
    layers.bytes += pixels.len() + shapes.len();
    layers.drawn.insert(shapes.to_owned(), Arc::new(pixels.to_vec()));
}

/// Draws a document written by this crate: its shapes, then its texts over them. Our
/// documents always parse: a failure is a bug, and it gives a blank picture of the background
/// colour rather than a panic in a chat bot.
pub(crate) fn rasterise(document: &Document) -> Raster {
    // The pixel buffer is reused from the thread's last picture: no allocation, no page
    // faults, no clearing (the document's background covers every pixel).
    thread_local! {
        static PIXELS: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }
    let size = IntSize::from_wh(document.width.max(1), document.height.max(1)).expect("non-zero size");
    let mut pixels = PIXELS.take();
    pixels.resize(size.width() as usize * size.height() as usize * 4, 0);
    let mut pixmap = Pixmap::from_vec(pixels, size).expect("the buffer has the picture's size");
    // The shapes under the stamps (background, planks, the players' lines) are the same for
    // most pictures of a board: drawn once, then copied.
    match kept_layer(&document.shapes, pixmap.data().len()) {
        Some(layer) => pixmap.data_mut().copy_from_slice(&layer),
        None => {
            let tree = Tree::from_str(&document.shapes, &options());
            debug_assert!(tree.is_ok(), "unreadable SVG: {:?}", tree.as_ref().err());
            match &tree {
                // The document paints its own opaque background first.
                Ok(tree) => resvg::render(tree, Transform::identity(), &mut pixmap.as_mut()),
                Err(_) => pixmap.fill(resvg::tiny_skia::Color::from_rgba8(0xf7, 0xf1, 0xe3, 0xff)),
            }
            keep_layer(&document.shapes, pixmap.data());
        }
    }
    for stamp in &document.stamps {
        let (sprite, x, y) = stamp_sprite(stamp);
        paste(&mut pixmap, &sprite, x, y);
    }
    if !document.over.is_empty() {
        let over = Tree::from_str(&document.over, &options());
        debug_assert!(over.is_ok(), "unreadable SVG: {:?}", over.as_ref().err());
        if let Ok(over) = over {
            resvg::render(&over, Transform::identity(), &mut pixmap.as_mut());
        }
    }
    for text in &document.texts {
        let sprite = text_sprite(text);
        paste(
            &mut pixmap,
            &sprite,
            text.x as i32 + sprite.left,
            text.y as i32 + sprite.top,
        );
    }
    // The background is opaque, so premultiplied RGBA is plain RGBA: drop the alpha.
    // Four pixels a step: fixed-size chunks let the compiler move them without bounds checks.
    // The buffer is the thread's last one when it was given back ([`recycle`]): no page faults.
    let data = pixmap.data();
    let mut rgb = RGB.take();
    rgb.resize(data.len() / 4 * 3, 0);
    let (whole, rest) = (rgb.len() / 12 * 12, data.len() / 16 * 16);
    for (to, from) in rgb[..whole]
        .chunks_exact_mut(12)
        .zip(data[..rest].chunks_exact(16))
    {
        let to: &mut [u8; 12] = to.try_into().expect("12 bytes");
        let from: &[u8; 16] = from.try_into().expect("16 bytes");
        for pixel in 0..4 {
            to[pixel * 3] = from[pixel * 4];
            to[pixel * 3 + 1] = from[pixel * 4 + 1];
            to[pixel * 3 + 2] = from[pixel * 4 + 2];
        }
    }
    for (to, from) in rgb[whole..].chunks_exact_mut(3).zip(data[rest..].chunks_exact(4)) {
        to.copy_from_slice(&from[..3]);
    }
    let (width, height) = (pixmap.width(), pixmap.height());
    // A buffer for a huge picture (a 255-cell fano board, large) is not kept by every thread.
    let pixels = pixmap.take();
    if pixels.len() <= PIXELS_KEPT_MAX {
        PIXELS.set(pixels);
    }
    Raster { width, height, rgb }
}

thread_local! {
    /// The RGB buffer of the thread's last picture, given back once it was encoded.
    static RGB: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Gives a raster's buffer back for the thread's next picture (unless it is a huge one).
pub(crate) fn recycle(raster: Raster) {
    if raster.rgb.len() <= PIXELS_KEPT_MAX {
        RGB.set(raster.rgb);
    }
}

/// A still PNG of a raster: unfiltered rows with deflate level 1 (on these flat-coloured
/// drawings unfiltered rows compress best, and level 1 is several times faster than the
/// default level for about a third more bytes); a picture over `budget` bytes is compressed
/// harder.
pub(crate) fn encode_png(raster: &Raster, budget: usize) -> Vec<u8> {
    let fast = encode_with(raster, 1);
    if fast.len() <= budget {
        fast
    } else {
        encode_with(raster, 9)
    }
}

fn encode_with(raster: &Raster, level: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(raster.rgb.len() / 16);
    {
        let mut encoder = png::Encoder::new(&mut out, raster.width, raster.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_deflate_compression(png::DeflateCompression::Level(level));
        encoder.set_filter(png::Filter::NoFilter);
        let mut writer = encoder.write_header().expect("writing to a Vec cannot fail");
        writer
            .write_image_data(&raster.rgb)
            .expect("the raster has the header's size");
    }
    out
}
