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
