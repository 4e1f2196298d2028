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
    let cli: Cli = cli::parse(&Defaults::default().to_string());
    cli::run(|out| run(&cli, out))
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let shown = cli.file.display();
    let text = std::fs::read_to_string(&cli.file)
        .map_err(|e| CliError::Usage(format!("cannot read {shown}: {e}")))?;
    let knapsack: Knapsack = text
        .parse()
        .map_err(|e| CliError::Usage(format!("{shown}: {e}")))?;
    let usage = |e: csp::ModelError| CliError::Usage(e.to_string());
    let (model, take, value) = knapsack.model().map_err(usage)?;
    let solver = cli.search.solver(&model, Defaults::default());
    let mut opt = solver.maximize(value).map_err(usage)?;
    for step in opt.by_ref() {
        writeln!(out, "{}", knapsack.render(&take, step.solution.values()))?;
        out.flush()?;
    }
    let status = opt.status();
    match status {
        OptimizeStatus::Optimal => writeln!(out, "optimal")?,
        OptimizeStatus::Unsatisfiable => writeln!(out, "no solution")?,
        OptimizeStatus::BestBeforeLimit(r) => writeln!(out, "best found before {}", stopped_by(r))?,
        OptimizeStatus::NoneBeforeLimit(r) => {
            writeln!(out, "no solution found before {}", stopped_by(r))?
        }
        OptimizeStatus::Running => unreachable!("the iterator ran to its end"),
    }
    if cli.search.stats {
        eprint!("{}", opt.stats().table());
    }
    Ok(())
}
