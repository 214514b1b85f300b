//! Live analysis over server-sent events (to come).

use axum::Router;

use super::app::Shared;

/// The analysis routes.
pub fn routes(app: Shared) -> Router {
    Router::new().with_state(app)
}
