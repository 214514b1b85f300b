//! Every profile in `engines/` loads, and names a known game whose rule
//! options it sets correctly.

use tauler::engine::EngineProfile;
use tauler::games::GameId;

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
        "muzicando-pimc-bidsim",
        "muzicando-cheating",
    ] {
        let profile = EngineProfile::load_from(&dir, name).unwrap();
        let mut player = build_player::<Muzicando>(&profile, 5).unwrap();
        assert_eq!(player.sees_everything(), name == "muzicando-cheating");
        let action = ask(player.as_mut(), &start, &profile.limits.limits())
            .unwrap()
            .action;
        assert!(legal.contains(&action), "{name}");
    }
    let ismcts = EngineProfile::load_from(&dir, "muzicando-ismcts").unwrap();
    assert_eq!(ismcts.sampling_config().unwrap().trees, 4);
    assert_eq!(ismcts.limits.limits().nodes, Some(1000));
    assert_eq!(ismcts.bid_simulation().unwrap(), None);
    let bidsim = EngineProfile::load_from(&dir, "muzicando-ismcts-bidsim").unwrap();
    assert_eq!(bidsim.bid_simulation().unwrap(), Some(32));
    let player = build_player::<Muzicando>(&bidsim, 5).unwrap();
    assert!(!player.sees_everything(), "a fair profile");
    assert!(player.name().contains("bidsim-32"), "{}", player.name());
    let typo = "game = \"muzicando\"\nsearcher = \"pimc\"\n[parameters]\nbidding = \"guess\"\n";
    assert!(EngineProfile::parse("typo", typo).is_err());
    let alphabeta =
        EngineProfile::parse("ab", "game = \"muzicando\"\nsearcher = \"alphabeta\"").unwrap();
    assert!(matches!(
        build_player::<Muzicando>(&alphabeta, 5),
        Err(tauler::engine::ProfileError::Unsupported { .. })
    ));
}
