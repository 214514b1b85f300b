//! The HTTP server: binds the address, merges every feature's routes into
//! one router (one line a feature), answers a panic or an unknown path with
//! a JSON error, and sweeps idle sessions away.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::StatusCode;
use axum::middleware;
use axum::response::Response;
use axum::Router;
use thiserror::Error;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tower_http::LatencyUnit;
use tracing::Level;

use crate::engine::Catalogue;

use super::app::{places, App, Shared};
use super::error::{error_body, ApiError};
use super::hosts::{self, HostPolicy};
use super::memory::{self, MemoryBudget, DEFAULT_MEMORY_MB};
use super::store::Store;
use super::tournament_api::Tournaments;
use super::{analysis, assets, editor_api, games_api, play_api, review, table_api, tournament_api};

/// The largest request body accepted (a saved game fits many times over).
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// How often idle sessions are looked for.
const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// How long a session's engine keeps its table while its person is quiet.
const TABLE_KEPT: Duration = Duration::from_secs(120);

/// How to serve.
pub struct ServeConfig {
    /// The host to bind (`127.0.0.1` unless another is asked for).
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// How long an unused session lives.
    pub idle: Duration,
    /// The engine profiles sessions may name.
    pub catalogue: Catalogue,
    /// Results folders the live tournament page follows (`--results`).
    pub results: Vec<PathBuf>,
    /// The host names answered besides loopback names and IP addresses
    /// (`--allowed-host`).
    pub allowed_hosts: Vec<String>,
    /// The memory budget of the engines, in MiB (`--memory-mb`).
    pub memory_mb: usize,
}

impl ServeConfig {
    /// Loopback, port 8080, sessions kept 30 idle minutes, no other host
    /// name, playing the profiles of `catalogue`.
    #[must_use]
    pub fn new(catalogue: Catalogue) -> Self {
        Self {
            host: "127.0.0.1".into(),
            port: 8080,
            idle: Duration::from_secs(30 * 60),
            catalogue,
            allowed_hosts: Vec::new(),
            memory_mb: DEFAULT_MEMORY_MB,
            results: Vec::new(),
        }
    }
}

/// Why the server could not run.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The runtime could not start.
    #[error("cannot start the server's runtime: {0}")]
    Runtime(std::io::Error),
    /// The address could not be bound.
    #[error("cannot listen on {address}: {source}")]
    Bind {
        /// The address asked for.
        address: String,
        /// Why.
        source: std::io::Error,
    },
    /// A `--results` folder cannot be followed.
    #[error(transparent)]
    Results(#[from] super::tournament_api::ResultsError),
    /// Serving failed.
    #[error("the server stopped: {0}")]
    Serve(std::io::Error),
}

/// The whole site: every feature's routes merged, the host and origin
/// check, the body limit, the panic guard and the JSON 404.
pub fn router(app: Shared) -> Router {
    let hosts = Arc::new(app.hosts.clone());
    Router::new()
        .merge(assets::routes())
        .merge(games_api::routes(Arc::clone(&app)))
        .merge(play_api::routes(Arc::clone(&app)))
        .merge(analysis::routes(Arc::clone(&app)))
        .merge(editor_api::routes())
        .merge(review::routes(Arc::clone(&app)))
        .merge(table_api::routes(Arc::clone(&app)))
        .merge(tournament_api::routes(Arc::clone(&app)))
        .fallback(|| async { ApiError::not_found("no such page or endpoint") })
        .method_not_allowed_fallback(|| async {
            ApiError {
                status: StatusCode::METHOD_NOT_ALLOWED,
                message: "this endpoint does not take that method".into(),
            }
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(hosts, hosts::check))
        .layer(CatchPanicLayer::custom(|_| -> Response {
            error_body(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the server failed on this request",
            )
        }))
        .layer(
            // One line a request: the method and the route's template
            // (never the path itself, which carries session ids and seat
            // tokens), the status and the latency.
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let route = request
                        .extensions()
                        .get::<MatchedPath>()
                        .map_or("(no route)", MatchedPath::as_str);
                    tracing::info_span!("request", method = %request.method(), route)
                })
                .on_request(())
                .on_response(
                    DefaultOnResponse::new()
                        .level(Level::INFO)
                        .latency_unit(LatencyUnit::Micros),
                )
                .on_failure(()),
        )
}

/// A bound server, ready to run.
pub struct Server {
    runtime: tokio::runtime::Runtime,
    listener: tokio::net::TcpListener,
    app: Shared,
    address: SocketAddr,
}

impl Server {
    /// Binds `config.host:config.port`.
    pub fn bind(config: ServeConfig) -> Result<Self, ServeError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .on_thread_start(crate::user_files::refuse_on_this_thread)
            .build()
            .map_err(ServeError::Runtime)?;
        let bind_error = |source| ServeError::Bind {
            address: format!("{}:{}", config.host, config.port),
            source,
        };
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind((
                config.host.as_str(),
                config.port,
            )))
            .map_err(bind_error)?;
        let address = listener.local_addr().map_err(bind_error)?;
        tracing::info!(%address, memory_mb = config.memory_mb, "serving");
        memory::return_freed_tables();
        let memory = MemoryBudget::new(config.memory_mb);
        let app = Arc::new(App {
            store: Store::new(config.idle, memory.session_cap()),
            tables: Store::new(table_api::TABLE_IDLE, table_api::MAX_TABLES),
            memory,
            thinking: places(),
            analysing: places(),
            catalogue: config.catalogue,
            tournaments: Tournaments::new(&config.results)?,
            hosts: HostPolicy::new(address, &config.allowed_hosts),
        });
        Ok(Self {
            runtime,
            listener,
            app,
            address,
        })
    }

    /// The address bound.
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The page's address, for people.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Serves until Ctrl-C. This thread, like every thread of the
    /// server's runtime, reads no user file from now on.
    pub fn run(self) -> Result<(), ServeError> {
        crate::user_files::refuse_on_this_thread();
        let Server {
            runtime,
            listener,
            app,
            ..
        } = self;
        runtime.block_on(async move {
            let sweeper = Arc::clone(&app);
            tokio::spawn(async move {
                let mut every = tokio::time::interval(SWEEP_EVERY);
                loop {
                    every.tick().await;
                    let now = Instant::now();
                    let expired = sweeper.store.sweep(now);
                    if expired > 0 {
                        tracing::info!(expired, "idle sessions expired, their engines stopped");
                    }
                    let expired = sweeper.tables.sweep(now);
                    if expired > 0 {
                        tracing::info!(expired, "idle tables expired");
                    }
                    let released = sweeper.store.release_quiet_memory(now, TABLE_KEPT);
                    if released > 0 {
                        tracing::debug!(
                            released,
                            held_mb = sweeper.memory.held_mb(),
                            "quiet sessions gave their tables back"
                        );
                    }
                }
            });
            axum::serve(listener, router(app))
                .with_graceful_shutdown(async {
                    let _ = tokio::signal::ctrl_c().await;
                })
                .await
                .map_err(ServeError::Serve)
        })
    }
}
