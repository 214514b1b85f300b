//! The chess core against the perft suites in `tests/data/*.epd`: every
//! position at every listed depth. Counts up to 2 million nodes run by
//! default; the deep ones are ignored, run them with
//! `cargo test --release --test it chess_perft:: -- --ignored`.

use tauler::game::{Game, GameOptions, Notation};
use tauler::games::cardchess::chess::perft::perft;
use tauler::games::cardchess::chess::Position;
use tauler::games::cardchess::{CardChess, CardChessOptions};

const QUICK_LIMIT: u64 = 2_000_000;

/// (FEN, [(depth, nodes)]) for every line of an EPD file.
fn suite(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let depths = parts
                .filter_map(|p| {
                    let p = p.trim();
                    let (d, n) = p.strip_prefix('D')?.split_once(' ')?;
                    Some((d.parse().ok()?, n.trim().parse().ok()?))
                })
                .collect();
            (fen, depths)
        })
        .collect()
}

fn run(text: &str, deep: bool) {
    let cases = suite(text);
    assert!(!cases.is_empty());
    for (fen, depths) in cases {
        let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in depths {
            if (expected > QUICK_LIMIT) != deep {
                continue;
            }
            assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
        }
    }
}

const PERFTSUITE: &str = include_str!("../data/chess-perftsuite.epd");
const CPW: &str = include_str!("../data/chess-cpw.epd");

#[test]
fn perftsuite_shallow() {
    run(PERFTSUITE, false);
}

#[test]
fn cpw_shallow() {
    run(CPW, false);
}

#[test]
#[ignore = "deep: cargo test --release --test it chess_perft:: -- --ignored"]
fn perftsuite_deep() {
    run(PERFTSUITE, true);
}

#[test]
#[ignore = "deep: cargo test --release --test it chess_perft:: -- --ignored"]
fn cpw_deep() {
    run(CPW, true);
}

/// `cardchess` with `cards=off` (what `tauler perft cardchess --option
/// cards=off --position FEN` runs) is plain chess perft.
#[test]
fn cards_off_game_perft_matches_the_suites() {
    let options = CardChessOptions::from_pairs(["cards=off"]).expect("option");
    for (fen, depths) in suite(PERFTSUITE).into_iter().chain(suite(CPW)) {
        let state =
            CardChess::parse_position(&fen, &options).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in depths.into_iter().filter(|&(_, n)| n <= 200_000) {
            assert_eq!(state.perft(depth), expected, "{fen} depth {depth}");
        }
    }
}
