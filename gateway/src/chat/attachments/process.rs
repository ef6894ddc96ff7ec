//! What an uploaded file is and what is kept of it, decided from its bytes
//! alone (never its name or declared type). Images (PNG, JPEG, WebP, GIF)
//! are decoded and encoded again in their own format, which keeps only the
//! pixels: EXIF (GPS, camera), comments and anything appended after the
//! image are gone. JPEG's EXIF orientation is applied first, so a phone
//! photo stays upright. Each image gets a thumbnail for the chat log.
//! An image is judged by what it decodes to: the size its header declares
//! is checked before any decoding, and what is encoded again must fit the
//! same byte budget as an upload. PDFs must parse and carry no active
//! content ([`super::pdf`]), and are kept as sent (they are only ever
//! downloaded). CPU-heavy: callers run [`process`] on a blocking thread.

use crate::platform::files::{MAX_SIDE, pixels_within_budget};
use std::io::{self, Cursor, Write};

use super::refusal::Refusal;
use contract::chat::AttachmentKind;
use image::codecs::gif::{GifDecoder, GifEncoder, Repeat};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::{
    AnimationDecoder as _, DynamicImage, ImageDecoder as _, ImageFormat, ImageReader, Limits,
};
use imagesize::ImageType;

/// The longest side of a thumbnail, in pixels.
pub const THUMBNAIL_SIDE: u32 = 320;

/// Images declaring more pixels than this are decoded in the heavy lane
/// (see `attachments::Lane`), one at a time, so that they never hold up
/// an ordinary photo or screenshot.
pub const HEAVY_PIXELS: u64 = 8_000_000;

/// The most memory one decode may take: a small file that claims to be a
/// huge image (a decompression bomb) is refused before it is unpacked.
const MAX_DECODE_BYTES: u64 = 192 * 1024 * 1024;

/// The most frames of an animated GIF kept, and their pixels together.
const MAX_GIF_FRAMES: usize = 300;
const MAX_GIF_PIXELS: u64 = 40_000_000;

/// JPEG quality of re-encoded photos and of thumbnails.
const JPEG_QUALITY: u8 = 88;
const THUMBNAIL_QUALITY: u8 = 80;

/// What is stored of an accepted file.
#[derive(Debug)]
pub struct Processed {
    pub kind: AttachmentKind,
    pub content_type: &'static str,
    pub data: Vec<u8>,
    pub width: Option<i32>,
    pub height: Option<i32>,
    /// Images only: the thumbnail and its type.
    pub thumbnail: Option<(Vec<u8>, &'static str)>,
}

/// What the header of an image says, read without decoding it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declared {
    pub format: ImageFormat,
    pub content_type: &'static str,
    pub width: u32,
    pub height: u32,
}

impl Declared {
    pub fn pixels(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }
}

/// The type and size `data`'s header declares (`Ok(None)`: a PDF), refused
/// when it is not a supported type or declares more than [`MAX_PIXELS`](crate::platform::files::MAX_PIXELS) or
/// [`MAX_SIDE`](crate::platform::files::MAX_SIDE). Cheap: reads only the header.
pub fn declared(data: &[u8]) -> Result<Option<Declared>, Refusal> {
    if data.is_empty() {
        return Err(Refusal::Empty);
    }
    if data.starts_with(b"%PDF-") {
        return Ok(None);
    }
    let (format, content_type) = match imagesize::image_type(data) {
        Ok(ImageType::Png) => (ImageFormat::Png, "image/png"),
        Ok(ImageType::Jpeg) => (ImageFormat::Jpeg, "image/jpeg"),
        Ok(ImageType::Webp) => (ImageFormat::WebP, "image/webp"),
        Ok(ImageType::Gif) => (ImageFormat::Gif, "image/gif"),
        _ => return Err(Refusal::Unsupported),
    };
    let size = imagesize::blob_size(data).map_err(|_| Refusal::UnreadableImage)?;
    let side = |n: usize| u32::try_from(n).ok().filter(|n| *n > 0);
    let (Some(width), Some(height)) = (side(size.width), side(size.height)) else {
        return Err(Refusal::UnreadableImage);
    };
    let declared = Declared {
        format,
        content_type,
        width,
        height,
    };
    if !pixels_within_budget(width, height) {
        return Err(Refusal::TooManyPixels);
    }
    Ok(Some(declared))
}

/// A `Vec` that refuses to grow past a budget, so that an encoder stops as
/// soon as its output is too large rather than finishing it first.
struct Budgeted {
    out: Vec<u8>,
    budget: usize,
    exceeded: bool,
}

impl Budgeted {
    fn new(budget: usize) -> Self {
        Budgeted {
            out: Vec::new(),
            budget,
            exceeded: false,
        }
    }

    /// The bytes, or why there are none: over the budget, or `error`.
    fn finish<E>(self, written: Result<(), E>) -> Result<Vec<u8>, Refusal> {
        match (self.exceeded, written) {
            (true, _) => Err(Refusal::TooLargeOnceProcessed),
            (false, Ok(())) => Ok(self.out),
            (false, Err(_)) => Err(Refusal::UnreadableImage),
        }
    }
}

impl Write for Budgeted {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.out.len() + buf.len() > self.budget {
            self.exceeded = true;
            return Err(io::Error::other("over the byte budget"));
        }
        self.out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Decides what `data` is and what to keep of it; what is kept must be at
/// most `budget` bytes.
pub fn process(data: Vec<u8>, budget: usize) -> Result<Processed, Refusal> {
    let Some(Declared {
        format,
        content_type,
        ..
    }) = declared(&data)?
    else {
        return pdf(data);
    };
    let (data, first) = if format == ImageFormat::Gif {
        gif(&data, budget)?
    } else {
        let image = decode(&data, format)?;
        (encode(&image, format, budget)?, image)
    };
    let thumbnail = thumbnail(&first)?;
    let side = |n: u32| i32::try_from(n).ok();
    Ok(Processed {
        kind: AttachmentKind::Image,
        content_type,
        data,
        width: side(first.width()),
        height: side(first.height()),
        thumbnail: Some(thumbnail),
    })
}

fn pdf(data: Vec<u8>) -> Result<Processed, Refusal> {
    super::pdf::check(&data)?;
    Ok(Processed {
        kind: AttachmentKind::Pdf,
        content_type: "application/pdf",
        data,
        width: None,
        height: None,
        thumbnail: None,
    })
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    limits
}

/// Whether a decoding error means "too big" rather than "broken".
fn refusal(error: &image::ImageError) -> Refusal {
    match error {
        image::ImageError::Limits(_) => Refusal::TooManyPixels,
        _ => Refusal::UnreadableImage,
    }
}

/// Decodes one still image within [`limits`], turned upright.
fn decode(data: &[u8], format: ImageFormat) -> Result<DynamicImage, Refusal> {
    let mut reader = ImageReader::with_format(Cursor::new(data), format);
    reader.limits(limits());
    let mut decoder = reader.into_decoder().map_err(|e| refusal(&e))?;
    // `from_decoder` allocates the whole image without asking the limits.
    if decoder.total_bytes() > MAX_DECODE_BYTES {
        return Err(Refusal::TooManyPixels);
    }
    let orientation = decoder.orientation().map_err(|e| refusal(&e))?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(|e| refusal(&e))?;
    image.apply_orientation(orientation);
    Ok(image)
}

/// The image in `format` again, from its pixels only.
fn encode(image: &DynamicImage, format: ImageFormat, budget: usize) -> Result<Vec<u8>, Refusal> {
    let mut out = Budgeted::new(budget);
    let written = match format {
        ImageFormat::Jpeg => {
            // JPEG has no alpha; a greyscale photo stays greyscale.
            let image = match image {
                DynamicImage::ImageLuma8(_) | DynamicImage::ImageRgb8(_) => image.clone(),
                other => DynamicImage::ImageRgb8(other.to_rgb8()),
            };
            image.write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))
        }
        ImageFormat::WebP => {
            // image's WebP encoder is lossless and takes 8-bit RGB(A).
            let image = if image.color().has_alpha() {
                DynamicImage::ImageRgba8(image.to_rgba8())
            } else {
                DynamicImage::ImageRgb8(image.to_rgb8())
            };
            image.write_with_encoder(WebPEncoder::new_lossless(&mut out))
        }
        _ => image.write_with_encoder(PngEncoder::new(&mut out)),
    };
    out.finish(written)
}

/// A GIF again, every frame (within [`MAX_GIF_FRAMES`] and
/// [`MAX_GIF_PIXELS`]) with its delay; also its first frame.
fn gif(data: &[u8], budget: usize) -> Result<(Vec<u8>, DynamicImage), Refusal> {
    let mut decoder = GifDecoder::new(Cursor::new(data)).map_err(|e| refusal(&e))?;
    decoder.set_limits(limits()).map_err(|e| refusal(&e))?;
    let (width, height) = decoder.dimensions();
    let per_frame = u64::from(width) * u64::from(height);
    if per_frame > MAX_GIF_PIXELS {
        return Err(Refusal::TooManyPixels);
    }
    let mut frames = Vec::new();
    for frame in decoder.into_frames() {
        let frame = frame.map_err(|e| refusal(&e))?;
        if frames.len() == MAX_GIF_FRAMES || per_frame * (frames.len() as u64 + 1) > MAX_GIF_PIXELS
        {
            // The rest of a very long animation is dropped rather than refused.
            if frames.is_empty() {
                return Err(Refusal::TooManyPixels);
            }
            break;
        }
        frames.push(frame);
    }
    let first = frames
        .first()
        .map(|frame| DynamicImage::ImageRgba8(frame.buffer().clone()))
        .ok_or(Refusal::UnreadableImage)?;
    let mut out = Budgeted::new(budget);
    let written = {
        let mut encoder = GifEncoder::new_with_speed(&mut out, 10);
        encoder
            .set_repeat(Repeat::Infinite)
            .and_then(|()| encoder.encode_frames(frames))
    };
    Ok((out.finish(written)?, first))
}

/// At most [`THUMBNAIL_SIDE`] a side: a JPEG, or a PNG when the image has
/// transparency.
fn thumbnail(image: &DynamicImage) -> Result<(Vec<u8>, &'static str), Refusal> {
    let small = if image.width() > THUMBNAIL_SIDE || image.height() > THUMBNAIL_SIDE {
        image.thumbnail(THUMBNAIL_SIDE, THUMBNAIL_SIDE)
    } else {
        image.clone()
    };
    let mut out = Vec::new();
    if small.color().has_alpha() {
        small
            .write_with_encoder(PngEncoder::new(&mut out))
            .map_err(|_| Refusal::UnreadableImage)?;
        Ok((out, "image/png"))
    } else {
        DynamicImage::ImageRgb8(small.to_rgb8())
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, THUMBNAIL_QUALITY))
            .map_err(|_| Refusal::UnreadableImage)?;
        Ok((out, "image/jpeg"))
    }
}

#[cfg(test)]
mod tests {
    use image::{Rgb, RgbImage, Rgba, RgbaImage};

    use super::*;

    /// The default upload limit, 10 MiB.
    const BUDGET: usize = 10 * 1024 * 1024;

    fn process(data: Vec<u8>) -> Result<Processed, Refusal> {
        super::process(data, BUDGET)
    }

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = RgbImage::from_fn(width, height, |x, y| Rgb([x as u8, y as u8, 90]));
        let mut out = Vec::new();
        DynamicImage::ImageRgb8(image)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .expect("png");
        out
    }

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let image = RgbImage::from_fn(width, height, |x, _| Rgb([x as u8, 30, 200]));
        let mut out = Vec::new();
        DynamicImage::ImageRgb8(image)
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90))
            .expect("jpeg");
        out
    }

    /// `jpeg` with an EXIF APP1 segment (orientation 6 = rotate 90°, and a
    /// GPS tag) after its SOI marker.
    fn jpeg_with_exif(width: u32, height: u32) -> Vec<u8> {
        let plain = jpeg(width, height);
        let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
        // IFD0: two entries (Orientation, GPS IFD pointer), no next IFD.
        tiff.extend_from_slice(&[0, 2]);
        tiff.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]);
        tiff.extend_from_slice(&[0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38]);
        tiff.extend_from_slice(&[0, 0, 0, 0]);
        // GPS IFD at 38: GPSLatitudeRef = "S", no next IFD.
        tiff.extend_from_slice(&[0, 1, 0, 1, 0, 2, 0, 0, 0, 2, b'S', 0, 0, 0]);
        tiff.extend_from_slice(&[0, 0, 0, 0]);
        let mut app1 = b"Exif\0\0".to_vec();
        app1.extend_from_slice(&tiff);
        let length = u16::try_from(app1.len() + 2).expect("short");
        let mut out = plain[..2].to_vec();
        out.extend_from_slice(&[0xff, 0xe1]);
        out.extend_from_slice(&length.to_be_bytes());
        out.extend_from_slice(&app1);
        out.extend_from_slice(&plain[2..]);
        out
    }

    #[test]
    fn an_image_is_kept_without_what_follows_it() {
        let mut data = png(40, 20);
        let clean_len = data.len();
        data.extend_from_slice(b"<script>alert(1)</script>");
        let kept = process(data).expect("png");
        assert_eq!(kept.kind, AttachmentKind::Image);
        assert_eq!(kept.content_type, "image/png");
        assert_eq!((kept.width, kept.height), (Some(40), Some(20)));
        assert!(!kept.data.windows(8).any(|w| w == b"<script>"));
        assert!(kept.data.len() <= clean_len + 64, "{}", kept.data.len());
        let decoded = image::load_from_memory(&kept.data).expect("still a png");
        assert_eq!(decoded.width(), 40);
    }

    #[test]
    fn exif_is_dropped_and_its_orientation_applied() {
        let data = jpeg_with_exif(60, 20);
        assert!(data.windows(4).any(|w| w == b"Exif"));
        let kept = process(data).expect("jpeg");
        assert_eq!(kept.content_type, "image/jpeg");
        assert!(!kept.data.windows(4).any(|w| w == b"Exif"));
        // Rotated upright: 20 wide, 60 high.
        assert_eq!((kept.width, kept.height), (Some(20), Some(60)));
    }

    #[test]
    fn thumbnails_are_small_and_keep_transparency() {
        let kept = process(png(1000, 500)).expect("png");
        let (thumb, kind) = kept.thumbnail.expect("thumbnail");
        assert_eq!(kind, "image/jpeg");
        let thumb = image::load_from_memory(&thumb).expect("thumbnail decodes");
        assert_eq!((thumb.width(), thumb.height()), (320, 160));

        let clear = RgbaImage::from_pixel(10, 10, Rgba([0, 0, 0, 0]));
        let mut data = Vec::new();
        DynamicImage::ImageRgba8(clear)
            .write_to(&mut Cursor::new(&mut data), ImageFormat::WebP)
            .expect("webp");
        let kept = process(data).expect("webp");
        assert_eq!(kept.content_type, "image/webp");
        assert_eq!(kept.thumbnail.expect("thumbnail").1, "image/png");
    }

    #[test]
    fn an_animated_gif_keeps_its_frames() {
        let mut data = Vec::new();
        {
            let mut encoder = GifEncoder::new(&mut data);
            let frames = (0..3u8)
                .map(|i| image::Frame::new(RgbaImage::from_pixel(8, 6, Rgba([i * 80, 0, 0, 255]))));
            encoder.encode_frames(frames).expect("gif");
        }
        data.extend_from_slice(b"trailing");
        let kept = process(data).expect("gif");
        assert_eq!(kept.content_type, "image/gif");
        let decoder = GifDecoder::new(Cursor::new(&kept.data)).expect("gif");
        assert_eq!(decoder.into_frames().count(), 3);
        assert!(!kept.data.ends_with(b"trailing"));
    }

    #[test]
    fn the_type_comes_from_the_bytes_only() {
        for refused in [
            &b"<!doctype html><script>alert(1)</script>"[..],
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0\x28\0",
            b"PK\x03\x04zip",
        ] {
            assert_eq!(process(refused.to_vec()).err(), Some(Refusal::Unsupported));
        }
        assert_eq!(process(Vec::new()).err(), Some(Refusal::Empty));
        // A PNG header with nothing after it.
        let png = png(4, 4);
        assert_eq!(
            process(png[..40].to_vec()).err(),
            Some(Refusal::UnreadableImage)
        );
    }

    /// A PNG chunk with its length and CRC.
    fn chunk(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(body);
        let mut out = u32::try_from(body.len())
            .expect("short")
            .to_be_bytes()
            .to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(body);
        out.extend_from_slice(&crc.sum().to_be_bytes());
        out
    }

    #[test]
    fn a_decompression_bomb_is_refused_before_it_is_unpacked() {
        // A small file that says it is 11000 × 11000 RGBA (460 MiB unpacked).
        let mut ihdr = 11_000u32.to_be_bytes().to_vec();
        ihdr.extend_from_slice(&11_000u32.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
        let mut data = b"\x89PNG\r\n\x1a\n".to_vec();
        data.extend(chunk(b"IHDR", &ihdr));
        data.extend(chunk(b"IDAT", &[0x78, 0x9c, 0x03, 0, 0, 0, 0, 1]));
        data.extend(chunk(b"IEND", &[]));
        assert_eq!(process(data).err(), Some(Refusal::TooManyPixels));
        // Wider than any side we decode.
        let mut ihdr = 12_001u32.to_be_bytes().to_vec();
        ihdr.extend_from_slice(&1u32.to_be_bytes());
        ihdr.extend_from_slice(&[8, 0, 0, 0, 0]);
        let mut data = b"\x89PNG\r\n\x1a\n".to_vec();
        data.extend(chunk(b"IHDR", &ihdr));
        data.extend(chunk(b"IEND", &[]));
        assert_eq!(process(data).err(), Some(Refusal::TooManyPixels));
    }

    /// A JPEG header (SOI, SOF0) declaring `width` × `height`, and no data.
    fn jpeg_header(width: u16, height: u16) -> Vec<u8> {
        let mut data = vec![0xff, 0xd8, 0xff, 0xc0, 0, 17, 8];
        data.extend_from_slice(&height.to_be_bytes());
        data.extend_from_slice(&width.to_be_bytes());
        data.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
        data
    }

    #[test]
    fn a_declared_size_over_the_limit_is_refused_before_decoding() {
        for (width, height) in [(12_000, 5_500), (8_001, 5_000), (12_001, 10)] {
            let data = jpeg_header(width, height);
            assert_eq!(
                declared(&data),
                Err(Refusal::TooManyPixels),
                "{width}×{height}"
            );
            assert_eq!(process(data).err(), Some(Refusal::TooManyPixels));
        }
        let fits = declared(&jpeg_header(8_000, 5_000)).expect("fits");
        assert_eq!(fits.map(|d| d.pixels()), Some(40_000_000));
    }

    #[test]
    fn what_is_kept_must_fit_the_budget() {
        let data = png(300, 200);
        assert!(super::process(data.clone(), 1024 * 1024).is_ok());
        // Encoded again, the image is more than a kilobyte.
        assert_eq!(
            super::process(data, 1024).err(),
            Some(Refusal::TooLargeOnceProcessed)
        );
    }

    #[test]
    fn pdfs_need_their_header_and_end_marker() {
        let pdf = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".to_vec();
        let kept = process(pdf.clone()).expect("pdf");
        assert_eq!(kept.kind, AttachmentKind::Pdf);
        assert_eq!(kept.content_type, "application/pdf");
        assert_eq!(kept.data, pdf);
        assert!(kept.thumbnail.is_none());
        assert_eq!(
            process(b"%PDF-1.7\n1 0 obj\n".to_vec()).err(),
            Some(Refusal::BrokenPdf)
        );
    }
}
