//! Nonograms (paint by numbers) by constraint search: reads a puzzle from
//! a text file (`rows` and `columns` sections, one clue a line; see
//! `csp_workspace::nonogram`), prints its picture with `#` and `.`, and
//! says whether the solution is unique; or counts or lists every solution.
//!
//! ```text
//! cargo run --release --example nonogram -- tests/data/nonogram_target25.txt
//! cargo run --release --example nonogram -- --count tests/data/nonogram_house20.txt
//! ```

use clap::Parser;
use csp::{Status, StopReason};
use csp_workspace::cli::{self, CliError, Defaults, Out, SearchArgs};
use csp_workspace::nonogram::{render, Nonogram, NonogramModel};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Solves a nonogram given as a text file.
#[derive(Parser)]
#[command(name = "nonogram")]
struct Cli {
    /// The puzzle: a 'rows' line, then one clue per row (run lengths
    /// separated by spaces or commas, 0 for an empty row), a 'columns'
    /// line, then one clue per column; '#' starts a comment; optional
    /// 'width N' and 'height N' lines are checked
    file: PathBuf,
    /// Count the solutions instead of showing one
    #[arg(long, group = "mode")]
    count: bool,
    /// Show every solution, each followed by a blank line
    #[arg(long, group = "mode")]
    all: bool,
    #[command(flatten)]
    search: SearchArgs,
}

/// Arc consistency settles most lines without a choice; the cells come
/// first in the model, so input order paints row by row (smallest-domain
/// first mixes in the many run-cover booleans, and forward checking hears
/// of a clue only once a single variable of a constraint is open: each
/// stalls on some of the 15 x 15 to 25 x 25 samples).
const DEFAULTS: Defaults = Defaults {
    strategy: csp::Strategy::ArcConsistency,
    var_order: csp::VarOrder::Input,
    value_order: csp::ValueOrder::Ascending,
};

fn main() -> ExitCode {
    cli::main(DEFAULTS, run)
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let puzzle = cli::read_file(&cli.file, Nonogram::read)?;
    let model = NonogramModel::new(&puzzle)?;
    let mut solver = cli.search.solver(model.model(), DEFAULTS);
    let width = puzzle.width();
    let cells = (0..width * puzzle.height())
        .map(|i| format!("r{}c{}", i / width + 1, i % width + 1))
        .collect();
    let title = format!("nonogram {}", cli.file.display());
    let paint = |out: &mut Out, values: &[i32]| write!(out, "{}", render(&model.picture(values)));
    if cli.count || cli.all {
        cli.search.replay.write(&solver, &title, cells)?;
        cli.search.enumerate(
            out,
            solver.search(),
            cli.count,
            |out, values| {
                paint(out, values)?;
                writeln!(out)
            },
            |n| cli::counted(n, "solution"),
        )?;
        return Ok(());
    }
    // One solution, and a look for a second to say whether it is unique.
    let mut limits = cli.search.limits();
    limits.solutions = Some(2);
    solver = solver.limits(limits);
    cli.search.replay.write(&solver, &title, cells)?;
    let mut search = solver.search();
    cli::refuse_too_large(&search.outcome())?;
    let first = search.next_values().map(|values| model.picture(values));
    while search.next_values().is_some() {}
    let outcome = search.outcome();
    let verdict = match (outcome.status, outcome.solutions()) {
        (Status::Complete, 0) => "no solution".to_owned(),
        (Status::Complete, 1) => "unique solution".to_owned(),
        (Status::Stopped(StopReason::Solutions), _) => "several solutions, the first:".to_owned(),
        (Status::Stopped(reason), 0) => {
            format!("no solution found before {}", cli::stopped_by(reason))
        }
        (Status::Stopped(reason), _) => format!(
            "solved, but {} stopped the check for other solutions",
            cli::stopped_by(reason)
        ),
        (Status::Complete | Status::Running, _) => {
            unreachable!("a complete search finds at most the two asked for")
        }
    };
    writeln!(out, "{verdict}")?;
    if let Some(picture) = &first {
        debug_assert!(puzzle.solves(picture));
        write!(out, "{}", render(picture))?;
    }
    cli.search.report(None, &outcome);
    Ok(())
}
