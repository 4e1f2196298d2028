//! 0/1 knapsack by branch and bound: reads a knapsack from a text file
//! (see `csp_workspace::knapsack`), prints each improving selection as the
//! search finds it, then whether the last is optimal, the best found
//! before a limit (`--time-limit`, Ctrl-C), or that nothing fits.
//!
//! ```text
//! cargo run --example knapsack -- tests/data/knapsack.txt
//! cargo run --example knapsack -- tests/data/knapsack.txt --time-limit 1s
//! ```

use clap::Parser;
use csp::OptimizeStatus;
use csp_workspace::cli::{self, stopped_by, CliError, Defaults, Out, SearchArgs};
use csp_workspace::knapsack::Knapsack;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Packs the most valuable items that fit.
#[derive(Parser)]
#[command(name = "knapsack")]
struct Cli {
    /// The knapsack: a 'capacity C' line and 'item WEIGHT VALUE' lines
    file: PathBuf,
    #[command(flatten)]
    search: SearchArgs,
}

fn main() -> ExitCode {
    cli::main(Defaults::default(), run)
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let knapsack = cli::read_file(&cli.file, Knapsack::read)?;
    let (model, take, value) = knapsack.model()?;
    let solver = cli.search.solver(&model, Defaults::default());
    let mut opt = solver.maximize(value)?;
    for step in opt.by_ref() {
        writeln!(out, "{}", knapsack.render(&take, step.solution.values()))?;
        out.flush()?;
    }
    match opt.status() {
        OptimizeStatus::Optimal => writeln!(out, "optimal")?,
        OptimizeStatus::Unsatisfiable => writeln!(out, "no solution")?,
        OptimizeStatus::BestBeforeLimit(r) => writeln!(out, "best found before {}", stopped_by(r))?,
        OptimizeStatus::NoneBeforeLimit(r) => {
            writeln!(out, "no solution found before {}", stopped_by(r))?
        }
        OptimizeStatus::Running => unreachable!("the iterator ran to its end"),
    }
    cli.search.report(None, &opt.outcome());
    Ok(())
}
