//! Animated GIF, for the platforms that do not animate APNG (Discord shows only its first
//! frame). GIF has 256 colours: every frame is mapped to one fixed palette made from the
//! pictures' own colours and the blends their anti-aliased edges make, so the result is the
//! same on every run and costs no per-picture quantising. Each later frame is only the
//! rectangle that changed, its unchanged pixels transparent: long runs of one index, which LZW
//! packs to almost nothing.

use std::borrow::Cow;
use std::sync::OnceLock;

use super::raster::Raster;

/// The index left transparent in every frame but the first: "as the frame before".
const UNCHANGED: u8 = 255;

/// The drawn colours of `palette.rs` (and the DejaVu text's ink), as RGB.
const DRAWN: [u32; 16] = [
    0xf7f1e3, 0x1d1a16, 0x3f3428, 0xe2c48e, 0xc89e62, 0x6b4a22, 0xfbf3e0, 0x7a5428, 0x4a3b2c, 0xefdcb5,
    0xb98a55, 0xfdfcf8, 0x262220, 0x0060a0, 0xc05a00, 0xc94f00,
];
/// The colours edges are drawn over (surfaces), and those drawn on them (ink, rims, marks):
/// every pair's blends at a quarter, a half and three quarters are in the palette.
const SURFACES: [u32; 7] = [
    0xf7f1e3, 0xe2c48e, 0xc89e62, 0xfbf3e0, 0xefdcb5, 0xb98a55, 0xfdfcf8,
];
const INKS: [u32; 9] = [
    0x1d1a16, 0x3f3428, 0x6b4a22, 0x7a5428, 0x4a3b2c, 0x262220, 0x0060a0, 0xc05a00, 0xc94f00,
];

fn rgb(colour: u32) -> [u8; 3] {
    [(colour >> 16) as u8, (colour >> 8) as u8, colour as u8]
}

/// The 255 colours of every GIF (index 255 is transparent): the drawn colours, their blends,
/// then a grey ramp for whatever else (the highlight's tint over a square).
fn palette() -> &'static [[u8; 3]] {
    static PALETTE: OnceLock<Vec<[u8; 3]>> = OnceLock::new();
    PALETTE.get_or_init(|| {
        let mut colours: Vec<[u8; 3]> = DRAWN.iter().map(|c| rgb(*c)).collect();
        for surface in SURFACES {
            for ink in INKS {
                let (s, i) = (rgb(surface), rgb(ink));
                for quarter in 1..4u16 {
                    let blend =
                        |k: usize| ((u16::from(s[k]) * (4 - quarter) + u16::from(i[k]) * quarter) / 4) as u8;
                    let colour = [blend(0), blend(1), blend(2)];
                    if !colours.contains(&colour) {
                        colours.push(colour);
                    }
                }
            }
        }
        let greys = usize::from(UNCHANGED) - colours.len();
        for step in 0..greys {
            let level = (step * 255 / greys.saturating_sub(1).max(1)) as u8;
            colours.push([level; 3]);
        }
        colours.truncate(usize::from(UNCHANGED));
        colours
    })
}

/// The nearest palette index of every colour at 5 bits a channel, worked out once.
fn nearest() -> &'static [u8] {
    static NEAREST: OnceLock<Vec<u8>> = OnceLock::new();
    NEAREST.get_or_init(|| {
        let palette = palette();
        (0..1u32 << 15)
            .map(|key| {
                let centre = |shift: u32| (((key >> shift) & 31) << 3 | 4) as i32;
                let (r, g, b) = (centre(10), centre(5), centre(0));
                let distance = |c: &[u8; 3]| {
                    let (dr, dg, db) = (i32::from(c[0]) - r, i32::from(c[1]) - g, i32::from(c[2]) - b);
                    // Green weighs most and blue least in what the eye tells apart.
                    3 * dr * dr + 4 * dg * dg + 2 * db * db
                };
                (0..palette.len())
                    .min_by_key(|&index| distance(&palette[index]))
                    .expect("a palette") as u8
            })
            .collect()
    })
}

/// A raster as palette indices.
fn indexed(raster: &Raster) -> Vec<u8> {
    let nearest = nearest();
    raster
        .rgb
        .chunks_exact(3)
        .map(|p| {
            let key = (usize::from(p[0]) >> 3) << 10 | (usize::from(p[1]) >> 3) << 5 | usize::from(p[2]) >> 3;
            nearest[key]
        })
        .collect()
}

/// The smallest rectangle (x, y, width, height) where two index buffers of `width` columns
/// differ, or `None`.
fn changed(before: &[u8], after: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut top, mut bottom, mut left, mut right) = (None, 0, usize::MAX, 0);
    for (y, (a, b)) in before
        .chunks_exact(width)
        .zip(after.chunks_exact(width))
        .enumerate()
    {
        if a == b {
            continue;
        }
        top.get_or_insert(y);
        bottom = y;
        left = left.min(a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0));
        right = right.max(
            width
                - 1
                - a.iter()
                    .rev()
                    .zip(b.iter().rev())
                    .position(|(p, q)| p != q)
                    .unwrap_or(0),
        );
    }
    let top = top?;
    Some((left, top, right - left + 1, bottom - top + 1))
}

/// A looping GIF written one frame at a time, keeping only the frame before as indices.
pub(crate) struct GifStream {
    encoder: gif::Encoder<Vec<u8>>,
    width: usize,
    shown: Option<Vec<u8>>,
}

impl GifStream {
    /// A GIF of `width` × `height` (at most 65,535 pixels a side).
    pub(crate) fn new(width: u32, height: u32) -> GifStream {
        let flat: Vec<u8> = palette()
            .iter()
            .flatten()
            .copied()
            .chain([0xff, 0x00, 0xff])
            .collect();
        let mut encoder = gif::Encoder::new(Vec::new(), width as u16, height as u16, &flat)
            .expect("writing to a Vec cannot fail");
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .expect("writing to a Vec cannot fail");
        GifStream {
            encoder,
            width: width as usize,
            shown: None,
        }
    }

    /// The next frame, of the picture's size, shown for `delay_ms` milliseconds.
    pub(crate) fn push(&mut self, raster: &Raster, delay_ms: u16) {
        let width = self.width;
        let pixels = indexed(raster);
        let mut frame = gif::Frame {
            // GIF counts hundredths of a second.
            delay: delay_ms.div_ceil(10),
            dispose: gif::DisposalMethod::Keep,
            ..gif::Frame::default()
        };
        match &self.shown {
            None => {
                frame.width = width as u16;
                frame.height = (pixels.len() / width) as u16;
                frame.buffer = Cow::Borrowed(&pixels);
            }
            Some(before) => {
                // An unchanged frame still needs a region: one pixel, transparent.
                let (x, y, w, h) = changed(before, &pixels, width).unwrap_or((0, 0, 1, 1));
                let mut region = Vec::with_capacity(w * h);
                for row in y..y + h {
                    let at = row * width + x;
                    region.extend(
                        pixels[at..at + w]
                            .iter()
                            .zip(&before[at..at + w])
                            .map(|(now, was)| if now == was { UNCHANGED } else { *now }),
                    );
                }
                frame.left = x as u16;
                frame.top = y as u16;
                frame.width = w as u16;
                frame.height = h as u16;
                frame.transparent = Some(UNCHANGED);
                frame.buffer = Cow::Owned(region);
            }
        }
        self.encoder
            .write_frame(&frame)
            .expect("writing to a Vec cannot fail");
        self.shown = Some(pixels);
    }

    /// The GIF's bytes.
    pub(crate) fn finish(self) -> Vec<u8> {
        self.encoder.into_inner().expect("writing to a Vec cannot fail")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_holds_every_drawn_colour_exactly() {
        let palette = palette();
        assert_eq!(palette.len(), usize::from(UNCHANGED));
        for colour in DRAWN {
            let index = indexed(&Raster {
                width: 1,
                height: 1,
                rgb: rgb(colour).to_vec(),
            })[0];
            let found = palette[usize::from(index)];
            let off = found
                .iter()
                .zip(rgb(colour))
                .map(|(a, b)| a.abs_diff(b))
                .max()
                .unwrap();
            assert!(off <= 6, "{colour:06x} drawn as {found:?}");
        }
    }
}
