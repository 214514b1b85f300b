//! The engine profiles a run can name: every file of `engines/` built into
//! the program, with the profiles of a directory laid over them by name.
//!
//! Where a front end looks, last first: a tournament file's `engine_dir`
//! (tournaments only), then `--engines DIR` or, without the flag, the
//! directory in the environment variable `TAULER_ENGINES`, then the
//! built-in profiles. The working directory's `engines/` is not read: the
//! program behaves the same from every directory.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use super::profile::{check_name, EngineProfile, ProfileError};
use crate::user_files;

/// One entry of [`BUILT_IN`]: `engines/NAME.toml` under its name.
macro_rules! profile {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../engines/", $name, ".toml")),
        )
    };
}

/// The shipped profiles, `engines/<name>.toml`, by name (a test checks that
/// the table lists exactly the files of `engines/`, each once).
pub const BUILT_IN: &[(&str, &str)] = &[
    profile!("camelot-baseline"),
    profile!("camelot-default"),
    profile!("camelot-fast"),
    profile!("camelot-greedy"),
    profile!("camelot-level-1"),
    profile!("camelot-level-2"),
    profile!("camelot-level-3"),
    profile!("camelot-level-4"),
    profile!("camelot-level-5"),
    profile!("camelot-level-6"),
    profile!("camelot-level-7"),
    profile!("camelot-level-8"),
    profile!("camelot-random"),
    profile!("camelot-ugi"),
    profile!("camelot-weak"),
    profile!("cardchess-expectimax"),
    profile!("cardchess-expectimax-weak"),
    profile!("cardchess-greedy"),
    profile!("cardchess-level-1"),
    profile!("cardchess-level-2"),
    profile!("cardchess-level-3"),
    profile!("cardchess-level-4"),
    profile!("cardchess-level-5"),
    profile!("cardchess-level-6"),
    profile!("cardchess-level-7"),
    profile!("cardchess-level-8"),
    profile!("cardchess-mcts"),
    profile!("cardchess-mcts-weak"),
    profile!("cardchess-random"),
    profile!("cescacs-baseline"),
    profile!("cescacs-default"),
    profile!("cescacs-fast"),
    profile!("cescacs-greedy"),
    profile!("cescacs-level-1"),
    profile!("cescacs-level-2"),
    profile!("cescacs-level-3"),
    profile!("cescacs-level-4"),
    profile!("cescacs-level-5"),
    profile!("cescacs-level-6"),
    profile!("cescacs-level-7"),
    profile!("cescacs-level-8"),
    profile!("cescacs-random"),
    profile!("cescacs-weak"),
    profile!("chess"),
    profile!("chess-level-1"),
    profile!("chess-level-2"),
    profile!("chess-level-3"),
    profile!("chess-level-4"),
    profile!("chess-level-5"),
    profile!("chess-level-6"),
    profile!("chess-level-7"),
    profile!("chess-level-8"),
    profile!("muzicando-cheating"),
    profile!("muzicando-ismcts"),
    profile!("muzicando-ismcts-bidsim"),
    profile!("muzicando-ismcts-plain"),
    profile!("muzicando-ismcts-weak"),
    profile!("muzicando-level-1"),
    profile!("muzicando-level-2"),
    profile!("muzicando-level-3"),
    profile!("muzicando-level-4"),
    profile!("muzicando-level-5"),
    profile!("muzicando-level-6"),
    profile!("muzicando-level-7"),
    profile!("muzicando-level-8"),
    profile!("muzicando-partner-sight"),
    profile!("muzicando-pimc"),
    profile!("muzicando-pimc-bidsim"),
    profile!("muzicando-random"),
    profile!("muzicando-rules"),
    profile!("stockfish-1350"),
    profile!("stockfish-1500"),
    profile!("stockfish-1800"),
    profile!("stockfish-2000"),
    profile!("tauler-elo-1500"),
    profile!("tauler-elo-1800"),
    profile!("tauler-elo-2000"),
];

/// Where a profile comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Built into the program from `engines/`.
    BuiltIn,
    /// A file of a profile directory.
    File(PathBuf),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::BuiltIn => f.write_str("built in"),
            Origin::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// A profile's text, read when the profile is asked for.
#[derive(Clone, Debug)]
struct Entry {
    text: String,
    origin: Origin,
}

/// Named profiles: the built-in ones and any directories laid over them.
#[derive(Clone, Debug)]
pub struct Catalogue {
    entries: BTreeMap<String, Entry>,
    /// The directories laid over the built-in profiles, first first.
    dirs: Vec<PathBuf>,
}

impl Default for Catalogue {
    fn default() -> Self {
        Self::built_in()
    }
}

impl Catalogue {
    /// The built-in profiles alone.
    #[must_use]
    pub fn built_in() -> Self {
        Self {
            entries: BUILT_IN
                .iter()
                .map(|&(name, text)| {
                    let entry = Entry {
                        text: text.to_string(),
                        origin: Origin::BuiltIn,
                    };
                    (name.to_string(), entry)
                })
                .collect(),
            dirs: Vec::new(),
        }
    }

    /// This catalogue with every `*.toml` file of `dir` added, replacing
    /// profiles of the same name. The files are read now and parsed when
    /// asked for.
    pub fn with_dir(mut self, dir: &Path) -> Result<Self, ProfileError> {
        let io = |source| ProfileError::Io {
            path: dir.to_path_buf(),
            source,
        };
        let mut paths = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            if path.extension().and_then(|e| e.to_str()) == Some("toml") && !path.is_dir() {
                paths.push(path);
            }
        }
        paths.sort();
        for path in paths {
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            check_name(&name).map_err(|_| ProfileError::BadFileName(path.clone()))?;
            let text = user_files::read_to_string(&path).map_err(|source| ProfileError::Io {
                path: path.clone(),
                source,
            })?;
            let origin = Origin::File(path);
            self.entries.insert(name, Entry { text, origin });
        }
        self.dirs.push(dir.to_path_buf());
        Ok(self)
    }

    /// [`Catalogue::with_dir`] when a directory is given.
    pub fn with_optional_dir(self, dir: Option<&Path>) -> Result<Self, ProfileError> {
        match dir {
            Some(dir) => self.with_dir(dir),
            None => Ok(self),
        }
    }

    /// The profile `name`.
    pub fn get(&self, name: &str) -> Result<EngineProfile, ProfileError> {
        check_name(name)?;
        let entry = self
            .entries
            .get(name)
            .ok_or_else(|| ProfileError::NotFound {
                name: name.to_string(),
                searched: self.searched(),
            })?;
        EngineProfile::parse(name, &entry.text)
    }

    /// The text of the profile `name`, as read (a tournament's snapshot
    /// keeps it, so that runs on other machines can be checked to play the
    /// same engines).
    pub fn text(&self, name: &str) -> Result<&str, ProfileError> {
        check_name(name)?;
        self.entries
            .get(name)
            .map(|entry| entry.text.as_str())
            .ok_or_else(|| ProfileError::NotFound {
                name: name.to_string(),
                searched: self.searched(),
            })
    }

    /// Where a profile was looked for, for people.
    fn searched(&self) -> String {
        let mut places = vec!["the built-in profiles".to_string()];
        places.extend(self.dirs.iter().map(|d| d.display().to_string()));
        places.join(", ")
    }

    /// Every profile with its origin, by name; the first invalid one is an
    /// error.
    pub fn profiles(&self) -> Result<Vec<(EngineProfile, &Origin)>, ProfileError> {
        self.entries
            .iter()
            .map(|(name, entry)| Ok((EngineProfile::parse(name, &entry.text)?, &entry.origin)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_exactly_the_files_of_engines() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("toml"))
            .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
            .collect();
        files.sort();
        let mut names: Vec<&str> = BUILT_IN.iter().map(|&(name, _)| name).collect();
        names.sort_unstable();
        assert_eq!(names, files, "the table lists every file once");
        for &(name, text) in BUILT_IN {
            let file = std::fs::read_to_string(dir.join(format!("{name}.toml"))).unwrap();
            assert_eq!(text, file, "{name}");
        }
    }

    #[test]
    fn every_built_in_profile_parses() {
        let catalogue = Catalogue::built_in();
        let profiles = catalogue.profiles().unwrap();
        assert_eq!(profiles.len(), BUILT_IN.len());
        for (profile, origin) in &profiles {
            assert_eq!(**origin, Origin::BuiltIn);
            profile.registered_game().unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn a_directory_overrides_and_adds_by_name() {
        let dir = std::env::temp_dir().join(format!("tauler-catalogue-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = "game = \"camelot\"\nsearcher = \"random\"\ndescription = \"mine\"\n";
        std::fs::write(dir.join("camelot-default.toml"), text).unwrap();
        std::fs::write(dir.join("camelot-mine.toml"), text).unwrap();
        std::fs::write(dir.join("notes.txt"), "not a profile").unwrap();
        let catalogue = Catalogue::built_in().with_dir(&dir).unwrap();
        let replaced = catalogue.get("camelot-default").unwrap();
        assert_eq!(replaced.description, "mine");
        assert_eq!(catalogue.get("camelot-mine").unwrap().description, "mine");
        assert_eq!(
            Catalogue::built_in()
                .get("camelot-default")
                .unwrap()
                .searcher,
            crate::engine::SearcherKind::AlphaBeta
        );
        let error = catalogue.get("nobody").unwrap_err().to_string();
        assert!(
            error.contains("built-in profiles") && error.contains(&dir.display().to_string()),
            "{error}"
        );
        assert!(matches!(
            catalogue.get("../x"),
            Err(ProfileError::BadName(_))
        ));
        std::fs::write(dir.join("bad name.toml"), text).unwrap();
        assert!(matches!(
            Catalogue::built_in().with_dir(&dir),
            Err(ProfileError::BadFileName(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(matches!(
            Catalogue::built_in().with_dir(&dir),
            Err(ProfileError::Io { .. })
        ));
    }
}
