//! The API's errors: a status and `{"error": "…"}`, for bad JSON, an
//! oversized body, an unknown session, an illegal action and every other
//! refusal. No handler panics on bad input; a panic anyway is caught and
//! answered the same way (see `server::router`).
//!
//! One status per kind (the table in `docs/server.md`): 400 a request the
//! server cannot use (malformed JSON or query, a wrong field or value, an
//! unknown game or profile, a bad position, option or action); 403 a
//! foreign host or origin; 404 an unknown path, session, table or seat (a
//! wrong seat token answers as an unknown table); 405 a method; 409 a
//! request the game's state refuses now (not your turn, nothing to undo,
//! the game or match over); 413 a body too large; 415 a body not JSON;
//! 500 the server's own failure; 503 the server full (sessions, tables,
//! memory).

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Path, Query};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::engine::{ProfileError, SessionError};

/// A refused request.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status (4xx for the client's mistakes).
    pub status: StatusCode,
    /// What is wrong, for people.
    pub message: String,
}

impl ApiError {
    /// A 400 Bad Request saying `message`.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A 404 Not Found saying `message`.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    /// A 503 saying `message`: the server is full for now (sessions,
    /// tables or memory), the request may be tried again later.
    pub fn unavailable(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }

    /// A 500 saying `message` (the server's fault, not the request's).
    pub fn internal(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

/// The JSON body of an error.
pub fn error_body(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "error": message }))).into_response()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        error_body(self.status, &self.message)
    }
}

impl From<SessionError> for ApiError {
    fn from(error: SessionError) -> Self {
        let status = match &error {
            SessionError::BadAction { .. }
            | SessionError::Profile(_)
            | SessionError::File { .. } => StatusCode::BAD_REQUEST,
            SessionError::NotYourTurn
            | SessionError::GameOver
            | SessionError::NothingToUndo
            | SessionError::NothingToRedo => StatusCode::CONFLICT,
            SessionError::Hint(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        Self {
            status,
            message: error.to_string(),
        }
    }
}

impl From<ProfileError> for ApiError {
    fn from(error: ProfileError) -> Self {
        Self::bad_request(error.to_string())
    }
}

/// Each extractor's rejection as an [`ApiError`] with its text: a 400,
/// but for a body too large (413) or not JSON (415).
macro_rules! rejection_is_api_error {
    ($($rejection:ty),*) => {$(
        impl From<$rejection> for ApiError {
            fn from(rejection: $rejection) -> Self {
                let status = match rejection.status() {
                    status @ (StatusCode::PAYLOAD_TOO_LARGE
                    | StatusCode::UNSUPPORTED_MEDIA_TYPE) => status,
                    _ => StatusCode::BAD_REQUEST,
                };
                Self {
                    status,
                    message: rejection.body_text(),
                }
            }
        }
    )*};
}

rejection_is_api_error!(JsonRejection, PathRejection, QueryRejection);

/// A JSON request body whose every rejection (malformed, wrong shape, too
/// large, not JSON) is an [`ApiError`].
#[derive(FromRequest)]
#[from_request(via(Json), rejection(ApiError))]
pub struct JsonBody<T>(pub T);

/// Path parameters whose rejection (a ply that is not a number) is an
/// [`ApiError`].
#[derive(FromRequestParts)]
#[from_request(via(Path), rejection(ApiError))]
pub struct PathArgs<T>(pub T);

/// A query string whose rejection (an unknown or malformed field) is an
/// [`ApiError`].
#[derive(FromRequestParts)]
#[from_request(via(Query), rejection(ApiError))]
pub struct QueryArgs<T>(pub T);
