//! Runs `examples/nonogram.rs` on known puzzles and checks every picture it
//! prints against the clues with a checker of its own; compares the
//! solution sets of small puzzles with brute force over every grid (the
//! program's `--all`, and the model under every strategy and order as a
//! proptest); and checks that bad input is one line and a failure.

mod common;
use common::{data, example, proptest_config, stdout_of};
use csp::{Solver, Strategy as Pruning, ValueOrder, VarOrder};
use csp_workspace::nonogram::{Nonogram, NonogramModel};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::path::PathBuf;

type Grid = Vec<Vec<bool>>;

/// The runs of black cells of a line: the test's own clue maker.
fn clue_of(line: impl IntoIterator<Item = bool>) -> Vec<usize> {
    let mut clue = Vec::new();
    let mut run = 0;
    for black in line.into_iter().chain([false]) {
        match (black, run) {
            (true, _) => run += 1,
            (false, 0) => {}
            (false, _) => {
                clue.push(run);
                run = 0;
            }
        }
    }
    clue
}

/// Whether `grid` has `puzzle`'s size and every row's and column's clue.
fn satisfies(puzzle: &Nonogram, grid: &Grid) -> bool {
    grid.len() == puzzle.height()
        && grid.iter().all(|row| row.len() == puzzle.width())
        && grid
            .iter()
            .zip(puzzle.rows())
            .all(|(row, clue)| clue_of(row.iter().copied()) == *clue)
        && (0..puzzle.width())
            .all(|c| clue_of(grid.iter().map(|row| row[c])) == puzzle.columns()[c])
}

/// Every grid of the puzzle's size that satisfies its clues, by trying all.
fn brute_force(puzzle: &Nonogram) -> BTreeSet<Grid> {
    let (w, h) = (puzzle.width(), puzzle.height());
    assert!(w * h <= 20, "brute force is for tiny puzzles");
    (0u32..1 << (w * h))
        .map(|bits| {
            (0..h)
                .map(|r| (0..w).map(|c| bits >> (r * w + c) & 1 == 1).collect())
                .collect()
        })
        .filter(|grid| satisfies(puzzle, grid))
        .collect()
}

/// A `#`/`.` picture as printed.
fn grid(lines: &[&str]) -> Grid {
    lines
        .iter()
        .map(|l| {
            l.chars()
                .map(|ch| match ch {
                    '#' => true,
                    '.' => false,
                    other => panic!("unexpected {other:?} in {l:?}"),
                })
                .collect()
        })
        .collect()
}

/// The pictures `--all` printed (each followed by a blank line), and its
/// summary line.
fn listed(all: &str) -> (Vec<Grid>, &str) {
    let blocks: Vec<&str> = all.split("\n\n").collect();
    let (summary, pictures) = blocks.split_last().unwrap();
    let pictures = pictures
        .iter()
        .map(|b| grid(&b.lines().collect::<Vec<_>>()))
        .collect();
    (pictures, summary.trim())
}

/// A file with `text` in the temporary directory, named for this test run.
fn scratch(name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let file = std::env::temp_dir().join(format!("nonogram-{}-{name}.txt", std::process::id()));
    std::fs::write(&file, text).unwrap();
    file
}

fn read(path: &PathBuf) -> Nonogram {
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

/// The sample puzzles with one solution each: the program says so, and the
/// picture it prints satisfies the clues.
#[test]
fn sample_puzzles_are_solved_and_found_unique() {
    for file in [
        "nonogram_smiley15.txt",
        "nonogram_house20.txt",
        "nonogram_blobs25.txt",
    ] {
        let path = data(file);
        let puzzle = read(&path);
        let text = stdout_of(example("nonogram").arg(&path));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "unique solution", "{file}");
        let picture = grid(&lines[1..]);
        assert!(satisfies(&puzzle, &picture), "{file}:\n{text}");
    }
}

/// A puzzle with several solutions: the default run says so; `--all`
/// lists each once, every one satisfies the clues, and `--count` agrees.
#[test]
fn several_solutions_are_listed_and_counted() {
    let path = data("nonogram_target25.txt");
    let puzzle = read(&path);
    let text = stdout_of(example("nonogram").arg(&path));
    assert_eq!(text.lines().next(), Some("several solutions, the first:"));
    let all = stdout_of(example("nonogram").arg(&path).arg("--all"));
    let (pictures, summary) = listed(&all);
    let found: BTreeSet<Grid> = pictures.iter().cloned().collect();
    assert_eq!(found.len(), pictures.len(), "a picture listed twice");
    assert!(found.iter().all(|g| satisfies(&puzzle, g)));
    assert!(found.len() > 1);
    assert_eq!(summary, format!("{} solutions", found.len()));
    let count = stdout_of(example("nonogram").arg(&path).arg("--count"));
    assert_eq!(count.trim(), format!("{} solutions", found.len()));
}

/// Small puzzles with several solutions: the program's `--all` under each
/// strategy lists exactly the grids brute force finds.
#[test]
fn all_solutions_of_small_puzzles_match_brute_force() {
    let puzzles = [
        "rows\n1\n1\n1\ncolumns\n1\n1\n1\n",
        "rows\n1 1\n1\n1 1\n1\ncolumns\n1 1\n1\n1 1\n1\n",
        "rows\n2\n2\n1\n0\ncolumns\n1\n3\n1\n",
    ];
    for (i, text) in puzzles.iter().enumerate() {
        let puzzle: Nonogram = text.parse().unwrap();
        let want = brute_force(&puzzle);
        assert!(want.len() > 1, "puzzle {i} has several solutions");
        let file = scratch(&format!("several{i}"), text);
        for strategy in ["backtracking", "forward-checking", "arc-consistency"] {
            let all =
                stdout_of(
                    example("nonogram")
                        .arg(&file)
                        .args(["--all", "--strategy", strategy]),
                );
            let (pictures, summary) = listed(&all);
            let found: BTreeSet<Grid> = pictures.iter().cloned().collect();
            assert_eq!(found, want, "puzzle {i}, {strategy}");
            assert_eq!(pictures.len(), want.len(), "puzzle {i}, {strategy}");
            assert_eq!(summary, format!("{} solutions", want.len()));
        }
    }
}

#[test]
fn an_unsatisfiable_puzzle_has_no_solution() {
    // The clue totals agree (4 = 4), but the first row's run of two needs
    // the middle column, which is empty.
    let text = "rows\n2\n1\n1\ncolumns\n1\n0\n3\n";
    assert!(brute_force(&text.parse().unwrap()).is_empty());
    let file = scratch("unsat", text);
    for strategy in ["backtracking", "forward-checking", "arc-consistency"] {
        let out = stdout_of(
            example("nonogram")
                .arg(&file)
                .args(["--strategy", strategy]),
        );
        assert_eq!(out, "no solution\n", "{strategy}");
        let count =
            stdout_of(
                example("nonogram")
                    .arg(&file)
                    .args(["--count", "--strategy", strategy]),
            );
        assert_eq!(count, "0 solutions\n", "{strategy}");
    }
}

#[test]
fn a_limit_says_what_stopped_the_search() {
    let out = stdout_of(
        example("nonogram")
            .arg(data("nonogram_smiley15.txt"))
            .args(["--node-limit", "5"]),
    );
    assert_eq!(out, "no solution found before the node limit\n");
}

#[test]
fn stats_and_replay_are_written() {
    let file = scratch("replay-puzzle", "rows\n1\n1\ncolumns\n1\n1\n");
    let page = std::env::temp_dir().join(format!("nonogram-{}-replay.html", std::process::id()));
    let out = example("nonogram")
        .arg(&file)
        .arg("--stats")
        .arg("--replay")
        .arg(&page)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(stderr.contains("nodes"), "{stderr}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("r2c2"), "cells are named on the page");
    std::fs::remove_file(page).unwrap();
}

/// Bad input: exit status 2 and one line on stderr naming the problem (and
/// its line).
#[test]
fn bad_input_is_one_line_naming_the_problem() {
    let long_line = format!("rows\n{}\n", "1 ".repeat(40_000));
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "long-clue",
            b"rows\n3\ncolumns\n1\n1\n".to_vec(),
            "line 2: the clue '3' needs 3 cells but a row has 2",
        ),
        (
            "word",
            b"rows\n1 x\ncolumns\n1\n".to_vec(),
            "line 2: 'x' is not a run length",
        ),
        ("no-columns", b"rows\n1\n".to_vec(), "no 'columns' section"),
        (
            "typo",
            b"rows\n1\ncolums\n1\n".to_vec(),
            "line 3: unknown keyword 'colums' (did you mean 'columns'?)",
        ),
        (
            "huge",
            b"width 1000\n".to_vec(),
            "line 1: expected 'width N' with N from 1 to 100",
        ),
        (
            "utf8",
            b"rows\n1\n\xff\xfe\n".to_vec(),
            "line 3: not valid UTF-8",
        ),
        (
            "overlong",
            long_line.into_bytes(),
            "line 2: longer than 65536 bytes",
        ),
        (
            "width",
            b"width 3\nrows\n1\ncolumns\n1\n1\n".to_vec(),
            "line 1: 'width 3' but the 'columns' section has 2 clues",
        ),
    ];
    for (name, text, want) in cases {
        let file = scratch(name, text);
        let out = example("nonogram").arg(&file).assert().code(2);
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.starts_with("nonogram: error: "), "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(out.get_output().stdout.is_empty(), "{name}");
    }
    let out = example("nonogram")
        .arg("no/such/puzzle.txt")
        .assert()
        .code(2);
    assert!(String::from_utf8_lossy(&out.get_output().stderr)
        .contains("cannot read no/such/puzzle.txt"));
    let out = example("nonogram").args(["x", "--stat"]).assert().code(2);
    assert!(String::from_utf8_lossy(&out.get_output().stderr).contains("(did you mean '--stats'?)"));
}

/// Grids of up to 4 x 4.
fn small_grids() -> impl Strategy<Value = Grid> {
    (1usize..=4, 1usize..=4)
        .prop_flat_map(|(h, w)| prop::collection::vec(prop::collection::vec(any::<bool>(), w), h))
}

fn solutions(model: &NonogramModel, solver: Solver<'_>) -> Vec<Grid> {
    let mut search = solver.search();
    let mut found = Vec::new();
    while let Some(values) = search.next_values() {
        found.push(model.picture(values));
    }
    assert!(search.outcome().status.is_complete());
    found
}

proptest! {
    #![proptest_config(proptest_config(256))]

    /// The clues of a random grid: the model's solution set, under every
    /// strategy, variable order and value order, is what brute force finds
    /// (the grid among them).
    #[test]
    fn the_model_finds_exactly_the_grids_brute_force_finds(picture in small_grids(), order in 0usize..64) {
        let puzzle = Nonogram::from_picture(&picture).unwrap();
        let want = brute_force(&puzzle);
        prop_assert!(want.contains(&picture));
        let model = NonogramModel::new(&puzzle).unwrap();
        // The parsed text is the same puzzle.
        prop_assert_eq!(puzzle.to_string().parse::<Nonogram>().unwrap(), puzzle.clone());
        let var_order = VarOrder::ALL[order % VarOrder::ALL.len()];
        let value_order = ValueOrder::ALL[order / VarOrder::ALL.len() % ValueOrder::ALL.len()];
        // The weaker strategies hear of a clue late: their trees grow
        // fast with the grid, so they get the smaller ones.
        let cells = puzzle.width() * puzzle.height();
        let strategies = [(Pruning::Backtracking, 6), (Pruning::ForwardChecking, 9), (Pruning::ArcConsistency, 16)];
        for strategy in strategies.iter().filter(|s| cells <= s.1).map(|s| s.0) {
            let solver = Solver::new(model.model())
                .strategy(strategy)
                .var_order(var_order)
                .value_order(value_order);
            let found = solutions(&model, solver);
            let set: BTreeSet<Grid> = found.iter().cloned().collect();
            prop_assert_eq!(set.len(), found.len(), "a grid found twice");
            prop_assert_eq!(&set, &want, "{} {} {}", strategy, var_order, value_order);
        }
    }
}

/// Generate-and-test only on models small enough to enumerate.
#[test]
fn generate_and_test_agrees_on_the_tiniest_puzzles() {
    for text in [
        "rows\n1\n1\ncolumns\n1\n1\n",
        "rows\n1\n0\ncolumns\n0\n1\n",
        "rows\n2\ncolumns\n1\n1\n",
    ] {
        let puzzle: Nonogram = text.parse().unwrap();
        let model = NonogramModel::new(&puzzle).unwrap();
        let solver = Solver::new(model.model()).strategy(Pruning::GenerateAndTest);
        let found: BTreeSet<Grid> = solutions(&model, solver).into_iter().collect();
        assert_eq!(found, brute_force(&puzzle), "{text}");
    }
}
