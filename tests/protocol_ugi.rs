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
