//! The rule-based player's rules of thumb, each on a chosen deal: bids
//! follow hand strength, it never overcalls its partner, a skip is used
//! against an opponent and never spent only on the partner.

use super::{deal, options, play, to_move};
use tauler::game::{Game, HiddenInfo};
use tauler::games::muzicando::heuristic::{strength_margin, HeuristicPlayer, Situation};
use tauler::games::muzicando::{Action, GameType, Muzicando};
use tauler::knowledge::Policy;

const DOS_AND_RES: &str = "R-Do O-Do Y-Do G-Do B-Do P-Do V-Do R-Re O-Re Y-Re G-Re B-Re P-Re V-Re";

fn choice(state: &Muzicando) -> Action {
    let seat = to_move(state);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let action = HeuristicPlayer::new()
        .choose(&state.observation(seat), &legal)
        .expect("an action");
    assert!(legal.contains(&action));
    action
}

#[test]
fn a_hand_of_dos_and_res_bids_muzicando_high() {
    let state = deal(&options(&["dealer=3"]), &[DOS_AND_RES]);
    let hand = state.hand(0);
    let m = strength_margin(hand, GameType::Muzicando);
    for other in [GameType::Sarabanda, GameType::Glissando, GameType::Parada] {
        assert!(m > strength_margin(hand, other), "{other:?}");
    }
    match choice(&state) {
        Action::Bid(bid) => {
            assert_eq!(bid.game_type(), GameType::Muzicando);
            assert_eq!(bid.level(), 4);
        }
        other => panic!("expected a bid, got {other:?}"),
    }
}

#[test]
fn it_never_overcalls_its_partner() {
    let mut state = deal(&options(&["dealer=3"]), &["", "", DOS_AND_RES]);
    play(&mut state, "1S pass");
    assert_eq!(to_move(&state), 2);
    assert_eq!(choice(&state), Action::Pass);
}

#[test]
fn the_individual_chooser_names_its_best_type() {
    let state = deal(
        &options(&["players=3", "dealer=2"]),
        &["R-Do O-Do Y-Do G-Do R-Re O-Re Y-Re"],
    );
    assert_eq!(choice(&state), Action::Choose(GameType::Muzicando));
}

/// Plays plain moves (the first note, else a pass; never a symbol) until
/// seat 0 is to move.
fn plain_until_seat_0(state: &mut Muzicando) {
    let mut legal = Vec::new();
    while to_move(state) != 0 {
        state.legal_actions(&mut legal);
        let plain = legal
            .iter()
            .copied()
            .find(|a| !matches!(a, Action::Place(c, _) if !c.is_note()))
            .expect("a note or a pass");
        state.apply(plain);
    }
}

/// Seat 0 declares 1M, opens red and holds the red sharp with only high
/// notes that cannot be placed on its next turn.
fn sharp_position() -> Muzicando {
    let mut state = deal(
        &options(&["dealer=3"]),
        &["R-Do R-# O-Sol O-La O-Si Y-Sol Y-La Y-Si G-Sol G-La G-Si B-Sol B-La B-Si"],
    );
    play(&mut state, "1M pass pass pass R-Do");
    plain_until_seat_0(&mut state);
    state
}

#[test]
fn a_skip_is_used_against_the_next_opponent() {
    let state = sharp_position();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(legal.contains(&Action::Pass), "no note can be placed");
    assert!(matches!(choice(&state), Action::Place(c, _) if c.symbol_kind().is_some()));
}

#[test]
fn a_skip_that_would_only_block_the_partner_is_kept() {
    // The same position seen with both opponents out of the hand (their
    // hand sizes zero): the sharp would skip the partner, so it passes.
    let state = sharp_position();
    let mut observation = state.observation(0);
    observation.hand_sizes[1] = 0;
    observation.hand_sizes[3] = 0;
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let action = HeuristicPlayer::new()
        .choose(&observation, &legal)
        .expect("an action");
    assert_eq!(action, Action::Pass);
}

#[test]
fn reading_every_hand_it_opens_notes_for_its_partner_not_for_an_opponent() {
    // Seat 0 opens red and orange, then may place R-Re (the next red note,
    // R-Mi, is its partner's) or O-Re (O-Mi is an opponent's): the same
    // to the rule-based player, who cannot tell who holds them.
    let mut state = deal(
        &options(&["dealer=3"]),
        &[
            "R-Do O-Do R-Re O-Re Y-Si G-Si B-Si P-Si V-Si Y-La G-La B-La P-La V-La",
            "O-Mi",
            "R-Mi",
        ],
    );
    play(&mut state, "1M pass pass pass R-Do");
    plain_until_seat_0(&mut state);
    play(&mut state, "O-Do");
    plain_until_seat_0(&mut state);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let red = legal
        .iter()
        .position(|a| matches!(a, Action::Place(c, _) if c.to_string() == "R-Re"))
        .expect("R-Re placeable");
    let orange = legal
        .iter()
        .position(|a| matches!(a, Action::Place(c, _) if c.to_string() == "O-Re"))
        .expect("O-Re placeable");
    let player = HeuristicPlayer::new();
    let mut blind = Vec::new();
    let observation = state.observation(0);
    let view = observation.public_view();
    player.preferences(
        &Situation::observed(&observation, &view),
        &legal,
        &mut blind,
    );
    assert_eq!(blind[red], blind[orange]);
    let mut informed = Vec::new();
    player.informed_preferences(&state, 0, &legal, &mut informed);
    assert!(informed[red] > informed[orange], "{informed:?}");
}
