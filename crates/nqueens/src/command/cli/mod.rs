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
mod resolve;

pub use args::{Cli, Command, SolveArgs};
pub use resolve::Solve;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
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
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // A subcommand comes first (top-level options conflict with it).
    let subcommand = args.get(1).and_then(|a| a.to_str()).and_then(|name| {
        Cli::command()
            .get_subcommands()
            .find(|c| c.get_name() == name)
            .map(|c| c.get_name().to_string())
    });
    Cli::try_parse_from(args).map_err(|e| from_clap(e, subcommand.as_deref()))
}

/// A usage error with the pointer to `--help`.
pub(crate) fn usage(message: impl fmt::Display) -> CliError {
    usage_of_solve(message)
}

/// Turns clap's multi-line report into one line: the message, a "did you
/// mean" when there is a close match, and the usage of the command that
/// was parsed (a subcommand's own, not the top level's).
fn from_clap(err: clap::Error, subcommand: Option<&str>) -> CliError {
    let text = err.render().to_string();
    match err.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => CliError::Help(text),
        _ => {
            let mut message = csp_front::cli::usage_message(&err);
            if let Some(better) = mistyped_subcommand(&err) {
                message.push_str(&csp_front::cli::did_you_mean(&better));
            }
            match subcommand {
                Some(name) => {
                    let mut cli = Cli::command();
                    cli.build();
                    let usage = cli
                        .find_subcommand_mut(name)
                        .map(|c| c.render_usage().to_string())
                        .unwrap_or_default();
                    let usage = usage.trim().trim_start_matches("Usage: ");
                    CliError::Usage(format!(
                        "{message} (usage: {usage}; see nqueens {name} --help)"
                    ))
                }
                None => usage_of_solve(message),
            }
        }
    }
}

/// A usage error of the default command, with the pointer to `--help`.
fn usage_of_solve(message: impl fmt::Display) -> CliError {
    CliError::Usage(format!("{message} ({SEE_HELP})"))
}

/// `nqueens marge ...`: a mistyped subcommand reads as a board size, so
/// clap suggests nothing; the closest subcommand name, if any.
fn mistyped_subcommand(err: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let Some(ContextValue::String(given)) = err.get(ContextKind::InvalidValue) else {
        return None;
    };
    if !csp_front::cli::one_line(err).contains("'<SIZE>...'") {
        return None;
    }
    let names: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    csp_front::cli::closest(given, &names).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(args: &[&str]) -> String {
        let argv = std::iter::once("nqueens").chain(args.iter().copied());
        match parse(argv) {
            Err(CliError::Usage(text)) => text,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn subcommand_errors_show_the_subcommands_usage() {
        for (args, usage) in [
            (
                &["merge"][..],
                "usage: nqueens merge [OPTIONS] <FILE>...; see nqueens merge --help",
            ),
            (&["study", "--sizs", "4"], "see nqueens study --help"),
            (
                &["tree"],
                "usage: nqueens tree [OPTIONS] <N>; see nqueens tree --help",
            ),
            (
                &["tree", "4", "--strategy", "bactracking"],
                "see nqueens tree --help",
            ),
            (
                &["8", "--cout"],
                "usage: nqueens [OPTIONS] <SIZE>...; see nqueens --help",
            ),
        ] {
            let err = error(args);
            assert!(err.contains(usage), "{args:?}: {err}");
            assert!(!err.contains('\n'), "{err}");
        }
    }

    #[test]
    fn mistakes_get_a_did_you_mean() {
        for (args, better) in [
            (&["8", "--cout"][..], "--count"),
            (&["study", "--sizs", "4"], "--sizes"),
            (&["8", "--strategy", "forwrd-checking"], "forward-checking"),
            (&["8", "--format", "colums"], "columns"),
            (&["8", "--var-order", "smalest-domain"], "smallest-domain"),
            (&["6", "--trace", "--trace-format", "jsn"], "json"),
            (
                &["study", "--strategies", "backtracking,forward-cheking"],
                "forward-checking",
            ),
            (&["tree", "4", "--strategy", "bactracking"], "backtracking"),
            (&["marge", "p.json"], "merge"),
        ] {
            let err = error(args);
            assert!(
                err.contains(&format!("did you mean '{better}'?")),
                "{args:?}: {err}"
            );
        }
        // Nothing close: no guess.
        assert!(!error(&["8", "--strategy", "quantum"]).contains("did you mean"));
    }
}
