//! Camelot move text and game records: the published WCF games replay with
//! every ply legal, written moves round-trip, abbreviated paths are matched
//! by start, end and captures.

use tauler::game::{Game, Notation};
use tauler::games::camelot::record::{format_record, replay};
use tauler::games::camelot::{Camelot, Color, Options, ParseError, Status};

fn games() -> Vec<(String, String)> {
    include_str!("../data/camelot-games.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let (name, record) = line.split_once(';')?;
            Some((name.trim().to_string(), record.trim().to_string()))
        })
        .collect()
}

#[test]
fn published_games_replay_with_every_ply_legal() {
    let start = Camelot::new(&Options::default());
    for (name, record) in games() {
        let (moves, _) = replay(&start, &record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let plies = record
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .count();
        assert_eq!(moves.len(), plies, "{name}");
    }
}

#[test]
fn rewritten_records_replay_to_the_same_moves() {
    let start = Camelot::new(&Options::default());
    for (name, record) in games() {
        let (moves, end) = replay(&start, &record).expect("published game");
        let rewritten = format_record(&start, &moves);
        let (again, end_again) = replay(&start, &rewritten).expect("our own record");
        assert_eq!(moves, again, "{name}");
        assert_eq!(end.format_position(), end_again.format_position());
    }
}

#[test]
fn nolan_chaxx_writes_full_paths_except_the_abbreviated_one() {
    let start = Camelot::new(&Options::default());
    let (_, record) = &games()[0];
    let (moves, _) = replay(&start, record).expect("published game");
    let rewritten = format_record(&start, &moves);
    // Published as I10-G8xG6xE6xE8xG8xE6xC8: same length, but E6 sorts before G6.
    assert!(
        rewritten.contains("6.G8xE10 I10-G8xE6xE8xG8xG6xE6xC8 "),
        "{rewritten}"
    );
    assert!(rewritten.contains("10.C6-E6-G6-G8xE10"), "{rewritten}");
    assert!(
        !rewritten.contains("J11-F11-D11xF9"),
        "the abbreviated move is written in full: {rewritten}"
    );
    assert!(rewritten.contains("J11-H11-F11-D11xF9"), "{rewritten}");
}

#[test]
fn nolan_chaxx_ends_with_white_resigning_a_lost_position() {
    let start = Camelot::new(&Options::default());
    let (_, record) = &games()[0];
    let (_, end) = replay(&start, record).expect("published game");
    assert_eq!(end.status(), Status::Ongoing);
    assert_eq!(end.board().count(Color::White), 1);
    assert_eq!(end.board().count(Color::Black), 3);
    assert_eq!(
        end.format_position(),
        "2/8/10/12/5K6/7m4/12/2m9/5m6/12/12/12/12/10/8/2 w 0,0"
    );
}

#[test]
fn lower_case_and_annotations_are_accepted() {
    let start = Camelot::new(&Options::default());
    let plain = start.parse_action("E6-E8").expect("a canter");
    assert_eq!(start.parse_action("e6^e8!?"), Ok(plain));
    assert_eq!(start.format_action(plain), "E6-E8");
}

#[test]
fn bad_moves_give_typed_errors() {
    let start = Camelot::new(&Options::default());
    assert_eq!(start.parse_action(""), Err(ParseError::Empty));
    assert_eq!(
        start.parse_action("A1-A2"),
        Err(ParseError::BadSquare("A1".to_string()))
    );
    assert_eq!(
        start.parse_action("H11-X9"),
        Err(ParseError::Malformed("H11-X9".to_string()))
    );
    assert_eq!(
        start.parse_action("E6"),
        Err(ParseError::ShortMove("E6".to_string()))
    );
    assert_eq!(
        start.parse_action("E6-E9"),
        Err(ParseError::IllegalMove("E6-E9".to_string()))
    );
    assert!(matches!(
        replay(&start, "1.E6-E8 H11-F9 2.H6-H9"),
        Err(ParseError::RecordPly { ply: 3, .. })
    ));
    assert!(matches!(
        replay(&start, "1x.E6-E8"),
        Err(ParseError::BadMoveNumber(_))
    ));
}
