//! Latin squares by constraint search: an n x n grid of 1..n, each symbol
//! once per row and column (one all-different per row and per column).
//! Lists them (or counts them) as the search finds them.
//!
//! ```text
//! cargo run --example latin_square -- 3                    # the 12 squares of order 3
//! cargo run --release --example latin_square -- --count 5  # 161280 Latin squares of order 5
//! cargo run --example latin_square -- --reduced --count 5  # 56 reduced Latin squares of order 5
//! ```

use clap::Parser;
use csp_workspace::cli::{self, CliError, Defaults, Out, SearchArgs};
use csp_workspace::latin::LatinSquare;
use std::io::Write;
use std::process::ExitCode;

/// Lists or counts the Latin squares of order n.
#[derive(Parser)]
#[command(name = "latin_square")]
struct Cli {
    /// The order n (1 to 32)
    #[arg(default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..=32))]
    order: u16,
    /// Print only the number of squares
    #[arg(long)]
    count: bool,
    /// Only reduced squares: first row and first column are 1, 2, ..., n
    #[arg(long)]
    reduced: bool,
    #[command(flatten)]
    all_different: csp_front::cli::AllDifferentArg,
    #[command(flatten)]
    search: SearchArgs,
}

/// Forward checking is all that all-different needs to enumerate fast.
const DEFAULTS: Defaults = Defaults {
    strategy: csp::Strategy::ForwardChecking,
    var_order: csp::VarOrder::Input,
    value_order: csp::ValueOrder::Ascending,
};

fn main() -> ExitCode {
    let cli: Cli = cli::parse(&DEFAULTS.to_string());
    cli::run(|out| run(&cli, out))
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let square = LatinSquare::new(cli.order.into(), cli.reduced)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let solver = cli
        .all_different
        .apply(cli.search.solver(square.model(), DEFAULTS));
    let n = usize::from(cli.order);
    let cells = (0..n * n)
        .map(|i| format!("r{}c{}", i / n + 1, i % n + 1))
        .collect();
    let title = format!("Latin squares of order {n}");
    cli.search.replay.write(&solver, &title, cells)?;
    let search = solver.search();
    let kind = if cli.reduced {
        "reduced Latin square"
    } else {
        "Latin square"
    };
    cli.search.enumerate(
        out,
        search,
        cli.count,
        |out, values| writeln!(out, "{}", square.render(values)),
        |n| format!("{} of order {}", cli::counted(n, kind), cli.order),
    )?;
    Ok(())
}
