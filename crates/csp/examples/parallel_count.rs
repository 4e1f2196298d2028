//! Times counting the n-queens solutions sequentially and in parallel.
//!
//! Arguments: `n` (default 15), then the runs to make, each a thread count
//! for [`count_parallel`], or 0 for the plain sequential `Solver::count`
//! (default: 0 1 2).
//!
//! ```text
//! cargo run --release -p csp --example parallel_count -- 15 0 1 2
//! ```

use csp::{count_parallel, Outcome, Solver};
use std::time::Instant;

mod common;
use common::queens;

fn main() {
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .map(|arg| {
            arg.parse().unwrap_or_else(|_| {
                eprintln!("error: arguments must be non-negative integers, not '{arg}'");
                std::process::exit(2);
            })
        })
        .collect();
    let n = numbers.first().copied().unwrap_or(15);
    let runs: Vec<usize> = match numbers.get(1..) {
        Some(runs) if !runs.is_empty() => runs.to_vec(),
        _ => vec![0, 1, 2],
    };
    let model = queens(n).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2);
    });
    let solver = Solver::new(&model);
    for threads in runs {
        let started = Instant::now();
        let (label, outcome): (String, Outcome) = if threads == 0 {
            ("sequential".into(), solver.count())
        } else {
            let outcome = count_parallel(&solver, Some(threads)).unwrap_or_else(|e| {
                eprintln!("error: {e}");
                std::process::exit(2);
            });
            (format!("{threads} thread(s)"), outcome)
        };
        println!(
            "n = {n}  {label:<12} {:>10} solutions  {:>12} nodes  {:.3?}",
            outcome.solutions(),
            outcome.stats.nodes,
            started.elapsed()
        );
    }
}
