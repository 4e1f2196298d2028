//! The examples speak as `nqueens` does: errors start `<program>: error:`,
//! a mistyped option gets a "did you mean", a count says what it counted,
//! and `--help` explains every option.

mod common;

use common::{example, stdout_of};

const PROGRAMS: [&str; 5] = [
    "coloring",
    "cryptarithm",
    "latin_square",
    "permutations",
    "sudoku",
];

#[test]
fn a_mistyped_option_gets_a_suggestion_under_the_program_name() {
    for program in PROGRAMS {
        let out = example(program).arg("--stat").assert().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert_eq!(
            stderr,
            format!(
                "{program}: error: unexpected argument '--stat' found (did you mean '--stats'?)\n"
            )
        );
    }
    let out = example("permutations").arg("--cout").assert().code(2);
    assert!(String::from_utf8_lossy(&out.get_output().stderr).contains("(did you mean '--count'?)"));
    let out = example("sudoku")
        .args(["--strategy", "backtrackin"])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        stderr.starts_with("sudoku: error: invalid value 'backtrackin'"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn every_count_says_what_it_counted() {
    let petersen = common::data("petersen.col").display().to_string();
    for (program, args, want) in [
        (
            "permutations",
            vec!["--count", "A", "B", "C"],
            "6 permutations",
        ),
        ("permutations", vec!["--count", "A"], "1 permutation"),
        (
            "latin_square",
            vec!["--count", "3"],
            "12 Latin squares of order 3",
        ),
        (
            "latin_square",
            vec!["--count", "--reduced", "4"],
            "4 reduced Latin squares of order 4",
        ),
        (
            "cryptarithm",
            vec!["--count", "SEND+MORE=MONEY"],
            "1 solution",
        ),
        ("coloring", vec!["--count"], "18 colourings with 3 colours"),
        (
            "coloring",
            vec!["--count", &petersen],
            "120 colourings with 3 colours",
        ),
    ] {
        let out = stdout_of(example(program).args(&args));
        assert_eq!(out, format!("{want}\n"), "{program} {args:?}");
    }
}

/// Every option and argument in `--help` has a description, and the help
/// says what Ctrl-C does.
#[test]
fn help_explains_every_option() {
    for program in PROGRAMS {
        let help = stdout_of(example(program).arg("--help"));
        let mut entries = 0;
        for line in help.lines() {
            let entry = line.trim_start();
            if !(entry.starts_with('-') || entry.starts_with('[') || entry.starts_with('<'))
                || !line.starts_with("  ")
            {
                continue;
            }
            entries += 1;
            // The option's name, then at least two spaces, then its description.
            let (name, description) = entry
                .split_once("  ")
                .unwrap_or_else(|| panic!("{program}: no description for {entry:?}"));
            assert!(
                description.trim().len() >= "Print help".len(),
                "{program}: {name} is not explained"
            );
        }
        assert!(
            entries >= 10,
            "{program}: {entries} options found in\n{help}"
        );
        assert!(help.contains("Ctrl-C"), "{program}");
    }
}

/// A model whose ranges were once too wide for the engine's bit sets (20,000
/// positions over 20,000 items: 4 * 10^8 values) now searches: ranges are
/// held by their bounds. A node limit stops it, and says so.
#[test]
fn models_once_too_large_now_search() {
    let items: Vec<String> = (0..20_000).map(|i| i.to_string()).collect();
    let args = [
        vec![
            "--count".to_owned(),
            "--node-limit".to_owned(),
            "200".to_owned(),
        ],
        items,
    ]
    .concat();
    let out = example("permutations").args(&args).assert().success();
    let output = out.get_output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("stopped by the node limit"), "{stderr}");
    assert!(!stderr.contains("cannot search"), "{stderr}");
}
