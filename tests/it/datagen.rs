//! `tauler datagen`: the data file round-trips, a tiny run writes the games
//! asked for, every record is a legal position of its game with a score
//! from the mover's view and the game's result, shards split the games,
//! a torn run resumes to the same games, bad input is one line.

use std::collections::BTreeSet;
use std::path::Path;

use proptest::prelude::*;
use tauler::engine::{Catalogue, EngineProfile};
use tauler::game::{Game, GameOptions, Notation, Turn};
use tauler::games::camelot::Camelot;
use tauler::games::cardchess::{CardChess, CardChessEval};
use tauler::games::cescacs::Cescacs;
use tauler::knowledge::Evaluator;
use tauler::tournament::datagen::{run, DatagenSpec};
use tauler::tournament::datagen_format::{
    append, read_all, DataGame, Header, Record, HEADER_BYTES,
};
use tauler::tournament::Shard;

use crate::support::tournament_cli::{refused, run_ok, scratch, tauler};

fn profile(name: &str) -> EngineProfile {
    Catalogue::built_in().get(name).unwrap()
}

fn spec(game: DataGame, games: usize, nodes: u64) -> DatagenSpec {
    DatagenSpec {
        game,
        games,
        nodes,
        random_plies: 4,
        seed: Some(7),
        shard: Shard { index: 0, count: 1 },
        threads: 1,
        resume: false,
        progress: None,
    }
}

fn read(path: &Path) -> (Header, Vec<Record>) {
    let (header, records, _) = read_all(std::fs::File::open(path).unwrap()).unwrap();
    (header, records)
}

fn games_of(records: &[Record]) -> BTreeSet<u32> {
    records.iter().map(|r| r.game).collect()
}

fn refs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

fn in_check(state: &CardChess) -> bool {
    CardChessEval::default().in_check(state)
}

fn chess_options() -> <CardChess as Game>::Options {
    <CardChess as Game>::Options::from_pairs(["cards=off"]).unwrap()
}

proptest! {
    #[test]
    fn records_round_trip(
        game in prop::sample::select(DataGame::ALL.to_vec()),
        seed: u64,
        nodes: u64,
        records in prop::collection::vec(
            ("[ -~]{0,96}", any::<i16>(), 0u8..=4, 0u8..2, any::<u16>(), any::<u32>()),
            0..8,
        ),
    ) {
        let header = Header::new(game, seed, nodes);
        let records: Vec<Record> = records
            .into_iter()
            .map(|(position, score, result, seat, ply, game)| Record { position, score, result, seat, ply, game })
            .collect();
        let mut bytes = header.to_bytes().to_vec();
        append(&mut bytes, &header, &records).unwrap();
        prop_assert_eq!(bytes.len(), HEADER_BYTES + records.len() * header.record_bytes());
        // A torn last record (a killed run) is left out.
        bytes.extend_from_slice(&[1, 2, 3]);
        let (back, decoded, complete) = read_all(bytes.as_slice()).unwrap();
        prop_assert_eq!(back, header);
        prop_assert_eq!(decoded, records);
        prop_assert_eq!(complete as usize, bytes.len() - 3);
    }
}

#[test]
fn a_position_too_long_for_its_field_is_refused_not_cut() {
    let header = Header::new(DataGame::Chess, 0, 1);
    let record = Record {
        position: "x".repeat(97),
        score: 0,
        result: 2,
        seat: 0,
        ply: 0,
        game: 0,
    };
    assert!(record.to_bytes(&header).is_err());
    let mut bytes = header.to_bytes();
    bytes[0] = b'X';
    assert!(Header::from_bytes(&bytes).is_err());
}

/// A C'escacs position of a real datagen run (2 December 2026) whose text,
/// 233 bytes with scattered men and a pending double-step en-passant
/// capture, did not fit the 224-byte field C'escacs files had before.
const LONG_CESCACS: &str = "/28:v/27:d1/26:1j1/25:rn1r/24:pej2/23:p1ee2/22:2pke2/21:3pp1p1/20:3pn2/19:1g1j1p2/18:5p1/17:5G2/16:4p2/15:6G1/14:6g/13:2p5/12:3NP2/11:3P2P1/10:3P3/8:3EPP1/7:2E2P1R/6:1PP1J2/5:PPE3/4:2JE1/3:R1N1/2:1J1/1:DK/0:V/ w RK P@K22,20[K18] 0 26";

#[test]
fn a_long_cescacs_position_fits_and_older_narrower_files_still_read() {
    let state = Cescacs::parse_position(LONG_CESCACS, &Default::default()).unwrap();
    assert_eq!(state.format_position(), LONG_CESCACS);
    let record = |position: &str| Record {
        position: position.to_string(),
        score: -31,
        result: 2,
        seat: 0,
        ply: 51,
        game: 9,
    };
    let header = Header::new(DataGame::Cescacs, 5, 5000);
    let mut bytes = header.to_bytes().to_vec();
    append(&mut bytes, &header, &[record(LONG_CESCACS)]).unwrap();
    let (back, decoded, _) = read_all(bytes.as_slice()).unwrap();
    assert_eq!((back, decoded), (header, vec![record(LONG_CESCACS)]));

    // A file written at the old width reads with its own width; what does
    // not fit it is refused, never cut.
    let old = Header {
        width: 224,
        ..header
    };
    let start = Cescacs::new(&Default::default()).format_position();
    let mut bytes = old.to_bytes().to_vec();
    append(&mut bytes, &old, &[record(&start)]).unwrap();
    assert_eq!(bytes.len(), HEADER_BYTES + 224 + 12);
    let (back, decoded, _) = read_all(bytes.as_slice()).unwrap();
    assert_eq!((back.width, decoded), (224, vec![record(&start)]));
    assert!(record(LONG_CESCACS).to_bytes(&old).is_err());

    // A width no file can have is refused.
    let mut head = header.to_bytes();
    head[12..14].copy_from_slice(&8u16.to_le_bytes());
    head[14..16].copy_from_slice(&20u16.to_le_bytes());
    assert!(Header::from_bytes(&head).is_err());
}

#[test]
fn a_tiny_camelot_run_writes_legal_positions_of_every_game() {
    let dir = scratch("datagen", "camelot", &[]);
    let out = dir.join("camelot.bin");
    let options = <Camelot as Game>::Options::default();
    let summary = run::<Camelot>(
        &spec(DataGame::Camelot, 3, 300),
        &[],
        &options,
        &profile("camelot-default"),
        |_| false,
        &out,
    )
    .unwrap();
    assert_eq!((summary.games_done, summary.games_played), (3, 3));
    let (header, records) = read(&out);
    assert_eq!(header, Header::new(DataGame::Camelot, 7, 300));
    assert_eq!(records.len() as u64, summary.positions);
    assert_eq!(games_of(&records), BTreeSet::from([0, 1, 2]));
    for record in &records {
        let state = Camelot::parse_position(&record.position, &options).unwrap();
        assert_eq!(state.turn(), Turn::Player(record.seat.into()), "{record:?}");
        assert!(i32::from(record.score).abs() <= 10_000);
    }
    // One game's records agree on its result: the seats' points sum to one.
    for game in games_of(&records) {
        let results: BTreeSet<(u8, u8)> = records
            .iter()
            .filter(|r| r.game == game)
            .map(|r| (r.seat, r.result))
            .collect();
        let by_seat = |seat| {
            results
                .iter()
                .filter(|(s, _)| *s == seat)
                .map(|(_, r)| *r)
                .collect::<Vec<_>>()
        };
        let (zero, one) = (by_seat(0), by_seat(1));
        assert!(zero.len() <= 1 && one.len() <= 1, "{results:?}");
        if let (Some(a), Some(b)) = (zero.first(), one.first()) {
            assert_eq!(a + b, 4, "{results:?}");
        }
    }
}

#[test]
fn a_cescacs_run_keeps_no_position_in_check() {
    let dir = scratch("datagen", "cescacs", &[]);
    let out = dir.join("cescacs.bin");
    let options = <Cescacs as Game>::Options::default();
    let cescacs = profile("cescacs-default");
    run::<Cescacs>(
        &spec(DataGame::Cescacs, 1, 100),
        &[],
        &options,
        &cescacs,
        Cescacs::in_check,
        &out,
    )
    .unwrap();
    let (_, records) = read(&out);
    assert!(!records.is_empty());
    for record in &records {
        let state = Cescacs::parse_position(&record.position, &options).unwrap();
        assert_eq!(state.turn(), Turn::Player(record.seat.into()), "{record:?}");
        assert!(!state.in_check(), "{record:?}");
    }
}

#[test]
fn scores_are_the_movers_and_a_won_game_is_labelled_won() {
    // White is a queen up: from either side to move the score says so, and
    // the engine mates, so every position is labelled with White's win.
    let dir = scratch("datagen", "chess", &[]);
    for (fen, seat) in [
        ("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1", 0u8),
        ("4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1", 1),
    ] {
        let out = dir.join(format!("chess-{seat}.bin"));
        let mut spec = spec(DataGame::Chess, 1, 2_000);
        spec.random_plies = 0;
        let start = CardChess::parse_position(fen, &chess_options()).unwrap();
        run::<CardChess>(
            &spec,
            &[start],
            &chess_options(),
            &profile("chess"),
            in_check,
            &out,
        )
        .unwrap();
        let (_, records) = read(&out);
        let first = &records[0];
        assert_eq!((first.ply, first.seat), (0, seat), "{first:?}");
        let white_view = if seat == 0 { first.score } else { -first.score };
        assert!(white_view > 500, "{first:?}");
        for record in &records {
            let white_points = if record.seat == 0 {
                record.result
            } else {
                4 - record.result
            };
            assert_eq!(white_points, 4, "{record:?}");
        }
    }
}

#[test]
fn shards_split_the_games_and_together_are_the_whole_run() {
    let dir = scratch("datagen", "shards", &[]);
    let options = <Camelot as Game>::Options::default();
    let camelot = profile("camelot-default");
    let whole = dir.join("whole.bin");
    run::<Camelot>(
        &spec(DataGame::Camelot, 4, 200),
        &[],
        &options,
        &camelot,
        |_| false,
        &whole,
    )
    .unwrap();
    let mut parts = Vec::new();
    for index in 0..2 {
        let out = dir.join(format!("shard-{index}.bin"));
        let mut spec = spec(DataGame::Camelot, 4, 200);
        spec.shard = Shard { index, count: 2 };
        run::<Camelot>(&spec, &[], &options, &camelot, |_| false, &out).unwrap();
        parts.push(read(&out).1);
    }
    assert_eq!(games_of(&parts[0]), BTreeSet::from([0, 2]));
    assert_eq!(games_of(&parts[1]), BTreeSet::from([1, 3]));
    let mut joined: Vec<Record> = parts.concat();
    let mut all = read(&whole).1;
    joined.sort_by_key(|r| (r.game, r.ply));
    all.sort_by_key(|r| (r.game, r.ply));
    assert_eq!(joined, all);
}

#[test]
fn a_torn_run_resumes_to_the_games_of_an_uninterrupted_one() {
    let dir = scratch("datagen", "resume", &[]);
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let args = |out: &str, threads: &str| {
        vec![
            "datagen",
            "camelot",
            "--games",
            "4",
            "--nodes",
            "200",
            "--quiet",
            "--out",
            out,
            "--threads",
            threads,
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()
    };
    let whole = path("whole.bin");
    run_ok(&refs(&args(&whole, "2")));
    let (header, mut records) = read(Path::new(&whole));
    records.sort_by_key(|r| (r.game, r.ply));
    // The run killed while writing its third game: two games and a piece.
    let two_games = records.iter().filter(|r| r.game < 2).count();
    let torn = path("torn.bin");
    let mut bytes = header.to_bytes().to_vec();
    append(&mut bytes, &header, &records[..two_games]).unwrap();
    bytes.extend_from_slice(&records[two_games].to_bytes(&header).unwrap()[..40]);
    std::fs::write(&torn, bytes).unwrap();
    // Refused without --resume; resumed with the file's seed.
    let refused = tauler(&refs(&args(&torn, "1"))).output().unwrap();
    assert_eq!(refused.status.code(), Some(1));
    let mut resume = args(&torn, "1");
    resume.push("--resume".into());
    let output = run_ok(&refs(&resume));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("games 4 (played 2)"), "{stdout}");
    let (_, mut resumed) = read(Path::new(&torn));
    resumed.sort_by_key(|r| (r.game, r.ply));
    assert_eq!(resumed, records);
}

#[test]
fn bad_input_is_one_line_and_a_non_zero_exit() {
    let dir = scratch("datagen", "errors", &[]);
    let out = dir.join("x.bin");
    let out = out.to_str().unwrap();
    for (args, needle) in [
        (
            vec!["datagen", "chess", "--nodes", "0", "--out", out],
            "--nodes",
        ),
        (
            vec!["datagen", "chess", "--games", "0", "--out", out],
            "--games",
        ),
        (
            vec!["datagen", "chess", "--threads", "0", "--out", out],
            "--threads",
        ),
        (
            vec!["datagen", "chess", "--shard", "2/2", "--out", out],
            "--shard",
        ),
        (
            vec!["datagen", "chess", "--random-plies", "999", "--out", out],
            "--random-plies",
        ),
        (
            vec![
                "datagen",
                "chess",
                "--engine",
                "cardchess-mcts",
                "--out",
                out,
            ],
            "cardchess-mcts",
        ),
        (
            vec![
                "datagen",
                "camelot",
                "--openings",
                concat!(env!("CARGO_MANIFEST_DIR"), "/openings/cescacs.txt"),
                "--out",
                out,
            ],
            "not a camelot position",
        ),
    ] {
        refused(&args, needle);
    }
    assert!(!Path::new(out).exists(), "a refused run leaves no file");
}
