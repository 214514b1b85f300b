//! The page's files, built into the program from the `web/` folder:
//! hand-written HTML, CSS and JavaScript, nothing to install or build.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

/// Every asset: its path, content type and text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../../web/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
    (
        "/common.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/common.js"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/board.js"),
    ),
    (
        "/figures.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/figures.js"),
    ),
    (
        "/cards.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/cards.js"),
    ),
    (
        "/sounds.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/sounds.js"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/app.js"),
    ),
    (
        "/clock.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/clock.js"),
    ),
    (
        "/clock.css",
        "text/css; charset=utf-8",
        include_str!("../../web/clock.css"),
    ),
    (
        "/levels.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/levels.js"),
    ),
    (
        "/editor.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/editor.js"),
    ),
    (
        "/editor.css",
        "text/css; charset=utf-8",
        include_str!("../../web/editor.css"),
    ),
    (
        "/editor",
        "text/html; charset=utf-8",
        include_str!("../../web/editor.html"),
    ),
    (
        "/table_clock.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/table_clock.js"),
    ),
    (
        "/table",
        "text/html; charset=utf-8",
        include_str!("../../web/table.html"),
    ),
    (
        "/table.css",
        "text/css; charset=utf-8",
        include_str!("../../web/table.css"),
    ),
    (
        "/table.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/table.js"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("../../web/favicon.svg"),
    ),
    (
        "/favicon.ico",
        "image/svg+xml",
        include_str!("../../web/favicon.svg"),
    ),
    (
        "/tournaments",
        "text/html; charset=utf-8",
        include_str!("../../web/tournaments.html"),
    ),
    (
        "/tournaments.css",
        "text/css; charset=utf-8",
        include_str!("../../web/tournaments.css"),
    ),
    (
        "/tournaments.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/tournaments.js"),
    ),
];

/// The routes serving the assets.
pub fn routes() -> Router {
    ASSETS
        .iter()
        .fold(Router::new(), |router, &(path, content_type, body)| {
            router.route(
                path,
                get(move || async move {
                    (
                        [
                            (header::CONTENT_TYPE, content_type),
                            (header::CACHE_CONTROL, "no-cache"),
                        ],
                        body,
                    )
                        .into_response()
                }),
            )
        })
}
