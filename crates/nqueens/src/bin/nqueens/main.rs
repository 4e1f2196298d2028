//! The `nqueens` command: parse the arguments (in the library's `cli`
//! module), then dispatch to the module of the chosen command. Solving a
//! board is the default; subcommands get a module here and a match arm below.

mod merge;
mod progress;
mod replay;
mod solve;

use nqueens::cli::{self, CliError, Command};
use nqueens::tree::TreeError;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(CliError::Help(text)) => {
            // A closed pipe (`nqueens --help | head`) is not an error worth reporting.
            let _ = std::io::stdout().write_all(text.as_bytes());
            return ExitCode::SUCCESS;
        }
        Err(err) => return usage_error(&err),
    };
    match cli.command {
        None => solve::run(&cli.solve),
        Some(Command::Study(args)) => {
            // A closed stdout stops the table quietly (inside `run_study`).
            match nqueens::study::run_study(&args, &mut std::io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    // A study fails only when its output cannot be written.
                    eprintln!("nqueens: error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::Tree(args)) => {
            match nqueens::tree::run_tree(&args, &mut std::io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(TreeError::Output(e)) if is_closed_pipe(&e) => ExitCode::SUCCESS,
                Err(e) if e.is_usage() => {
                    eprintln!("nqueens: error: {e} (see nqueens tree --help)");
                    ExitCode::from(2)
                }
                Err(e) => {
                    eprintln!("nqueens: error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::Merge(args)) => merge::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
    }
}

/// Whether a write failed because the reader went away (`nqueens ... | head`):
/// a normal way to stop reading, not an error worth reporting.
fn is_closed_pipe(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}

/// Prints a one-line usage error and returns exit status 2.
fn usage_error(err: &CliError) -> ExitCode {
    eprintln!("nqueens: error: {err}");
    ExitCode::from(err.exit_code())
}
