//! Cryptarithms by constraint search: each letter a distinct digit, no
//! word with a leading zero, and the sum as one linear equation.
//!
//! ```text
//! cargo run --example cryptarithm -- SEND+MORE=MONEY
//! cargo run --example cryptarithm -- --count "TO + GO = OUT"
//! ```

use clap::Parser;
use csp_workspace::cli::{self, CliError, Defaults, Out, SearchArgs};
use csp_workspace::cryptarithm::Cryptarithm;
use std::io::Write;
use std::process::ExitCode;

/// Solves an addition puzzle in letters, such as SEND+MORE=MONEY.
#[derive(Parser)]
#[command(name = "cryptarithm")]
struct Cli {
    /// The puzzle: words joined by + and one =, spaces allowed (several
    /// arguments are joined) [default: SEND+MORE=MONEY]
    expression: Vec<String>,
    /// Print only the number of solutions
    #[arg(long)]
    count: bool,
    #[command(flatten)]
    search: SearchArgs,
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse(&Defaults::default().to_string());
    cli::run(|out| run(&cli, out))
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let text = if cli.expression.is_empty() {
        "SEND+MORE=MONEY".to_owned()
    } else {
        cli.expression.join(" ")
    };
    let puzzle: Cryptarithm = text
        .parse()
        .map_err(|e| CliError::Usage(format!("bad expression '{text}': {e}")))?;
    let model = puzzle.model().map_err(|e| CliError::Usage(e.to_string()))?;
    let solver = cli.search.solver(&model, Defaults::default());
    let letters = puzzle.letters().iter().map(char::to_string).collect();
    cli.search.replay.write(&solver, &text, letters)?;
    let search = solver.search();
    cli.search.enumerate(
        out,
        search,
        cli.count,
        |out, values| writeln!(out, "{}", puzzle.render(values)),
        |n| cli::counted(n, "solution"),
    )?;
    Ok(())
}
