//! Hostile input for the puzzle parsers and the example programs.
//!
//! * The three text formats and FlatZinc get random and mutated input through the very
//!   checks the fuzz targets run (`fuzz/src/lib.rs`, included below): no
//!   panic, a one-line error or a round-tripping value, and any solution a
//!   bounded search finds is checked.
//! * Every example gets random argument lists: it exits 0, 1 or 2 with an
//!   `<program>: error:` line on failure, never panics, and never hangs (each run has a
//!   time limit and a watchdog).
//! * The same arguments give the same output, run after run.

mod common;

#[path = "../fuzz/src/lib.rs"]
mod fuzz_checks;

use common::{data, example_path};
use proptest::prelude::*;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------
// Text formats: random and mutated input.

/// Valid cryptarithms to mutate (the parser's own seeds).
const EXPRESSIONS: [&str; 6] = [
    "SEND+MORE=MONEY",
    "TO + GO = OUT",
    "A+A=B",
    "AB+BA=CC",
    "ABCDEFGHIJ=J",
    "CROSS+ROADS=DANGER",
];

/// The sudoku puzzles of `tests/data/sudoku_hard.txt`.
fn sudoku_seeds() -> Vec<String> {
    let text = std::fs::read_to_string(data("sudoku_hard.txt")).expect("test data");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The DIMACS graphs of `tests/data`.
fn dimacs_seeds() -> Vec<String> {
    ["myciel3.col", "petersen.col", "queen5_5.col", "myciel4.col"]
        .iter()
        .map(|f| std::fs::read_to_string(data(f)).expect("test data"))
        .collect()
}

/// The FlatZinc reader's seeds (`fuzz/seeds/flatzinc/`).
fn flatzinc_seeds() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/flatzinc");
    let mut seeds: Vec<String> = std::fs::read_dir(dir)
        .expect("flatzinc seeds")
        .map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap())
        .collect();
    seeds.sort();
    seeds
}

/// FlatZinc-like tokens, for token soups the byte mutations rarely reach.
const FLATZINC_TOKENS: [&str; 24] = [
    "var",
    "array [1..2] of",
    "bool",
    "1..3",
    "{1,3}",
    "int",
    ": x",
    ": y",
    "::",
    "output_var",
    "=",
    "[x, y]",
    "constraint",
    "int_lin_le([1,-1], [x, y], 0)",
    "int_times(x, y, x)",
    "array_var_int_element(x, [y, x], y)",
    "bool_clause([b], [])",
    ";",
    "solve",
    "satisfy",
    "minimize x",
    "int_search([x], first_fail, indomain_max, complete)",
    "\n",
    "-1",
];

/// One edit of a byte string: what a mutating fuzzer does.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    /// Copies a stretch of the input to another place (repeats lines, words).
    Splice {
        from: usize,
        len: usize,
        to: usize,
    },
}

/// Bytes worth trying: the formats' own punctuation, digits, letters,
/// whitespace of every kind, and the odd byte that is not UTF-8.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        prop::sample::select(b"0123456789.+=-epcx \t\r\n\x0b\x00ABZaz\xff\xc3\xa9".to_vec()),
        any::<u8>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = any::<prop::sample::Index>();
    prop_oneof![
        (at.clone(), interesting_byte()).prop_map(|(i, b)| Edit::Replace(i.index(usize::MAX), b)),
        (at.clone(), interesting_byte()).prop_map(|(i, b)| Edit::Insert(i.index(usize::MAX), b)),
        at.clone().prop_map(|i| Edit::Delete(i.index(usize::MAX))),
        (at.clone(), 1usize..40, at).prop_map(|(f, len, t)| Edit::Splice {
            from: f.index(usize::MAX),
            len,
            to: t.index(usize::MAX),
        }),
    ]
}

/// Applies `edits` to `seed` (positions wrap around the current length).
fn mutate(seed: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for e in edits {
        let n = bytes.len();
        match *e {
            Edit::Replace(i, b) if n > 0 => bytes[i % n] = b,
            Edit::Insert(i, b) => bytes.insert(i % (n + 1), b),
            Edit::Delete(i) if n > 0 => {
                bytes.remove(i % n);
            }
            Edit::Splice { from, len, to } if n > 0 => {
                let from = from % n;
                let chunk = bytes[from..(from + len).min(n)].to_vec();
                let to = to % (n + 1);
                bytes.splice(to..to, chunk);
            }
            _ => {}
        }
    }
    bytes
}

/// A seed from `seeds`, mutated by up to eight edits.
fn mutated(seeds: Vec<String>) -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(seeds),
        prop::collection::vec(edit(), 0..8),
    )
        .prop_map(|(seed, edits)| mutate(seed.as_bytes(), &edits))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn sudoku_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        fuzz_checks::sudoku(&bytes);
    }

    #[test]
    fn sudoku_survives_near_puzzles(text in "[0-9. ]{75,85}") {
        fuzz_checks::sudoku(text.as_bytes());
    }

    #[test]
    fn sudoku_survives_mutated_puzzles(bytes in mutated(sudoku_seeds())) {
        fuzz_checks::sudoku(&bytes);
    }

    #[test]
    fn cryptarithm_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        fuzz_checks::cryptarithm(&bytes);
    }

    #[test]
    fn cryptarithm_survives_expression_like_text(text in "[A-Fa-f+= ]{0,24}") {
        fuzz_checks::cryptarithm(text.as_bytes());
    }

    #[test]
    fn cryptarithm_survives_mutated_expressions(
        bytes in mutated(EXPRESSIONS.iter().map(|s| s.to_string()).collect())
    ) {
        fuzz_checks::cryptarithm(&bytes);
    }

    #[test]
    fn dimacs_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        fuzz_checks::dimacs(&bytes);
    }

    #[test]
    fn dimacs_survives_format_like_lines(
        lines in prop::collection::vec("(c|p|e)( (edge|col|-?[0-9]{1,21})){0,4}", 0..16)
    ) {
        fuzz_checks::dimacs(lines.join("\n").as_bytes());
    }

    #[test]
    fn flatzinc_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        fuzz_checks::flatzinc(&bytes);
    }

    #[test]
    fn flatzinc_survives_mutated_models(bytes in mutated(flatzinc_seeds())) {
        fuzz_checks::flatzinc(&bytes);
    }

    #[test]
    fn flatzinc_survives_token_soups(tokens in prop::collection::vec(prop::sample::select(FLATZINC_TOKENS.to_vec()), 0..30)) {
        fuzz_checks::flatzinc(tokens.join(" ").replace("\\n", "\n").as_bytes());
    }

    #[test]
    fn dimacs_survives_mutated_graphs(bytes in mutated(dimacs_seeds())) {
        fuzz_checks::dimacs(&bytes);
    }
}

/// The checks accept every seed unmutated (so the mutated tests start from
/// input that reaches the model and the search, not just the parser).
#[test]
fn every_seed_passes_the_fuzz_checks() {
    for s in sudoku_seeds() {
        assert!(s.parse::<csp_workspace::sudoku::Grid>().is_ok(), "{s}");
        fuzz_checks::sudoku(s.as_bytes());
    }
    for e in EXPRESSIONS {
        assert!(
            e.parse::<csp_workspace::cryptarithm::Cryptarithm>().is_ok(),
            "{e}"
        );
        fuzz_checks::cryptarithm(e.as_bytes());
    }
    for g in dimacs_seeds() {
        assert!(csp_workspace::dimacs::parse(&g).is_ok());
        fuzz_checks::dimacs(g.as_bytes());
    }
}

// ---------------------------------------------------------------------------
// Example programs: random argument lists.

/// Every run gets this limit first, so whatever the rest asks for ends soon.
const RUN_TIME_LIMIT: &str = "2s";

/// A run that has not ended by then is a hang.
const WATCHDOG: Duration = Duration::from_secs(30);

/// What an example printed on stderr and how it ended.
struct Ran {
    code: Option<i32>,
    stderr: String,
}

/// Runs `program` with `args` (stdin empty, stdout discarded), killing it
/// if it outlives the watchdog.
fn run_example(program: &str, args: &[String]) -> Ran {
    let mut child = Command::new(example_path(program))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut pipe = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait works") {
            break status;
        }
        if started.elapsed() > WATCHDOG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} {args:?} still running after {WATCHDOG:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stderr = reader.join().expect("stderr reader");
    Ran {
        code: status.code(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    }
}

/// Exit 0 (done, or help), 1 (an I/O error) or 2 (bad arguments or input);
/// never a panic or a signal; a failure says `<program>: error: ...` on a
/// line of its own. Not necessarily the first line: a batch reports a
/// malformed argument where it meets it and goes on, after the statistics
/// of the puzzles before it. (Bad options get clap's report: the error
/// line, then a hint and a usage line.)
fn assert_clean(program: &str, args: &[String], ran: &Ran) {
    let shown = format!("{program} {args:?}\n{}", ran.stderr);
    assert!(!ran.stderr.contains("panicked"), "panic: {shown}");
    assert!(
        matches!(ran.code, Some(0..=2)),
        "exit {:?}: {shown}",
        ran.code
    );
    if ran.code != Some(0) {
        let prefix = format!("{program}: error: ");
        assert!(
            ran.stderr
                .lines()
                .any(|l| l.starts_with(&prefix) && l.len() > prefix.len()),
            "no one-line error: {shown}"
        );
        // Errors are single lines: no usage block, tips or blank lines after them.
        assert!(
            !ran.stderr.lines().any(|l| l.trim().is_empty()
                || l.starts_with("Usage:")
                || l.trim_start().starts_with("tip:")),
            "a multi-line error: {shown}"
        );
    }
}

/// Argument words every example shares: the engine's options, good and bad
/// values, numbers out of range, unicode, empty strings, unknown flags.
const SHARED_WORDS: &[&str] = &[
    "--strategy",
    "backtracking",
    "forward-checking",
    "arc-consistency",
    "generate-and-test",
    "psychic",
    "--var-order",
    "dom-wdeg",
    "smallest-domain",
    "--value-order",
    "random",
    "descending",
    "--seed",
    "--restarts",
    "luby",
    "luby:0",
    "geometric:1:0.5",
    "geometric:0:0",
    "--node-limit",
    "--fail-limit",
    "--time-limit",
    "0",
    "1",
    "3",
    "-1",
    "-0",
    "1.5s",
    "1e400",
    "NaN",
    "18446744073709551616",
    "99999999999999999999999",
    "",
    " ",
    "é",
    "🦀",
    "\u{202e}",
    "--stats",
    "--help",
    "--version",
    "--",
    "-",
    "--bogus",
    "-x",
    "--count",
];

/// Words for one example's own arguments.
fn own_words(program: &str) -> Vec<String> {
    let path = |f: &str| data(f).display().to_string();
    let words: Vec<String> = match program {
        "coloring" => vec![
            "-k".into(),
            "--colors".into(),
            "--all".into(),
            "--chromatic".into(),
            "4".into(),
            "1000001".into(),
            path("myciel3.col"),
            path("petersen.col"),
            path("no-such-file.col"),
            path("sudoku_hard.txt"),
            "/".into(),
        ],
        "cryptarithm" => [
            "SEND+MORE=MONEY",
            "TO",
            "+",
            "=",
            "GO",
            "OUT",
            "A+A=B",
            "ABCDEFGHIJK=A",
        ]
        .map(String::from)
        .to_vec(),
        "latin_square" => ["--reduced", "4", "5", "32", "33", "65536"]
            .map(String::from)
            .to_vec(),
        "permutations" => ["--trace", "A", "B", "A", "C", "D", "E"]
            .map(String::from)
            .to_vec(),
        "sudoku" => vec![
            "--compact".into(),
            "--count-limit".into(),
            sudoku_seeds()[0].clone(),
            ".".repeat(81),
            "11".to_string() + &".".repeat(79),
            ".".repeat(80) + "x",
        ],
        other => panic!("no words for {other}"),
    };
    words
}

/// Random argument lists for `program`: its own words, the shared ones,
/// and random printable text.
fn argument_lists(program: &str) -> impl Strategy<Value = Vec<String>> + use<> {
    let mut words = own_words(program);
    words.extend(SHARED_WORDS.iter().map(|w| w.to_string()));
    prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(words),
            1 => "\\PC{0,10}",
        ],
        0..6,
    )
}

/// Random argument lists for `program`, each run after the time limit.
fn check_random_arguments(program: &str) {
    // A runner built by hand skips what `proptest!` does for every other
    // config here: let the PROPTEST_* variables (PROPTEST_CASES) win.
    let config = proptest::test_runner::contextualize_config(ProptestConfig {
        cases: 32,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    proptest::test_runner::TestRunner::new(config)
        .run(&argument_lists(program), |args| {
            let mut all = vec!["--time-limit".to_string(), RUN_TIME_LIMIT.to_string()];
            all.extend(args);
            let ran = run_example(program, &all);
            assert_clean(program, &all, &ran);
            Ok(())
        })
        .unwrap();
}

#[test]
fn coloring_survives_random_arguments() {
    check_random_arguments("coloring");
}

#[test]
fn cryptarithm_survives_random_arguments() {
    check_random_arguments("cryptarithm");
}

#[test]
fn latin_square_survives_random_arguments() {
    check_random_arguments("latin_square");
}

#[test]
fn permutations_survives_random_arguments() {
    check_random_arguments("permutations");
}

#[test]
fn sudoku_survives_random_arguments() {
    check_random_arguments("sudoku");
}

/// Whether `grid` (81 digits) is a solved sudoku that keeps the clues of
/// `puzzle` (81 characters, `.` or `0` for a blank).
fn solves(grid: &str, puzzle: &str) -> bool {
    let cells: Vec<u32> = grid.chars().filter_map(|c| c.to_digit(10)).collect();
    // Nine cells holding 1..=9 once each.
    let unit_ok = |unit: Vec<usize>| {
        let mut seen = 0u16;
        unit.into_iter().all(|i| {
            let bit = 1 << cells[i];
            let fresh = cells[i] != 0 && seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    let unit = |f: &dyn Fn(usize) -> usize| (0..9).map(f).collect::<Vec<_>>();
    cells.len() == 81
        && grid.trim().len() == 81
        && puzzle
            .chars()
            .zip(&cells)
            .all(|(p, &c)| !matches!(p.to_digit(10), Some(d) if d != 0 && d != c))
        && (0..9).all(|k| {
            unit_ok(unit(&|j| 9 * k + j))
                && unit_ok(unit(&|j| 9 * j + k))
                && unit_ok(unit(&|j| 27 * (k / 3) + 3 * (k % 3) + 9 * (j / 3) + j % 3))
        })
}

/// The batch case the random arguments found: a valid puzzle, then a
/// malformed one. The first is solved and printed, its statistics go to
/// stderr, then argument 2 is reported; the order of those stderr lines is
/// the order of the work, not a promise that the error comes first.
#[test]
fn a_sudoku_batch_solves_what_it_can_and_reports_the_malformed_argument() {
    let puzzle = sudoku_seeds()[0].clone();
    let malformed = "11".to_string() + &".".repeat(79);
    let out = Command::new(example_path("sudoku"))
        .args(["--stats", "--compact", &puzzle, &malformed])
        .stdin(Stdio::null())
        .output()
        .expect("the example runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "{:?}\n{stderr}",
        out.status
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("sudoku: error: "))
        .collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(errors[0].contains("argument 2"), "{stderr}");
    assert!(
        stdout.lines().any(|l| solves(l.trim(), &puzzle)),
        "no solution of the first puzzle on stdout:\n{stdout}"
    );
    assert!(stderr.contains("nodes"), "no statistics:\n{stderr}");
    assert!(
        !solves(&puzzle, &puzzle),
        "the check accepts an unsolved grid"
    );
    // The random-argument check accepts this run (it once demanded the
    // error first, and failed whenever the random words formed this case).
    let args: Vec<String> = ["--stats", "--compact", &puzzle, &malformed]
        .map(String::from)
        .to_vec();
    assert_clean("sudoku", &args, &run_example("sudoku", &args));
}

/// Malformed arguments of each kind the issue lists, for every example:
/// a usage error (status 2) with its `<program>: error:` line first.
#[test]
fn malformed_arguments_are_usage_errors_in_every_example() {
    let bad: &[&[&str]] = &[
        &["--node-limit", "-1"],
        &["--node-limit", "99999999999999999999999"],
        &["--time-limit", "1e400"],
        &["--time-limit", ""],
        &["--strategy", "🦀"],
        &["--seed", "NaN"],
        &["--restarts", "geometric:0:0"],
        &["--restarts", "geometric:1:1"],
        &["--restarts", "geometric:1:NaN"],
        &["--restarts", "luby:0"],
        &["--bogus"],
    ];
    for program in [
        "coloring",
        "cryptarithm",
        "latin_square",
        "permutations",
        "sudoku",
    ] {
        for args in bad {
            let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            let ran = run_example(program, &args);
            assert_clean(program, &args, &ran);
            assert_eq!(ran.code, Some(2), "{program} {args:?}: {}", ran.stderr);
            // Nothing runs before the arguments are parsed: the error is first.
            let first = ran.stderr.lines().next().unwrap_or("");
            assert!(
                first.starts_with(&format!("{program}: error: ")),
                "{program} {args:?}: {}",
                ran.stderr
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Determinism: the same arguments, the same output.

/// Stdout and stderr of a run, without the line that measures time.
fn output_without_timing(program: &str, args: &[&str]) -> (String, String) {
    let out = Command::new(example_path(program))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the example runs");
    assert!(out.status.success(), "{program} {args:?}");
    let stderr = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !l.starts_with("elapsed"))
        // The table's padding follows the width of the elapsed time.
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

#[test]
fn every_example_repeats_its_output_and_statistics_exactly() {
    let petersen = data("petersen.col").display().to_string();
    let sudoku = sudoku_seeds()[1].clone();
    let runs: Vec<(&str, Vec<&str>)> = vec![
        (
            "coloring",
            vec!["--all", "--value-order", "random", "--seed", "7", &petersen],
        ),
        (
            "cryptarithm",
            vec![
                "--var-order",
                "dom-wdeg",
                "--restarts",
                "luby:2",
                "--value-order",
                "random",
                "--seed",
                "5",
                "CROSS+ROADS=DANGER",
            ],
        ),
        (
            "latin_square",
            vec![
                "4",
                "--strategy",
                "arc-consistency",
                "--value-order",
                "random",
                "--seed",
                "3",
            ],
        ),
        (
            "permutations",
            vec![
                "--value-order",
                "random",
                "--seed",
                "11",
                "A",
                "B",
                "B",
                "C",
                "D",
            ],
        ),
        (
            "sudoku",
            vec![
                "--restarts",
                "luby:1",
                "--value-order",
                "random",
                "--seed",
                "2",
                &sudoku,
            ],
        ),
    ];
    for (program, args) in runs {
        let mut args = args;
        args.push("--stats");
        let first = output_without_timing(program, &args);
        assert!(
            !first.0.is_empty() && first.1.contains("nodes"),
            "{program}"
        );
        for _ in 0..2 {
            assert_eq!(
                output_without_timing(program, &args),
                first,
                "{program} {args:?}"
            );
        }
    }
}
