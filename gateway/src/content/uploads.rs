//! What an uploaded image must be (the routes are `content::http::uploads`):
//! the type is decided from the bytes alone (never the file name or the
//! declared type), and only PNG, JPEG, WebP and GIF are kept: an SVG can
//! carry script, so it is refused like any other file. At most
//! [`MAX_IMAGE_BYTES`], streamed to disk and read back a few at a time.

use axum::Json;
use axum::extract::multipart::{Field, MultipartError};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use imagesize::ImageType;
use tokio::sync::{Semaphore, SemaphorePermit};

use crate::platform::error::ApiError;
use crate::platform::spool::{SpoolError, spool};

/// The largest image kept: 5 MiB.
pub const MAX_IMAGE_BYTES: usize = contract::limits::IMAGE_UPLOAD_MIB * 1024 * 1024;

/// Why an upload was refused; each is answered `{ "message" }`.
#[derive(Debug, thiserror::Error)]
pub(crate) enum UploadError {
    #[error("Choose an image file to upload")]
    NoFile,
    #[error("The file is empty")]
    Empty,
    #[error("Only PNG, JPEG, WebP or GIF images can be uploaded")]
    NotAnImage,
    #[error("Images must be at most 5 MiB")]
    TooLarge,
    #[error("The image could not be read")]
    Unreadable,
    #[error("Images may have at most 40 megapixels (such as 8000 × 5000) and 12000 pixels a side")]
    TooManyPixels,
    #[error(transparent)]
    Api(#[from] ApiError),
}

impl IntoResponse for UploadError {
    fn into_response(self) -> Response {
        match self {
            UploadError::Api(error) => error.into_response(),
            UploadError::TooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                Json(serde_json::json!({ "message": self.to_string() })),
            )
                .into_response(),
            refused => ApiError::BadRequest(refused.to_string().into()).into_response(),
        }
    }
}

impl From<MultipartError> for UploadError {
    fn from(error: MultipartError) -> Self {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            UploadError::TooLarge
        } else {
            // A body that is not well-formed multipart holds no file we can use.
            UploadError::NoFile
        }
    }
}

/// What the bytes say an image is.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Image {
    pub(crate) content_type: &'static str,
    pub(crate) width: i32,
    pub(crate) height: i32,
}

/// Decides the type from the bytes and reads the dimensions from the header.
pub(crate) fn inspect(data: &[u8]) -> Result<Image, UploadError> {
    if data.is_empty() {
        return Err(UploadError::Empty);
    }
    if data.len() > MAX_IMAGE_BYTES {
        return Err(UploadError::TooLarge);
    }
    let kind = imagesize::image_type(data).map_err(|_| UploadError::NotAnImage)?;
    let content_type = match kind {
        ImageType::Png => "image/png",
        ImageType::Jpeg => "image/jpeg",
        ImageType::Webp => "image/webp",
        ImageType::Gif => "image/gif",
        _ => return Err(UploadError::NotAnImage),
    };
    let size = imagesize::blob_size(data).map_err(|_| UploadError::Unreadable)?;
    let pixels = |n: usize| i32::try_from(n).ok().filter(|n| *n > 0);
    let (Some(width), Some(height)) = (pixels(size.width), pixels(size.height)) else {
        return Err(UploadError::Unreadable);
    };
    // Served as stored, so every visitor's browser decodes it: a small file
    // declaring a huge image is a decompression bomb for them.
    if !crate::platform::files::pixels_within_budget(width.unsigned_abs(), height.unsigned_abs()) {
        return Err(UploadError::TooManyPixels);
    }
    Ok(Image {
        content_type,
        width,
        height,
    })
}

/// Uploads read back into memory at once in each gateway: the rest wait
/// on disk (see [`spool`]).
static IN_MEMORY: Semaphore = Semaphore::const_new(2);

/// The part, streamed to a temporary file and refused as soon as it passes
/// the limit, then read back within [`IN_MEMORY`].
pub(crate) async fn read_file(
    field: &mut Field<'_>,
) -> Result<(Vec<u8>, SemaphorePermit<'static>), UploadError> {
    let spooled = spool(field, MAX_IMAGE_BYTES)
        .await
        .map_err(|error| match error {
            SpoolError::TooLarge => UploadError::TooLarge,
            SpoolError::Multipart(error) => UploadError::from(error),
            SpoolError::Io(error) => UploadError::Api(ApiError::Internal(error.into())),
        })?;
    let permit = IN_MEMORY
        .acquire()
        .await
        .map_err(|error| ApiError::Internal(error.into()))?;
    let data = spooled
        .read_all()
        .await
        .map_err(|error| ApiError::Internal(error.into()))?;
    Ok((data, permit))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG signature and IHDR chunk for `width` × `height`.
    fn png_header(width: u32, height: u32) -> Vec<u8> {
        let mut data = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        data.extend_from_slice(&width.to_be_bytes());
        data.extend_from_slice(&height.to_be_bytes());
        data.extend_from_slice(b"\x08\x02\0\0\0\0\0\0\0");
        data
    }

    #[test]
    fn the_type_comes_from_the_bytes() {
        assert_eq!(
            inspect(&png_header(3, 2)).expect("png"),
            Image {
                content_type: "image/png",
                width: 3,
                height: 2
            }
        );
        // A lossless 1×1 WebP.
        let webp =
            b"RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0\x2f\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0";
        assert_eq!(
            inspect(webp).expect("webp"),
            Image {
                content_type: "image/webp",
                width: 1,
                height: 1
            }
        );
        let gif = b"GIF89a\x05\0\x07\0\x80\0\0\0\0\0\xff\xff\xff;";
        assert_eq!(inspect(gif).expect("gif").width, 5);
        assert_eq!(inspect(gif).expect("gif").content_type, "image/gif");
        for refused in [
            &b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>"[..],
            b"<?xml version=\"1.0\"?><svg/>",
            b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj",
            b"just some text, long enough",
            b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0\x28\0",
            b"\x89PN",
        ] {
            assert!(
                matches!(inspect(refused), Err(UploadError::NotAnImage)),
                "{refused:?}"
            );
        }
        assert!(matches!(inspect(b""), Err(UploadError::Empty)));
    }

    #[test]
    fn a_header_without_dimensions_is_unreadable() {
        let png = png_header(3, 2);
        assert!(matches!(inspect(&png[..14]), Err(UploadError::Unreadable)));
        assert!(matches!(
            inspect(&png_header(0, 2)),
            Err(UploadError::Unreadable)
        ));
        // A JPEG whose first segment is not followed by a marker.
        let jpeg = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\x12\x34";
        assert!(matches!(inspect(jpeg), Err(UploadError::Unreadable)));
    }

    #[test]
    fn an_image_declaring_too_many_pixels_is_refused() {
        // The attack's 12000 × 5500 (66 megapixels) in a few bytes.
        assert!(matches!(
            inspect(&png_header(12_000, 5_500)),
            Err(UploadError::TooManyPixels)
        ));
        assert!(matches!(
            inspect(&png_header(12_001, 10)),
            Err(UploadError::TooManyPixels)
        ));
        assert!(inspect(&png_header(8_000, 5_000)).is_ok());
    }

    #[test]
    fn the_size_limit_is_exact() {
        let mut data = png_header(1, 1);
        data.resize(MAX_IMAGE_BYTES, 0);
        assert!(inspect(&data).is_ok());
        data.push(0);
        assert!(matches!(inspect(&data), Err(UploadError::TooLarge)));
    }
}
