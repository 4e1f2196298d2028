//! Times min-conflicts local search on n-queens (default n = 1,000,000).
//!
//! ```text
//! cargo run --release -p csp --example local_search_queens -- 1000000 [seed]
//! ```

use csp::MinConflicts;
use std::time::Instant;

mod common;
use common::queens;

fn main() {
    let mut args = std::env::args().skip(1);
    let parse = |arg: Option<String>, default: u64, what: &str| match arg {
        None => default,
        Some(text) => text.parse().unwrap_or_else(|_| {
            eprintln!("error: {what} must be a non-negative integer, not '{text}'");
            std::process::exit(2);
        }),
    };
    let n = parse(args.next(), 1_000_000, "n") as usize;
    let seed = parse(args.next(), 1, "seed");

    let t0 = Instant::now();
    let model = queens(n).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2);
    });
    let model_time = t0.elapsed();

    let outcome = MinConflicts::new(&model).seed(seed).solve();
    let t1 = Instant::now();
    let valid = outcome
        .solution
        .as_ref()
        .is_some_and(|s| model.is_solution(s.values()));
    println!("n = {n}, seed = {seed}");
    println!("model built in     {model_time:.3?}");
    println!("status             {}", outcome.status);
    println!(
        "conflicted after greedy start: {}",
        outcome.initial_conflicted
    );
    println!("repair steps       {}", outcome.steps);
    println!("search time        {:.3?}", outcome.elapsed);
    println!(
        "verified solution  {valid} (checked in {:.3?})",
        t1.elapsed()
    );
}
