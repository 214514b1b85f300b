//! Card chess played with normal moves only is chess: along random games
//! that never draw a card, the game's move actions are exactly the chess
//! core's legal moves (and, with `cards=off`, its actions are nothing else).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, GameOptions, Turn};
use tauler::games::cardchess::chess::{legal_moves, MoveList, MoveRules};
use tauler::games::cardchess::{Action, CardChess, CardChessOptions};

fn check(pairs: &[&str], seed: u64) {
    let options = CardChessOptions::from_pairs(pairs.iter().copied()).expect("options");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut positions = 0;
    for _ in 0..60 {
        let mut state = CardChess::new(&options);
        while let Turn::Player(_) = state.turn() {
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            let mut moves: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Move(_)))
                .collect();
            let mut chess = MoveList::new();
            legal_moves(state.position(), &MoveRules::PLAIN, &mut chess);
            let mut expected: Vec<Action> = chess.iter().map(|&m| Action::Move(m)).collect();
            moves.sort();
            expected.sort();
            assert_eq!(moves, expected, "at {}", state.position().to_fen());
            if !options.cards {
                assert_eq!(actions.len(), moves.len());
            }
            positions += 1;
            state.apply(moves[rng.gen_range(0..moves.len())]);
        }
    }
    assert!(positions > 3000);
}

#[test]
fn normal_moves_with_cards_are_chess_moves() {
    check(&[], 11);
}

#[test]
fn cards_off_is_chess() {
    check(&["cards=off"], 12);
}
