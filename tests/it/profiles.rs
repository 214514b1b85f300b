//! Every profile in `engines/` loads, and names a known game whose rule
//! options it sets correctly; the built-in profiles serve `engines`, `play`
//! and tournaments from any directory, and `--engines DIR` or
//! `TAULER_ENGINES` replace them by name.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use tauler::engine::EngineProfile;
use tauler::games::GameId;
use tauler::search::modelling::{Chains, Sampler, Weighed};
use tauler::search::uct::Objective;

#[test]
fn every_shipped_profile_loads() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let profile = EngineProfile::load_from(&dir, &name).unwrap_or_else(|e| panic!("{e}"));
        let game = GameId::ALL
            .iter()
            .find(|id| id.name() == profile.game)
            .unwrap_or_else(|| panic!("{name}: unknown game {}", profile.game));
        tauler::with_game!(*game, G => {
            profile
                .game_options::<<G as tauler::game::Game>::Options>()
                .unwrap_or_else(|e| panic!("{e}"));
        });
        profile.search_config().unwrap();
        count += 1;
    }
    assert!(count >= 2, "found {count} profiles");
}

#[test]
fn the_cescacs_profiles_build_players_that_move() {
    use tauler::engine::{ask, build_player};
    use tauler::game::Game;
    use tauler::games::cescacs::{Cescacs, Options};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    let start = Cescacs::new(&Options::default());
    let mut actions = Vec::new();
    start.legal_actions(&mut actions);
    for name in ["cescacs-weak", "cescacs-random", "cescacs-greedy"] {
        let profile = EngineProfile::load_from(&dir, name).unwrap();
        let mut player = build_player::<Cescacs>(&profile, 7).unwrap();
        let limits = profile.limits.limits();
        let decision = ask(player.as_mut(), &start, &limits).unwrap();
        assert!(actions.contains(&decision.action), "{name}");
    }
}

#[test]
fn the_camelot_profiles_build_players_that_move() {
    use tauler::engine::{ask, build_player};
    use tauler::game::Game;
    use tauler::games::camelot::{Camelot, Options};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    let start = Camelot::new(&Options::default());
    let mut actions = Vec::new();
    start.legal_actions(&mut actions);
    for name in [
        "camelot-weak",
        "camelot-random",
        "camelot-default",
        "camelot-greedy",
    ] {
        let profile = EngineProfile::load_from(&dir, name).unwrap();
        let mut player = build_player::<Camelot>(&profile, 7).unwrap();
        let limits = profile.limits.limits();
        let decision = ask(player.as_mut(), &start, &limits).unwrap();
        assert!(actions.contains(&decision.action), "{name}");
    }
}

#[test]
fn the_cardchess_profiles_build_players_that_move() {
    use tauler::engine::{ask, build_player};
    use tauler::game::Game;
    use tauler::games::cardchess::{CardChess, CardChessOptions};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    let start = CardChess::new(&CardChessOptions::default());
    let mut actions = Vec::new();
    start.legal_actions(&mut actions);
    for name in [
        "cardchess-expectimax-weak",
        "cardchess-mcts-weak",
        "cardchess-greedy",
        "cardchess-random",
    ] {
        let profile = EngineProfile::load_from(&dir, name).unwrap();
        profile.chance_params().unwrap();
        let mut player = build_player::<CardChess>(&profile, 7).unwrap();
        let action = ask(player.as_mut(), &start, &profile.limits.limits())
            .unwrap()
            .action;
        assert!(actions.contains(&action), "{name}");
        if name == "cardchess-greedy" {
            assert_ne!(action, tauler::games::cardchess::Action::Draw);
        }
    }
}

#[test]
fn a_bad_chance_parameter_is_rejected() {
    let text =
        "game = \"cardchess\"\nsearcher = \"expectimax\"\n[parameters]\npruning = \"star3\"\n";
    assert!(EngineProfile::parse("bad", text).is_err());
}

#[test]
fn the_muzicando_profiles_build_seats_that_play_legally() {
    use tauler::engine::{ask, build_player};
    use tauler::game::{Game, GameOptions, Turn};
    use tauler::games::muzicando::{Muzicando, Options};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    let start = Muzicando::seeded_deal(&Options::from_pairs(std::iter::empty()).unwrap(), 3);
    let Turn::Player(_) = start.turn() else {
        panic!("a seeded deal starts with the auction");
    };
    let mut legal = Vec::new();
    start.legal_actions(&mut legal);
    for name in [
        "muzicando-rules",
        "muzicando-random",
        "muzicando-pimc",
        "muzicando-ismcts-weak",
        "muzicando-ismcts-plain",
        "muzicando-pimc-bidsim",
        "muzicando-cheating",
        "muzicando-partner-sight",
    ] {
        let profile = EngineProfile::load_from(&dir, name).unwrap();
        let mut player = build_player::<Muzicando>(&profile, 5).unwrap();
        let measuring = matches!(name, "muzicando-cheating" | "muzicando-partner-sight");
        assert_eq!(player.sees_everything(), measuring, "{name}");
        assert_eq!(profile.sees_hidden_cards().unwrap(), measuring, "{name}");
        let action = ask(player.as_mut(), &start, &profile.limits.limits())
            .unwrap()
            .action;
        assert!(legal.contains(&action), "{name}");
    }
    let ismcts = EngineProfile::load_from(&dir, "muzicando-ismcts").unwrap();
    assert_eq!(ismcts.sampling_config().unwrap().trees, 1);
    assert_eq!(ismcts.limits.limits().nodes, Some(1000));
    assert_eq!(ismcts.bid_simulation().unwrap(), Some(32));
    assert_eq!(ismcts.bid_inference().unwrap(), None, "uniform bid worlds");
    assert_eq!(
        ismcts.sampling_config().unwrap().objective,
        Objective::Margin,
        "the default maximises the margin"
    );
    let cheating = EngineProfile::load_from(&dir, "muzicando-cheating").unwrap();
    assert_eq!(
        cheating.sampling_config().unwrap().objective,
        Objective::Margin,
        "the yardstick maximises what the default does"
    );
    assert_eq!(ismcts.sampling_config().unwrap().exploration, 20.0);
    let margin = ismcts_profile("objective = \"margin\"\nbidding = \"simulation\"\n").unwrap();
    assert_eq!(
        margin.sampling_config().unwrap().objective,
        Objective::Margin
    );
    build_player::<Muzicando>(&margin, 5).unwrap();
    assert!(ismcts_profile("objective = \"win\"")
        .and_then(|p| p.sampling_config())
        .is_err());
    let modelling = ismcts.modelling().unwrap();
    let inference = modelling.inference.expect("the default infers");
    assert_eq!(inference.worlds, 256);
    assert_eq!(inference.model, tauler::knowledge::PolicyModel::default());
    assert_eq!(
        inference.sampler,
        Sampler::Metropolis(Chains {
            chains: 8,
            burn_in: 256,
            thin: 4
        }),
        "the default draws its pool by chains"
    );
    assert_eq!(
        inference.seats,
        Weighed::EnginePartner,
        "the default reads its partner as the engine it is"
    );
    let chained = ismcts_profile(
        "inference = \"mcmc\"\ninference_seats = \"opponents\"\nmcmc_burn_in = 10\n",
    )
    .unwrap();
    let chained = chained.modelling().unwrap().inference.expect("it infers");
    assert_eq!(
        chained.sampler,
        Sampler::Metropolis(Chains {
            chains: 8,
            burn_in: 10,
            thin: 4
        })
    );
    assert_eq!(chained.seats, Weighed::Opponents);
    let engine_partner =
        ismcts_profile("inference = \"mcmc\"\ninference_seats = \"engine-partner\"\n")
            .unwrap()
            .modelling()
            .unwrap()
            .inference
            .expect("it infers");
    assert_eq!(engine_partner.seats, Weighed::EnginePartner);
    assert_eq!(
        modelling.playout,
        Some(tauler::search::modelling::PlayoutModel {
            model: tauler::knowledge::PolicyModel::default(),
            informed: true,
        }),
        "its own team reads the sampled world in playouts"
    );
    assert_eq!(modelling.opponents, None, "the tree searches the opponents");
    let policy = ismcts_profile("playout = \"policy\"\n").unwrap();
    let policy = policy.modelling().unwrap();
    assert!(policy.playout.is_some_and(|p| !p.informed));
    let modelled = ismcts_profile("opponents = \"policy\"\nmodel_temperature = 0.5\n").unwrap();
    assert_eq!(
        modelled.modelling().unwrap().opponents,
        Some(tauler::knowledge::PolicyModel {
            temperature: 0.5,
            epsilon: 0.1
        })
    );
    assert!(ismcts_profile("opponents = \"guess\"")
        .and_then(|p| p.modelling())
        .is_err());
    let plain = EngineProfile::load_from(&dir, "muzicando-ismcts-plain").unwrap();
    assert_eq!(plain.modelling().unwrap(), Default::default());
    assert_eq!(plain.bid_simulation().unwrap(), None);
    assert_eq!(cheating.modelling().unwrap(), Default::default());
    let bidsim = EngineProfile::load_from(&dir, "muzicando-ismcts-bidsim").unwrap();
    assert_eq!(bidsim.bid_simulation().unwrap(), Some(32));
    let player = build_player::<Muzicando>(&bidsim, 5).unwrap();
    assert!(!player.sees_everything(), "a fair profile");
    assert!(player.name().contains("bidsim-32"), "{}", player.name());
    let bid_informed = ismcts_profile(
        "bidding = \"simulation\"\nbid_inference = \"inference\"\ninference = \"mcmc\"\n",
    )
    .unwrap();
    let pool = bid_informed.modelling().unwrap().inference;
    assert!(pool.is_some());
    assert_eq!(
        bid_informed.bid_inference().unwrap(),
        pool,
        "the play's pool"
    );
    build_player::<Muzicando>(&bid_informed, 5).unwrap();
    assert_eq!(
        ismcts_profile("inference = \"policy\"\nbid_inference = \"inference\"")
            .unwrap()
            .bid_inference()
            .unwrap(),
        None,
        "no simulation, no bid worlds"
    );
    let uninformed =
        || ismcts_profile("bidding = \"simulation\"\nbid_inference = \"inference\"").unwrap();
    let error = uninformed().bid_inference().unwrap_err().to_string();
    assert!(error.contains("needs an `inference`"), "{error}");
    assert!(build_player::<Muzicando>(&uninformed(), 5).is_err());
    assert!(ismcts_profile("bid_inference = \"guess\"")
        .and_then(|p| p.bid_simulation())
        .is_err());
    let typo = "game = \"muzicando\"\nsearcher = \"pimc\"\n[parameters]\nbidding = \"guess\"\n";
    assert!(EngineProfile::parse("typo", typo).is_err());
    let alphabeta =
        EngineProfile::parse("ab", "game = \"muzicando\"\nsearcher = \"alphabeta\"").unwrap();
    assert!(matches!(
        build_player::<Muzicando>(&alphabeta, 5),
        Err(tauler::engine::ProfileError::Unsupported { .. })
    ));
}

/// A fresh empty folder `tauler-profiles-<name>-<pid>` in the temporary
/// directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tauler-profiles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `tauler args` in `dir` with `stdin` as input and `TAULER_ENGINES`
/// set to `env` (unset when `None`).
fn tauler_in(dir: &Path, args: &[&str], env: Option<&Path>, stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tauler"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("TAULER_ENGINES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(env) = env {
        command.env("TAULER_ENGINES", env);
    }
    let mut child = command.spawn().unwrap();
    // A command that fails early may exit before reading its input.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// `tauler engines camelot`'s line of `name`.
fn line_of<'a>(listing: &'a str, name: &str) -> &'a str {
    listing
        .lines()
        .find(|line| line.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no `{name}` in\n{listing}"))
}

#[test]
fn engines_lists_the_built_in_profiles_from_any_directory() {
    let dir = scratch("list");
    let listing = stdout(&tauler_in(&dir, &["engines", "cescacs"], None, ""));
    let shipped = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("engines"))
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            let name = name.to_str().unwrap();
            name.starts_with("cescacs-") && name.ends_with(".toml")
        })
        .count();
    assert_eq!(listing.lines().count(), shipped, "{listing}");
    for line in listing.lines() {
        assert!(line.starts_with("cescacs-"), "{line}");
        assert!(line.ends_with("(built in)"), "{line}");
    }
    let default = line_of(&listing, "cescacs-default");
    let fields: Vec<&str> = default.split("  ").filter(|f| !f.is_empty()).collect();
    assert_eq!(
        fields.iter().map(|f| f.trim()).collect::<Vec<_>>()[..4],
        ["cescacs-default", "cescacs", "alphabeta", "movetime 100 ms"]
    );
    assert!(
        default.contains("C'escacs alpha-beta with the learned evaluation, full strength"),
        "{default}"
    );
    let all = stdout(&tauler_in(&dir, &["engines"], None, ""));
    assert_eq!(
        all.lines().count(),
        tauler::engine::catalogue::BUILT_IN.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_finds_a_built_in_profile_from_any_directory() {
    let dir = scratch("play");
    let output = tauler_in(
        &dir,
        &["play", "camelot", "--engine", "camelot-weak"],
        None,
        "quit\n",
    );
    let text = stdout(&output);
    assert!(text.contains("against `camelot-weak`"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The tournament and tune files under `dir` and its folders, but for the
/// folders of engine profiles (`tuned`, `engines`) and of results.
fn shipped_tournament_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !["tuned", "engines", "results"].contains(&name) {
                shipped_tournament_files(&path, out);
            }
        } else if name.ends_with(".toml") {
            out.push(path);
        }
    }
}

/// Every tournament and tune file in `tournaments/` and its folders
/// (`levels/`, `network/`, …) loads and checks, and each engine a
/// tournament names is a profile (built in, or in the file's
/// `engine_dir`) of its game: a file the README tells users to run is
/// never broken by a change to the format or the profiles.
#[test]
fn every_shipped_tournament_and_tune_file_loads() {
    use tauler::engine::Catalogue;
    use tauler::tournament::tune::TuneConfig;
    use tauler::tournament::TournamentConfig;
    let mut files = Vec::new();
    shipped_tournament_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments"),
        &mut files,
    );
    let (mut tournaments, mut tunes) = (0, 0);
    for path in files {
        let shown = path.display();
        if path.to_str().unwrap().ends_with("-tune.toml") {
            // Its tournament's engines are the two sides the run derives
            // from the profile, which loading finds and checks.
            TuneConfig::load(&path, None, None).unwrap_or_else(|e| panic!("{shown}: {e:#}"));
            tunes += 1;
            continue;
        }
        let config = TournamentConfig::load(&path).unwrap_or_else(|e| panic!("{shown}: {e}"));
        tournaments += 1;
        let catalogue = Catalogue::built_in()
            .with_optional_dir(config.engine_dir.as_deref())
            .unwrap_or_else(|e| panic!("{shown}: {e}"));
        for name in &config.engines {
            let profile = catalogue
                .get(name)
                .unwrap_or_else(|e| panic!("{shown}: {e}"));
            profile
                .expect_game(&config.game)
                .unwrap_or_else(|e| panic!("{shown}: {e}"));
        }
    }
    assert!(
        tournaments >= 40 && tunes >= 3,
        "{tournaments} tournaments, {tunes} tune files"
    );
}

#[test]
fn a_shipped_tournament_runs_from_another_directory() {
    let dir = scratch("tournament");
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments/camelot-gauntlet.toml");
    let mut file: toml::Table = std::fs::read_to_string(shipped).unwrap().parse().unwrap();
    // The shipped engines and openings, cut to one node-limited round; the
    // suite is named where it is, as a copied file must name it.
    file.insert("rounds".into(), 1.into());
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("openings/camelot.txt");
    file["openings"]
        .as_table_mut()
        .unwrap()
        .insert("file".into(), suite.to_str().unwrap().into());
    let mut limits = toml::Table::new();
    for engine in ["camelot-default", "camelot-weak"] {
        let mut nodes = toml::Table::new();
        nodes.insert("nodes".into(), 500.into());
        limits.insert(engine.into(), nodes.into());
    }
    file.insert("limits".into(), limits.into());
    let mut adjudication = toml::Table::new();
    adjudication.insert("max_plies".into(), 40.into());
    file.insert("adjudication".into(), adjudication.into());
    std::fs::write(dir.join("gauntlet.toml"), file.to_string()).unwrap();
    let text = stdout(&tauler_in(
        &dir,
        &["tournament", "gauntlet.toml", "--quiet"],
        None,
        "",
    ));
    assert!(text.contains("camelot-default"), "{text}");
    let records = std::fs::read_to_string(dir.join("results/gauntlet/games.jsonl")).unwrap();
    assert_eq!(
        records.lines().count(),
        4,
        "two encounters, one game pair each"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_replaces_a_built_in_profile_by_name_the_flag_before_the_environment() {
    let dir = scratch("override");
    let profile = |description: &str| {
        format!("game = \"camelot\"\nsearcher = \"random\"\ndescription = \"{description}\"\n")
    };
    for (folder, description) in [("flag", "from the flag"), ("env", "from the environment")] {
        std::fs::create_dir_all(dir.join(folder)).unwrap();
        std::fs::write(
            dir.join(folder).join("camelot-default.toml"),
            profile(description),
        )
        .unwrap();
    }
    let flag = dir.join("flag");
    let env = dir.join("env");
    let listing = |args: &[&str], env: Option<&Path>| {
        let listing = stdout(&tauler_in(&dir, args, env, ""));
        line_of(&listing, "camelot-default").to_string()
    };
    let by_env = listing(&["engines", "camelot"], Some(&env));
    assert!(
        by_env.contains("random") && by_env.contains("from the environment"),
        "{by_env}"
    );
    assert!(by_env.ends_with(&format!("({})", env.join("camelot-default.toml").display())));
    let flag_text = flag.to_str().unwrap();
    let by_flag = listing(&["engines", "camelot", "--engines", flag_text], Some(&env));
    assert!(by_flag.contains("from the flag"), "{by_flag}");
    let built_in = listing(&["engines", "camelot"], None);
    assert!(
        built_in.contains("alphabeta") && built_in.ends_with("(built in)"),
        "{built_in}"
    );
    let play = stdout(&tauler_in(
        &dir,
        &["--engines", flag_text, "play", "camelot"],
        None,
        "quit\n",
    ));
    assert!(play.contains("(from the flag)"), "{play}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unknown_profile_is_one_line_and_exit_1() {
    let dir = scratch("unknown");
    for args in [
        &["play", "camelot", "--engine", "nobody"][..],
        &["play", "camelot", "--engine", "cescacs-weak"][..],
        &["engines", "--engines", "no-such-folder"][..],
    ] {
        let output = tauler_in(&dir, args, None, "quit\n");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let error = String::from_utf8(output.stderr).unwrap();
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(error.starts_with("error: "), "{error}");
    }
    let output = tauler_in(&dir, &["play", "camelot", "--engine", "nobody"], None, "");
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(
        error.starts_with("error: no engine profile `nobody` (searched the built-in profiles)"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Muzicando ISMCTS profile with `parameters` (lines of its
/// `[parameters]` table).
fn ismcts_profile(parameters: &str) -> Result<EngineProfile, tauler::engine::ProfileError> {
    EngineProfile::parse(
        "test",
        &format!("game = \"muzicando\"\nsearcher = \"ismcts\"\n[parameters]\n{parameters}"),
    )
}
