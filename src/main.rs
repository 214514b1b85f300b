use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = tauler::cli::Cli::parse();
    match tauler::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let chain: Vec<String> = error.chain().map(ToString::to_string).collect();
            eprintln!("error: {}", chain.join(": "));
            ExitCode::FAILURE
        }
    }
}
