use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    restore_default_sigpipe();
    let cli = tauler::cli::Cli::parse();
    match tauler::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`tauler … | head`): nothing left to say.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error_line(&error));
            ExitCode::FAILURE
        }
    }
}

/// Output to a closed pipe ends the program quietly, as it ends coreutils:
/// Rust ignores SIGPIPE, which turns every later `print!` into a panic, so
/// on Unix the default action (end the process) is restored before anything
/// is written. Elsewhere a write error reaches [`main`] as an error, and a
/// broken pipe among its causes is a quiet success.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists;
    // setting a signal's disposition to its default has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes on one line, each said once: a cause whose
/// text its parent's message already ends with is not repeated.
fn error_line(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if line.ends_with(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}
