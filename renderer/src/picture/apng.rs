//! Animated PNG: the first frame whole, each later frame only as the rectangle that changed
//! since the frame before (blended over it), which keeps a replay of many frames small.

use super::raster::Raster;

/// The smallest rectangle (x, y, width, height) holding every pixel that differs between two
/// rasters of the same size, or `None` when they are the same.
fn changed(before: &Raster, after: &Raster) -> Option<(u32, u32, u32, u32)> {
    let row = before.width as usize * 3;
    let (mut top, mut bottom, mut left, mut right) = (None, 0, usize::MAX, 0);
    for (y, (a, b)) in before
        .rgb
        .chunks_exact(row)
        .zip(after.rgb.chunks_exact(row))
        .enumerate()
    {
        if a == b {
            continue;
        }
        top.get_or_insert(y);
        bottom = y;
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0) / 3;
        let last = row
            - 1
            - a.iter()
                .rev()
                .zip(b.iter().rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        left = left.min(first);
        right = right.max(last / 3);
    }
    let top = top?;
    Some((
        left as u32,
        top as u32,
        (right - left + 1) as u32,
        (bottom - top + 1) as u32,
    ))
}

/// The rows `y..y + h`, columns `x..x + w` of a raster.
fn crop(raster: &Raster, (x, y, w, h): (u32, u32, u32, u32)) -> Vec<u8> {
    let row = raster.width as usize * 3;
    let mut out = Vec::with_capacity(w as usize * h as usize * 3);
    for line in raster.rgb.chunks_exact(row).skip(y as usize).take(h as usize) {
        out.extend_from_slice(&line[x as usize * 3..(x + w) as usize * 3]);
    }
    out
}

/// Encodes `frames` (all of the same size), each shown for its delay in milliseconds, as an
/// APNG that loops forever.
pub(crate) fn encode(frames: &[Raster], delays_ms: &[u16]) -> Vec<u8> {
    let first = &frames[0];
    let mut out = Vec::new();
    let mut stream = ApngStream::new(&mut out, first.width, first.height, frames.len() as u32, 1, false);
    for (index, frame) in frames.iter().enumerate() {
        stream.push(frame, delays_ms.get(index).copied().unwrap_or(500));
    }
    stream.finish();
    out
}

/// An APNG written one frame at a time, keeping only the frame before (a whole game's
/// frames would not all fit in memory at once).
pub(crate) struct ApngStream<'a> {
    writer: png::Writer<&'a mut Vec<u8>>,
    before: Option<Raster>,
    /// Pixels as RGBA, each later frame's unchanged pixels transparent (blended over the
    /// frame before): runs of zeros, which deflate packs far better than the pixels they
    /// leave as they were. Worth it where many frames each change a wide region.
    see_through: bool,
}

impl<'a> ApngStream<'a> {
    /// A looping APNG of `frames` frames of `width` × `height`, deflated at `level` (1 is
    /// fast, 9 smallest), RGBA with unchanged pixels transparent when `see_through`.
    pub(crate) fn new(
        out: &'a mut Vec<u8>,
        width: u32,
        height: u32,
        frames: u32,
        level: u8,
        see_through: bool,
    ) -> Self {
        let mut encoder = png::Encoder::new(out, width, height);
        encoder.set_color(if see_through {
            png::ColorType::Rgba
        } else {
            png::ColorType::Rgb
        });
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_deflate_compression(png::DeflateCompression::Level(level));
        encoder.set_filter(png::Filter::NoFilter);
        encoder.set_animated(frames, 0).expect("at least one frame");
        ApngStream {
            writer: encoder.write_header().expect("writing to a Vec cannot fail"),
            before: None,
            see_through,
        }
    }

    /// The next frame, of the picture's size, shown for `delay_ms` milliseconds.
    pub(crate) fn push(&mut self, frame: &Raster, delay_ms: u16) {
        let writer = &mut self.writer;
        writer.set_frame_delay(delay_ms, 1000).expect("animated");
        writer.reset_frame_position().expect("animated");
        match &self.before {
            None if self.see_through => {
                writer.reset_frame_dimension().expect("animated");
                let rgba: Vec<u8> = frame
                    .rgb
                    .chunks_exact(3)
                    .flat_map(|p| [p[0], p[1], p[2], 0xff])
                    .collect();
                writer.write_image_data(&rgba).expect("a whole frame");
            }
            None => {
                writer.reset_frame_dimension().expect("animated");
                writer.write_image_data(&frame.rgb).expect("a whole frame");
            }
            Some(before) => {
                // An unchanged frame still needs a region: one pixel, redrawn as it was.
                let region = changed(before, frame).unwrap_or((0, 0, 1, 1));
                let (x, y, w, h) = region;
                writer.set_frame_dimension(w, h).expect("inside the picture");
                writer.set_frame_position(x, y).expect("inside the picture");
                writer.set_dispose_op(png::DisposeOp::None).expect("animated");
                if self.see_through {
                    writer.set_blend_op(png::BlendOp::Over).expect("animated");
                    let (now, was) = (crop(frame, region), crop(before, region));
                    let rgba: Vec<u8> = now
                        .chunks_exact(3)
                        .zip(was.chunks_exact(3))
                        .flat_map(|(p, q)| if p == q { [0; 4] } else { [p[0], p[1], p[2], 0xff] })
                        .collect();
                    writer.write_image_data(&rgba).expect("the region's size");
                } else {
                    writer.set_blend_op(png::BlendOp::Source).expect("animated");
                    writer
                        .write_image_data(&crop(frame, region))
                        .expect("the region's size");
                }
            }
        }
        let kept = self.before.get_or_insert_with(|| Raster {
            width: frame.width,
            height: frame.height,
            rgb: Vec::new(),
        });
        kept.rgb.clone_from(&frame.rgb);
    }

    /// Ends the file: every frame announced must have been pushed.
    pub(crate) fn finish(self) {
        self.writer.finish().expect("every frame was written");
    }
}
