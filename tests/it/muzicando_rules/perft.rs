//! Perft over seeded deals: small counts derived from the rules, and the
//! bench positions' counts as a regression guard.

use tauler::game::{Game, Notation};
use tauler::games::muzicando::cards::{cards_of, cards_of_step};
use tauler::games::muzicando::{Muzicando, Options};

fn position(text: &str) -> Muzicando {
    Muzicando::parse_position(text, &Options::default()).expect("valid position")
}

#[test]
fn auction_perft_follows_from_the_calling_rules() {
    let state = position("seed:1");
    assert_eq!(state.perft(1), 17, "a pass or any of the 16 bids");
    // After a pass: 17 calls again. After bid k < 4M: a pass or one of the
    // 15 - k higher bids. After 4M: the declarer's opening moves (his Dos).
    let declarer = state.next_seat(state.dealer());
    let dos = cards_of(state.hand(usize::from(declarer)) & cards_of_step(0)).count() as u64;
    let after_bids: u64 = (0..15u64).map(|k| 1 + (15 - k)).sum();
    let after_top = dos.max(1);
    assert_eq!(state.perft(2), 17 + after_bids + after_top);
}

#[test]
fn bench_positions_keep_their_counts() {
    assert_eq!(position("seed:1 1M - - -").perft(10), 6668);
    assert_eq!(position("seed:1 1P - - -").perft(10), 26946);
    assert_eq!(position("seed:1 1S - - -").perft(4), 5808);
    assert_eq!(position("seed:1").perft(4), 5156);
}
