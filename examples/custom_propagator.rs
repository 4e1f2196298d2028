//! A propagator written outside the engine: `x * y = z` by bounds
//! (`csp_workspace::product::Product`, which uses only `csp`'s public
//! `Propagator` API), posted with `Model::post`. The program shows the
//! domains it leaves after root propagation, then the search tree under
//! each strategy against the same model with the product as a
//! `Model::predicate` (which filters nothing while the domains' product
//! is over 4,096 tuples, and then only its last open variable).
//!
//! ```text
//! cargo run --example custom_propagator        # x in -10..=30, y in 3..=30, z in 100..=120
//! cargo run --example custom_propagator -- --x=-30..=30 --y=-30..=30 --z 880..=900
//! ```

use clap::Parser;
use csp::{ConstraintId, Limits, Model, Observer, Solver, Strategy, VarId};
use csp_workspace::cli::{self, CliError, Out};
use csp_workspace::product::Product;
use std::collections::BTreeSet;
use std::io::Write;
use std::process::ExitCode;

/// Solves x * y = z with a propagator of its own and with a predicate.
#[derive(Parser)]
#[command(name = "custom_propagator")]
struct Cli {
    /// x's range, LO..=HI
    #[arg(long, default_value = "-10..=30", value_parser = parse_range)]
    x: (i32, i32),
    /// y's range, LO..=HI
    #[arg(long, default_value = "3..=30", value_parser = parse_range)]
    y: (i32, i32),
    /// z's range, LO..=HI
    #[arg(long, default_value = "100..=120", value_parser = parse_range)]
    z: (i32, i32),
}

fn parse_range(s: &str) -> Result<(i32, i32), String> {
    let (lo, hi) = s.split_once("..=").ok_or("expected LO..=HI")?;
    let parse = |t: &str| t.trim().parse::<i32>().map_err(|e| format!("'{t}': {e}"));
    let (lo, hi) = (parse(lo)?, parse(hi)?);
    match hi.checked_sub(lo) {
        Some(0..=10_000) => Ok((lo, hi)),
        _ => Err("LO..=HI with LO <= HI, at most 10,000 apart".to_owned()),
    }
}

/// The values removed before the first choice (the root propagation),
/// and by which constraint: the prune events every change reports.
#[derive(Default)]
struct RootPrunes {
    chose: bool,
    pruned: BTreeSet<(usize, i32)>,
    by: BTreeSet<ConstraintId>,
}

impl Observer for RootPrunes {
    fn choose(&mut self, _var: VarId, _value: i32, _depth: usize) {
        self.chose = true;
    }

    fn prune(&mut self, var: VarId, value: i32, by: ConstraintId) {
        if !self.chose {
            self.pruned.insert((var.index(), value));
            self.by.insert(by);
        }
    }
}

/// `x * y = z` over the chosen ranges, as the propagator or a predicate.
fn model(cli: &Cli, custom: bool) -> Result<(Model, [VarId; 3]), csp::ModelError> {
    let mut m = Model::new();
    let x = m.int_var(cli.x.0..=cli.x.1)?;
    let y = m.int_var(cli.y.0..=cli.y.1)?;
    let z = m.int_var(cli.z.0..=cli.z.1)?;
    if custom {
        m.post(Product::new(x, y, z))?;
    } else {
        m.predicate([x, y, z], |v| v[0] * v[1] == v[2])?;
    }
    Ok((m, [x, y, z]))
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse("the root domains, and each strategy's tree with both models");
    cli::run(|out| run(&cli, out))
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let usage = |e: csp::ModelError| CliError::Usage(e.to_string());
    let (custom, vars) = model(cli, true).map_err(usage)?;
    let (predicate, _) = model(cli, false).map_err(usage)?;
    let range = |(lo, hi): (i32, i32)| format!("{lo}..={hi}");
    writeln!(
        out,
        "x * y = z, x in {}, y in {}, z in {}",
        range(cli.x),
        range(cli.y),
        range(cli.z)
    )?;

    let limits = Limits {
        nodes: Some(1),
        ..Limits::default()
    };
    let mut root = Solver::new(&custom)
        .strategy(Strategy::ArcConsistency)
        .limits(limits)
        .search_with(RootPrunes::default());
    let _ = root.next();
    let seen = root.observer();
    writeln!(out, "after root propagation (arc consistency):")?;
    for (name, &x) in ["x", "y", "z"].iter().zip(&vars) {
        let left: Vec<i32> = custom
            .domain(x)
            .values()
            .filter(|&v| !seen.pruned.contains(&(x.index(), v)))
            .collect();
        match (left.first(), left.last()) {
            (Some(a), Some(b)) => writeln!(out, "  {name} in {a}..={b} ({} values)", left.len())?,
            _ => writeln!(out, "  {name}: empty (no solution)")?,
        }
    }
    let names: Vec<&str> = seen.by.iter().map(|&c| custom.constraint_name(c)).collect();
    writeln!(out, "  {} prune events, by {names:?}", seen.pruned.len())?;

    writeln!(out, "nodes per strategy (propagator / predicate):")?;
    for &strategy in Strategy::ALL {
        let a = Solver::new(&custom).strategy(strategy).count();
        let b = Solver::new(&predicate).strategy(strategy).count();
        writeln!(
            out,
            "  {strategy}: {} / {} solutions, {} / {} nodes",
            a.solutions(),
            b.solutions(),
            a.stats.nodes,
            b.stats.nodes
        )?;
    }
    Ok(())
}
