//! From SVG text to pixels and PNG bytes: resvg with the bundled DejaVu fonts only (parsed
//! once, shared by every picture), never the system's fonts or the network. Each distinct text
//! is shaped and drawn once, then reused.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{IntSize, Pixmap, PixmapPaint, Transform};
use resvg::usvg::{fontdb, Options, Tree};

use super::svg::{Anchor, Document, Text, FONT_FAMILY};

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

/// A text drawn once: its pixels, and where its top-left pixel lies from the text's anchor
/// point on the baseline.
struct Sprite {
    pixmap: Option<Pixmap>,
    left: i32,
    top: i32,
}

/// Pixel bytes of the texts kept drawn; past that the store starts again (names and status
/// lines are unbounded, counts and coordinates are few and come back at once). Output does not
/// depend on it: a text drawn again is the same.
const SPRITES_MAX_BYTES: usize = 16 << 20;

/// The texts drawn, and the bytes of their pixels.
#[derive(Default)]
struct Sprites {
    drawn: HashMap<SpriteKey, Arc<Sprite>>,
    bytes: usize,
}

type SpriteKey = (String, u32, Anchor, bool, &'static str);

fn sprite(text: &Text) -> Arc<Sprite> {
    static SPRITES: OnceLock<Mutex<Sprites>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(Default::default);
    let key = (
        text.text.clone(),
        text.size.to_bits(),
        text.anchor,
        text.bold,
        text.fill,
    );
    if let Some(found) = sprites.lock().unwrap_or_else(|p| p.into_inner()).drawn.get(&key) {
        return found.clone();
    }
    let alone = Text {
        x: 0.0,
        y: 0.0,
        ..text.clone()
    };
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" font-family="{FONT_FAMILY}">{}</svg>"#,
        alone.element()
    );
    let drawn = Tree::from_str(&svg, &options()).ok().and_then(|tree| {
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
    });
    let sprite = Arc::new(drawn.unwrap_or(Sprite {
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

/// Draws a document written by this crate: its shapes, then its texts over them. Our
/// documents always parse: a failure is a bug, and it gives a blank picture of the background
/// colour rather than a panic in a chat bot.
pub(crate) fn rasterise(document: &Document) -> Raster {
    let tree = Tree::from_str(&document.shapes, &options());
    debug_assert!(tree.is_ok(), "unreadable SVG: {:?}", tree.as_ref().err());
    // The pixel buffer is reused from the thread's last picture: no allocation, no page
    // faults, no clearing (the document's background covers every pixel).
    thread_local! {
        static PIXELS: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }
    let size = IntSize::from_wh(document.width.max(1), document.height.max(1)).expect("non-zero size");
    let mut pixels = PIXELS.take();
    pixels.resize(size.width() as usize * size.height() as usize * 4, 0);
    let mut pixmap = Pixmap::from_vec(pixels, size).expect("the buffer has the picture's size");
    // The document paints its own opaque background first.
    match &tree {
        Ok(tree) => resvg::render(tree, Transform::identity(), &mut pixmap.as_mut()),
        Err(_) => pixmap.fill(resvg::tiny_skia::Color::from_rgba8(0xf7, 0xf1, 0xe3, 0xff)),
    }
    for text in &document.texts {
        let sprite = sprite(text);
        if let Some(drawn) = &sprite.pixmap {
            pixmap.draw_pixmap(
                text.x as i32 + sprite.left,
                text.y as i32 + sprite.top,
                drawn.as_ref(),
                &PixmapPaint::default(),
                Transform::identity(),
                None,
            );
        }
    }
    // The background is opaque, so premultiplied RGBA is plain RGBA: drop the alpha.
    let mut rgb = vec![0; pixmap.data().len() / 4 * 3];
    for (to, from) in rgb.chunks_exact_mut(3).zip(pixmap.data().chunks_exact(4)) {
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
