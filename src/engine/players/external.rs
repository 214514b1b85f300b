//! Another program as a player: an engine spoken to over UCI or UGI.
//!
//! The player starts its program when it is built (one process per seat and
//! game: a tournament builds its players afresh for every game, so a
//! program that failed is started again for the next one), introduces
//! itself (`uci`/`ugi`, the profile's `[engine_options]` and rule options
//! with `setoption`, `isready`), then for every decision sends the game
//! (`position startpos|fen START moves …`, the whole game where every
//! action is public, as cutechess and fastchess do; otherwise the seat's
//! view), the limits its caller gives (`go`, every seat's clock included)
//! and reads `info` lines until `bestmove`. The caller
//! keeps the clock; this player only enforces a deadline: the budget plus
//! [`GRACE`], after which the program is killed.
//!
//! Every failure is a [`PlayerError::External`] naming the fault — the
//! program could not start, crashed, hung past its deadline, wrote a
//! malformed or illegal move — with its last lines of output; the referee
//! turns it into the loss of that game (Muzicando: the breach penalty).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::game::{Seat, MAX_SEATS};
use crate::protocol::{Command, Dialect, Go, Info, Reply, WireView};
use crate::search::{Clock, Limits, PvLine, Score, SearchInfo};

use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stats, Stop, View};
use crate::engine::profile::{EngineProfile, ExternalSpec, ProfileError};

/// How long past its budget a program may take before it is killed.
pub const GRACE: Duration = Duration::from_millis(1000);

/// How long a program may take to answer `uci`/`ugi` and `isready`, and to
/// move under a depth or node limit alone.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// How many of the program's last output lines a fault report keeps.
const TAIL: usize = 8;

/// A line from the program.
enum Line {
    Out(String),
    Err(String),
}

/// Sends each line of `output` as `line(text)` until it ends. Lines are
/// read as bytes and decoded lossily: a line that is not UTF-8 (a Latin-1
/// `id author`) is kept with U+FFFD for its bad bytes, never the end of the
/// output.
fn read_lines(output: impl std::io::Read, send: &Sender<Line>, line: fn(String) -> Line) {
    let mut output = BufReader::new(output);
    let mut bytes = Vec::new();
    while matches!(output.read_until(b'\n', &mut bytes), Ok(read) if read > 0) {
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim_end_matches(['\n', '\r']).to_string();
        bytes.clear();
        if send.send(line(text)).is_err() {
            break;
        }
    }
}

/// A running program.
struct Running {
    child: Child,
    input: ChildStdin,
    lines: Receiver<Line>,
    /// Its last lines of output (standard error marked `stderr:`).
    tail: VecDeque<String>,
    /// The per-hand rule options last sent.
    hand_options: Vec<(String, String)>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What went wrong, before the output tail is added.
struct Fault(String);

/// Writing to a program that has died must be an error this player can
/// report, not the end of the whole run: the binary restores the default
/// SIGPIPE action (so that `tauler … | head` ends quietly), which would
/// kill the referee on its first write to a crashed engine. Once an
/// external engine is started, SIGPIPE is ignored and such writes fail with
/// `BrokenPipe`, which the program's own output treats as a quiet end.
fn ignore_broken_pipes() {
    #[cfg(unix)]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        // SAFETY: setting a signal's disposition to "ignore" has no other
        // effect; it is done once, before any write to a child's pipe.
        ONCE.call_once(|| unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        });
    }
}

impl Running {
    fn start(spec: &ExternalSpec) -> Result<Running, Fault> {
        ignore_broken_pipes();
        let this = std::env::current_exe().ok();
        let words: Vec<String> = spec
            .command
            .iter()
            .map(|word| match (&this, word.as_str()) {
                (Some(exe), "{tauler}") => exe.display().to_string(),
                _ => word.clone(),
            })
            .collect();
        let mut process = Process::new(&words[0]);
        process
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &spec.workdir {
            process.current_dir(dir);
        }
        let mut child = process
            .spawn()
            .map_err(|e| Fault(format!("cannot start `{}`: {e}", words.join(" "))))?;
        let (send, lines) = channel();
        let input = child
            .stdin
            .take()
            .ok_or(Fault("no standard input".into()))?;
        if let Some(out) = child.stdout.take() {
            let send = send.clone();
            std::thread::spawn(move || read_lines(out, &send, Line::Out));
        }
        if let Some(err) = child.stderr.take() {
            std::thread::spawn(move || read_lines(err, &send, Line::Err));
        }
        Ok(Running {
            child,
            input,
            lines,
            tail: VecDeque::new(),
            hand_options: Vec::new(),
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|_| self.ended())
    }

    /// The fault of a program whose output ended.
    fn ended(&mut self) -> Fault {
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                _ if Instant::now() >= deadline => break None,
                _ => std::thread::sleep(Duration::from_millis(5)),
            }
        };
        match status {
            Some(status) => Fault(format!("the engine crashed ({status})")),
            None => Fault("the engine closed its output".into()),
        }
    }

    /// The next line before `until`, keeping the output's tail:
    /// `Ok(Some(reply))` for a reply, `Ok(None)` for any other line or
    /// none yet, an error when the output ended.
    fn next(&mut self, until: Instant) -> Result<Option<Reply>, Fault> {
        let wait = until.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Line::Out(line)) => {
                self.remember(line.clone());
                Ok(Reply::parse(&line))
            }
            Ok(Line::Err(line)) => {
                self.remember(format!("stderr: {line}"));
                Ok(None)
            }
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(self.ended()),
        }
    }

    /// The fault of a program silent past its deadline.
    fn late(waiting_for: &str, after: Duration) -> Fault {
        Fault(format!(
            "the engine sent no `{waiting_for}` within {} ms (killed)",
            after.as_millis()
        ))
    }

    fn remember(&mut self, line: String) {
        if self.tail.len() == TAIL {
            self.tail.pop_front();
        }
        self.tail.push_back(line);
    }

    /// Reads until the reply `wanted` answers, within [`PATIENCE`].
    fn expect(&mut self, wanted: &Reply) -> Result<(), Fault> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if self.next(deadline)?.as_ref() == Some(wanted) {
                return Ok(());
            }
            if Instant::now() >= deadline {
                return Err(Running::late(&wanted.to_string(), PATIENCE));
            }
        }
    }
}

/// An external program at one seat.
pub struct ExternalPlayer<G: WireView> {
    name: String,
    spec: ExternalSpec,
    /// The profile's rule options, sent over UGI at the handshake.
    rule_options: Vec<(String, String)>,
    running: Option<Running>,
    /// A failure to start, reported at the first decision.
    failed_start: Option<Fault>,
    /// Whether `ucinewgame`/`uginewgame` is due before the next position.
    new_game: bool,
    game: std::marker::PhantomData<fn(&G)>,
}

impl<G: WireView> ExternalPlayer<G> {
    /// The player for `profile` (an external profile), its program started
    /// and introduced now, before any clock runs (a failure to start is
    /// reported as the fault of its first decision).
    pub fn new(profile: &EngineProfile, spec: ExternalSpec) -> Result<Self, ProfileError> {
        let rule_options = profile
            .options
            .iter()
            .map(|pair| match pair.split_once('=') {
                Some((key, value)) => (key.trim().to_string(), value.trim().to_string()),
                None => (pair.trim().to_string(), "on".to_string()),
            })
            .collect();
        let mut player = Self {
            name: profile.name.clone(),
            spec,
            rule_options,
            running: None,
            failed_start: None,
            new_game: true,
            game: std::marker::PhantomData,
        };
        player.failed_start = player.start().err();
        Ok(player)
    }

    /// Starts the program if it is not running, introduces it and starts
    /// its game (`ucinewgame`/`uginewgame`, then `isready`).
    fn start(&mut self) -> Result<(), Fault> {
        if self.running.is_none() {
            let mut running = Running::start(&self.spec)?;
            let dialect = self.spec.protocol;
            running.send(dialect.hello())?;
            running.expect(&Reply::HelloOk(dialect))?;
            let mut options: Vec<(String, String)> = Vec::new();
            if dialect == Dialect::Ugi {
                options.extend(self.rule_options.iter().cloned());
            }
            options.extend(self.spec.options.iter().cloned());
            for (name, value) in options {
                running.send(
                    &Command::SetOption {
                        name,
                        value: Some(value),
                    }
                    .line(dialect),
                )?;
            }
            running.send(dialect.new_game())?;
            running.send("isready")?;
            running.expect(&Reply::ReadyOk)?;
            self.running = Some(running);
            self.new_game = false;
        }
        Ok(())
    }

    /// One decision over the protocol.
    fn decide(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, Fault> {
        if let Some(fault) = self.failed_start.take() {
            return Err(fault);
        }
        let dialect = self.spec.protocol;
        let position = match &view.game {
            Some(game) => G::game_command(
                game.start,
                game.actions,
                view.observation,
                view.seat,
                dialect,
            ),
            None => G::position_command(view.observation, view.seat, dialect),
        }
        .map_err(|e| Fault(format!("cannot write the position: {e}")))?;
        let clocks: Vec<(Seat, Clock)> = view
            .game
            .iter()
            .flat_map(|game| game.clocks.iter().enumerate())
            .filter_map(|(seat, clock)| Some((G::clock_index(view.observation, seat), (*clock)?)))
            .collect();
        let hand_options = G::hand_options(view.observation);
        let clock_index = G::clock_index(view.observation, view.seat);
        self.start()?;
        let new_game = std::mem::take(&mut self.new_game);
        let running = self
            .running
            .as_mut()
            .ok_or(Fault("the engine is not running".into()))?;
        if new_game {
            running.send(dialect.new_game())?;
            running.send("isready")?;
            running.expect(&Reply::ReadyOk)?;
        }
        if dialect == Dialect::Ugi && running.hand_options != hand_options {
            for (name, value) in &hand_options {
                let command = Command::SetOption {
                    name: name.clone(),
                    value: Some(value.clone()),
                };
                running.send(&command.line(dialect))?;
            }
            running.hand_options = hand_options;
        }
        running.send(&position.line(dialect))?;
        let go = go_for(limits, clock_index, &clocks);
        running.send(&Command::Go(Box::new(go)).line(dialect))?;
        let started = Instant::now();
        let allowed = budget(limits) + GRACE;
        let deadline = started + allowed;
        let mut last = Info::default();
        let mut stopped = false;
        loop {
            if stop.load(Ordering::Relaxed) && !stopped {
                running.send("stop")?;
                stopped = true;
            }
            let poll = (Instant::now() + Duration::from_millis(20)).min(deadline);
            let reply = running.next(poll)?;
            if reply.is_none() && Instant::now() >= deadline {
                return Err(Running::late("bestmove", allowed));
            }
            match reply {
                Some(Reply::Info(line)) if line.string.is_none() => {
                    if let Some(score) = line.score {
                        info.info(&SearchInfo {
                            depth: line.depth.unwrap_or(0),
                            seldepth: line.seldepth.unwrap_or(0),
                            multipv: line.multipv.unwrap_or(1),
                            line: PvLine {
                                score,
                                pv: Vec::new(),
                            },
                            nodes: line.nodes.unwrap_or(0),
                            iterations: None,
                            time: started.elapsed(),
                            hashfull: line.hashfull.unwrap_or(0),
                        });
                    }
                    last = line;
                }
                Some(Reply::BestMove { action, .. }) => {
                    let action = G::read_action(view.observation, view.legal, &action, dialect)
                        .map_err(|error| {
                            Fault(format!(
                                "the engine answered `{action}`, not a legal move here ({error})"
                            ))
                        })?;
                    return Ok(Decision {
                        action,
                        score: last.score.map(|Score(s)| s),
                        lines: Vec::new(),
                        stats: Stats {
                            depth: last.depth.unwrap_or(0),
                            nodes: last.nodes.unwrap_or(0),
                            time: started.elapsed(),
                        },
                    });
                }
                _ => {}
            }
        }
    }
}

/// The `go` for `limits`, the mover's clock under `clock_index`, every
/// other clock of `clocks` (by clock index) beside it.
fn go_for(limits: &Limits, clock_index: Seat, clocks: &[(Seat, Clock)]) -> Go {
    let mut go = Go {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime: limits.movetime.map(|t| t.as_millis().max(1) as u64),
        ..Go::default()
    };
    for &(index, clock) in clocks.iter().filter(|(index, _)| *index < MAX_SEATS) {
        go.time[index] = Some(clock.remaining.as_millis() as u64);
        go.inc[index] = Some(clock.increment.as_millis() as u64);
    }
    if let (Some(clock), true) = (limits.clock, clock_index < MAX_SEATS) {
        go.time[clock_index] = Some(clock.remaining.as_millis() as u64);
        go.inc[clock_index] = Some(clock.increment.as_millis() as u64);
        go.moves_to_go = clock.moves_to_go;
    }
    go
}

/// The longest a decision under `limits` may take before its grace.
fn budget(limits: &Limits) -> Duration {
    let time = match (limits.movetime, limits.clock) {
        (Some(movetime), Some(clock)) => Some(movetime.min(clock.remaining)),
        (Some(movetime), None) => Some(movetime),
        (None, Some(clock)) => Some(clock.remaining),
        (None, None) => None,
    };
    time.unwrap_or(PATIENCE)
}

impl<G: WireView> Player<G> for ExternalPlayer<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        self.decide(view, limits, stop, info)
            .map_err(|Fault(fault)| {
                let tail: Vec<String> = self
                    .running
                    .take()
                    .map(|running| running.tail.iter().cloned().collect())
                    .unwrap_or_default();
                if tail.is_empty() {
                    PlayerError::External(format!("{}: {fault}", self.name))
                } else {
                    PlayerError::External(format!(
                        "{}: {fault}; last output: {}",
                        self.name,
                        tail.join(" | ")
                    ))
                }
            })
    }

    fn new_game(&mut self) {
        self.new_game = true;
    }
}
