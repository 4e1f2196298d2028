//! The `nqueens` command's argument parsing, as a library so it can be
//! tested without starting a process.
//!
//! [`parse`] turns the arguments into a [`Cli`]: a [`Command`] (none yet:
//! the place where subcommands such as `study`, `tree` or `merge` are
//! added) or the default solve options, [`SolveArgs`], which
//! [`SolveArgs::resolve`] checks and turns into a [`Solve`]. Every mistake
//! becomes a one-line [`CliError::Usage`] (exit status 2); `--help` and
//! `--version` become [`CliError::Help`] (printed, exit status 0).
//!
//! ```
//! use nqueens::cli::{parse, CliError};
//! let cli = parse(["nqueens", "8", "--count"])?;
//! let solve = cli.solve.resolve()?;
//! assert_eq!(solve.board.rows(), 8);
//! assert!(matches!(parse(["nqueens", "abc"]), Err(CliError::Usage(_))));
//! assert!(matches!(parse(["nqueens", "--help"]), Err(CliError::Help(_))));
//! # Ok::<(), CliError>(())
//! ```

mod args;
pub mod output;
pub mod size;

pub use args::{Cli, Command, Solve, SolveArgs};

use clap::error::ErrorKind;
use clap::Parser;
use std::ffi::OsString;
use std::fmt;

/// Why the arguments did not give something to run.
///
/// ```
/// let err = nqueens::cli::parse(["nqueens", "0"]).unwrap_err();
/// assert_eq!(err.exit_code(), 2);
/// assert!(!err.to_string().contains('\n'));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// `--help` or `--version`: the text to print on stdout.
    Help(String),
    /// A usage mistake: one line saying what is wrong and what is accepted.
    Usage(String),
}

impl CliError {
    /// The process exit status for this outcome: 0 for help, 2 for a usage error.
    ///
    /// ```
    /// use nqueens::cli::parse;
    /// assert_eq!(parse(["nqueens", "--version"]).unwrap_err().exit_code(), 0);
    /// assert_eq!(parse(["nqueens", "8x"]).unwrap_err().exit_code(), 2);
    /// ```
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Help(_) => 0,
            CliError::Usage(_) => 2,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Help(text) | CliError::Usage(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for CliError {}

/// Pointer appended to usage errors.
const SEE_HELP: &str = "usage: nqueens [OPTIONS] <SIZE>...; see nqueens --help";

/// Parses the command line (the first item is the program name).
///
/// ```
/// let cli = nqueens::cli::parse(["nqueens", "5", "7", "--unique"])?;
/// assert_eq!(cli.solve.resolve()?.board.cols(), 7);
/// # Ok::<(), nqueens::cli::CliError>(())
/// ```
pub fn parse<I, T>(args: I) -> Result<Cli, CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    Cli::try_parse_from(args).map_err(from_clap)
}

/// A usage error with the pointer to `--help`.
pub(crate) fn usage(message: impl fmt::Display) -> CliError {
    CliError::Usage(format!("{message} ({SEE_HELP})"))
}

/// Turns clap's multi-line report into one line.
fn from_clap(err: clap::Error) -> CliError {
    let text = err.render().to_string();
    match err.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => CliError::Help(text),
        _ => usage(csp::cli::one_line(&err)),
    }
}
