//! The chess core against cozy-chess, move for move, on thousands of
//! positions from random games: legal moves (UCI), SAN text, FEN, the
//! bulk count, the card-effect generator under plain rules, and the
//! incremental hash.

use cozy_chess::util::{display_san_move, display_uci_move};
use cozy_chess::Board;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::games::cardchess::chess::movegen::{count_plain_moves, generate_extended};
use tauler::games::cardchess::chess::san::{parse_san, to_san};
use tauler::games::cardchess::chess::uci::parse_uci;
use tauler::games::cardchess::chess::{legal_moves, MoveList, MoveRules, Position};

const STARTS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

/// Compares everything at one position; returns the number of legal moves.
fn compare(pos: &Position, board: &Board) -> usize {
    let fen = pos.to_fen();
    let mut ours = MoveList::new();
    legal_moves(pos, &MoveRules::PLAIN, &mut ours);
    let mut ours_text: Vec<String> = ours.iter().map(ToString::to_string).collect();
    ours_text.sort();
    let mut theirs_text = Vec::new();
    let mut theirs_san = Vec::new();
    board.generate_moves(|moves| {
        for mv in moves {
            theirs_text.push(display_uci_move(board, mv).to_string());
            theirs_san.push(display_san_move(board, mv).to_string());
        }
        false
    });
    theirs_text.sort();
    assert_eq!(ours_text, theirs_text, "legal moves differ at {fen}");
    assert_eq!(
        count_plain_moves(pos),
        ours.len() as u64,
        "bulk count at {fen}"
    );

    let mut extended = MoveList::new();
    generate_extended(pos, &MoveRules::PLAIN, &mut extended);
    let mut extended_text: Vec<String> = extended.iter().map(ToString::to_string).collect();
    extended_text.sort();
    assert_eq!(
        extended_text, ours_text,
        "card-effect generator differs at {fen}"
    );

    let mut ours_san: Vec<String> = ours.iter().map(|&m| to_san(pos, m, &ours)).collect();
    for (&mv, san) in ours.iter().zip(&ours_san) {
        assert_eq!(parse_san(pos, san, &ours), Ok(mv), "SAN {san} at {fen}");
        assert_eq!(
            parse_uci(&mv.to_string(), &ours),
            Ok(mv),
            "UCI {mv} at {fen}"
        );
    }
    ours_san.sort();
    theirs_san.sort();
    assert_eq!(ours_san, theirs_san, "SAN differs at {fen}");

    assert_eq!(pos.hash(), pos.hash_from_scratch(), "hash at {fen}");
    let reparsed = Position::from_fen(&fen).expect("own FEN parses");
    assert_eq!(reparsed.to_fen(), fen);
    assert_eq!(reparsed.hash(), pos.hash(), "reparsed hash at {fen}");
    let their_fen = board.to_string();
    let strip = |f: &str| f.split(' ').take(3).collect::<Vec<_>>().join(" ");
    assert_eq!(strip(&fen), strip(&their_fen), "FEN differs");
    ours.len()
}

#[test]
fn random_games_agree_with_cozy_chess() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    let mut positions = 0;
    for game in 0..200 {
        let start = STARTS[game % STARTS.len()];
        let mut pos = Position::from_fen(start).expect("start FEN");
        let mut board: Board = start.parse().expect("start FEN");
        for _ in 0..200 {
            let count = compare(&pos, &board);
            positions += 1;
            if count == 0 {
                break;
            }
            let mut moves = MoveList::new();
            legal_moves(&pos, &MoveRules::PLAIN, &mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            let text = mv.to_string();
            pos.play(mv);
            let theirs = cozy_chess::util::parse_uci_move(&board, &text).expect("cozy accepts");
            board.play(theirs);
        }
    }
    assert!(positions > 10_000, "only {positions} positions");
}
