//! What each fuzz target checks, as plain functions: the libFuzzer targets
//! in `fuzz_targets/` call them on nightly, and the root package's
//! `tests/reliability.rs` includes this file and calls them from proptests
//! on stable, so CI runs the very same checks on random and mutated input.
//!
//! There is one check (and one target) for every text the project reads:
//! sudoku puzzles, cryptarithms, DIMACS graphs (as text and line by line),
//! nonograms (as text and line by line),
//! capped input lines, permutation items, Latin square orders, the engine's
//! restart specs and durations, `nqueens`' board sizes, `--part` specs
//! and part files, and FlatZinc files.
//!
//! Each function takes arbitrary bytes (read as UTF-8, invalid sequences
//! replaced) and panics only if something is wrong: the parser panicked,
//! rejected input with an empty or multi-line message, accepted input its
//! own output does not round-trip, or a bounded search on what it accepted
//! returned something that is not a solution.

// The root tests include this file and each uses only some of the checks.
#![allow(dead_code)]

use csp::{Limits, Restarts, Solver, Status, Strategy};
use csp_workspace::coloring::{ColoringModel, Symmetry};
use csp_workspace::cryptarithm::Cryptarithm;
use csp_workspace::dimacs;
use csp_workspace::latin::LatinSquare;
use csp_workspace::lines::{lines, LineError, MAX_LINE_BYTES};
use csp_workspace::nonogram::{Nonogram, NonogramModel};
use csp_workspace::permutations::Permutations;
use csp_workspace::sudoku::{Grid, SudokuModel};
use nqueens::parts::{Part, PartResult};
use nqueens::size::{board_from_parts, parse_size_part, SizePart};
use std::collections::HashMap;
use std::fmt::Display;

/// Node budget of each bounded search: small inputs finish, the rest stop
/// quickly, so a fuzz case stays well under a millisecond or so.
pub const NODE_LIMIT: u64 = 2_000;

/// Graphs with more vertices are parsed and round-tripped but not coloured.
pub const MAX_COLOURED_VERTICES: usize = 200;

fn bounded(solutions: u64) -> Limits {
    Limits {
        nodes: Some(NODE_LIMIT),
        solutions: Some(solutions),
        ..Limits::default()
    }
}

/// A rejection must say something, on one line.
fn assert_one_line(error: &impl Display) {
    let text = error.to_string();
    assert!(!text.trim().is_empty(), "empty error message");
    assert!(
        !text.contains(['\n', '\r']),
        "multi-line error message: {text:?}"
    );
}

/// Like [`assert_one_line`] for a message that quotes the `input` it
/// rejects: only the quoted input may hold line breaks (an argument can).
fn assert_one_line_quoting(error: &impl Display, input: &str) {
    let text = error.to_string();
    assert!(!text.trim().is_empty(), "empty error message");
    let mut own = text;
    for quoted in [input, input.trim()] {
        if !quoted.is_empty() {
            own = own.replace(quoted, "…");
        }
    }
    assert_one_line(&own);
}

/// A stopped or finished search, never one left running.
fn assert_finished(status: Status) {
    assert_ne!(status, Status::Running, "a search returned while running");
}

/// Sudoku puzzles: parse; what parses round-trips through `to_line`,
/// always models, and every solution found solves the puzzle.
pub fn sudoku(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let puzzle = match text.parse::<Grid>() {
        Ok(puzzle) => puzzle,
        Err(e) => return assert_one_line(&e),
    };
    assert_eq!(puzzle.to_line().parse::<Grid>(), Ok(puzzle));
    let model = SudokuModel::new(&puzzle).expect("a parsed puzzle always has a model");
    let mut search = Solver::new(model.model())
        .strategy(Strategy::ArcConsistency)
        .limits(bounded(2))
        .search();
    while let Some(values) = search.next_values() {
        assert!(model.grid(values).solves(&puzzle), "not a solution");
    }
    assert_finished(search.outcome().status);
}

/// Cryptarithms: parse; what parses round-trips through `Display`, always
/// models, and every solution found is checked by redoing the sum in
/// `i128` from the rendered digits (no leading zeros, one digit per letter).
pub fn cryptarithm(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let puzzle = match text.parse::<Cryptarithm>() {
        Ok(puzzle) => puzzle,
        Err(e) => return assert_one_line(&e),
    };
    assert_eq!(
        puzzle.to_string().parse::<Cryptarithm>(),
        Ok(puzzle.clone())
    );
    let model = puzzle
        .model()
        .expect("a parsed cryptarithm always has a model");
    let mut search = Solver::new(&model)
        .strategy(Strategy::ArcConsistency)
        .limits(bounded(4))
        .search();
    while let Some(values) = search.next_values() {
        check_sum(&puzzle, values);
    }
    assert_finished(search.outcome().status);
}

/// Redoes a cryptarithm's arithmetic independently of the model.
fn check_sum(puzzle: &Cryptarithm, values: &[i32]) {
    let mut digit_of: HashMap<char, i32> = HashMap::new();
    for (&letter, &digit) in puzzle.letters().iter().zip(values) {
        assert!((0..=9).contains(&digit), "{letter} = {digit}");
        assert!(
            !digit_of.values().any(|&d| d == digit),
            "two letters share {digit}"
        );
        digit_of.insert(letter, digit);
    }
    let number = |word: &str| -> i128 {
        let digits: Vec<i32> = word.chars().map(|c| digit_of[&c]).collect();
        assert!(
            digits.len() == 1 || digits[0] != 0,
            "{word} has a leading zero"
        );
        digits.iter().fold(0, |n, &d| n * 10 + i128::from(d))
    };
    let sum: i128 = puzzle.addends().iter().map(|w| number(w)).sum();
    assert_eq!(sum, number(puzzle.result()), "{}", puzzle.render(values));
}

/// DIMACS `.col` graphs: parse (from text, and line by line from bytes,
/// where invalid UTF-8 is an error naming its line); what parses round-trips through
/// `dimacs::write`, and for small graphs a 3-colouring found by a bounded
/// search gives neighbours different colours.
pub fn dimacs(data: &[u8]) {
    if let Err(e) = dimacs::read(data) {
        assert_one_line(&e);
    }
    let text = String::from_utf8_lossy(data);
    let graph = match dimacs::parse(&text) {
        Ok(graph) => graph,
        Err(e) => return assert_one_line(&e),
    };
    let written = dimacs::write(&graph, &["round trip"]);
    assert_eq!(dimacs::parse(&written).as_ref(), Ok(&graph));
    // Read line by line (as `coloring` reads files), the same graph, unless
    // the bytes were not text or a line went past the cap.
    if std::str::from_utf8(data).is_ok() && data.len() <= MAX_LINE_BYTES {
        assert_eq!(dimacs::read(data).as_ref(), Ok(&graph));
    }
    if graph.len() > MAX_COLOURED_VERTICES {
        return;
    }
    let colouring = ColoringModel::new(&graph, 3, Symmetry::Break).expect("a graph always models");
    let (found, outcome) = Solver::new(colouring.model()).limits(bounded(1)).first();
    if let Some(solution) = found {
        let colour = solution.values();
        for &(u, v) in graph.edges() {
            assert_ne!(colour[u], colour[v], "edge {u}-{v} has one colour");
        }
    }
    assert_finished(outcome.status);
}

/// Nonograms: read line by line from bytes (invalid UTF-8 or an overlong
/// line is an error naming its line) and parsed from text, the same
/// puzzle either way when the bytes are text; what parses round-trips
/// through `Display`, always models, and every picture a bounded search
/// finds has the puzzle's clues.
pub fn nonogram(data: &[u8]) {
    let read = Nonogram::read(data);
    if let Err(e) = &read {
        assert_one_line(e);
    }
    let text = String::from_utf8_lossy(data);
    let puzzle = match text.parse::<Nonogram>() {
        Ok(puzzle) => puzzle,
        Err(e) => return assert_one_line(&e),
    };
    if std::str::from_utf8(data).is_ok() && data.len() <= MAX_LINE_BYTES {
        assert_eq!(read.as_ref(), Ok(&puzzle));
    }
    assert_eq!(puzzle.to_string().parse::<Nonogram>().as_ref(), Ok(&puzzle));
    let model = NonogramModel::new(&puzzle).expect("a parsed nonogram always models");
    let mut search = Solver::new(model.model())
        .strategy(Strategy::ArcConsistency)
        .limits(bounded(2))
        .search();
    while let Some(values) = search.next_values() {
        assert!(puzzle.solves(&model.picture(values)), "not a solution");
    }
    assert_finished(search.outcome().status);
}

/// Capped lines: read with a small cap (the first byte picks it), every
/// line is numbered in turn, holds no line ending, keeps within the cap, and
/// is exactly the input's line when it is returned as text.
pub fn lines_capped(data: &[u8]) {
    let Some((&cap, data)) = data.split_first() else {
        return;
    };
    let cap = usize::from(cap % 32);
    let mut raw = data.split(|&b| b == b'\n').collect::<Vec<_>>();
    if data.ends_with(b"\n") || data.is_empty() {
        raw.pop(); // a final line ending ends the last line, it starts none
    }
    let mut count = 0;
    for (line, want) in lines(data, cap).zip(&raw) {
        let line = line.expect("reading a slice never fails");
        count += 1;
        assert_eq!(line.number, count);
        let want = want.strip_suffix(b"\r").unwrap_or(want);
        match line.text {
            Ok(text) => {
                assert!(text.len() <= cap);
                assert_eq!(text.as_bytes(), want);
            }
            Err(LineError::TooLong(c)) => {
                assert_eq!(c, cap);
                assert!(want.len() > cap);
            }
            Err(LineError::NotUtf8) => {
                assert!(want.len() <= cap && std::str::from_utf8(want).is_err());
            }
        }
    }
    assert_eq!(count, raw.len(), "one entry per line");
}

/// Permutation items (whitespace-separated words, as the command line
/// gives them): the model builds, and for a few items the search lists
/// exactly the multinomial number of distinct rearrangements.
pub fn permutation_items(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let items: Vec<&str> = text.split_whitespace().collect();
    let perms = Permutations::new(&items).expect("any list of items models");
    assert_eq!(perms.positions().len(), items.len());
    assert_eq!(perms.multiplicity().iter().sum::<usize>(), items.len());
    if items.len() > 6 {
        return;
    }
    let mut search = Solver::new(perms.model())
        .strategy(perms.suggested_strategy())
        .search();
    let mut seen = std::collections::HashSet::new();
    let mut sorted_items = items.clone();
    sorted_items.sort_unstable();
    while let Some(values) = search.next_values() {
        let mut used: Vec<&str> = values
            .iter()
            .map(|&v| perms.distinct()[v as usize].as_str())
            .collect();
        assert!(seen.insert(values.to_vec()), "a permutation twice");
        used.sort_unstable();
        assert_eq!(used, sorted_items, "not a rearrangement");
    }
    let factorial = |n: usize| (1..=n as u64).product::<u64>();
    let want = perms
        .multiplicity()
        .iter()
        .fold(factorial(items.len()), |n, &m| n / factorial(m));
    assert_eq!(seen.len() as u64, want);
}

/// Latin square orders (a number; the first byte's parity asks for reduced
/// squares): what parses as a small order models, and a bounded search
/// finds only squares with each symbol once per row and column.
pub fn latin_order(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let Ok(n) = text.trim().parse::<usize>() else {
        return;
    };
    if n > 12 {
        return; // the command line accepts 1 to 32; bigger models take long to build
    }
    let square = LatinSquare::new(n, flags % 2 == 1).expect("a small order models");
    let mut search = Solver::new(square.model())
        .strategy(Strategy::ForwardChecking)
        .limits(bounded(3))
        .search();
    while let Some(values) = search.next_values() {
        assert_eq!(values.len(), n * n);
        let want: Vec<i32> = (1..=n as i32).collect();
        for k in 0..n {
            let mut row: Vec<i32> = values[k * n..(k + 1) * n].to_vec();
            let mut col: Vec<i32> = (0..n).map(|r| values[r * n + k]).collect();
            row.sort_unstable();
            col.sort_unstable();
            assert_eq!((&row, &col), (&want, &want), "not a Latin square");
        }
        assert_eq!(square.render(values).lines().count(), n);
    }
    assert_finished(search.outcome().status);
}

/// `--restarts` specs: what parses renders back to itself; its cutoffs
/// are at least 1, and a geometric one's never shrink.
pub fn restarts(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let spec = match text.parse::<Restarts>() {
        Ok(spec) => spec,
        Err(e) => return assert_one_line_quoting(&e, &text),
    };
    assert_eq!(spec.to_string().parse::<Restarts>(), Ok(spec));
    let mut last = 1;
    for i in (1..64).chain([1_000, 1_000_000, 1 << 40]) {
        let cutoff = spec.cutoff(i);
        assert!(cutoff >= 1, "{spec}: cutoff {i} is 0");
        if let Restarts::Geometric { .. } = spec {
            assert!(cutoff >= last, "{spec}: cutoff {i} is {cutoff} < {last}");
        }
        last = cutoff;
    }
}

/// `--time-limit` durations: what parses is a finite, non-negative
/// duration; what does not has a one-line message.
pub fn duration(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match csp_front::cli::parse_duration(&text) {
        Ok(d) => assert!(d.as_secs_f64().is_finite()),
        Err(e) => assert_one_line_quoting(&e, &text),
    }
}

/// `nqueens` board sizes (`8`, `5x3`, or two numbers `5 3`): each word
/// parses or says why not; a board made of them renders as `RxC`, which
/// parses back to the same board.
pub fn board_size(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut parts = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match parse_size_part(word) {
            Ok(part) => parts.push(part),
            Err(e) => return assert_one_line(&e),
        }
    }
    let board = match board_from_parts(&parts) {
        Ok(board) => board,
        Err(e) => return assert_one_line(&e),
    };
    let shown = format!("{}x{}", board.rows(), board.cols());
    assert_eq!(
        parse_size_part(&shown),
        Ok(SizePart::Rect(board.rows(), board.cols()))
    );
    let again = board_from_parts(&[SizePart::Rect(board.rows(), board.cols())]).unwrap();
    assert_eq!((again.rows(), again.cols()), (board.rows(), board.cols()));
}

/// `nqueens --part I/K`: what parses renders back to itself with `I < K`.
pub fn part_spec(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let part = match text.parse::<Part>() {
        Ok(part) => part,
        Err(e) => return assert_one_line_quoting(&e, &text),
    };
    assert!(part.index() < part.parts());
    assert_eq!(part.to_string().parse::<Part>(), Ok(part));
}

/// `nqueens merge` part files: the parser (`PartResult::from_json`) takes
/// any text without panicking, explains a rejection on one line, and what
/// it accepts is written back as JSON that reads back the same.
pub fn part_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let result = match PartResult::from_json(&text) {
        Ok(result) => result,
        Err(e) => return assert_one_line(&e),
    };
    let written = result.to_json();
    assert_eq!(PartResult::from_json(&written).as_ref(), Ok(&result));
}

/// FlatZinc files (`fzn-csp`): the reader takes any text without panicking
/// and refuses it with one line that names a line of the file; what it
/// accepts builds an engine model, and every solution a bounded search
/// finds satisfies every constraint's FlatZinc semantics.
pub fn flatzinc(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let lines = text.lines().count().max(1);
    let refused = |e: csp_fzn::FznError| {
        assert_one_line(&e);
        assert!(e.line <= lines + 1, "line {} of {lines}: {e}", e.line);
    };
    let inst = match csp_fzn::parse(&text).and_then(|f| csp_fzn::resolve(&f)) {
        Ok(inst) => inst,
        Err(e) => return refused(e),
    };
    let plan = csp_fzn::branching::plan(&inst.search, false);
    let built = match csp_fzn::build(&inst, &plan.first) {
        Ok(built) => built,
        Err(e) => return refused(e),
    };
    if built.failed {
        return;
    }
    let solver = plan
        .branching(&built.model, &built.vars)
        .apply(Solver::new(&built.model))
        .strategy(Strategy::ArcConsistency)
        .limits(bounded(5));
    let mut search = solver.search();
    while let Some(values) = search.next_values() {
        let value = |t: csp_fzn::Term| match t {
            csp_fzn::Term::Const(c) => c,
            csp_fzn::Term::Var(x) => values[built.vars[x].index()] as i64,
        };
        assert_eq!(csp_fzn::output::violated(&inst, &value), None, "{text}");
    }
    assert_finished(search.outcome().status);
}
