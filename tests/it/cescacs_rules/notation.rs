//! §13: CTL-AN move text as the author writes and reads it, numbered game
//! records, PDTL round trips, and the typed parse errors.

use tauler::game::{Game, Notation};
use tauler::games::cescacs::{
    format_record, parse_record, Cescacs, Color, Move, Options, ParseError, START,
};

use crate::cescacs_rules::support::{at, play, state, texts, texts_from};

/// The oracle positions (name, PDTL) from `tests/data/cescacs-perft.txt`.
fn oracle_positions() -> Vec<(String, String)> {
    include_str!("../../data/cescacs-perft.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(';');
            let name = fields.next().unwrap().trim().to_string();
            let text = fields.next().unwrap().trim().to_string();
            (name, text)
        })
        .collect()
}

fn oracle(name: &str) -> Cescacs {
    let (_, text) = oracle_positions()
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap();
    state(&text)
}

#[test]
fn moves_are_written_in_the_authors_forms() {
    let start = state(START);
    let moves = texts(&start);
    for text in ["E7-E13", "NE3-C7", "GH2-K6", "JF6-A21"] {
        assert!(moves.contains(text), "{text} in {moves:?}");
    }
    assert_eq!(moves.len(), 68);
    assert!(texts(&play(&start, "E7-E13")).contains("E21-E15"));
}

#[test]
fn special_captures_are_written_with_at_signs() {
    assert!(texts(&oracle("enpassant")).contains("F14@E11"));
    assert!(texts(&oracle("scornful")).contains("E15@D14"));
    // The first hex passed by a triple step takes `@@`.
    let triple = play(&at("KP9 kZ19 PG7 pF12", "w - - 0 1"), "G7-G13");
    assert_eq!(
        texts_from(&triple, "F12"),
        crate::cescacs_rules::support::set("F12-F10 F12-F8 F12-E11 F12-G11 F12@@G9")
    );
}

#[test]
fn castlings_and_promotions_are_written_by_name_and_suffix() {
    assert!(texts(&oracle("castling")).contains("KRD-DE"));
    // C23-B24 promotes to the bishop of B24's (black) colour; C25 is white
    // and its bishop is on the board, so the pawn would await there.
    let game = at(
        "KP9 kZ15 PC23 DE1 VF0 RC3 RI3 GD2 GH2 NE3 NG3 JF2 JF4",
        "w - - 0 40",
    );
    assert_eq!(
        texts_from(&game, "C23"),
        crate::cescacs_rules::support::set("C23-C25=& C23-B24=J C23-D24")
    );
    let forced = at("KP9 kZ15 PE27", "w - - 0 40");
    assert!(texts(&forced).contains("E27=D"));
}

#[test]
fn captures_read_with_x_or_times_and_moves_with_any_hyphen() {
    let game = at("KP9 kZ19 PF14 pF16 nG17 pE17", "w - - 0 1");
    let capture = game.parse_action("F14×NG17").unwrap();
    for text in ["F14xNG17", "F14xG17", "F14×G17", "F14*NG17"] {
        assert_eq!(game.parse_action(text).unwrap(), capture, "{text}");
    }
    let start = state(START);
    let step = start.parse_action("E7-E13").unwrap();
    for text in ["E7‐E13", "E7–E13", " E7-E13 "] {
        assert_eq!(start.parse_action(text).unwrap(), step, "{text}");
    }
    let castling = oracle("castling");
    assert_eq!(
        castling.parse_action("KRD‐DE").unwrap(),
        castling.parse_action("KRD-DE").unwrap()
    );
}

#[test]
fn check_marks_are_optional_when_reading() {
    let game = at("KP9 kF14 RE1 PZ13", "w - - 0 1");
    let mv = game.parse_action("RE1-F2+∞").unwrap();
    assert_eq!(game.parse_action("RE1-F2").unwrap(), mv);
    assert_eq!(game.parse_action("RE1-F2+").unwrap(), mv);
}

#[test]
fn every_legal_move_text_reads_back_as_that_move() {
    for (name, text) in oracle_positions() {
        let game = state(&text);
        let mut moves = Vec::new();
        game.legal_actions(&mut moves);
        for mv in moves {
            let written = game.format_action(mv);
            assert_eq!(game.parse_action(&written), Ok(mv), "{name}: {written}");
        }
    }
}

/// A deterministic pseudo-random game of `plies` from `start`.
fn some_game(start: &Cescacs, plies: usize, mut seed: u64) -> Vec<Move> {
    let mut game = start.clone();
    let mut played = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        game.legal_actions(&mut moves);
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        game.apply(mv);
        played.push(mv);
    }
    played
}

#[test]
fn game_records_are_numbered_move_pairs() {
    let start = state(START);
    let moves: Vec<Move> = ["E7-E13", "E21-E15", "NE3-C7"]
        .iter()
        .scan(start.clone(), |game, text| {
            let mv = game.parse_action(text).unwrap();
            game.apply(mv);
            Some(mv)
        })
        .collect();
    assert_eq!(
        format_record(&start, &moves),
        "1. E7-E13, E21-E15\n2. NE3-C7"
    );
    // A record starting with Black opens with an ellipsis.
    let black = oracle("enpassant");
    let reply = black.parse_action("F14@E11").unwrap();
    assert_eq!(format_record(&black, &[reply]), "3. …, F14@E11");
}

#[test]
fn game_records_round_trip() {
    for (name, text) in oracle_positions() {
        let start = state(&text);
        let moves = some_game(&start, 80, 0x9E37_79B9_7F4A_7C15);
        let record = format_record(&start, &moves);
        let (end, read) =
            parse_record(&start, &record).unwrap_or_else(|e| panic!("{name}: {e}\n{record}"));
        assert_eq!(read, moves, "{name}");
        let mut replayed = start.clone();
        for &mv in &moves {
            replayed.apply(mv);
        }
        assert_eq!(end.format_position(), replayed.format_position(), "{name}");
    }
}

#[test]
fn oracle_positions_round_trip_through_pdtl() {
    for (name, text) in oracle_positions() {
        assert_eq!(state(&text).format_position(), text, "{name}");
    }
    assert_eq!(Cescacs::new(&Options::default()).format_position(), START);
}

#[test]
fn pdtl_accepts_the_redefined_letters() {
    // The English letters of §3/§13: Q W T C/S A/B/F/L H.
    let english: String = START
        .chars()
        .map(|c| match c {
            'D' => 'Q',
            'd' => 'q',
            'V' => 'W',
            'v' => 'w',
            'R' => 'T',
            'r' => 't',
            'N' => 'C',
            'n' => 's',
            'J' => 'B',
            'j' => 'a',
            'E' => 'H',
            'e' => 'h',
            other => other,
        })
        .collect();
    // The castling field keeps R/K (its letters were mapped above).
    let english = english.replace(" w TKTtkt ", " w RKRrkr ");
    assert_eq!(state(&english).format_position(), START, "{english}");
}

#[test]
fn pdtl_written_positions_keep_special_rights_and_clocks() {
    let game = play(&state(START), "E7-E13 F20-F16 E13-D14");
    assert_eq!(game.board().side(), Color::Black);
    let text = game.format_position();
    assert!(text.ends_with(" b RKRrkr - 0 2"), "{text}");
    let read = state(&text);
    assert_eq!(read.format_position(), text);
    assert_eq!(read.hash(), game.hash());
}

fn position_error(text: &str) -> ParseError {
    match Cescacs::parse_position(text, &Options::default()) {
        Ok(_) => panic!("{text} parsed"),
        Err(e) => e,
    }
}

#[test]
fn malformed_pdtl_gives_typed_errors() {
    let kings = "/27:1k/1:1K/";
    type Case = (String, fn(&ParseError) -> bool);
    let cases: Vec<Case> = vec![
        (format!("{kings} w"), |e| {
            matches!(e, ParseError::FieldCount(2))
        }),
        ("27:1k/1:1K/ w - - 0 1".into(), |e| {
            matches!(e, ParseError::PlacementSlashes)
        }),
        ("/27-1k/1:1K/ w - - 0 1".into(), |e| {
            matches!(e, ParseError::LineEntry(_))
        }),
        (
            "/29:1k/1:1K/ w - - 0 1".into(),
            |e| matches!(e, ParseError::LineNumber(n) if n == "29"),
        ),
        ("/1:1K/27:1k/ w - - 0 1".into(), |e| {
            matches!(e, ParseError::LineOrder(27))
        }),
        ("/27:1k1/1:1K/ w - - 0 1".into(), |e| {
            matches!(
                e,
                ParseError::LineLength {
                    line: 27,
                    expected: 2
                }
            )
        }),
        ("/27:99999999999999999999999k/1:1K/ w - - 0 1".into(), |e| {
            matches!(
                e,
                ParseError::LineLength {
                    line: 27,
                    expected: 2
                }
            )
        }),
        ("/27:1y/1:1K/ w - - 0 1".into(), |e| {
            matches!(e, ParseError::PieceLetter('y'))
        }),
        ("/27:1k/1:1R/ w - - 0 1".into(), |e| {
            matches!(
                e,
                ParseError::KingCount {
                    color: Color::White,
                    kings: 0
                }
            )
        }),
        (
            format!("{kings} x - - 0 1"),
            |e| matches!(e, ParseError::Side(s) if s == "x"),
        ),
        (format!("{kings} w RKX - 0 1"), |e| {
            matches!(e, ParseError::Castling(_))
        }),
        (format!("{kings} w RKRk - 0 1"), |e| {
            matches!(
                e,
                ParseError::CastlingBoard {
                    color: Color::White,
                    what: "Queen's rook",
                    ..
                }
            )
        }),
        (format!("{kings} w - Q@F14 0 1"), |e| {
            matches!(e, ParseError::Special { .. })
        }),
        (format!("{kings} w - - half 1"), |e| {
            matches!(e, ParseError::Clock(_))
        }),
        (format!("{kings} w - - 0 0"), |e| {
            matches!(e, ParseError::MoveNumber(_))
        }),
        ("/27:1k/25:1R2/1:1K/ w - - 0 1".into(), |e| {
            matches!(e, ParseError::OpponentInCheck)
        }),
    ];
    for (text, expected) in cases {
        let error = position_error(&text);
        assert!(expected(&error), "{text}: got {error:?}");
    }
}

#[test]
fn malformed_special_capture_fields_are_rejected() {
    // The oracle position after White's triple step E7-E13.
    let text = oracle_positions()
        .into_iter()
        .find(|(n, _)| n == "enpassant")
        .unwrap()
        .1;
    let base = text.split(" P@E9,11[E13]").next().unwrap();
    assert!(state(&format!("{base} P@E9,11[E13] 0 1"))
        .format_position()
        .contains("P@E9,11[E13]"));
    for special in [
        "P@E11[E13]x",
        "P@E9,12[E13]",
        "P@E7[E13]",
        "P@E9,11[E15]",
        "E15@D14",
        "Z1@Z3",
        "P@",
    ] {
        let error = position_error(&format!("{base} {special} 0 1"));
        assert!(
            matches!(error, ParseError::Special { .. }),
            "{special}: {error:?}"
        );
    }
}

#[test]
fn malformed_move_text_gives_typed_errors() {
    let start = state(START);
    assert!(matches!(start.parse_action(""), Err(ParseError::EmptyMove)));
    assert!(matches!(
        start.parse_action("   "),
        Err(ParseError::EmptyMove)
    ));
    for text in [
        "E7E13",
        "E7-",
        "Q7-E13",
        "E7-E13=",
        "E7-E13==D",
        "KRK-ZZ",
        "E7-E13junk",
    ] {
        assert!(
            matches!(start.parse_action(text), Err(ParseError::MoveSyntax { .. })),
            "{text}"
        );
    }
    for text in [
        "E7-E15", "E21-E15", "NE7-E9", "E7×E9", "KRK-II", "F6-F8", "E7-E13=D",
    ] {
        assert!(
            matches!(
                start.parse_action(text),
                Err(ParseError::IllegalMove { .. })
            ),
            "{text}"
        );
    }
    let capture = at("KP9 kZ19 PF14 nG17", "w - - 0 1");
    assert!(matches!(
        capture.parse_action("F14-G17"),
        Err(ParseError::IllegalMove { .. })
    ));
    assert!(matches!(
        capture.parse_action("F14×RG17"),
        Err(ParseError::IllegalMove { .. })
    ));
    let promotion = at("KP9 kZ15 PE25", "w - - 0 30");
    assert!(matches!(
        promotion.parse_action("E25-E27"),
        Err(ParseError::IllegalMove { .. })
    ));
    assert!(matches!(
        promotion.parse_action("E25-E27=&"),
        Err(ParseError::IllegalMove { .. })
    ));
}

#[test]
fn malformed_records_name_the_line() {
    let start = state(START);
    let error = parse_record(&start, "1. E7-E13, E21-E15\n2. E13-E17").unwrap_err();
    assert!(
        matches!(error, ParseError::Record { line: 2, .. }),
        "{error:?}"
    );
}

#[test]
fn records_accept_unknown_numbers_ellipses_and_results() {
    let start = state(START);
    let (_, moves) = parse_record(&start, "1? E7-E13, E21-E15\n2? NE3-C7 1-1").unwrap();
    assert_eq!(moves.len(), 3);
    let black = oracle("enpassant");
    let (end, moves) = parse_record(&black, "3. …, F14@E11\n4. NI7-X8, *").unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(end.fullmove_number(), 4);
    assert_eq!(end.board().side(), Color::Black);
}

#[test]
fn positions_that_cannot_arise_are_refused_unless_free_setup() {
    let free = Options {
        free_setup: true,
        ..Options::default()
    };
    for (men, named) in [
        (
            "KP9 kZ19 PZ13 rA5 rA7 rA9",
            "Black has 3 rooks (R) (at most 2",
        ),
        ("KP9 kZ19 dF14 dF16", "Black has 2 queens (D) (at most 1"),
        (
            "KP9 kZ19 jF14 jF20",
            "Black has 2 bishops (J) on hexes of one colour",
        ),
    ] {
        let text = crate::cescacs_rules::support::pdtl(men, "w - - 0 1");
        let err = Cescacs::parse_position(&text, &Options::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("impossible position") && err.contains(named),
            "{men}: {err}"
        );
        if let Err(e) = Cescacs::parse_position(&text, &free) {
            panic!("{men} with free_setup: {e}");
        }
    }
    // A missing king cannot be played, free setup or not.
    let text = crate::cescacs_rules::support::pdtl("KP9 PZ13", "w - - 0 1");
    assert!(Cescacs::parse_position(&text, &free).is_err());
}
