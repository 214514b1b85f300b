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
use tauler::games::cardchess::chess::{legal_moves, Color, MoveList, MoveRules, Position};

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
    check_card_rules(pos, &ours);

    let their_fen = board.to_string();
    let strip = |f: &str| f.split(' ').take(3).collect::<Vec<_>>().join(" ");
    assert_eq!(strip(&fen), strip(&their_fen), "FEN differs");
    ours.len()
}

/// The card-effect generator under restrictions equals the plain legal
/// moves filtered by the same restriction; super pieces add only knight
/// jumps of their type.
fn check_card_rules(pos: &Position, plain: &MoveList) {
    use tauler::games::cardchess::chess::attacks::knight_attacks;
    use tauler::games::cardchess::chess::bitboard::{bb, rank_of};
    use tauler::games::cardchess::chess::{MoveKind, Piece};
    let fen = pos.to_fen();
    let sorted = |list: &MoveList| {
        let mut v: Vec<String> = list.iter().map(ToString::to_string).collect();
        v.sort();
        v
    };
    let filtered = |keep: &dyn Fn(&tauler::games::cardchess::chess::Move) -> bool| {
        let mut v: Vec<String> = plain
            .iter()
            .filter(|m| keep(m))
            .map(ToString::to_string)
            .collect();
        v.sort();
        v
    };
    let piece_of =
        |m: &tauler::games::cardchess::chess::Move| pos.piece_at(m.from()).expect("a piece moves");
    let mut out = MoveList::new();
    for mask in [0b1u8, 0b10, 0b110, 0b1_1000, 0b10_0000, 0b10_1001] {
        let rules = MoveRules {
            pieces: mask,
            castling: mask & Piece::King.bit() != 0,
            ..MoveRules::PLAIN
        };
        generate_extended(pos, &rules, &mut out);
        assert_eq!(
            sorted(&out),
            filtered(&|m| mask & piece_of(m).bit() != 0),
            "pieces {mask:b} at {fen}"
        );
    }
    let from = 0x00ff_00ff_00ff_00ffu64;
    generate_extended(
        pos,
        &MoveRules {
            from,
            ..MoveRules::PLAIN
        },
        &mut out,
    );
    assert_eq!(
        sorted(&out),
        filtered(&|m| from & bb(m.from()) != 0),
        "from mask at {fen}"
    );

    let us = pos.side();
    generate_extended(
        pos,
        &MoveRules {
            no_retreat: true,
            ..MoveRules::PLAIN
        },
        &mut out,
    );
    let forward_or_level = |m: &tauler::games::cardchess::chess::Move| match us {
        Color::White => rank_of(m.to()) >= rank_of(m.from()),
        Color::Black => rank_of(m.to()) <= rank_of(m.from()),
    };
    assert_eq!(
        sorted(&out),
        filtered(&forward_or_level),
        "no retreat at {fen}"
    );

    generate_extended(
        pos,
        &MoveRules {
            untouchable_pawns: true,
            ..MoveRules::PLAIN
        },
        &mut out,
    );
    let no_pawn_capture = |m: &tauler::games::cardchess::chess::Move| {
        m.kind() != MoveKind::EnPassant && pos.piece_at(m.to()) != Some(Piece::Pawn)
    };
    assert_eq!(
        sorted(&out),
        filtered(&no_pawn_capture),
        "untouchable pawns at {fen}"
    );

    generate_extended(
        pos,
        &MoveRules {
            frozen_king_in_check: true,
            ..MoveRules::PLAIN
        },
        &mut out,
    );
    let in_check = pos.in_check();
    assert_eq!(
        sorted(&out),
        filtered(&|m| !in_check || piece_of(m) != Piece::King),
        "lead king at {fen}"
    );

    let leapers = Piece::Queen.bit() | Piece::Rook.bit() | Piece::Bishop.bit();
    let mut super_pos = *pos;
    super_pos.set_leapers(if pos.side() == Color::White {
        [leapers, 0]
    } else {
        [0, leapers]
    });
    generate_extended(&super_pos, &MoveRules::PLAIN, &mut out);
    let plain_set = sorted(plain);
    let super_set = sorted(&out);
    assert!(
        plain_set.iter().all(|m| super_set.contains(m)),
        "super pieces lose moves at {fen}"
    );
    for m in out.iter().filter(|m| !plain_set.contains(&m.to_string())) {
        assert!(leapers & piece_of(m).bit() != 0, "extra move {m} at {fen}");
        assert!(
            knight_attacks(m.from()) & bb(m.to()) != 0,
            "extra move {m} not a knight jump at {fen}"
        );
    }
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
