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
    {
        let mut encoder = png::Encoder::new(&mut out, first.width, first.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_deflate_compression(png::DeflateCompression::Level(1));
        encoder.set_filter(png::Filter::NoFilter);
        encoder
            .set_animated(frames.len() as u32, 0)
            .expect("at least one frame");
        let mut writer = encoder.write_header().expect("writing to a Vec cannot fail");
        for (index, frame) in frames.iter().enumerate() {
            let delay = delays_ms.get(index).copied().unwrap_or(500);
            writer.set_frame_delay(delay, 1000).expect("animated");
            let region = if index == 0 {
                None
            } else {
                // An unchanged frame still needs a region: one pixel, redrawn as it was.
                Some(changed(&frames[index - 1], frame).unwrap_or((0, 0, 1, 1)))
            };
            writer.reset_frame_position().expect("animated");
            match region {
                None => {
                    writer.reset_frame_dimension().expect("animated");
                    writer.write_image_data(&frame.rgb).expect("a whole frame");
                }
                Some(region) => {
                    let (x, y, w, h) = region;
                    writer.set_frame_dimension(w, h).expect("inside the picture");
                    writer.set_frame_position(x, y).expect("inside the picture");
                    writer.set_blend_op(png::BlendOp::Source).expect("animated");
                    writer.set_dispose_op(png::DisposeOp::None).expect("animated");
                    writer
                        .write_image_data(&crop(frame, region))
                        .expect("the region's size");
                }
            }
        }
        writer.finish().expect("every frame was written");
    }
    out
}
