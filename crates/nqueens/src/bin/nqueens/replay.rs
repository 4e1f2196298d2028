//! `nqueens replay`: write the page, report errors as the other subcommands do.

use nqueens::replay::{run_replay, ReplayArgs, ReplayError};
use std::process::ExitCode;

pub fn run(args: &ReplayArgs) -> ExitCode {
    match run_replay(args, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(ReplayError::Output(e)) if super::is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if e.is_usage() => {
            eprintln!("nqueens: error: {e} (see nqueens replay --help)");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("nqueens: error: {e}");
            ExitCode::from(1)
        }
    }
}
