//! `tauler serve`: the browser board on `http://127.0.0.1:PORT/`.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use clap::Args;

use crate::bounds;
use crate::engine::Catalogue;
use crate::web::{ServeConfig, Server};

/// Where to serve.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// The port (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; another than 127.0.0.1 opens the server
    /// to the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Opens the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Minutes an unused game is kept, 1 to 10080.
    #[arg(long, default_value_t = 30)]
    pub idle_minutes: u64,
    /// Results folders of tournaments (running or finished) to follow on
    /// the live tournament page, `/tournaments`; the folders of one
    /// tournament's shards are shown merged.
    #[arg(long, num_args = 1.., value_name = "DIR")]
    pub results: Vec<PathBuf>,
    /// A host name people reach the server by, besides loopback names and
    /// IP addresses (repeatable): `--allowed-host club.local`. Requests
    /// naming any other host are refused (DNS rebinding).
    #[arg(long = "allowed-host", value_name = "NAME")]
    pub allowed_hosts: Vec<String>,
    /// The memory the engines may hold at once, in MiB (64 to 1048576):
    /// each engine's hash table is sized to fit, taken when it first
    /// searches and given back when its game goes quiet.
    #[arg(long, default_value_t = crate::web::memory::DEFAULT_MEMORY_MB)]
    pub memory_mb: usize,
    /// What the log on standard error shows: `error`, `warn`, `info`
    /// (default: one line a request, engine starts, faults, expiries),
    /// `debug`, or filter directives (`tauler=debug,tower_http=warn`);
    /// without it, `RUST_LOG`.
    #[arg(long, value_name = "LEVEL")]
    pub log: Option<String>,
}

/// Serves until Ctrl-C.
pub fn run(args: &ServeArgs, catalogue: Catalogue) -> Result<()> {
    super::logging::init(args.log.as_deref())?;
    let minutes = bounds::IDLE_MINUTES.check("--idle-minutes", args.idle_minutes)?;
    let server = Server::bind(ServeConfig {
        host: args.host.clone(),
        port: args.port,
        idle: Duration::from_secs(minutes * 60),
        results: args.results.clone(),
        allowed_hosts: args.allowed_hosts.clone(),
        memory_mb: bounds::MEMORY_MB.check("--memory-mb", args.memory_mb)?,
        ..ServeConfig::new(catalogue)
    })?;
    let url = server.url();
    println!("tauler is serving the board at {url} (Ctrl-C stops it)");
    if args.open {
        if let Err(error) = open::that(&url) {
            println!("could not open a browser ({error}); open {url} yourself");
        }
    }
    server.run()?;
    Ok(())
}
