//! The individual game (§5): seating, the 7-card deal and the stock, the
//! choice of type, drawing on a pass, losing the round, and its scores.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{deal, legal, options, play, to_move};
use tauler::game::{Game, Turn};
use tauler::games::muzicando::individual::{dealer_of_round, draw_seating};
use tauler::games::muzicando::layouts::GameType;
use tauler::games::muzicando::{Action, Muzicando, Phase};

#[test]
fn seating_draws_do_re_mi_and_guido_with_eight() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for players in 2..=8 {
        let draw = draw_seating(players, &mut rng);
        let mut seats: Vec<usize> = draw.iter().map(|&(_, s)| s).collect();
        seats.sort_unstable();
        assert_eq!(seats, (0..players).collect::<Vec<_>>());
        for &(card, seat) in &draw {
            let expected = if seat == 7 {
                "V-pause".to_string()
            } else {
                ["R-Do", "R-Re", "R-Mi", "R-Fa", "R-Sol", "R-La", "R-Si"][seat].to_string()
            };
            assert_eq!(
                card.to_string(),
                expected,
                "seats follow the notes, Do first"
            );
        }
    }
    assert_eq!(
        (0..5).map(|r| dealer_of_round(4, r)).collect::<Vec<_>>(),
        [0, 1, 2, 3, 0]
    );
}

#[test]
fn seven_cards_each_and_the_rest_is_the_stock() {
    for players in 2..=8u8 {
        let state = Muzicando::seeded_deal(&options(&[&format!("players={players}")]), 3);
        for seat in 0..usize::from(players) {
            assert_eq!(state.hand(seat).count_ones(), 7);
        }
        assert_eq!(state.stock().count_ones(), 56 - 7 * u32::from(players));
    }
}

#[test]
fn the_player_after_the_dealer_chooses_the_type_and_starts() {
    let mut state = deal(&options(&["players=3", "dealer=2"]), &[]);
    assert_eq!(state.phase(), Phase::Choose);
    assert_eq!(to_move(&state), 0);
    assert_eq!(legal(&state), ["S", "G", "P", "M"]);
    play(&mut state, "P");
    let contract = state.contract().unwrap();
    assert_eq!(
        (contract.game_type, contract.declarer, contract.bid),
        (GameType::Parada, 0, None)
    );
    assert_eq!(to_move(&state), 0);
}

/// Two players, dealer 0: seat 1 chooses; seat 1 holds no Do.
fn two_players() -> Muzicando {
    deal(
        &options(&["players=2"]),
        &[
            "R-Do O-Do O-Re O-Mi O-Fa O-Sol O-La",
            "R-Re R-Mi R-Fa R-Sol R-La R-Si R-#",
        ],
    )
}

#[test]
fn a_player_who_passes_draws_from_the_stock() {
    let mut state = two_players();
    play(&mut state, "M");
    assert_eq!(legal(&state), ["pass"]);
    play(&mut state, "pass");
    assert_eq!(state.turn(), Turn::Chance, "he draws");
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 42);
    assert!(outcomes
        .iter()
        .all(|&(_, p)| (p - 1.0 / 42.0).abs() < 1e-12));
    let (draw, _) = outcomes[0];
    state.apply(draw);
    assert_eq!(state.hand(1).count_ones(), 8);
    assert_eq!(state.stock().count_ones(), 41);
    assert_eq!(to_move(&state), 0, "then the next player");
    assert!(matches!(draw, Action::Draw(_)));
}

#[test]
fn with_the_stock_empty_a_player_who_must_pass_loses_the_round() {
    let mut state = two_players();
    play(&mut state, "M");
    state.empty_stock();
    play(&mut state, "pass");
    assert_eq!(state.lost(), [1]);
    assert_eq!(to_move(&state), 0, "play goes on with the next player");
    play(&mut state, "R-Do O-Do O-Re O-Mi O-Fa O-Sol");
    assert_eq!(to_move(&state), 0, "alone, he plays on");
    play(&mut state, "O-La");
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(state.ranking(), [0, 1]);
    // 2 + 4 for the winner; the last still holds cards: 0 + 4.
    assert_eq!(state.returns().unwrap().as_slice(), [6.0, 4.0]);
}

#[test]
fn players_out_by_losing_rank_last_the_first_out_last() {
    let mut state = deal(&options(&["players=3"]), &["R-Re", "R-Mi", "R-Do"]);
    play(&mut state, "M");
    state.empty_stock();
    // Seat 1 chose and starts, but holds no Do.
    play(&mut state, "pass");
    assert_eq!(to_move(&state), 2);
    play(&mut state, "R-Do");
    assert_eq!(to_move(&state), 0);
    play(&mut state, "R-Re");
    assert_eq!(to_move(&state), 2, "seat 1 is out");
    while state.phase() != Phase::Over {
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        state.apply(actions[0]);
    }
    assert_eq!(state.lost()[0], 1, "seat 1 out first");
    assert_eq!(*state.ranking().last().unwrap(), 1, "and ranked last");
}
