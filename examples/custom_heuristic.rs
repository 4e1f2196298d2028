//! A variable-ordering heuristic written outside the engine, run on
//! n-queens under forward checking and arc consistency, with the built-in
//! smallest-domain-first order alongside for comparison. The engine knows
//! nothing of these heuristics: they read the search through `SearchView`.
//!
//! ```text
//! cargo run --example custom_heuristic                       # 8 queens, fewest neighbour values
//! cargo run --example custom_heuristic -- 10 --heuristic max-degree
//! ```

use clap::{Parser, ValueEnum};
use csp::{SearchView, Solver, Strategy, VarId, VarOrder, VarSelector};
use csp_workspace::cli::{self, CliError, Out};
use nqueens::board::Board;
use std::io::Write;
use std::process::ExitCode;

/// Counts n-queens solutions with a user-defined variable order.
#[derive(Parser)]
#[command(name = "custom_heuristic")]
struct Cli {
    /// The board's side
    #[arg(default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=14))]
    n: u32,
    /// The variable order to run
    #[arg(long, value_enum, default_value_t = Heuristic::FewestNeighbourValues)]
    heuristic: Heuristic,
}

#[derive(Clone, Copy, ValueEnum)]
enum Heuristic {
    /// The variable whose unassigned neighbours have the fewest values in
    /// all (a `VarSelector` struct)
    FewestNeighbourValues,
    /// The most constrained variable (largest dynamic degree), ties to the
    /// smallest domain (a closure)
    MaxDegree,
}

/// "Most constrained by its neighbourhood": the unassigned variable whose
/// unassigned neighbours have the fewest values left in all; ties to the
/// smallest domain, then to the first created.
#[derive(Clone)]
struct FewestNeighbourValues;

impl VarSelector for FewestNeighbourValues {
    fn select(&mut self, view: &mut SearchView<'_>) -> VarId {
        let score = |x: VarId| {
            let neighbour_values: u64 = view
                .constraints(x)
                .flat_map(|c| view.model().constraint_scope(c))
                .filter(|v| v.var != x && view.assigned_value(v.var).is_none())
                .map(|v| u64::from(view.size(v.var)))
                .sum();
            (neighbour_values, view.size(x), x.index())
        };
        view.unassigned()
            .min_by_key(|&x| score(x))
            .expect("the search asks only while a variable is unassigned")
    }
}

/// Largest dynamic degree first, then smallest domain, then first created.
fn max_degree(view: &mut SearchView<'_>) -> VarId {
    view.unassigned()
        .min_by_key(|&x| (std::cmp::Reverse(view.degree(x)), view.size(x), x.index()))
        .expect("the search asks only while a variable is unassigned")
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("forward checking and arc consistency, the chosen heuristic");
    cli::run(|out| run(&cli, out))
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let n = cli.n as usize;
    let board = Board::square(n).map_err(|e| CliError::Usage(e.to_string()))?;
    let queens = board.model();
    let (name, solver) = match cli.heuristic {
        Heuristic::FewestNeighbourValues => (
            "fewest-neighbour-values",
            Solver::new(&queens.model).var_selector(FewestNeighbourValues),
        ),
        Heuristic::MaxDegree => (
            "max-degree",
            Solver::new(&queens.model).var_order_fn(max_degree),
        ),
    };
    let built_in = Solver::new(&queens.model).var_order(VarOrder::SmallestDomain);
    writeln!(out, "{n}-queens")?;
    for (label, solver) in [(name, solver), ("smallest-domain (built-in)", built_in)] {
        for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
            let outcome = solver.clone().strategy(strategy).count();
            let s = &outcome.stats;
            writeln!(
                out,
                "{label} {strategy}: {}, {} nodes, {} failures, {} values pruned",
                cli::counted(outcome.solutions(), "solution"),
                s.nodes,
                s.failures,
                s.pruned
            )?;
        }
    }
    Ok(())
}
