//! The searcher on C'escacs with its evaluator.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Notation, Turn};
use tauler::games::cescacs::eval::CescacsEval;
use tauler::games::cescacs::{Cescacs, Options};
use tauler::search::{info_line, AlphaBeta, Limits, SearchConfig};

use crate::games::random_walk;

fn config() -> SearchConfig {
    SearchConfig {
        hash_mb: 4,
        late_move_reductions: true,
        ..SearchConfig::default()
    }
}

#[test]
fn takes_a_hanging_queen() {
    let state = Cescacs::parse_position("/27:1k/14:3d3/8:3R3/1:1K/ w - - 0 1", &Options::default())
        .unwrap();
    let result = AlphaBeta::new(CescacsEval::default(), config())
        .search(&state, &Limits::depth(3))
        .unwrap();
    assert_eq!(state.format_action(result.best), "RF8×DF14");
    assert!(result.score().0 > 500, "{}", result.score());
}

#[test]
fn random_positions_get_legal_moves_and_readable_lines() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
    let mut searcher = AlphaBeta::new(
        CescacsEval::default(),
        SearchConfig {
            multipv: 2,
            ..config()
        },
    );
    for _ in 0..6 {
        let state = random_walk(
            &Cescacs::new(&Options::default()),
            rng.gen_range(0..40),
            &mut rng,
        );
        if state.turn() == Turn::Terminal {
            continue;
        }
        let mut lines = Vec::new();
        let result = searcher
            .search_with(&state, &Limits::depth(3), |info| {
                lines.push(info_line(&state, info))
            })
            .unwrap();
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        assert!(actions.contains(&result.best));
        let last = lines.last().unwrap();
        assert!(
            last.contains(&format!(
                " pv {}",
                state.format_action(result.lines[1].pv[0])
            )),
            "{last}"
        );
    }
}
