//! `tauler ugi GAME` played through the protocol gives the same actions as
//! the same profile played in process: for every game, a node-limited
//! engine (fixed seed) is asked every decision of a game twice, in process
//! and as an external UGI engine (`searcher = "external"` running
//! `tauler ugi …`), and the answers must agree. For Muzicando the process
//! is shown only the seat's view.

use tauler::engine::{build_player, Catalogue, EngineProfile, NoInfo, Player, Stop, View};
use tauler::game::{Game, GameOptions, Turn};
use tauler::games::camelot::Camelot;
use tauler::games::cardchess::CardChess;
use tauler::games::cescacs::Cescacs;
use tauler::games::muzicando::Muzicando;
use tauler::search::Limits;
use tauler::splitmix::splitmix64;

const TAULER: &str = env!("CARGO_BIN_EXE_tauler");
const SEED: u64 = 5;

/// The external profile that runs `tauler ugi GAME --engine NAME`.
fn through_ugi(game: &str, name: &str, options: &[&str]) -> EngineProfile {
    let mut command = vec![TAULER, "ugi", game, "--engine", name, "--seed"];
    let seed = SEED.to_string();
    command.push(&seed);
    let quoted: Vec<String> = command.iter().map(|w| format!("{w:?}")).collect();
    let options: Vec<String> = options.iter().map(|o| format!("{o:?}")).collect();
    let text = format!(
        "game = {game:?}\nsearcher = \"external\"\nprotocol = \"ugi\"\noptions = [{}]\ncommand = [{}]\n",
        options.join(", "),
        quoted.join(", ")
    );
    EngineProfile::parse(&format!("{name}-ugi"), &text).expect("an external profile")
}

/// Plays `decisions` decisions from `start` (chance outcomes drawn from a
/// fixed stream), asking both players each time; returns the actions.
fn agree<G: tauler::engine::Playable>(
    start: G,
    name: &str,
    options: &[&str],
    limits: Limits,
    decisions: usize,
) -> Vec<String> {
    let profile = Catalogue::built_in().get(name).unwrap();
    let mut local = build_player::<G>(&profile, SEED).unwrap();
    let mut remote: Box<dyn Player<G>> =
        build_player::<G>(&through_ugi(G::NAME, name, options), SEED).unwrap();
    local.new_game();
    remote.new_game();
    let mut state = start;
    let mut played = Vec::new();
    let mut rng = SEED;
    let mut outcomes = Vec::new();
    let mut legal = Vec::new();
    while played.len() < decisions {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                let (next, draw) = splitmix64(rng);
                rng = next;
                state.apply(outcomes[(draw % outcomes.len() as u64) as usize].0);
            }
            Turn::Player(seat) => {
                state.legal_actions(&mut legal);
                let observation = state.observe(seat);
                let view = View {
                    seat,
                    observation: &observation,
                    legal: &legal,
                    state: None,
                    game: None,
                };
                let mine = local.choose(&view, &limits, &Stop::default(), &mut NoInfo);
                let theirs = remote.choose(&view, &limits, &Stop::default(), &mut NoInfo);
                let (mine, theirs) = (mine.unwrap().action, theirs.unwrap().action);
                let text = state.format_action(mine);
                assert_eq!(
                    mine,
                    theirs,
                    "decision {} of {name}: in process {text}, over UGI {}",
                    played.len() + 1,
                    state.format_action(theirs)
                );
                played.push(text);
                state.apply(mine);
            }
        }
    }
    played
}

#[test]
fn cescacs_over_ugi_plays_as_in_process() {
    let start = Cescacs::new(&Default::default());
    let played = agree(start, "cescacs-fast", &[], Limits::nodes(1500), 6);
    assert_eq!(played.len(), 6);
}

#[test]
fn camelot_over_ugi_plays_as_in_process() {
    let start = Camelot::new(&Default::default());
    let played = agree(start, "camelot-fast", &[], Limits::nodes(1500), 6);
    assert_eq!(played.len(), 6);
}

#[test]
fn card_chess_over_ugi_plays_as_in_process_draws_included() {
    let options = tauler::games::cardchess::CardChessOptions::default();
    let start = CardChess::new(&options);
    let played = agree(
        start,
        "cardchess-expectimax-weak",
        &[],
        Limits::nodes(800),
        10,
    );
    assert_eq!(played.len(), 10);
}

#[test]
fn muzicando_over_ugi_plays_as_in_process_from_the_seat_s_view() {
    let options = tauler::games::muzicando::Options::from_pairs(["dealer=2"]).unwrap();
    let played = agree(
        Muzicando::new(&options),
        "muzicando-ismcts-weak",
        &[],
        Limits::nodes(120),
        12,
    );
    assert_eq!(played.len(), 12);
}

/// Runs `tauler ugi muzicando --engine NAME` on `lines` (closing its
/// input after `quit`) and returns its output lines and how long it took.
fn muzicando_session(name: &str, lines: &[&str]) -> (Vec<String>, std::time::Duration) {
    use std::io::Write;
    let started = std::time::Instant::now();
    let mut child = std::process::Command::new(TAULER)
        .args(["ugi", "muzicando", "--engine", name])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("tauler starts");
    let mut input = child.stdin.take().unwrap();
    let output = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        use std::io::BufRead;
        let mut seen = Vec::new();
        for line in std::io::BufReader::new(output)
            .lines()
            .map_while(Result::ok)
        {
            let done = line.starts_with("bestmove");
            seen.push(line);
            if done {
                break;
            }
        }
        seen
    });
    for line in lines {
        writeln!(input, "{line}").unwrap();
    }
    input.flush().unwrap();
    let seen = reader.join().unwrap();
    let elapsed = started.elapsed();
    writeln!(input, "quit").unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
    (seen, elapsed)
}

/// Seat 3's view of a team game dealt by seat 2, its first call.
const MUZICANDO_SEAT_3: [&str; 5] = [
    "setoption name players value team",
    "setoption name pause value once",
    "setoption name finish value decided",
    "setoption name dealer value 2",
    "position startpos seat 3 moves +O-Mi +? +? +? +R-Si +? +? +? +V-Do +? +? +? +B-Mi +? +? +? \
     +R-Fa +? +? +? +P-La +? +? +? +R-# +? +? +? +Y-Re +? +? +? +V-Si +? +? +? +O-Si +? +? +? \
     +Y-Do +? +? +? +G-Mi +? +? +? +Y-Mi +? +? +? +P-b +? +? +?",
];

/// `go depth N` has no meaning for a playout searcher: the engine says so
/// and answers under the profile's own limits instead of searching until
/// `stop`.
#[test]
fn muzicando_over_ugi_answers_go_depth_and_says_it_is_no_limit() {
    let mut lines = MUZICANDO_SEAT_3.to_vec();
    lines.push("go depth 3");
    let (seen, _) = muzicando_session("muzicando-ismcts-weak", &lines);
    assert!(
        seen.iter()
            .any(|l| l.starts_with("info string depth is not a limit of the ismcts searcher")),
        "{seen:?}"
    );
    assert!(seen.last().unwrap().starts_with("bestmove "), "{seen:?}");
}

/// Under a clock a playout searcher stops at its share of the time (the
/// soft deadline: here a thirtieth of 30 s, stopping from half of it), not
/// at the hard deadline (three shares, 3 s) on every decision.
#[test]
fn muzicando_under_a_clock_stops_at_its_share_of_the_time() {
    let mut lines = MUZICANDO_SEAT_3.to_vec();
    lines.push("go s0time 30000 s1time 30000 s2time 30000 s3time 30000");
    let (seen, elapsed) = muzicando_session("muzicando-ismcts-weak", &lines);
    assert!(seen.last().unwrap().starts_with("bestmove "), "{seen:?}");
    let time: u64 = seen
        .iter()
        .rev()
        .find_map(|l| {
            l.split(" time ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .expect("an info line with the time");
    assert!(
        time < 2500,
        "the search took {time} ms of a 3000 ms hard deadline ({elapsed:?} in all): {seen:?}"
    );
}
