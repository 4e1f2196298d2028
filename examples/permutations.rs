//! Permutations by search: positions are variables, items are values, and
//! all-different (or, with repeated items, "each item exactly as often as
//! given") does the work. Prints them in textbook order, then the count.
//!
//! ```text
//! cargo run --example permutations -- A B C
//! cargo run --example permutations -- A A B          # 3, not 6
//! cargo run --release --example permutations -- --count 0 1 2 3 4 5 6 7 8 9
//! cargo run --example permutations -- --trace A B C
//! ```

use clap::Parser;
use csp::{ValueOrder, VarOrder};
use csp_workspace::cli::{self, CliError, Defaults, Out, SearchArgs};
use csp_workspace::permutations::{permutation_tracer, Permutations};
use std::io::{self, Write};
use std::process::ExitCode;

/// Lists the distinct permutations of some items, found by constraint search.
#[derive(Parser)]
#[command(name = "permutations")]
struct Cli {
    /// The items to permute; repeats are allowed [default: A B C]
    items: Vec<String>,
    /// Print only the number of permutations
    #[arg(long, conflicts_with = "trace")]
    count: bool,
    /// Show each choose and unchoose on stderr, with the partial path and
    /// the remaining choices
    #[arg(long)]
    trace: bool,
    #[command(flatten)]
    search: SearchArgs,
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse(
        "--strategy forward-checking (arc-consistency when items repeat) --var-order input --value-order ascending",
    );
    cli::run(|out| run(&cli, out))
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let items = if cli.items.is_empty() {
        vec!["A".to_owned(), "B".to_owned(), "C".to_owned()]
    } else {
        cli.items.clone()
    };
    let perms = Permutations::new(&items).map_err(|e| CliError::Usage(e.to_string()))?;
    // Input order and ascending values give the textbook order.
    let defaults = Defaults {
        strategy: perms.suggested_strategy(),
        var_order: VarOrder::Input,
        value_order: ValueOrder::Ascending,
    };
    let solver = cli.search.solver(perms.model(), defaults);
    let positions = (1..=items.len()).map(|i| format!("position {i}")).collect();
    let title = format!("permutations of {}", items.join(" "));
    cli.search.replay.write(&solver, &title, positions)?;
    let render = |out: &mut Out, values: &[i32]| writeln!(out, "{}", perms.format(values));
    let summary = |n| cli::counted(n, "permutation");
    if cli.trace {
        let search = solver.search_with(permutation_tracer(&perms, io::stderr()));
        // Flush each solution so it lands between the right trace lines.
        let render = |out: &mut Out, values: &[i32]| render(out, values).and_then(|()| out.flush());
        cli.search.enumerate(out, search, false, render, summary)?;
    } else {
        cli.search
            .enumerate(out, solver.search(), cli.count, render, summary)?;
    }
    Ok(())
}
