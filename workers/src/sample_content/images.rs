//! Where the sample posts' and events' illustrations are.

/// Where the illustrations are served from (`web/public` is the site root).
pub const IMAGE_DIR: &str = "/images/sample/";
