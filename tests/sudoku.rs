//! Runs `examples/sudoku.rs` and checks its answers against an independent
//! bit-mask solver written here.

mod common;
use common::{data, example, stdout_of};
use predicates::prelude::*;

/// Counts solutions up to `limit` by plain backtracking on bit masks
/// (most constrained cell first); returns the count and the first solution.
fn oracle(puzzle: &str, limit: usize) -> (usize, Option<String>) {
    struct S {
        g: Vec<u8>,
        rows: [u16; 9],
        cols: [u16; 9],
        boxes: [u16; 9],
        count: usize,
        first: Option<String>,
        limit: usize,
    }
    fn bx(i: usize) -> usize {
        i / 27 * 3 + i % 9 / 3
    }
    fn go(s: &mut S) {
        let mut best: Option<(usize, u16)> = None;
        for i in 0..81 {
            if s.g[i] == 0 {
                let free = !(s.rows[i / 9] | s.cols[i % 9] | s.boxes[bx(i)]) & 0x3fe;
                if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
                    best = Some((i, free));
                }
            }
        }
        let Some((i, free)) = best else {
            s.count += 1;
            if s.first.is_none() {
                s.first = Some(s.g.iter().map(|d| (b'0' + d) as char).collect());
            }
            return;
        };
        for d in 1..=9u8 {
            if free & (1 << d) != 0 && s.count < s.limit {
                let bit = 1 << d;
                s.g[i] = d;
                s.rows[i / 9] |= bit;
                s.cols[i % 9] |= bit;
                s.boxes[bx(i)] |= bit;
                go(s);
                s.g[i] = 0;
                s.rows[i / 9] &= !bit;
                s.cols[i % 9] &= !bit;
                s.boxes[bx(i)] &= !bit;
            }
        }
    }
    let g: Vec<u8> = puzzle
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    let mut s = S {
        g,
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        count: 0,
        first: None,
        limit,
    };
    for i in 0..81 {
        if s.g[i] != 0 {
            let bit = 1 << s.g[i];
            s.rows[i / 9] |= bit;
            s.cols[i % 9] |= bit;
            s.boxes[bx(i)] |= bit;
        }
    }
    go(&mut s);
    (s.count, s.first)
}

/// The puzzles of a data file (comments and blank lines skipped), with line numbers.
fn puzzles(file: &str) -> Vec<(usize, String)> {
    std::fs::read_to_string(data(file))
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i + 1, l.trim().to_owned()))
        .collect()
}

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Well-formed, but r1c9 can only be 9 and column 9 already has one.
fn impossible() -> String {
    format!("12345678.{}{}", "........9", ".".repeat(63))
}

#[test]
fn hard_puzzles_are_solved_with_the_unique_answer() {
    let list = puzzles("sudoku_hard.txt");
    assert!(list.len() >= 8);
    let out = stdout_of(
        example("sudoku")
            .arg("--compact")
            .pipe_stdin(data("sudoku_hard.txt"))
            .unwrap(),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2 * list.len());
    for ((line, puzzle), answer) in list.iter().zip(lines.chunks(2)) {
        assert_eq!(puzzle.len(), 81);
        let (count, solution) = oracle(puzzle, 2);
        assert_eq!(count, 1, "line {line} has one solution");
        assert_eq!(answer[0], format!("line {line}: solved"));
        assert_eq!(Some(answer[1].to_owned()), solution, "line {line}");
    }
}

#[test]
fn the_anti_backtracking_puzzle_really_starts_987654321() {
    let (_, solution) = oracle(&puzzles("sudoku_hard.txt")[1].1, 2);
    assert!(solution.unwrap().starts_with("987654321"));
}

#[test]
fn every_strategy_and_every_order_solve_an_easy_puzzle() {
    let (_, want) = oracle(EASY, 2);
    let want = format!("argument 1: solved\n{}\n", want.unwrap());
    let run = |strategy: &str, order: &str| {
        let args = [
            "--compact",
            "--strategy",
            strategy,
            "--var-order",
            order,
            EASY,
        ];
        assert_eq!(
            stdout_of(example("sudoku").args(args)),
            want,
            "{strategy} {order}"
        );
    };
    // (Plain backtracking in input order needs seconds to prove uniqueness.)
    for strategy in ["backtracking", "forward-checking", "arc-consistency"] {
        run(strategy, "smallest-domain");
    }
    for order in csp::VarOrder::ALL {
        run("arc-consistency", order.name());
    }
}

#[test]
fn the_grid_is_printed_with_box_borders() {
    let out = stdout_of(example("sudoku").arg(EASY));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    assert_eq!(lines[1], "5 3 4 | 6 7 8 | 9 1 2");
    assert_eq!(lines[4], "------+-------+------");
}

#[test]
fn no_solution_and_several_solutions_are_told_apart() {
    assert_eq!(oracle(&impossible(), 1).0, 0);
    example("sudoku")
        .arg(impossible())
        .assert()
        .success()
        .stdout("argument 1: no solution\n");
    // EASY without its first row has exactly two solutions, without its
    // first two rows many: the count is exact below the limit and
    // "at least" at it, as the oracle says.
    for blank_rows in [1, 2] {
        let several = format!("{}{}", ".".repeat(9 * blank_rows), &EASY[9 * blank_rows..]);
        for limit in [2usize, 5, 100] {
            let (count, _) = oracle(&several, limit);
            assert!(count >= 2);
            let verdict = if count < limit {
                format!("argument 1: {count} solutions, the first:")
            } else {
                format!("argument 1: at least {count} solutions, the first:")
            };
            let limit = limit.to_string();
            let out =
                stdout_of(example("sudoku").args(["--compact", "--count-limit", &limit, &several]));
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines[0], verdict);
            assert_eq!(lines.len(), 2);
        }
    }
}

/// Stdout and stderr of `sudoku --compact` on a batch with malformed lines
/// (exit status 2; stdout is text, stderr may quote any bytes).
fn malformed_batch(input: impl Into<Vec<u8>>) -> (String, String) {
    let assert = example("sudoku")
        .arg("--compact")
        .write_stdin(input.into())
        .assert()
        .code(2);
    let output = assert.get_output();
    (
        String::from_utf8(output.stdout.clone()).unwrap(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn malformed_lines_are_named_and_the_rest_of_the_batch_runs() {
    let clash = format!("5{}5{}", ".".repeat(9), ".".repeat(70)); // r1c1 and r2c2, box 1
    let input = format!(
        "{EASY}\n{}\n\n# a comment\n{}x\n{clash}\n{}\n",
        &EASY[..80],
        &EASY[..80],
        impossible()
    );
    let (stdout, stderr) = malformed_batch(input);
    assert!(stdout.starts_with("line 1: solved\n"));
    assert!(stdout.ends_with("line 7: no solution\n"));
    assert_eq!(
        stderr,
        "sudoku: error: line 2: expected 81 characters, found 80\n\
         sudoku: error: line 5: bad character 'x' at position 81 (expected digits 1-9, and . or 0 for a blank)\n\
         sudoku: error: line 6: the clue 5 at r2c2 repeats the 5 at r1c1 in box 1\n"
    );
}

#[test]
fn stats_are_printed_per_puzzle() {
    example("sudoku")
        .args(["--stats", EASY, &impossible()])
        .assert()
        .success()
        .stderr(
            predicate::str::contains("argument 1:\n")
                .and(predicate::str::contains("argument 2:\n"))
                .and(predicate::str::contains("nodes").count(2)),
        );
}

#[test]
fn usage_errors_exit_2() {
    example("sudoku")
        .args(["--count-limit", "1", EASY])
        .assert()
        .code(2);
    example("sudoku")
        .args(["--var-order", "sideways"])
        .assert()
        .code(2);
    example("sudoku")
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("--strategy").and(predicate::str::contains("--stats")));
}

#[test]
fn a_line_that_is_not_utf8_is_named_and_the_batch_goes_on() {
    let mut input = format!("{EASY}\n\n").into_bytes();
    input.extend_from_slice(b"\xff\xfe not text\n");
    input.extend_from_slice(format!("{EASY}\n").as_bytes());
    let (stdout, stderr) = malformed_batch(input);
    assert!(stdout.starts_with("line 1: solved\n"), "{stdout}");
    assert!(stdout.contains("line 4: solved\n"), "{stdout}");
    assert_eq!(stderr, "sudoku: error: line 3: not valid UTF-8\n");
}

/// Peak resident memory (`VmHWM`) of a running process, in kB (Linux).
#[cfg(target_os = "linux")]
fn peak_memory_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("a VmHWM line");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A 100 MB line on stdin is named and skipped, and the puzzle after it
/// solved, without holding the line: the peak memory, read while the
/// program waits for more input, stays far below the line's size.
#[test]
#[cfg(target_os = "linux")]
fn a_huge_line_is_skipped_in_bounded_memory() {
    use std::io::{BufRead, BufReader, Read, Write};
    const LINE: usize = 100 << 20;
    let mut child = common::spawn_piped("sudoku", &["--compact"]);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'1'; 1 << 20];
        for _ in 0..LINE / chunk.len() {
            stdin.write_all(&chunk).unwrap();
        }
        stdin.write_all(format!("\n{EASY}\n").as_bytes()).unwrap();
        stdin // kept open: the program waits for more
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    while !seen.contains("line 2: solved") {
        let mut line = String::new();
        assert!(
            stdout.read_line(&mut line).unwrap() > 0,
            "ended early: {seen}"
        );
        seen.push_str(&line);
    }
    let stdin = writer.join().unwrap();
    let peak = peak_memory_kb(child.id());
    drop(stdin);
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(
        peak < 40_000,
        "peak memory {peak} kB for a {} MB line",
        LINE >> 20
    );
    assert_eq!(status.code(), Some(2));
    assert_eq!(
        stderr,
        format!(
            "sudoku: error: line 1: longer than {} bytes\n",
            csp_workspace::lines::MAX_LINE_BYTES
        )
    );
}

/// A batch is answered in order: each puzzle's answer on stdout, its
/// statistics on stderr after it, a malformed puzzle's error in its place
/// among them, the rest of the batch still solved, and status 2 at the end.
#[test]
fn a_batch_reports_each_puzzle_in_order_and_goes_on() {
    let bad = "11".to_string() + &".".repeat(79);
    let assert = example("sudoku")
        .args(["--stats", "--compact", EASY, &bad, EASY])
        .assert()
        .code(2);
    let output = assert.get_output();
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let answers: Vec<&str> = stdout.lines().filter(|l| l.contains(':')).collect();
    assert_eq!(answers, ["argument 1: solved", "argument 3: solved"]);
    let first = stderr.find("argument 1:\n").expect("stats of puzzle 1");
    let error = stderr
        .find("sudoku: error: argument 2: the clue 1 at r1c2 repeats the 1 at r1c1 in row 1")
        .expect("the error for puzzle 2");
    let third = stderr.find("argument 3:\n").expect("stats of puzzle 3");
    assert!(first < error && error < third, "{stderr}");
}

#[test]
fn every_all_different_level_solves_the_hard_puzzles_alike() {
    let want = stdout_of(
        example("sudoku")
            .arg("--compact")
            .pipe_stdin(data("sudoku_hard.txt"))
            .unwrap(),
    );
    for level in ["bounds", "domain"] {
        let got = stdout_of(
            example("sudoku")
                .args(["--compact", "--all-different", level])
                .pipe_stdin(data("sudoku_hard.txt"))
                .unwrap(),
        );
        assert_eq!(got, want, "{level}");
    }
}
