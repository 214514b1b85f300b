//! The files a user writes or names — tournament files, engine profiles,
//! card decks, opening files, saved games — read through one helper with a
//! size cap, so that `/dev/zero` or a mistaken multi-gigabyte path is a
//! clear error instead of a program that eats the memory; and TOML errors
//! located by line and column.
//!
//! The server's threads refuse every such read ([`refuse_on_this_thread`]):
//! nothing that arrives over HTTP may name a file, whatever option or
//! field carries it, and no answer may tell whether a path exists.

use std::cell::Cell;
use std::io::Read;
use std::path::Path;

/// The largest user file read, in bytes (16 MiB: far beyond any profile,
/// tournament, deck or saved game, about 150,000 opening positions).
pub const MAX_BYTES: u64 = 16 * 1024 * 1024;

thread_local! {
    /// Whether this thread serves the network (set once, never cleared).
    static REFUSED: Cell<bool> = const { Cell::new(false) };
}

/// From now on, every read of a user file on this thread fails without
/// touching the file system (a `PermissionDenied` error that says the same
/// for every path). The server calls it on each of its threads.
pub fn refuse_on_this_thread() {
    REFUSED.with(|refused| refused.set(true));
}

/// The error of a refused read: the same for every path.
pub const REFUSED_MESSAGE: &str = "files cannot be named over the network";

/// Reads the UTF-8 text of `path`, refusing more than [`MAX_BYTES`] (a
/// `FileTooLarge` error) — a drop-in for `std::fs::read_to_string`. On a
/// thread that serves the network, refuses every path.
pub fn read_to_string(path: &Path) -> std::io::Result<String> {
    if REFUSED.with(Cell::get) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            REFUSED_MESSAGE,
        ));
    }
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
    fn a_serving_thread_reads_no_file() {
        let refused = std::thread::spawn(|| {
            refuse_on_this_thread();
            read_to_string(Path::new("Cargo.toml")).unwrap_err()
        })
        .join()
        .expect("the thread ends");
        assert_eq!(refused.kind(), std::io::ErrorKind::PermissionDenied);
        assert_eq!(refused.to_string(), REFUSED_MESSAGE);
        assert!(
            read_to_string(Path::new("Cargo.toml")).is_ok(),
            "other threads read"
        );
    }

    #[test]
    fn toml_errors_carry_line_and_column() {
        let text = "a = 1\nb = = 2\n";
        let error = toml::from_str::<toml::Table>(text).unwrap_err();
        let message = toml_error(text, &error);
        assert!(message.starts_with("line 2, column 5: "), "{message}");
    }
}
