//! The gallery's idiomatic models (`src/gallery.rs`), counted with the
//! solver's default strategy: `cargo run --release --example gallery -- costas 8`.
//! Families: costas, langford, toroidal-queens, reduced-latin, magic-square
//! (a count of solutions), golomb (the shortest ruler with n marks, by
//! branch and bound: `golomb 12 [SPAN] [SECONDS]`, marks below `SPAN`,
//! n^2 by default, stopped after `SECONDS`). `--stats` (last) prints the
//! statistics, with the strategy and orders the solver chose.

use csp_workspace::gallery;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(family), Some(Ok(n))) = (args.first(), args.get(1).map(|a| a.parse::<usize>()))
    else {
        eprintln!("usage: gallery FAMILY N (costas, langford, toroidal-queens, reduced-latin, magic-square, golomb)");
        return ExitCode::from(2);
    };
    let model = match family.as_str() {
        "costas" => gallery::costas(n),
        "langford" => gallery::langford(n),
        "toroidal-queens" => gallery::toroidal_queens(n),
        "reduced-latin" => gallery::reduced_latin(n),
        "magic-square" => gallery::magic_square(n),
        "golomb" => return golomb(n, &args[2..]),
        other => {
            eprintln!("unknown family '{other}'");
            return ExitCode::from(2);
        }
    };
    match model {
        Ok(model) => {
            let outcome = csp::Solver::new(&model).count();
            if args.iter().any(|a| a == "--stats") {
                eprint!("{}", outcome.stats.table());
            }
            println!(
                "{family} {n}: {} solutions ({} nodes)",
                outcome.solutions(),
                outcome.stats.nodes
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{family}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `golomb MARKS [SPAN] [SECONDS] [--stats]`: the shortest ruler by branch
/// and bound, improvements as they come.
fn golomb(marks: usize, rest: &[String]) -> ExitCode {
    let numbers: Vec<&String> = rest.iter().filter(|a| *a != "--stats").collect();
    let span = match numbers.first().map(|a| a.parse::<i32>()) {
        None => i32::try_from(marks * marks).unwrap_or(i32::MAX),
        Some(Ok(span)) => span,
        Some(Err(e)) => {
            eprintln!("golomb: span: {e}");
            return ExitCode::from(2);
        }
    };
    let time = match numbers.get(1).map(|a| a.parse::<f64>()) {
        None => None,
        Some(Ok(s)) if s >= 0.0 && s.is_finite() => Some(std::time::Duration::from_secs_f64(s)),
        Some(_) => {
            eprintln!("golomb: SECONDS must be a non-negative number");
            return ExitCode::from(2);
        }
    };
    let (model, last) = match gallery::golomb(marks, span) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("golomb: {e}");
            return ExitCode::FAILURE;
        }
    };
    let limits = csp::Limits {
        time,
        ..csp::Limits::default()
    };
    let mut opt = match csp::Solver::new(&model).limits(limits).minimize(last) {
        Ok(opt) => opt,
        Err(e) => {
            eprintln!("golomb: {e}");
            return ExitCode::FAILURE;
        }
    };
    for improvement in opt.by_ref() {
        println!("golomb {marks}: ruler of length {}", improvement.value);
    }
    let outcome = opt.outcome();
    println!("golomb {marks}: {}", opt.status());
    if rest.iter().any(|a| a == "--stats") {
        eprint!("{}", outcome.stats.table());
    }
    ExitCode::SUCCESS
}
