//! The learned evaluation (issue 43): the accumulator kept along any walk
//! of the tree equals a fresh sum, the quantised network agrees with the
//! float one within the stated bound, a network file round-trips and a
//! damaged one is refused, `tauler train` is reproducible from its seed,
//! and bad input to it is one line.

use std::path::Path;

use proptest::prelude::*;
use tauler::game::GameOptions;
use tauler::game::{Game, Notation};
use tauler::games::camelot::Camelot;
use tauler::games::cardchess::{CardChess, CardChessOptions};
use tauler::games::cescacs::geometry::{hex_at, TABLES};
use tauler::games::cescacs::Cescacs;
use tauler::knowledge::network::train::FloatNetwork;
use tauler::knowledge::network::{
    Accumulator, IncrementalEval, Network, NetworkError, NetworkInput,
};
use tauler::tournament::datagen_format::{append, DataGame, Header, Record};

use crate::support::tournament_cli::{refused, run_ok, scratch};

/// A random network for `G`'s features: random first layer, factors and
/// output, and its quantised copy.
fn random_network_for<G: NetworkInput>(seed: u64) -> (FloatNetwork, Network) {
    let set = G::feature_set();
    let mut float = FloatNetwork::new(set, 32, seed);
    for (i, b) in float.b1.iter_mut().enumerate() {
        *b = (i as f32 * 0.37).sin() * 0.3;
    }
    // Factor rows (folded into every cell's column by quantising).
    let factors = float.inputs * float.hidden;
    for (i, w) in float.w1[factors..].iter_mut().enumerate() {
        *w = ((i % 97) as f32 - 48.0) * 0.002;
    }
    float.b2 = 0.05;
    let network = float.quantise(set, 400.0, false);
    (float, network)
}

/// A random C'escacs network and its quantised copy.
fn random_network(seed: u64) -> (FloatNetwork, Network) {
    random_network_for::<Cescacs>(seed)
}

fn cells<G: NetworkInput>(state: &G) -> Vec<u8> {
    let mut cells = vec![0; G::feature_set().cells];
    state.write_cells(&mut cells);
    cells
}

/// The states along the legal moves picked by `picks` (each taken modulo
/// the number of moves) from `G`'s start under `options`, stopping at the
/// game's end.
fn walk_from<G: Game>(options: &G::Options, picks: &[usize]) -> Vec<G> {
    let mut line = vec![G::new(options)];
    let mut moves = Vec::new();
    for &pick in picks {
        let state = line.last().unwrap();
        state.legal_actions(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mut next = state.clone();
        next.apply(moves[pick % moves.len()]);
        line.push(next);
    }
    line
}

/// [`walk_from`] C'escacs' start.
fn walk(picks: &[usize]) -> Vec<Cescacs> {
    walk_from(&Default::default(), picks)
}

/// Plain chess's rules: card chess with `cards=off`.
fn plain_chess() -> CardChessOptions {
    CardChessOptions::from_pairs(DataGame::Chess.options().iter().copied()).unwrap()
}

/// A search's walk in `G` (under `options`): down by a random move (make), back up one or
/// several plies (unmake), sometimes a whole other line at the same plies
/// (a helper thread's split). Every evaluation's accumulator is the fresh
/// sum of its position's columns, and its value the fresh one's.
fn walk_keeps_the_accumulator_fresh<G: Game + NetworkInput>(
    options: &G::Options,
    steps: &[(usize, usize)],
    seed: u64,
) -> Result<(), TestCaseError> {
    let (_, network) = random_network_for::<G>(seed);
    let mut incremental = IncrementalEval::default();
    let mut stack = vec![G::new(options)];
    let mut moves = Vec::new();
    for &(what, pick) in steps {
        match what {
            0 | 1 => {
                let state = stack.last().unwrap();
                state.legal_actions(&mut moves);
                if let Some(&mv) = moves.get(pick % moves.len().max(1)) {
                    let mut child = state.clone();
                    child.apply(mv);
                    stack.push(child);
                }
            }
            2 => {
                let keep = 1 + pick % stack.len();
                stack.truncate(keep);
            }
            _ => {
                let depth = stack.len();
                stack = walk_from(options, &[pick, pick / 7, pick / 49, pick / 343]);
                stack.truncate(depth.max(1));
            }
        }
        let ply = stack.len() - 1;
        let state = stack.last().unwrap();
        let value = incremental.evaluate(&network, state, ply);
        let fresh = Accumulator::fresh(&network, G::feature_set(), &cells(state));
        prop_assert_eq!(incremental.accumulator(ply), Some(&fresh));
        prop_assert_eq!(value, fresh.output(&network, state.side_to_move()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_cescacs_accumulator_after_any_make_unmake_equals_a_fresh_one(
        steps in prop::collection::vec((0usize..4, any::<usize>()), 1..120),
        seed in 0u64..4,
    ) {
        walk_keeps_the_accumulator_fresh::<Cescacs>(&Default::default(), &steps, seed)?;
    }

    #[test]
    fn the_camelot_accumulator_after_any_make_unmake_equals_a_fresh_one(
        steps in prop::collection::vec((0usize..4, any::<usize>()), 1..120),
        seed in 0u64..4,
    ) {
        walk_keeps_the_accumulator_fresh::<Camelot>(&Default::default(), &steps, seed)?;
    }

    #[test]
    fn the_chess_accumulator_after_any_make_unmake_equals_a_fresh_one(
        steps in prop::collection::vec((0usize..4, any::<usize>()), 1..120),
        seed in 0u64..4,
    ) {
        walk_keeps_the_accumulator_fresh::<CardChess>(&plain_chess(), &steps, seed)?;
    }
}

/// Down a line move by move, every evaluation after the first updates its
/// parent's accumulator (two to four cells) rather than summing afresh.
#[test]
fn a_line_of_moves_updates_rather_than_refreshes() {
    let (_, network) = random_network(1);
    let mut incremental = IncrementalEval::default();
    let picks: Vec<usize> = (0..40).map(|i| i * 7 + 3).collect();
    let line = walk(&picks);
    for (ply, state) in line.iter().enumerate() {
        incremental.evaluate(&network, state, ply);
    }
    assert_eq!(incremental.refreshes, 1, "only the root sums afresh");
    assert_eq!(incremental.updates as usize, line.len() - 1);
}

/// The worst error of random quantised networks against their float
/// copies over positions of random games of `G` (under `options`), each
/// asserted within the position's bound.
fn worst_quantisation_error<G: Game + NetworkInput>(options: &G::Options) -> f32 {
    let set = G::feature_set();
    let mut worst = 0.0f32;
    for seed in 0..4 {
        let (float, network) = random_network_for::<G>(seed);
        for game in 0..6 {
            let picks: Vec<usize> = (0..80)
                .map(|i| i * 31 + game * 17 + seed as usize)
                .collect();
            for state in walk_from::<G>(options, &picks) {
                let [white, black] = set.active(&cells(&state));
                let side = state.side_to_move();
                let (us, them) = if side == 0 {
                    (&white, &black)
                } else {
                    (&black, &white)
                };
                let expected = float.evaluate(us, them) * 400.0;
                let got =
                    Accumulator::fresh(&network, set, &cells(&state)).output(&network, side) as f32;
                let bound = float.quantisation_bound(us.len(), them.len(), 400.0);
                let error = (got - expected).abs();
                assert!(error <= bound, "error {error} above the bound {bound}");
                worst = worst.max(error);
            }
        }
    }
    worst
}

#[test]
fn the_quantised_network_agrees_with_the_float_one_within_the_bound() {
    // The bound is a worst case; rounding errors mostly cancel.
    for (game, worst) in [
        (
            "cescacs",
            worst_quantisation_error::<Cescacs>(&Default::default()),
        ),
        (
            "camelot",
            worst_quantisation_error::<Camelot>(&Default::default()),
        ),
        (
            "chess",
            worst_quantisation_error::<CardChess>(&plain_chess()),
        ),
    ] {
        println!("worst quantisation error of random {game} networks: {worst:.2} cp");
    }
}

#[test]
fn a_network_file_round_trips_and_a_damaged_one_is_refused() {
    let (_, network) = random_network(9);
    let mut bytes = Vec::new();
    network.write(&mut bytes).unwrap();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), network);
    let mut damaged = bytes.clone();
    damaged[200] ^= 1;
    assert!(matches!(
        Network::from_bytes(&damaged),
        Err(NetworkError::Checksum)
    ));
    assert!(matches!(
        Network::from_bytes(&bytes[..100]),
        Err(NetworkError::Corrupt(_))
    ));
    assert!(matches!(
        Network::from_bytes(b"TAULERDG"),
        Err(NetworkError::Magic)
    ));
    let residual = Network {
        residual: true,
        ..network
    };
    let mut bytes = Vec::new();
    residual.write(&mut bytes).unwrap();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), residual);
    bytes[11] = 0x80;
    assert!(matches!(
        Network::from_bytes(&bytes),
        Err(NetworkError::Corrupt(message)) if message.contains("unknown header flags")
    ));
}

/// A residual network's evaluation is the classic evaluation plus the
/// network's output, along a line of play; a plain one's the output alone.
#[test]
fn a_residual_network_adds_the_classic_evaluation() {
    use std::sync::Arc;
    use tauler::games::cescacs::eval::CescacsEval;
    use tauler::knowledge::Evaluator;
    let (_, plain) = random_network(11);
    let residual = Network {
        residual: true,
        ..plain.clone()
    };
    let classic = CescacsEval::default();
    let with = |network: &Network| CescacsEval {
        network: Some(Arc::new(network.clone())),
        ..CescacsEval::default()
    };
    let (plain, residual) = (with(&plain), with(&residual));
    let picks: Vec<usize> = (0..40).map(|i| i * 7 + 3).collect();
    let mut differs = false;
    for state in walk(&picks) {
        let output = plain.evaluate(&state);
        let base = classic.evaluate(&state);
        assert_eq!(residual.evaluate(&state), output + base);
        differs |= base != 0;
    }
    assert!(
        differs,
        "the line reaches positions the classic terms score"
    );
}

/// A position and its reflection, where `G` has one (`reflect` maps a
/// cell to its reflected cell), are the same game: the reflection's men
/// stand on the reflected cells, reflecting it again gives the position
/// back, and both have game trees of the same size two plies deep and the
/// same result. Checked along random games under `options`; returns how
/// many positions had a reflection.
fn reflection_is_the_same_game<G: Game + Notation + NetworkInput>(
    options: &G::Options,
    reflect: fn(usize) -> usize,
) -> usize {
    let mut reflected = 0;
    for game in 0..6 {
        let picks: Vec<usize> = (0..120).map(|i| i * 17 + game * 7).collect();
        for state in walk_from::<G>(options, &picks).iter().step_by(3) {
            let Some(mirror) = state.reflected() else {
                continue;
            };
            reflected += 1;
            let (original, seen) = (cells(state), cells(&mirror));
            for (cell, &code) in original.iter().enumerate() {
                assert_eq!(seen[reflect(cell)], code, "{}", state.format_position());
            }
            let back = mirror.reflected().expect("a reflection reflects");
            assert_eq!(back.format_position(), state.format_position());
            assert_eq!(mirror.side_to_move(), state.side_to_move());
            assert_eq!(mirror.returns(), state.returns());
            assert_eq!(
                mirror.perft(2),
                state.perft(2),
                "{} against {}",
                mirror.format_position(),
                state.format_position()
            );
        }
    }
    reflected
}

/// Camelot is symmetric left to right: every position has a reflection.
#[test]
fn a_camelot_position_and_its_reflection_are_the_same_game() {
    let count = reflection_is_the_same_game::<Camelot>(&Default::default(), |square| {
        square / 12 * 12 + 11 - square % 12
    });
    assert!(count > 60, "{count}");
}

/// Plain chess is symmetric left to right once neither side may castle;
/// before, there is no reflection.
#[test]
fn a_chess_position_without_castling_and_its_reflection_are_the_same_game() {
    let count = reflection_is_the_same_game::<CardChess>(&plain_chess(), |square| square ^ 7);
    assert!(count > 20, "{count}");
    assert!(CardChess::new(&plain_chess()).reflected().is_none());
    let en_passant =
        CardChess::parse_position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", &plain_chess()).unwrap();
    assert_eq!(
        en_passant.reflected().unwrap().format_position(),
        "3k4/8/8/3Pp3/8/8/8/3K4 w - e6 0 2"
    );
}

/// So is C'escacs, on its hexes: the same cross-line, the column counted
/// from the other edge.
#[test]
fn a_cescacs_position_without_castling_and_its_reflection_are_the_same_game() {
    let count = reflection_is_the_same_game::<Cescacs>(&Default::default(), |h| {
        let (column, line) = (TABLES.column[h], TABLES.line[h]);
        usize::from(hex_at(14 - usize::from(column), usize::from(line)).unwrap())
    });
    assert!(count > 20, "{count}");
    assert!(Cescacs::new(&Default::default()).reflected().is_none());
}

/// A tiny datagen file of `G`'s positions from random walks, scored by
/// made-up numbers (enough for the trainer to run).
fn tiny_data_for<G: Game + Notation + NetworkInput>(path: &Path, game: DataGame) {
    let header = Header::new(game, 1, 1);
    let mut bytes = header.to_bytes().to_vec();
    for game in 0..12u32 {
        let picks: Vec<usize> = (0..30).map(|i| i * 13 + game as usize * 5).collect();
        let records: Vec<Record> = walk_from::<G>(&Default::default(), &picks)
            .iter()
            .enumerate()
            .map(|(ply, state)| Record {
                position: state.format_position(),
                score: (ply as i16 * 37 + game as i16 * 11) % 300 - 150,
                result: (game % 3 * 2) as u8,
                seat: state.side_to_move() as u8,
                ply: ply as u16,
                game,
            })
            .collect();
        append(&mut bytes, &header, &records).unwrap();
    }
    std::fs::write(path, bytes).unwrap();
}

/// [`tiny_data_for`] C'escacs.
fn tiny_data(path: &Path) {
    tiny_data_for::<Cescacs>(path, DataGame::Cescacs);
}

/// `tauler train DATA --out OUT --hidden 16 EXTRA...`, which must succeed.
fn train_tiny(data: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "train",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--hidden",
        "16",
    ];
    args.extend_from_slice(extra);
    run_ok(&args)
}

/// Camelot plugs in with its feature mapping alone: `tauler train` reads
/// its data and writes a network of its 768 inputs.
#[test]
fn camelot_data_trains_a_camelot_network() {
    let dir = scratch("network", "camelot", &[]);
    let data = dir.join("camelot.bin");
    tiny_data_for::<Camelot>(&data, DataGame::Camelot);
    let out = dir.join("camelot.nnue");
    train_tiny(&data, &out, &["--epochs", "2"]);
    let network = Network::from_bytes(&std::fs::read(out).unwrap()).unwrap();
    network.check_features(Camelot::feature_set()).unwrap();
    assert_eq!(network.inputs, 768);
}

/// Plain chess end to end: `tauler datagen chess` plays a few games at a
/// tiny node count, and `tauler train` reads them with the chess feature
/// set and writes a network of its 768 inputs.
#[test]
fn chess_datagen_trains_a_chess_network() {
    let dir = scratch("network", "chess", &[]);
    let data = dir.join("chess.bin");
    let data = data.to_str().unwrap();
    let output = run_ok(&[
        "datagen", "chess", "--games", "3", "--nodes", "100", "--seed", "3", "--quiet", "--out",
        data,
    ]);
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(text.starts_with("games 3 (played 3) positions "), "{text}");
    let out = dir.join("chess.nnue");
    let output = train_tiny(Path::new(data), &out, &["--epochs", "2"]);
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(text.contains("positions of chess"), "{text}");
    assert!(text.contains("epoch 2 train"), "{text}");
    let network = Network::from_bytes(&std::fs::read(out).unwrap()).unwrap();
    network.check_features(CardChess::feature_set()).unwrap();
    assert_eq!(
        (network.game.as_str(), network.inputs, network.hidden),
        ("cardchess", 768, 16)
    );
}

/// A datagen file of `game` holding one position, `position` with `seat`
/// to move, scored 0 in a drawn game.
fn one_position_data(path: &Path, game: DataGame, position: &str, seat: u8) {
    let header = Header::new(game, 1, 1);
    let record = Record {
        position: position.to_string(),
        score: 0,
        result: 2,
        seat,
        ply: 0,
        game: 0,
    };
    let mut bytes = header.to_bytes().to_vec();
    append(&mut bytes, &header, &[record]).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// Card chess with cards is not plain chess: held cards, effects and a
/// colour swap are no inputs of the chess features, so `tauler train`
/// refuses such a position in chess data.
#[test]
fn chess_data_with_cards_is_refused() {
    let dir = scratch("network", "cards", &[]);
    let data = dir.join("cards.bin");
    // Seat 1 plays White (a Harakiri swap) and is to move.
    let position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | seat=1 white=1";
    CardChess::parse_position(position, &Default::default()).unwrap();
    one_position_data(&data, DataGame::Chess, position, 1);
    let out = dir.join("out.nnue");
    refused(
        &[
            "train",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "game 0 has card fields: the chess feature set reads plain chess (cards=off) only",
    );
}

#[test]
fn training_twice_with_the_same_data_and_seed_gives_identical_weights() {
    let dir = scratch("network", "train", &[]);
    let data = dir.join("tiny.bin");
    tiny_data(&data);
    let train = |name: &str, seed: &str, threads: &str| {
        let out = dir.join(name);
        let output = train_tiny(
            &data,
            &out,
            &[
                "--epochs",
                "3",
                "--batch",
                "64",
                "--seed",
                seed,
                "--threads",
                threads,
            ],
        );
        let text = String::from_utf8_lossy(&output.stdout).to_string();
        assert!(text.contains("epoch 3 train"), "{text}");
        let curve = std::fs::read_to_string(dir.join(format!("{name}.csv"))).unwrap();
        assert_eq!(curve.lines().count(), 4, "{curve}");
        std::fs::read(out).unwrap()
    };
    let first = train("a.nnue", "5", "1");
    let network = Network::from_bytes(&first).unwrap();
    assert_eq!((network.game.as_str(), network.hidden), ("cescacs", 16));
    assert_eq!(first, train("b.nnue", "5", "2"), "same seed, other threads");
    assert_ne!(first, train("c.nnue", "6", "2"), "another seed");
}

/// `tauler train --reflect` adds each position's reflection to the
/// training positions only: the validation positions, and so the classic
/// evaluation's loss on them, are the same with and without it, and the
/// weights the same from run to run. Data none of whose positions has a
/// reflection (C'escacs' start, with every castling right) is refused.
#[test]
fn reflected_training_adds_training_positions_only() {
    let dir = scratch("network", "reflect", &[]);
    let data = dir.join("camelot.bin");
    tiny_data_for::<Camelot>(&data, DataGame::Camelot);
    let classic_line = |output: &std::process::Output| {
        let text = String::from_utf8_lossy(&output.stdout).to_string();
        let line = text
            .lines()
            .find(|line| line.starts_with("the classic evaluation's validation loss"))
            .map(str::to_string);
        (text, line.unwrap())
    };
    let plain = classic_line(&train_tiny(
        &data,
        &dir.join("plain.nnue"),
        &["--epochs", "2"],
    ));
    let reflect = ["--epochs", "2", "--reflect"];
    let (text, line) = classic_line(&train_tiny(&data, &dir.join("a.nnue"), &reflect));
    assert!(text.contains(" reflections added"), "{text}");
    assert!(!plain.0.contains("reflections"), "{}", plain.0);
    assert_eq!(line, plain.1);
    train_tiny(&data, &dir.join("b.nnue"), &reflect);
    let weights = |name: &str| std::fs::read(dir.join(name)).unwrap();
    assert_eq!(weights("a.nnue"), weights("b.nnue"));
    assert_ne!(weights("a.nnue"), weights("plain.nnue"));
    let cescacs = dir.join("cescacs.bin");
    let start = Cescacs::new(&Default::default()).format_position();
    one_position_data(&cescacs, DataGame::Cescacs, &start, 0);
    let out = dir.join("cescacs.nnue");
    refused(
        &[
            "train",
            cescacs.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--reflect",
        ],
        "--reflect: no cescacs position of the data has an equivalent reflection",
    );
}

/// `tauler train --residual` writes a network flagged as a correction of
/// the classic evaluation, and says whose weights that evaluation has.
#[test]
fn residual_training_writes_a_residual_network() {
    let dir = scratch("network", "residual", &[]);
    let data = dir.join("tiny.bin");
    tiny_data(&data);
    let out = dir.join("residual.nnue");
    let output = train_tiny(&data, &out, &["--epochs", "2", "--residual"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("residual"), "{text}");
    assert!(text.contains("validation loss (cescacs-default)"), "{text}");
    assert!(
        Network::from_bytes(&std::fs::read(&out).unwrap())
            .unwrap()
            .residual
    );
    let plain = dir.join("plain.nnue");
    train_tiny(&data, &plain, &["--epochs", "2"]);
    assert!(
        !Network::from_bytes(&std::fs::read(&plain).unwrap())
            .unwrap()
            .residual
    );
}

#[test]
fn bad_train_input_is_one_line() {
    let dir = scratch("network", "refused", &[]);
    let data = dir.join("tiny.bin");
    tiny_data(&data);
    let data = data.to_str().unwrap();
    let out = dir.join("out.nnue");
    let out = out.to_str().unwrap();
    for (flag, value, needle) in [
        ("--hidden", "24", "not a multiple of 16"),
        ("--hidden", "2048", "--hidden: 2048 is out of range"),
        ("--epochs", "0", "--epochs: 0 is out of range"),
        ("--lambda", "1.5", "--lambda: 1.5 is out of range"),
        ("--scale", "0", "--scale: 0 is out of range"),
        ("--validation", "1", "--validation: 1 is out of range"),
        ("--lr", "NaN", "--lr: NaN is out of range"),
        ("--threads", "0", "--threads: 0 is out of range"),
    ] {
        refused(&["train", data, "--out", out, flag, value], needle);
    }
    refused(
        &["train", "/nonexistent/x.bin", "--out", out],
        "cannot read",
    );
    refused(
        &["train", data, "--out", out, "--classic", "camelot-default"],
        "camelot",
    );
    refused(
        &["train", data, "--out", out, "--classic", "no-such-profile"],
        "no-such-profile",
    );
    let not_data = dir.join("not-data.bin");
    std::fs::write(&not_data, b"hello").unwrap();
    refused(
        &["train", not_data.to_str().unwrap(), "--out", out],
        "not a tauler datagen file",
    );
    let chess = dir.join("chess.bin");
    let header = Header::new(DataGame::Chess, 1, 1);
    std::fs::write(&chess, header.to_bytes()).unwrap();
    refused(
        &["train", data, chess.to_str().unwrap(), "--out", out],
        "chess data, the first file is cescacs",
    );
}

#[test]
fn eval_network_is_refused_where_nothing_evaluates() {
    use tauler::engine::EngineProfile;
    let error = EngineProfile::parse(
        "net",
        "game = \"cescacs\"\nsearcher = \"random\"\neval = \"network\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("has no evaluator"), "{error}");
    let error = EngineProfile::parse(
        "net",
        "game = \"cescacs\"\nsearcher = \"alphabeta\"\neval = \"nn\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("unknown variant `nn`"), "{error}");
}

/// A profile of `G` with `eval = "network"` (its `text`) searches from
/// `options`' start to a fixed depth and answers a legal move for six
/// plies, the searcher's incremental evaluation agrees with the
/// evaluator's own along the game, and the network is what evaluates:
/// somewhere along it, its evaluation differs from the classic one.
fn a_network_profile_plays_legal_moves<G>(text: &str, options: &G::Options)
where
    G: tauler::engine::Playable + tauler::knowledge::EvaluatedGame,
{
    use tauler::engine::{ask, build_player, EngineProfile};
    use tauler::knowledge::{EvalScratch, Evaluator};
    let profile = EngineProfile::parse("net", text).unwrap();
    let mut player = build_player::<G>(&profile, 1).unwrap();
    let mut state = G::new(options);
    let evaluator = G::with_network(Default::default()).unwrap();
    let classic = G::Evaluator::default();
    let mut scratch = EvalScratch::default();
    let mut moves = Vec::new();
    let mut differs = false;
    for ply in 0..6 {
        state.legal_actions(&mut moves);
        let decision = ask(player.as_mut(), &state, &profile.limits.limits()).unwrap();
        assert!(moves.contains(&decision.action));
        state.apply(decision.action);
        let value = evaluator.evaluate(&state);
        assert_eq!(evaluator.evaluate_at(&state, ply, &mut scratch), value);
        differs |= value != classic.evaluate(&state);
    }
    assert!(differs, "the network evaluates");
}

/// The built-in C'escacs network plays (see the helper above).
#[test]
fn a_cescacs_network_profile_plays_legal_moves() {
    let text =
        "game = \"cescacs\"\nsearcher = \"alphabeta\"\neval = \"network\"\n[limits]\ndepth = 3\n";
    a_network_profile_plays_legal_moves::<Cescacs>(text, &Default::default());
}

/// The built-in Camelot network plays the same way.
#[test]
fn a_camelot_network_profile_plays_legal_moves() {
    let text =
        "game = \"camelot\"\nsearcher = \"alphabeta\"\neval = \"network\"\n[limits]\ndepth = 3\n";
    a_network_profile_plays_legal_moves::<Camelot>(text, &Default::default());
}

/// The built-in chess network plays plain chess the same way.
#[test]
fn a_chess_network_profile_plays_legal_moves() {
    let text = "game = \"cardchess\"\nsearcher = \"alphabeta\"\neval = \"network\"\n\
                options = [\"cards=off\"]\n[limits]\ndepth = 3\n";
    a_network_profile_plays_legal_moves::<CardChess>(text, &plain_chess());
}

/// `E` with the default [`Evaluator::evaluate_at`]: every evaluation in
/// the search a fresh one.
struct Fresh<E>(E);

impl<E: tauler::knowledge::Evaluator<CardChess>> tauler::knowledge::Evaluator<CardChess>
    for Fresh<E>
{
    fn evaluate(&self, state: &CardChess) -> i32 {
        self.0.evaluate(state)
    }
    fn is_noisy(&self, state: &CardChess, action: <CardChess as Game>::Action) -> bool {
        self.0.is_noisy(state, action)
    }
    fn noisy_actions(
        &self,
        state: &CardChess,
        out: &mut Vec<<CardChess as Game>::Action>,
    ) -> tauler::knowledge::NoisyActions {
        self.0.noisy_actions(state, out)
    }
    fn capture_gain(&self, state: &CardChess, action: <CardChess as Game>::Action) -> Option<i32> {
        self.0.capture_gain(state, action)
    }
    fn exchange_value(
        &self,
        state: &CardChess,
        action: <CardChess as Game>::Action,
    ) -> Option<i32> {
        self.0.exchange_value(state, action)
    }
    fn in_check(&self, state: &CardChess) -> bool {
        self.0.in_check(state)
    }
    fn null_move(&self, state: &CardChess) -> Option<CardChess> {
        self.0.null_move(state)
    }
    fn action_value(&self, state: &CardChess, action: <CardChess as Game>::Action) -> i32 {
        self.0.action_value(state, action)
    }
}

/// The chess network in the searcher: a fixed-depth search with the
/// accumulators kept per ply finds the same move, score and node count as
/// one that evaluates every position afresh, from positions of every
/// phase (the chess profile's selectivity, one thread).
#[test]
fn the_searchers_incremental_chess_network_equals_a_fresh_one() {
    use tauler::engine::Catalogue;
    use tauler::games::cardchess::CardChessEval;
    use tauler::knowledge::EvaluatedGame;
    use tauler::search::{AlphaBeta, Limits, SearchConfig};
    let config = SearchConfig {
        threads: 1,
        hash_mb: 1,
        ..Catalogue::built_in()
            .get("chess")
            .unwrap()
            .search_config()
            .unwrap()
    };
    let network = CardChess::with_network(CardChessEval::default()).unwrap();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/1b3ppp/p7/1p6/8/1B3Q2/PPP2PPP/2KR3R w kq - 0 18",
        "8/5k2/8/3p4/8/2N5/6PP/6K1 b - - 0 40",
    ] {
        let state = CardChess::parse_position(fen, &plain_chess()).unwrap();
        let limits = Limits::depth(4);
        let kept = AlphaBeta::new(network.clone(), config.clone())
            .search(&state, &limits)
            .unwrap();
        let fresh = AlphaBeta::new(Fresh(network.clone()), config.clone())
            .search(&state, &limits)
            .unwrap();
        assert_eq!(
            (kept.best, kept.score(), kept.nodes),
            (fresh.best, fresh.score(), fresh.nodes),
            "{fen}"
        );
    }
}

/// The chess network reads the board alone: a profile that plays card
/// chess with cards (no `cards=off`) and `eval = "network"` is refused
/// when its player is built and when a tournament checks it, naming the
/// fix; and the evaluator, meeting a position with cards all the same,
/// evaluates it without the network.
#[test]
fn a_chess_network_with_cards_is_refused() {
    use tauler::engine::{build_player, EngineProfile, Playable};
    use tauler::games::cardchess::CardChessEval;
    use tauler::knowledge::{EvaluatedGame, Evaluator};
    for searcher in ["alphabeta", "expectimax", "mcts"] {
        let text = format!(
            "game = \"cardchess\"\nsearcher = \"{searcher}\"\neval = \"network\"\n\
             [limits]\ndepth = 2\nnodes = 1000\n"
        );
        let profile = EngineProfile::parse("net", &text).unwrap();
        let error = build_player::<CardChess>(&profile, 1)
            .err()
            .unwrap()
            .to_string();
        assert!(
            error.contains("plays plain chess only") && error.contains("options = [\"cards=off\"]"),
            "{error}"
        );
        let checked = CardChess::check_profile(&profile).unwrap_err().to_string();
        assert_eq!(checked, error);
    }
    let network = CardChess::with_network(CardChessEval::default()).unwrap();
    let classic = CardChessEval::default();
    let picks: Vec<usize> = (0..30).map(|i| i * 7 + 3).collect();
    let line = walk_from::<CardChess>(&CardChessOptions::default(), &picks);
    assert!(line.len() > 10, "a line of card chess");
    for state in &line {
        assert_eq!(network.evaluate(state), classic.evaluate(state));
    }
}

/// A tournament's rule options are the game's, whatever its engines'
/// profiles say: a card chess tournament with cards refuses an engine
/// with the chess network though its profile says `cards=off`.
#[test]
fn a_tournament_with_cards_refuses_a_chess_network_engine() {
    let net = "game = \"cardchess\"\nsearcher = \"expectimax\"\neval = \"network\"\n\
               options = [\"cards=off\"]\n[limits]\ndepth = 1\n";
    let dir = scratch("network", "cards-tournament", &[("chess-net", net)]);
    let file = dir.join("cards.toml");
    std::fs::write(
        &file,
        "game = \"cardchess\"\nengines = [\"chess-net\", \"cardchess-random\"]\n\
         engine_dir = \"engines\"\nrounds = 1\nseed = 1\n",
    )
    .unwrap();
    refused(
        &["tournament", file.to_str().unwrap(), "--quiet"],
        "engine profile `chess-net` is invalid: eval: the chess network reads the board alone",
    );
    assert!(!dir.join("results").exists(), "no game was played");
}
