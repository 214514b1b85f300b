//! The real outside components some tests drive (headless Chromium and its
//! WebDriver, npm's axe-core, python-chess, a Python interpreter,
//! kubernetes-validate, podman): one rule for all of them.
//!
//! Under `CI=true` (set by `.ci/run`, which installs every component first)
//! a missing component fails the test. Elsewhere — a machine with only Rust —
//! the test passes without running and says so on the terminal: the notice is
//! written straight to the process's standard error, past the test harness's
//! output capture, so `cargo test` shows every skip and its reason.

use std::io::Write;
use std::process::{Command, Stdio};

/// A component a test needs, and how to install it.
#[derive(Clone, Copy, Debug)]
pub enum Component {
    /// Debian's `chromium` and `chromium-driver` (the browser tests).
    Chromium,
    /// PyPI's `chess` under `python3` (the UCI client tests).
    PythonChess,
    /// A `python3` interpreter (scripted misbehaving engines).
    Python,
    /// PyPI's `kubernetes-validate` (the Kubernetes manifests' schemas, offline).
    KubernetesValidate,
    /// Debian's `podman` and `runc` (the container image, an ignored test).
    Podman,
    /// Debian's `stockfish`, at `/usr/games/stockfish` (a real external UCI
    /// engine for the referee).
    Stockfish,
    /// npm's `axe-core` under `target/npm` (the accessibility checks the
    /// browser tests inject): see [`axe_core_script`].
    AxeCore,
}

/// Where `.ci/run` installs npm's axe-core
/// (`npm install --no-save --prefix target/npm axe-core`).
pub fn axe_core_script() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/npm/node_modules/axe-core/axe.min.js")
}

impl Component {
    fn name(self) -> &'static str {
        match self {
            Component::Chromium => "headless Chromium (chromium, chromedriver)",
            Component::PythonChess => "python-chess (python3 -c 'import chess.engine')",
            Component::Python => "python3",
            Component::KubernetesValidate => "kubernetes-validate",
            Component::Podman => "podman and runc",
            Component::Stockfish => "Stockfish (/usr/games/stockfish)",
            Component::AxeCore => "axe-core (target/npm/node_modules/axe-core)",
        }
    }

    fn install(self) -> &'static str {
        match self {
            Component::Chromium => "apt-get install chromium chromium-driver",
            Component::PythonChess => "python3 -m pip install chess",
            Component::Python => "apt-get install python3",
            Component::KubernetesValidate => "python3 -m pip install kubernetes-validate",
            Component::Podman => "apt-get install podman runc",
            Component::Stockfish => "apt-get install stockfish",
            Component::AxeCore => "npm install --no-save --prefix target/npm axe-core",
        }
    }

    fn present(self) -> bool {
        let runs = |program: &str, args: &[&str]| {
            Command::new(program)
                .args(args)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|status| status.success())
        };
        match self {
            Component::Chromium => {
                runs("chromedriver", &["--version"])
                    && (runs("chromium", &["--version"])
                        || runs("chromium-browser", &["--version"]))
            }
            Component::PythonChess => runs("python3", &["-c", "import chess.engine"]),
            Component::Python => runs("python3", &["--version"]),
            Component::KubernetesValidate => runs("kubernetes-validate", &["--version"]),
            Component::Podman => runs("podman", &["--version"]) && runs("runc", &["--version"]),
            Component::Stockfish => std::path::Path::new("/usr/games/stockfish").exists(),
            Component::AxeCore => axe_core_script().exists(),
        }
    }
}

/// Whether `test` can run with `component`. When it is missing: under
/// `CI=true` this panics (the test fails); otherwise it prints a loud
/// `SKIPPED` line naming the test, the component and its install command,
/// and answers false so that the test returns at once.
pub fn available(component: Component, test: &str) -> bool {
    if component.present() {
        return true;
    }
    let ci = std::env::var("CI").is_ok_and(|value| value == "true");
    assert!(
        !ci,
        "{test}: {} is missing and CI=true requires it ({})",
        component.name(),
        component.install()
    );
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {} is not installed ({}; .ci/run installs it)",
        component.name(),
        component.install()
    );
    false
}
