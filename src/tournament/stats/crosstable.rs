//! The crosstable: each player's score against each other player.

use std::fmt;

/// Scores and game counts between every two players.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    names: Vec<String>,
    /// `score[i][j]`: points player `i` scored against `j`.
    score: Vec<Vec<f64>>,
    /// `games[i][j]`: games between `i` and `j` (symmetric).
    games: Vec<Vec<u64>>,
}

impl Crosstable {
    /// An empty table of the named players.
    #[must_use]
    pub fn new(names: Vec<String>) -> Self {
        let n = names.len();
        Self {
            names,
            score: vec![vec![0.0; n]; n],
            games: vec![vec![0; n]; n],
        }
    }

    /// Records one game where `i` scored `score` (in `[0, 1]`) against `j`.
    pub fn add(&mut self, i: usize, j: usize, score: f64) {
        self.score[i][j] += score;
        self.score[j][i] += 1.0 - score;
        self.games[i][j] += 1;
        self.games[j][i] += 1;
    }

    /// The number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.names.len()
    }

    /// The players' names.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Points `i` scored against `j`.
    #[must_use]
    pub fn score(&self, i: usize, j: usize) -> f64 {
        self.score[i][j]
    }

    /// Games between `i` and `j`.
    #[must_use]
    pub fn games(&self, i: usize, j: usize) -> u64 {
        self.games[i][j]
    }

    /// `i`'s points and games against everyone.
    #[must_use]
    pub fn total(&self, i: usize) -> (f64, u64) {
        (self.score[i].iter().sum(), self.games[i].iter().sum())
    }
}

impl fmt::Display for Crosstable {
    /// One row per player: total, then `score/games` against each column
    /// (columns headed by the names without their common `game-` prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.names.iter().map(String::len).max().unwrap_or(0).max(6);
        write!(f, "{:width$}  {:>11}", "", "total")?;
        let prefix = common_prefix(&self.names);
        for name in &self.names {
            write!(f, "  {:>11}", truncate(&name[prefix..], 11))?;
        }
        writeln!(f)?;
        for (i, name) in self.names.iter().enumerate() {
            let (points, games) = self.total(i);
            write!(f, "{name:width$}  {:>11}", format!("{points}/{games}"))?;
            for j in 0..self.players() {
                let cell = if i == j {
                    "-".to_string()
                } else if self.games[i][j] == 0 {
                    ".".to_string()
                } else {
                    format!("{}/{}", self.score[i][j], self.games[i][j])
                };
                write!(f, "  {cell:>11}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The length of the names' common prefix up to and including its last
/// `-` (`muzicando-rules`, `muzicando-random`: `muzicando-`).
fn common_prefix(names: &[String]) -> usize {
    let Some(first) = names.first() else {
        return 0;
    };
    let mut common = first.len();
    for name in &names[1..] {
        common = first
            .char_indices()
            .zip(name.chars())
            .take_while(|&((at, a), b)| at < common && a == b)
            .last()
            .map_or(0, |((at, a), _)| at + a.len_utf8());
    }
    first[..common].rfind('-').map_or(0, |dash| dash + 1)
}

fn truncate(name: &str, width: usize) -> &str {
    match name.char_indices().nth(width) {
        Some((at, _)) => &name[..at],
        None => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_kept_from_both_sides() {
        let mut table = Crosstable::new(vec!["a".into(), "b".into(), "c".into()]);
        table.add(0, 1, 1.0);
        table.add(1, 0, 0.5);
        table.add(2, 0, 0.75);
        assert_eq!(table.score(0, 1), 1.5);
        assert_eq!(table.score(1, 0), 0.5);
        assert_eq!(table.games(1, 0), 2);
        assert_eq!(table.total(0), (1.75, 3));
        let text = table.to_string();
        assert!(text.contains("1.5/2"), "{text}");
        assert!(text.contains("0.75/1"), "{text}");
        let table = Crosstable::new(vec!["muz-rules".into(), "muz-random".into()]);
        let header = table.to_string().lines().next().unwrap().to_string();
        assert!(header.ends_with("  rules       random"), "{header}");
    }
}
