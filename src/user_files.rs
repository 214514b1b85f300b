//! The files a user writes or names — tournament files, engine profiles,
//! card decks, opening files, saved games — read through one helper with a
//! size cap, so that `/dev/zero` or a mistaken multi-gigabyte path is a
//! clear error instead of a program that eats the memory; and TOML errors
//! located by line and column.

use std::io::Read;
use std::path::Path;

/// The largest user file read, in bytes (16 MiB: far beyond any profile,
/// tournament, deck or saved game, about 150,000 opening positions).
pub const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// Reads the UTF-8 text of `path`, refusing more than [`MAX_BYTES`] (a
/// `FileTooLarge` error) — a drop-in for `std::fs::read_to_string`.
pub fn read_to_string(path: &Path) -> std::io::Result<String> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!("larger than {} MiB", MAX_BYTES >> 20),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// A TOML reader's complaint about `text`, prefixed with the line and
/// column where it found the problem (from 1).
#[must_use]
pub fn toml_error(text: &str, error: &toml::de::Error) -> String {
    let Some(span) = error.span() else {
        return error.message().to_string();
    };
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    format!("line {line}, column {column}: {}", error.message())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_refused_by_size() {
        #[cfg(unix)]
        {
            let error = read_to_string(Path::new("/dev/zero")).unwrap_err();
            assert_eq!(error.kind(), std::io::ErrorKind::FileTooLarge);
            assert_eq!(error.to_string(), "larger than 16 MiB");
        }
        let missing = read_to_string(Path::new("no/such/file")).unwrap_err();
        assert_eq!(missing.kind(), std::io::ErrorKind::NotFound);
    }

    #[test]
    fn toml_errors_carry_line_and_column() {
        let text = "a = 1\nb = = 2\n";
        let error = toml::from_str::<toml::Table>(text).unwrap_err();
        let message = toml_error(text, &error);
        assert!(message.starts_with("line 2, column 5: "), "{message}");
    }
}
