//! `tauler train`: fits a network to `tauler datagen` files and writes
//! its quantised weights, with the validation curve beside them
//! (`docs/train.md`; the trainer is [`crate::knowledge::network::train`]).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args;

use crate::bounds;
use crate::engine::{Catalogue, EngineProfile};
use crate::game::GameOptions;
use crate::games::camelot::Camelot;
use crate::games::cardchess::CardChess;
use crate::games::cescacs::Cescacs;
use crate::knowledge::network::train::{
    sigmoid, train, validates, EpochReport, Sample, TrainConfig,
};
use crate::knowledge::network::{FeatureSet, NetworkInput};
use crate::knowledge::{EvaluatedGame, Evaluator};
use crate::tournament::datagen_format::{read_all, DataGame, Record};

/// What `tauler train` is asked.
#[derive(Debug, Clone, Args)]
pub struct TrainArgs {
    /// The datagen files (all of one game).
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// Where the weights go; the validation curve goes beside them, with
    /// `.csv` added.
    #[arg(long)]
    pub out: PathBuf,
    /// The accumulator's width, a multiple of 16 from 16 to 1024.
    #[arg(long, default_value_t = 64)]
    pub hidden: usize,
    /// Passes over the training positions, 1 to 10000.
    #[arg(long, default_value_t = 30)]
    pub epochs: u32,
    /// Positions a minibatch, 1 to 1000000.
    #[arg(long, default_value_t = 1024)]
    pub batch: usize,
    /// AdamW's learning rate, 1e-6 to 1 (decayed by a cosine to a tenth).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// AdamW's decoupled weight decay, 0 to 1.
    #[arg(long, default_value_t = 0.0001)]
    pub weight_decay: f32,
    /// The search score's share of the target, 0 to 1 (the game result's
    /// is the rest).
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Centipawns per sigmoid unit, 1 to 10000.
    #[arg(long, default_value_t = 400.0)]
    pub scale: f32,
    /// The share of games held out for validation, 0 to 0.9.
    #[arg(long, default_value_t = 0.1)]
    pub validation: f32,
    /// The seed of the initial weights, the order and the split.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads computing gradients, 1 to 256 (the weights do not depend
    /// on it).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The engine profile whose classic evaluation (its `[parameters.eval]`
    /// weights) is the baseline the validation loss is compared with, and
    /// the base a residual network corrects (default: the game's
    /// full-strength profile, the one `tauler datagen` plays by default).
    #[arg(long, value_name = "PROFILE")]
    pub classic: Option<String>,
    /// Trains a residual network: a correction added to that classic
    /// evaluation (play it with the same weights), not an evaluation of
    /// its own.
    #[arg(long)]
    pub residual: bool,
    /// Adds each training position's left-right reflection as a second
    /// training position where the rules make it the same game: every
    /// Camelot position, C'escacs and plain chess once neither side may
    /// castle
    #[arg(long)]
    pub reflect: bool,
}

/// Runs `tauler train`.
pub fn run(args: &TrainArgs, catalogue: &Catalogue) -> Result<()> {
    let config = TrainConfig {
        hidden: bounds::HIDDEN.check("--hidden", args.hidden)?,
        epochs: bounds::EPOCHS.check("--epochs", args.epochs)?,
        batch: bounds::BATCH.check("--batch", args.batch)?,
        learning_rate: bounds::LEARNING_RATE.check("--lr", args.lr)?,
        weight_decay: bounds::WEIGHT_DECAY.check("--weight-decay", args.weight_decay)?,
        lambda: bounds::SHARE.check("--lambda", args.lambda)?,
        scale: bounds::EVAL_SCALE.check("--scale", args.scale)?,
        validation: bounds::VALIDATION.check("--validation", args.validation)?,
        seed: args.seed,
    };
    if !config.hidden.is_multiple_of(16) {
        bail!("--hidden: {} is not a multiple of 16", config.hidden);
    }
    let threads = bounds::THREADS.check("--threads", args.threads)?;
    let (game, records) = read_data(&args.data)?;
    let profile = catalogue.get(args.classic.as_deref().unwrap_or(game.default_profile()))?;
    profile.expect_game(game.game_name())?;
    let base = Base {
        profile: &profile,
        residual: args.residual,
        reflect: args.reflect,
    };
    let (set, samples, classic) = match game {
        DataGame::Cescacs => samples::<Cescacs>(game, &records, &base)?,
        DataGame::Camelot => samples::<Camelot>(game, &records, &base)?,
        DataGame::Chess => {
            refuse_cards(&records)?;
            samples::<CardChess>(game, &records, &base)?
        }
    };
    println!(
        "{} positions of {} from {} file(s){}; hidden {}, {} epochs{}",
        records.len(),
        game.name(),
        args.data.len(),
        match samples.iter().filter(|s| s.reflection).count() {
            0 => String::new(),
            reflections => format!(", {reflections} reflections added"),
        },
        config.hidden,
        config.epochs,
        if args.residual { ", residual" } else { "" }
    );
    println!(
        "the classic evaluation's validation loss ({}): {:.6}",
        profile.name,
        classic_loss(&samples, &classic, &config)
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the training threads")?;
    let curve_path = curve_path(&args.out);
    let mut curve = BufWriter::new(
        File::create(&curve_path)
            .with_context(|| format!("cannot write {}", curve_path.display()))?,
    );
    writeln!(curve, "epoch,train_loss,validation_loss,seconds")?;
    let start = Instant::now();
    let mut written = Ok(());
    let net = pool.install(|| {
        train(&samples, set, &config, |report: EpochReport| {
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "epoch {} train {:.6} validation {:.6} ({seconds:.1} s)",
                report.epoch, report.train_loss, report.validation_loss
            );
            if written.is_ok() {
                written = writeln!(
                    curve,
                    "{},{:.8},{:.8},{seconds:.3}",
                    report.epoch, report.train_loss, report.validation_loss
                );
            }
        })
    })?;
    written?;
    curve.flush()?;
    let network = net.quantise(set, config.scale, args.residual);
    let mut out = BufWriter::new(
        File::create(&args.out).with_context(|| format!("cannot write {}", args.out.display()))?,
    );
    network.write(&mut out)?;
    println!(
        "wrote {} ({} inputs, hidden {}) and {}",
        args.out.display(),
        network.inputs,
        network.hidden,
        curve_path.display()
    );
    Ok(())
}

/// `out` with `.csv` added.
fn curve_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".csv");
    PathBuf::from(name)
}

/// The records of every file, which must all be of one game.
fn read_data(paths: &[PathBuf]) -> Result<(DataGame, Vec<Record>)> {
    let mut game = None;
    let mut records = Vec::new();
    for path in paths {
        let file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        let (header, more, _) = read_all(std::io::BufReader::new(file))
            .with_context(|| format!("{}", path.display()))?;
        match game {
            Some(first) if first != header.game => bail!(
                "{}: {} data, the first file is {}",
                path.display(),
                header.game.name(),
                DataGame::name(first)
            ),
            _ => game = Some(header.game),
        }
        records.extend(more);
    }
    match game {
        Some(game) => Ok((game, records)),
        None => bail!("no data files"),
    }
}

/// The loss the game's classic evaluation (`classic`, one a sample) would
/// have on the held-out samples: the baseline a network must beat.
fn classic_loss(samples: &[Sample], classic: &[i32], config: &TrainConfig) -> f64 {
    let (total, count) = samples
        .iter()
        .zip(classic)
        .filter(|(sample, _)| validates(sample, config))
        .fold((0.0, 0usize), |(total, count), (sample, &eval)| {
            let predicted = sigmoid(eval as f32 / config.scale);
            let error = predicted - sample.target(config.lambda, config.scale);
            (total + f64::from(error * error), count + 1)
        });
    total / count.max(1) as f64
}

/// Refuses card chess with cards: chess data holds plain chess positions,
/// bare FENs, and a position with the card layer's fields after `|` (held
/// cards, an effect, a colour swap) is one the chess features cannot
/// represent.
fn refuse_cards(records: &[Record]) -> Result<()> {
    match records.iter().find(|record| record.position.contains('|')) {
        Some(record) => bail!(
            "position `{}` of game {} has card fields: the chess feature set reads plain chess (cards=off) only",
            record.position,
            record.game
        ),
        None => Ok(()),
    }
}

/// The classic evaluation training compares with, whether the network
/// corrects it, and whether the positions' reflections are added.
struct Base<'a> {
    /// Whose `[parameters.eval]` weights.
    profile: &'a EngineProfile,
    /// A residual network: each sample's base is the classic evaluation.
    residual: bool,
    /// Each record's reflection (where the game has one) is a sample too.
    reflect: bool,
}

/// `G`'s feature set and the records as training samples of it (read
/// under `game`'s rule options), with `base`'s classic evaluation of each
/// (also the samples' base for a residual network); with `base.reflect`,
/// each record's reflection after it, where the rules make one
/// equivalent.
fn samples<G: EvaluatedGame + NetworkInput>(
    game: DataGame,
    records: &[Record],
    base: &Base,
) -> Result<(&'static FeatureSet, Vec<Sample>, Vec<i32>)> {
    let set = G::feature_set();
    let options = G::Options::from_pairs(game.options().iter().copied())?;
    let evaluator = G::weighted_evaluator(base.profile.eval_weights()?)
        .map_err(|message| anyhow::anyhow!("{}: [parameters.eval] {message}", base.profile.name))?;
    let mut cells = vec![0; set.cells];
    let mut sample_of = |state: &G, record: &Record, reflection: bool| {
        state.write_cells(&mut cells);
        let classic = evaluator.evaluate(state);
        let sample = Sample {
            features: set.active(&cells),
            side: state.side_to_move() as u8,
            score: record.score,
            result: record.result,
            game: record.game,
            base: if base.residual {
                classic.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
            } else {
                0
            },
            reflection,
        };
        (sample, classic)
    };
    let mut pairs = Vec::with_capacity(records.len() * if base.reflect { 2 } else { 1 });
    for record in records {
        let state = G::parse_position(&record.position, &options).map_err(|error| {
            anyhow::anyhow!(
                "position `{}` of game {}: {error}",
                record.position,
                record.game
            )
        })?;
        pairs.push(sample_of(&state, record, false));
        if let Some(reflected) = base.reflect.then(|| state.reflected()).flatten() {
            pairs.push(sample_of(&reflected, record, true));
        }
    }
    if base.reflect && pairs.len() == records.len() {
        bail!(
            "--reflect: no {} position of the data has an equivalent reflection",
            game.name()
        );
    }
    let (samples, classic) = pairs.into_iter().unzip();
    Ok((set, samples, classic))
}
