//! What the web tests share: the real server started in this process on a
//! free port, and (for the browser tests) a headless Chromium driven
//! through chromedriver.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

use tauler::engine::Catalogue;

use crate::support::components;
pub use components::{available, axe_core_script, Component};
use tauler::web::{ServeConfig, Server};

/// Starts the server on a free port of 127.0.0.1; returns its address
/// (`http://127.0.0.1:PORT`).
pub fn start_server() -> String {
    start_server_following(Vec::new())
}

/// Starts the server as [`start_server`] does, following the tournament
/// results folders `results` (as `serve --results DIR…`).
pub fn start_server_following(results: Vec<PathBuf>) -> String {
    start_server_with(ServeConfig {
        port: 0,
        idle: Duration::from_secs(600),
        results,
        ..ServeConfig::new(Catalogue::built_in())
    })
}

/// Starts the server as `config` says; returns its address.
pub fn start_server_with(config: ServeConfig) -> String {
    let server = Server::bind(config).expect("the server binds a free port");
    let address = format!("http://{}", server.address());
    std::thread::spawn(move || server.run());
    address
}

/// Sends one request with the `Host` the server was reached by; returns
/// the status and the body read as JSON (`Null` if it is not JSON).
pub fn request(server: &str, method: &str, path: &str, body: Option<&[u8]>) -> (u16, Value) {
    let host = server.trim_start_matches("http://").to_string();
    let (status, body) = request_with(server, method, path, &[("Host", &host)], body);
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// Sends one request with exactly the `headers` given (a `Host` among
/// them, or none); returns the status and the body as text.
pub fn request_with(
    server: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> (u16, String) {
    let address = server.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(body) = body {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    stream
        .write_all(head.as_bytes())
        .expect("the request is sent");
    if let Some(body) = body {
        // The server may refuse an oversized body before reading it all.
        let _ = stream.write_all(body);
    }
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status line in {text:?}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

/// Asserts a 4xx `status` with a JSON error containing `words`.
pub fn refused(answer: (u16, Value), status: u16, words: &str) {
    assert_eq!(answer.0, status, "{:?}", answer.1);
    let error = answer.1["error"]
        .as_str()
        .unwrap_or_else(|| panic!("a JSON error: {:?}", answer.1));
    assert!(error.contains(words), "`{error}` should say `{words}`");
}

/// The text of the element `selector`.
pub async fn text_of(client: &Client, selector: &str) -> String {
    client
        .find(Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("{selector} is on the page: {e}"))
        .text()
        .await
        .expect("its text")
}

/// This process's resident memory in MiB (a test's server runs in it).
pub fn rss_mb() -> usize {
    rss_mb_of("self")
}

/// The resident memory in MiB of `process` (a pid, or `self`), from /proc.
pub fn rss_mb_of(process: &str) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{process}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| {
            kb.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<usize>()
                .ok()
        })
        .map_or(0, |kb| kb / 1024)
}

/// One browser test at a time: each runs an engine and a browser, and the
/// machine has few cores.
static BROWSER: Mutex<()> = Mutex::new(());

/// chromedriver, stopped when dropped.
pub struct Driver {
    child: Child,
    /// Its address.
    pub url: String,
    _turn: MutexGuard<'static, ()>,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts chromedriver (Debian's `chromium-driver`) on a free port for
/// `test`; `None` (the test skipped, said on the terminal) where Chromium
/// is not installed and CI does not require it.
pub fn start_driver(test: &str) -> Option<Driver> {
    if !available(Component::Chromium, test) {
        return None;
    }
    let turn = BROWSER.lock().unwrap_or_else(PoisonError::into_inner);
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver runs (apt-get install chromium-driver)");
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "chromedriver did not start"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    Some(Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
        _turn: turn,
    })
}

/// A headless Chromium session.
pub async fn browser(driver: &Driver) -> Client {
    browser_sized(driver, 1400, 1000, false).await
}

/// A headless Chromium session whose page is `width`×`height` CSS
/// pixels: a desktop window, or (`phone`) a touch phone's screen.
pub async fn browser_sized(driver: &Driver, width: u32, height: u32, phone: bool) -> Client {
    let mut capabilities = serde_json::Map::new();
    let mut options = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage", format!("--window-size={width},{height}")],
    });
    // The window's frame takes part of its size: the page's own size is
    // set exactly through Chromium's device metrics.
    options["mobileEmulation"] = json!({
        "deviceMetrics": {
            "width": width, "height": height, "pixelRatio": if phone { 2.0 } else { 1.0 },
            "touch": phone, "mobile": phone,
        },
    });
    capabilities.insert("goog:chromeOptions".into(), options);
    // chromedriver accepts connections a moment before it serves them, and
    // on a loaded machine may reset the first one: a few tries, then fail.
    let mut tries = 0;
    loop {
        match ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities.clone())
            .connect(&driver.url)
            .await
        {
            Ok(client) => return client,
            Err(error) if tries < 3 => {
                tries += 1;
                eprintln!("a Chromium session, try {tries}: {error}; trying again");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(error) => panic!("a Chromium session: {error}"),
        }
    }
}

/// How long a page may take to show what a test waits for.
const PATIENCE: Duration = Duration::from_secs(90);

/// The value of the expression `script` (a JavaScript expression).
pub async fn eval(client: &Client, script: &str) -> Value {
    client
        .execute(&format!("return {script};"), Vec::new())
        .await
        .expect("the script runs")
}

/// Waits until the expression `script` is true on the page.
pub async fn wait_for(client: &Client, script: &str) {
    let started = Instant::now();
    loop {
        if eval(client, script).await == Value::Bool(true) {
            return;
        }
        if started.elapsed() > PATIENCE {
            let error = eval(client, "document.getElementById('error').textContent").await;
            let status = eval(client, "document.body.dataset.status").await;
            panic!("timed out waiting for `{script}` (status {status}, error {error})");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Opens the page and starts a game of `game` against `engine` limited to
/// `nodes` per move, from `position` (the initial one if `None`).
pub async fn start_game(
    client: &Client,
    server: &str,
    game: &str,
    engine: &str,
    limit: (&str, u64),
    position: Option<&str>,
) {
    client
        .goto(&format!("{server}/"))
        .await
        .expect("the page opens");
    wait_for(
        client,
        "document.querySelectorAll('#game option').length >= 3",
    )
    .await;
    let select = client
        .find(Locator::Css("#game"))
        .await
        .expect("the game menu");
    select
        .select_by_value(game)
        .await
        .expect("the game is offered");
    wait_for(
        client,
        &format!("document.getElementById('engine').innerHTML.includes('{engine}')"),
    )
    .await;
    // A profile is chosen under "Advanced", the level menu's last choice,
    // among the new-game form's further settings.
    eval(
        client,
        "(document.getElementById('more-settings').open = true, true)",
    )
    .await;
    client
        .find(Locator::Css("#level"))
        .await
        .expect("the level menu")
        .select_by_value("")
        .await
        .expect("the advanced choice");
    let engines = client
        .find(Locator::Css("#engine"))
        .await
        .expect("the engine menu");
    engines
        .select_by_value(engine)
        .await
        .expect("the engine is offered");
    let kind = client
        .find(Locator::Css("#limit-kind"))
        .await
        .expect("the strength menu");
    kind.select_by_value(limit.0).await.expect("a limit kind");
    let value = client
        .find(Locator::Css("#limit-value"))
        .await
        .expect("the strength value");
    value
        .send_keys(&limit.1.to_string())
        .await
        .expect("typing the limit");
    if let Some(position) = position {
        let field = client
            .find(Locator::Css("#position"))
            .await
            .expect("the position field");
        field
            .send_keys(position)
            .await
            .expect("typing the position");
    }
    client
        .find(Locator::Css("#start"))
        .await
        .expect("the start button")
        .click()
        .await
        .expect("starting");
    wait_for(client, &format!("document.body.dataset.game === '{game}'")).await;
    wait_for(
        client,
        "['your-turn', 'over'].includes(document.body.dataset.status)",
    )
    .await;
}

/// Clicks the board's cell `name`.
pub async fn click_cell(client: &Client, name: &str) {
    client
        .find(Locator::Css(&format!("g[data-cell='{name}']")))
        .await
        .unwrap_or_else(|e| panic!("cell {name} is drawn: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cell {name} is clicked: {e}"));
}

/// Clicks the button `selector`.
pub async fn click(client: &Client, selector: &str) {
    client
        .find(Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("{selector} is on the page: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("{selector} is clicked: {e}"));
}

/// Types `value` into the field `selector` in place of what it held.
pub async fn fill(client: &Client, selector: &str, value: &str) {
    let field = client
        .find(Locator::Css(selector))
        .await
        .unwrap_or_else(|e| panic!("{selector} is on the page: {e}"));
    field.clear().await.expect("clearing");
    field.send_keys(value).await.expect("typing");
}

/// The number of actions in the game's record.
pub async fn plies(client: &Client) -> u64 {
    eval(client, "Number(document.body.dataset.ply)")
        .await
        .as_u64()
        .expect("a ply count")
}

/// The legal actions the page knows, with their cells.
pub async fn legal(client: &Client) -> Vec<(String, Vec<String>)> {
    let value = eval(client, "page.view.legal").await;
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|a| {
            let text = a["text"].as_str().expect("a text").to_string();
            let cells = a["cells"]
                .as_array()
                .expect("cells")
                .iter()
                .map(|c| c.as_str().expect("a cell").to_string())
                .collect();
            (text, cells)
        })
        .collect()
}

/// Saves a screenshot as `target/screenshots/NAME.png`.
pub async fn screenshot(client: &Client, name: &str) -> PathBuf {
    let png = client.screenshot().await.expect("a screenshot");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    let path = dir.join(format!("{name}.png"));
    std::fs::write(&path, png).expect("the screenshot is written");
    path
}

/// The accessibility violations axe-core finds on the page now, of any
/// impact (minor, moderate, serious, critical): `(rule, impact, nodes)`
/// each. `None` (the check skipped, said on the terminal) where axe-core
/// is not installed and CI does not require it.
pub async fn axe_violations(client: &Client, test: &str) -> Option<Vec<(String, String, usize)>> {
    if !available(Component::AxeCore, test) {
        return None;
    }
    let script = std::fs::read_to_string(axe_core_script()).expect("axe-core is readable");
    client
        .execute(&script, Vec::new())
        .await
        .expect("axe-core loads in the page");
    let found = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] })
                .then((r) => done(r.violations.map((v) => [v.id, v.impact, v.nodes.length,
                    v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')])))
                .catch((e) => done([['axe failed: ' + e, 'critical', 0, '']]));",
            Vec::new(),
        )
        .await
        .expect("axe-core runs");
    let mut violations = Vec::new();
    for violation in found.as_array().expect("a list") {
        let impact = violation[1].as_str().unwrap_or("").to_string();
        let rule = violation[0].as_str().unwrap_or("").to_string();
        eprintln!(
            "axe-core: {rule} ({impact}) on {} nodes: {}",
            violation[2], violation[3]
        );
        violations.push((rule, impact, violation[2].as_u64().unwrap_or(0) as usize));
    }
    Some(violations)
}

/// WebDriver's codes of the keys the keyboard tests press.
pub mod keys {
    pub const TAB: char = '\u{e004}';
    pub const ENTER: char = '\u{e007}';
    pub const ESCAPE: char = '\u{e00c}';
    pub const SPACE: char = '\u{e00d}';
    pub const LEFT: char = '\u{e012}';
    pub const UP: char = '\u{e013}';
    pub const RIGHT: char = '\u{e014}';
    pub const DOWN: char = '\u{e015}';
}

/// Presses `keys` (WebDriver key codes, see [`keys`]) on the focused
/// element, as a person at the keyboard does.
pub async fn press(client: &Client, keys: &[char]) {
    let mut actions = KeyActions::new("keyboard".into());
    for &key in keys {
        actions = actions
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
    }
    client.perform_actions(actions).await.expect("the keys");
}

/// The page's scrolling box and viewport: `[scrollHeight, innerHeight,
/// scrollWidth, innerWidth]` of `document.scrollingElement`.
pub async fn page_extent(client: &Client) -> [u64; 4] {
    let value = eval(
        client,
        "[document.scrollingElement.scrollHeight, innerHeight, document.scrollingElement.scrollWidth, innerWidth]",
    )
    .await;
    let numbers: Vec<u64> = value
        .as_array()
        .expect("four numbers")
        .iter()
        .map(|n| n.as_f64().expect("a number").round() as u64)
        .collect();
    numbers.try_into().expect("four numbers")
}

/// Runs `body` in a fresh headless Chromium against a fresh server (its
/// address the second argument), then closes the browser; does nothing
/// (said on the terminal) where Chromium is missing and CI does not
/// require it. `test` names the test for that notice.
pub fn in_browser<F, Fut>(test: &str, body: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: std::future::Future<Output = Client>,
{
    let server = start_server();
    let Some(driver) = start_driver(test) else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        let client = body(client, server).await;
        client.close().await.expect("the browser closes");
    });
}

/// A runtime for one browser test.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// What breaks the page's layout: the page scrolling sideways (naming the
/// elements that stick out) and every element with its own scrollbar but
/// those whose ids are `allowed` (lists meant to scroll).
pub async fn layout_faults(client: &Client, allowed: &[&str]) -> Value {
    let script = format!(
        "(() => {{
            const allowed = {allowed:?};
            const found = [];
            if (document.documentElement.scrollWidth > innerWidth) {{
                const wide = [...document.querySelectorAll('body *')]
                    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5 && !e.querySelector('*'));
                found.push('the page scrolls sideways: ' + wide.slice(0, 4)
                    .map((e) => `${{e.id || e.className || e.tagName}} to ${{Math.round(e.getBoundingClientRect().right)}}`).join(', '));
            }}
            for (const e of document.querySelectorAll('body *')) {{
                const style = getComputedStyle(e);
                const own = ['auto', 'scroll'].includes(style.overflowY) && e.scrollHeight > e.clientHeight + 1
                    || ['auto', 'scroll'].includes(style.overflowX) && e.scrollWidth > e.clientWidth + 1;
                if (own && !allowed.includes(e.id)) found.push(e.id || e.className || e.tagName);
            }}
            return found;
        }})()"
    );
    eval(client, &script).await
}
