//! The gallery's idiomatic models (`src/gallery.rs`), counted with the
//! solver's default strategy: `cargo run --release --example gallery -- costas 8`.
//! Families: costas, langford, toroidal-queens, reduced-latin, magic-square
//! (a count of solutions), golomb (the shortest ruler with n marks).

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
        "golomb" => {
            let span = i32::try_from(n * n).unwrap_or(i32::MAX);
            return match gallery::golomb_length(n, span) {
                Ok(Some(len)) => {
                    println!("golomb {n}: shortest ruler {len}");
                    ExitCode::SUCCESS
                }
                Ok(None) => {
                    println!("golomb {n}: no ruler");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("golomb: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        other => {
            eprintln!("unknown family '{other}'");
            return ExitCode::from(2);
        }
    };
    match model {
        Ok(model) => {
            let outcome = csp::Solver::new(&model).count();
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
