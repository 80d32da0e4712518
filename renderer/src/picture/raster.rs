//! From SVG text to pixels and PNG bytes: resvg with the bundled DejaVu fonts only (parsed
//! once, shared by every picture), never the system's fonts or the network.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{fontdb, Options, Tree};

use super::svg::FONT_FAMILY;

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

/// Draws an SVG written by this crate. Our documents always parse: a failure is a bug, and
/// it gives a blank picture of the background colour rather than a panic in a chat bot.
pub(crate) fn rasterise(svg: &str) -> Raster {
    let options = Options {
        font_family: FONT_FAMILY.to_owned(),
        fontdb: fonts(),
        ..Options::default()
    };
    let tree = Tree::from_str(svg, &options);
    debug_assert!(tree.is_ok(), "unreadable SVG: {:?}", tree.as_ref().err());
    let (width, height) = match &tree {
        Ok(tree) => (
            tree.size().width().ceil() as u32,
            tree.size().height().ceil() as u32,
        ),
        Err(_) => (1, 1),
    };
    let mut pixmap = Pixmap::new(width.max(1), height.max(1)).expect("non-zero size");
    pixmap.fill(resvg::tiny_skia::Color::from_rgba8(0xf7, 0xf1, 0xe3, 0xff));
    if let Ok(tree) = &tree {
        resvg::render(tree, Transform::identity(), &mut pixmap.as_mut());
    }
    // The background is opaque, so premultiplied RGBA is plain RGBA: drop the alpha.
    let rgb = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|pixel| [pixel[0], pixel[1], pixel[2]])
        .collect();
    Raster {
        width: pixmap.width(),
        height: pixmap.height(),
        rgb,
    }
}

/// A still PNG of a raster. Unfiltered rows with the balanced compression: on these flat-coloured
/// drawings that is a quarter of the size of the fastest setting (filters only help photos), for
/// about the same time.
pub(crate) fn encode_png(raster: &Raster) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, raster.width, raster.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Balanced);
        encoder.set_filter(png::Filter::NoFilter);
        let mut writer = encoder.write_header().expect("writing to a Vec cannot fail");
        writer
            .write_image_data(&raster.rgb)
            .expect("the raster has the header's size");
    }
    out
}
