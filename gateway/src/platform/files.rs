//! Rules for the files people send (an admin's image upload, a chat
//! attachment): the name kept of a client's file, and the largest image
//! decoded here or in a visitor's browser.

use crate::platform::input;

/// The longest file name kept, in characters.
pub const MAX_FILENAME_CHARS: usize = 200;

/// The client's file name without any path, control or invisible
/// characters, at most 200 characters; `fallback` when nothing is left.
pub fn clean_filename(name: Option<&str>, fallback: &str) -> String {
    let base = name
        .unwrap_or_default()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default();
    let kept: String = base
        .chars()
        .filter(|c| !c.is_control() && !input::is_invisible(*c))
        .collect();
    let clipped: String = kept.trim().chars().take(MAX_FILENAME_CHARS).collect();
    match clipped.trim_end() {
        "" | "." | ".." => fallback.to_owned(),
        name => name.to_owned(),
    }
}

/// The longest side of an image we decode, in pixels.
pub const MAX_SIDE: u32 = 12_000;

/// The most pixels an image may declare: 40 megapixels (8000 × 5000). A
/// file that declares more is refused before it is decoded, however small
/// it is (decoding and encoding one this size takes about a second of CPU).
pub const MAX_PIXELS: u64 = 40_000_000;

/// Whether an image of `width` × `height` may be decoded, here or in a
/// visitor's browser: at most [`MAX_SIDE`] a side and [`MAX_PIXELS`] in all.
pub fn pixels_within_budget(width: u32, height: u32) -> bool {
    width <= MAX_SIDE && height <= MAX_SIDE && u64::from(width) * u64::from(height) <= MAX_PIXELS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_lose_paths_and_controls() {
        assert_eq!(clean_filename(Some("photo.png"), "image"), "photo.png");
        assert_eq!(
            clean_filename(Some("C:\\Users\\a\\cat.jpg"), "image"),
            "cat.jpg"
        );
        assert_eq!(clean_filename(Some("../../etc/passwd"), "image"), "passwd");
        assert_eq!(
            clean_filename(Some(" a\u{0}b\r\n\u{202e}c.gif "), "image"),
            "abc.gif"
        );
        assert_eq!(clean_filename(Some("dir/"), "image"), "image");
        assert_eq!(clean_filename(Some(".."), "image"), "image");
        assert_eq!(clean_filename(None, "image"), "image");
        let long = "é".repeat(250);
        assert_eq!(clean_filename(Some(&long), "image").chars().count(), 200);
    }

    #[test]
    fn images_over_a_side_or_the_pixel_budget_are_refused() {
        assert!(pixels_within_budget(8000, 5000));
        assert!(!pixels_within_budget(8001, 5000));
        assert!(pixels_within_budget(MAX_SIDE, 1));
        assert!(!pixels_within_budget(MAX_SIDE + 1, 1));
    }
}
