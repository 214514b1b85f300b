//! Chess960 castling in the chess core against the published Chess960
//! perft list (`tests/data/chess960-perft.epd`: one position for each of
//! the 960 start arrangements, from the Chessprogramming wiki). By default
//! every position runs to depth 3 and every 64th to depth 5; the whole
//! list to depth 5 is ignored, run it with
//! `cargo test --release --test it chess960_perft:: -- --ignored`.

use tauler::games::cardchess::chess::perft::perft;
use tauler::games::cardchess::chess::Position;

const LIST: &str = include_str!("../data/chess960-perft.epd");

/// (FEN, [(depth, nodes)]) for every line of the list.
fn list() -> Vec<(String, Vec<(u32, u64)>)> {
    LIST.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let depths = parts
                .filter_map(|p| {
                    let (d, n) = p.trim().strip_prefix('D')?.split_once(' ')?;
                    Some((d.parse().ok()?, n.trim().parse().ok()?))
                })
                .collect();
            (fen, depths)
        })
        .collect()
}

/// Checks the positions `pick` chooses (by index) at the depths `depth`
/// chooses.
fn run(pick: impl Fn(usize) -> bool, depth: impl Fn(usize, u32) -> bool) {
    let cases = list();
    assert_eq!(cases.len(), 960, "the list has every start arrangement");
    for (index, (fen, depths)) in cases.into_iter().enumerate() {
        if !pick(index) {
            continue;
        }
        let pos = Position::from_fen_as(&fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (d, expected) in depths {
            if depth(index, d) {
                assert_eq!(
                    perft(&pos, d),
                    expected,
                    "position {index}: {fen} depth {d}"
                );
            }
        }
    }
}

#[test]
fn every_position_to_depth_3_and_a_sample_to_depth_5() {
    run(|_| true, |index, d| d <= 3 || (index % 64 == 0 && d <= 5));
}

#[test]
#[ignore = "deep: cargo test --release --test it chess960_perft:: -- --ignored"]
fn every_position_to_depth_5() {
    run(|_| true, |_, d| d == 5);
}
