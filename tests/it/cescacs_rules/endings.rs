//! §7 and §8: check and its marks, mate, stalemate scoring, and the draw
//! rules (threefold repetition, 50 moves, insufficient material).

use tauler::game::{Game, GameOptions, Notation, Turn};
use tauler::games::cescacs::{Color, Options, Outcome};

use crate::cescacs_rules::support::{at, pdtl, play, state, state_with};

fn returns(game: &tauler::games::cescacs::Cescacs) -> Vec<f64> {
    game.returns().expect("terminal").to_vec()
}

/// The text the engine writes for `mv` with White's pawn on Z13 added
/// (so that the material never suffices for a draw).
fn written(men: &str, mv: &str) -> String {
    let game = at(&format!("{men} PZ13"), "w - - 0 1");
    let action = game
        .parse_action(mv)
        .unwrap_or_else(|e| panic!("{mv}: {e}"));
    game.format_action(action)
}

#[test]
fn check_from_afar_is_marked_plus_infinity() {
    // The rook reaches F2 and sees F14 over F4..F12.
    assert_eq!(written("KP9 kF14 RE1", "RE1-F2"), "RE1-F2+∞");
}

#[test]
fn adjoining_check_is_marked_plus_caret() {
    // A knight jump cannot be blocked.
    assert_eq!(written("KP9 kF14 NF6", "NF6-H10"), "NF6-H10+^");
    // Nor can a slider's check from the next hex.
    assert_eq!(written("KP9 kF14 RE1", "RE1-E13"), "RE1-E13+^");
}

#[test]
fn double_check_is_marked_plus_plus() {
    // The knight leaves the F column, checking by its jump and uncovering the rook.
    assert_eq!(written("KP9 kF14 RF2 NF6", "NF6-H10"), "NF6-H10++");
}

#[test]
fn checkmate_wins_the_whole_point() {
    // The Queen on F24 covers all five neighbours of the King on F28.
    let game = at("KP9 kF28 DD24", "w - - 0 1");
    let mv = game.parse_action("DD24-F24").unwrap();
    assert_eq!(game.format_action(mv), "DD24-F24#");
    let mut mated = game.clone();
    mated.apply(mv);
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(mated.turn(), Turn::Terminal);
    assert_eq!(returns(&mated), [1.0, 0.0]);
    let mut moves = Vec::new();
    mated.legal_actions(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn checkmate_by_black_gives_black_the_point() {
    let game = at("kP19 KF0 dD4", "b - - 0 1");
    let mated = play(&game, "DD4-F4");
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(returns(&mated), [0.0, 1.0]);
}

/// White to move: KF22-F24 leaves the lone Black King on F28 without a move
/// and not in check.
const STALEMATE: &str = "KF22 RP9 kF28";

#[test]
fn stalemate_scores_three_quarters_by_default() {
    let game = play(&at(STALEMATE, "w - - 0 1"), "KF22-F24");
    assert!(!game.in_check());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Stalemate {
            winner: Color::White
        })
    );
    assert_eq!(game.turn(), Turn::Terminal);
    assert_eq!(returns(&game), [0.75, 0.25]);
}

#[test]
fn stalemate_scores_two_thirds_with_the_option() {
    let options = Options::from_pairs(["stalemate=two-thirds"]).unwrap();
    let game = state_with(&pdtl(STALEMATE, "w - - 0 1"), &options);
    let game = play(&game, "KF22-F24");
    let [white, black] = returns(&game)[..] else {
        panic!("two seats")
    };
    assert!((white - 2.0 / 3.0).abs() < 1e-12 && (black - 1.0 / 3.0).abs() < 1e-12);
}

#[test]
fn stalemate_by_black_gives_black_the_minimal_win() {
    let game = play(&at("kF6 rZ19 KF0", "b - - 0 1"), "KF6-F4");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Stalemate {
            winner: Color::Black
        })
    );
    assert_eq!(returns(&game), [0.25, 0.75]);
}

#[test]
fn threefold_repetition_is_a_draw() {
    let start = at("KP9 RP13 kZ19 rZ15", "w - - 0 1");
    let cycle = "KP9-P11 KZ19-Z17 KP11-P9 KZ17-Z19";
    let twice = play(&start, cycle);
    assert_eq!(
        twice.format_position(),
        pdtl("KP9 RP13 kZ19 rZ15", "w - - 4 3")
    );
    assert_eq!(
        twice.turn(),
        Turn::Player(0),
        "a second occurrence is not yet a draw"
    );
    let thrice = play(&twice, cycle);
    assert_eq!(thrice.outcome(), Some(Outcome::Repetition));
    assert_eq!(returns(&thrice), [0.5, 0.5]);
}

#[test]
fn repetition_counts_castling_rights_as_part_of_the_position() {
    // After the unmoved King goes and returns, the men stand as at the start
    // but White has lost its leap: the start does not count. After 8 plies
    // the men have stood so three times, yet it is no draw; the position
    // after KG1-G3 (already without rights) comes a third time at ply 9.
    let start = at("KG1 PZ13 kZ19 rZ15", "w K - 0 1");
    let cycle = "KG1-G3 KZ19-Z17 KG3-G1 KZ17-Z19";
    let twice = play(&start, &format!("{cycle} {cycle}"));
    assert_eq!(
        twice.turn(),
        Turn::Player(0),
        "the start had different rights"
    );
    let thrice = play(&twice, "KG1-G3");
    assert_eq!(thrice.outcome(), Some(Outcome::Repetition));
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_is_a_draw() {
    let game = at("KP9 RP13 PA5 kZ19 nZ15", "w - - 99 80");
    let drawn = play(&game, "RP13-P15");
    assert_eq!(drawn.halfmove_clock(), 100);
    assert_eq!(drawn.outcome(), Some(Outcome::FiftyMoves));
    assert_eq!(returns(&drawn), [0.5, 0.5]);
    let almost = at("KP9 RP13 PA5 kZ19 nZ15", "w - - 98 80");
    assert_eq!(play(&almost, "RP13-P15").turn(), Turn::Player(1));
}

#[test]
fn pawn_moves_and_captures_reset_the_fifty_move_clock() {
    let game = at("KP9 RP13 PA5 kZ19 nP17", "w - - 99 80");
    let pawn = play(&game, "A5-A7");
    assert_eq!(pawn.halfmove_clock(), 0);
    assert_eq!(pawn.turn(), Turn::Player(1));
    let capture = play(&game, "RP13×NP17");
    assert_eq!(capture.halfmove_clock(), 0);
    assert!(capture.outcome().is_none());
}

#[test]
fn insufficient_material_follows_the_authors_rule() {
    // Each side at most three men, no pawns, no Queen/Wyvern/Rook, and
    // neither side with two Pegasi or a Pegasus and a Knight or Bishop.
    let drawn = [
        "KP9 kZ19",
        "KP9 GA9 kZ19 nZ15",
        "KP9 NA9 JA13 kZ19 eZ15 eX14",
        "KP9 EA9 EA13 kZ19 jZ15 jX14",
        "KP9 GA9 EA13 kZ19 gZ15 eX14",
    ];
    for men in drawn {
        let game = at(men, "w - - 0 1");
        assert_eq!(game.outcome(), Some(Outcome::InsufficientMaterial), "{men}");
        assert_eq!(returns(&game), [0.5, 0.5], "{men}");
    }
    let playable = [
        "KP9 PA9 kZ19",
        "KP9 DA9 kZ19",
        "KP9 VA9 kZ19",
        "KP9 RA9 kZ19",
        "KP9 GA9 GA13 kZ19",
        "KP9 GA9 NA13 kZ19",
        "KP9 GA9 JA13 kZ19",
        "KP9 NA9 NA13 JB12 kZ19",
        "KP9 EA9 EA13 EB12 kZ19",
        "KP9 kZ19 pZ15",
    ];
    for men in playable {
        assert_eq!(at(men, "w - - 0 1").outcome(), None, "{men}");
    }
}

#[test]
fn the_start_position_is_not_over() {
    let game = state(tauler::games::cescacs::START);
    assert_eq!(game.turn(), Turn::Player(0));
    assert!(game.returns().is_none());
}

#[test]
fn promotion_in_place_resets_the_fifty_move_clock() {
    let game = at("KP9 kZ15 PE27", "w - - 99 80");
    let promoted = play(&game, "E27=D");
    assert_eq!(promoted.halfmove_clock(), 0);
    assert!(promoted.outcome().is_none());
}

#[test]
fn repetition_counts_an_en_passant_right_as_part_of_the_position() {
    // Right after E9-E13 Black may take en passant; once the Kings have
    // shuffled back the men stand the same but without that right, so the
    // draw comes only when a later position occurs a third time (ply 9).
    let start = play(&at("KP9 PE9 kZ19 pD14", "w - - 0 1"), "E9-E13");
    let cycle = "KZ19-Z17 KP9-P11 KZ17-Z19 KP11-P9";
    let twice = play(&start, &format!("{cycle} {cycle}"));
    assert_eq!(
        twice.format_position().split_whitespace().next(),
        start.format_position().split_whitespace().next()
    );
    assert_eq!(
        twice.turn(),
        Turn::Player(1),
        "the first occurrence had the en passant right"
    );
    let thrice = play(&twice, "KZ19-Z17");
    assert_eq!(thrice.outcome(), Some(Outcome::Repetition));
}
