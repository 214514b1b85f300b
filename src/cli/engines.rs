//! `tauler engines [GAME]`: the engine profiles a run can name, one line
//! each: name, game, searcher, limits, description and where it comes from.

use anyhow::Result;

use crate::engine::Catalogue;
use crate::games::GameId;

/// Prints the profiles of `catalogue` (only `game`'s when given), by name.
pub fn run(catalogue: &Catalogue, game: Option<GameId>) -> Result<()> {
    let rows: Vec<[String; 6]> = catalogue
        .profiles()?
        .into_iter()
        .filter(|(profile, _)| game.is_none_or(|g| profile.game == g.name()))
        .map(|(profile, origin)| {
            [
                profile.name,
                profile.game,
                profile.searcher.name().to_string(),
                profile.limits.summary(),
                profile.description,
                origin.to_string(),
            ]
        })
        .collect();
    let mut widths = [0; 5];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for [name, game, searcher, limits, description, origin] in &rows {
        let [w0, w1, w2, w3, w4] = widths;
        println!(
            "{name:w0$}  {game:w1$}  {searcher:w2$}  {limits:w3$}  {description:w4$}  ({origin})"
        );
    }
    Ok(())
}
