//! Sudoku by constraint search: 81 cells, values 1 to 9, one all-different
//! per row, column and box. Reads 81-character puzzles (digits, `.` or `0`
//! for blanks) from the arguments or one per line on stdin, and says for
//! each whether it has one solution, none, or several.
//!
//! ```text
//! cargo run --release --example sudoku -- 1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..
//! cargo run --release --example sudoku -- --stats < tests/data/sudoku_hard.txt
//! ```

use clap::Parser;
use csp::Status;
use csp_workspace::cli::{self, CliError, Defaults, Out, SearchArgs};
use csp_workspace::lines::{lines, MAX_LINE_BYTES};
use csp_workspace::sudoku::{Grid, SudokuModel};
use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

/// Solves sudoku puzzles given as 81-character lines.
#[derive(Parser)]
#[command(name = "sudoku")]
struct Cli {
    /// Puzzles: 81 characters each, digits 1-9 for clues and . or 0 for
    /// blanks. Without any, reads one per line from stdin (blank lines and
    /// lines starting with # are skipped). Each is answered in order on
    /// stdout, named by its position (argument N, line N); a malformed one
    /// is reported on stderr under that name and the batch goes on (exit
    /// status 2 at the end); --stats prints each puzzle's statistics on
    /// stderr after its answer
    puzzles: Vec<String>,
    /// Print each solution as one 81-character line instead of a grid
    #[arg(long)]
    compact: bool,
    /// For a puzzle with several solutions, count them up to this many
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(2..))]
    count_limit: u64,
    #[command(flatten)]
    all_different: csp_front::cli::AllDifferentArg,
    #[command(flatten)]
    search: SearchArgs,
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse(&Defaults::default().to_string());
    cli::run(|out| run(&cli, out))
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    if cli.search.replay.replay.is_some() && cli.puzzles.len() != 1 {
        return Err(CliError::Usage(
            "--replay records the search of one puzzle: give exactly one as an argument".to_owned(),
        ));
    }
    let mut malformed = false;
    if cli.puzzles.is_empty() {
        // Capped lines: a huge or binary line is reported like any other
        // malformed one, without being held in memory.
        let mut input = lines(io::stdin().lock(), MAX_LINE_BYTES);
        // Ctrl-C while waiting for a line ends the program at once; during
        // a search it stops the search, and the batch ends after it.
        while let Some(line) = cli::waiting_for_input(|| input.next()) {
            if cli::interrupted() {
                break;
            }
            let line = line?;
            let label = format!("line {}", line.number);
            let text = line.text.as_ref().map(|t| t.trim());
            match text {
                Ok(t) if t.is_empty() || t.starts_with('#') => {}
                Ok(t) => malformed |= !puzzle(cli, out, &label, t)?,
                Err(e) => malformed |= !malformed_input(out, &label, e)?,
            }
        }
    } else {
        for (i, text) in cli.puzzles.iter().enumerate() {
            if cli::interrupted() {
                break;
            }
            malformed |= !puzzle(cli, out, &format!("argument {}", i + 1), text)?;
        }
    }
    if malformed {
        Err(CliError::Reported)
    } else {
        Ok(())
    }
}

/// Parses and solves one puzzle of the batch; false if it was malformed.
fn puzzle(cli: &Cli, out: &mut Out, label: &str, text: &str) -> Result<bool, CliError> {
    match text.parse::<Grid>() {
        Ok(puzzle) => solve(cli, out, label, &puzzle).map(|()| true),
        Err(e) => malformed_input(out, label, &e),
    }
}

/// Reports a malformed input after everything printed before it; the
/// batch goes on. Returns false (for "malformed").
fn malformed_input(out: &mut Out, label: &str, e: &dyn Display) -> Result<bool, CliError> {
    out.flush()?;
    cli::error(format_args!("{label}: {e}"));
    Ok(false)
}

fn solve(cli: &Cli, out: &mut Out, label: &str, puzzle: &Grid) -> Result<(), CliError> {
    let model = SudokuModel::new(puzzle).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut limits = cli.search.limits();
    limits.solutions = Some(cli.count_limit);
    let solver = cli
        .search
        .solver(model.model(), Defaults::default())
        .limits(limits);
    let solver = cli.all_different.apply(solver);
    let cells = (0..81)
        .map(|i| format!("r{}c{}", i / 9 + 1, i % 9 + 1))
        .collect();
    cli.search
        .replay
        .write(&solver, &format!("sudoku {label}"), cells)?;
    let mut search = solver.search();
    let first = search.next_values().map(|v| model.grid(v));
    while search.next_values().is_some() {}
    let outcome = search.outcome();
    let n = outcome.solutions();
    let verdict = match (outcome.status, n) {
        (Status::Complete, 0) => "no solution".to_owned(),
        (Status::Complete, 1) => "solved".to_owned(),
        (Status::Complete, n) => format!("{n} solutions, the first:"),
        (Status::Stopped(csp::StopReason::Solutions), n) => {
            format!("at least {n} solutions, the first:")
        }
        (Status::Stopped(reason), 0) => {
            format!("no solution found before {}", cli::stopped_by(reason))
        }
        (Status::Stopped(reason), 1) => format!(
            "solved, but {} stopped the check for other solutions",
            cli::stopped_by(reason)
        ),
        (Status::Stopped(reason), n) => format!(
            "at least {n} solutions (stopped by {}), the first:",
            cli::stopped_by(reason)
        ),
        (Status::Running, _) => unreachable!("the search ran to its end"),
    };
    writeln!(out, "{label}: {verdict}")?;
    if let Some(grid) = first {
        debug_assert!(grid.solves(puzzle));
        if cli.compact {
            writeln!(out, "{}", grid.to_line())?;
        } else {
            write!(out, "{}", grid.render())?;
        }
    }
    out.flush()?;
    cli.search.report(Some(label), &outcome);
    Ok(())
}
