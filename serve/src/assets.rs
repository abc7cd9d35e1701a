//! The page, its script and its style, compiled into the binary.

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// The page's script.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// The page's style.
pub const APP_CSS: &str = include_str!("../assets/app.css");
/// The page's icon.
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");
