//! The page's files, embedded at compile time by `build.rs` from `crates/web/assets/`: the
//! HTML, CSS and JavaScript of the page and the vendored cm-chessboard. Nothing is read from
//! the disk at run time, so no path outside these files can be served.

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The embedded file at the URL `path` (`/` is `/index.html`) and its content type.
pub fn asset(path: &str) -> Option<(&'static [u8], &'static str)> {
    let path = if path == "/" { "/index.html" } else { path };
    let index = ASSETS
        .binary_search_by(|(name, _)| (*name).cmp(path))
        .ok()?;
    let (name, bytes) = ASSETS[index];
    Some((bytes, content_type(name)))
}

/// The content type of a file by its extension.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        Some("ico") => "image/x-icon",
        _ => "text/plain; charset=utf-8",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_and_the_board_are_embedded() {
        assert!(asset("/").is_some_and(|(_, kind)| kind.starts_with("text/html")));
        assert!(asset("/vendor/cm-chessboard/src/Chessboard.js").is_some());
        assert!(asset("/vendor/cm-chessboard/assets/pieces/standard.svg").is_some());
        assert!(asset("/vendor/cm-chessboard/LICENSE").is_some());
        assert!(asset("/../Cargo.toml").is_none());
        assert!(asset("/index.html/..").is_none());
        assert!(asset("").is_none());
    }

    #[test]
    fn sorted_for_the_binary_search() {
        assert!(ASSETS.windows(2).all(|pair| pair[0].0 < pair[1].0));
    }
}
