//! Every output format reads back to the placement it was made from, on
//! every board shape (tall boards are modelled on their transpose, so a
//! format that printed the model's values would repeat or garble them).

mod common;

use csp::ValueOrder;
use nqueens::approach::{Approach, Goal, Plan};
use nqueens::board::Board;
use nqueens::cli::output::Printer;
use nqueens::placement::Placement;
use nqueens::render::Format;
use nqueens::trace::{board_trace, TraceFormat};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// The plan every listing and trace here runs: forward checking, the
/// first `limit` solutions in the given value order.
fn plan(limit: Option<u64>, value_order: ValueOrder, seed: u64) -> Plan {
    let mut plan = Plan {
        value_order,
        seed,
        ..Plan::new(Approach::ForwardChecking, Goal::All)
    };
    plan.limits.solutions = limit;
    plan
}

/// The listing `format` gives of the solutions `plan` finds on `board`,
/// and the solutions.
fn listing(plan: &Plan, board: Board, format: Format) -> (String, Vec<Placement>) {
    let mut printer = Printer::new(Vec::new(), format);
    let mut solutions = Vec::new();
    let report = plan
        .for_each(board, |found| {
            solutions.push(found.placement());
            printer.solution(&found).unwrap();
            ControlFlow::Continue(())
        })
        .unwrap();
    let (bytes, _) = printer.finish(&report, plan).unwrap();
    (String::from_utf8(bytes).unwrap(), solutions)
}

/// The trace of the search of `board` in `format`.
fn trace(plan: &Plan, board: Board, format: TraceFormat) -> String {
    let trace = board_trace(board, format, Vec::new());
    let (_, trace) = plan
        .run(board, trace, |_| ControlFlow::Continue(()))
        .unwrap();
    String::from_utf8(trace.finish().unwrap()).unwrap()
}

/// `[1, -, 0]`: a queen in the given column of each row, none for `-`.
fn from_columns(text: &str, cols: usize) -> Placement {
    let inner = text
        .trim()
        .strip_prefix('[')
        .unwrap()
        .strip_suffix(']')
        .unwrap();
    let cells: Vec<&str> = if inner.is_empty() {
        Vec::new()
    } else {
        inner.split(", ").collect()
    };
    let queens = cells
        .iter()
        .enumerate()
        .filter(|(_, cell)| **cell != "-")
        .map(|(row, cell)| (row, cell.parse().unwrap()))
        .collect();
    Placement::new(cells.len(), cols, queens).unwrap()
}

/// `[[0, 1], [1, 3]]` (also a JSON array of pairs).
fn from_pairs(value: &Value, rows: usize, cols: usize) -> Placement {
    let queens = value
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            let pair = pair.as_array().unwrap();
            assert_eq!(pair.len(), 2);
            (
                pair[0].as_u64().unwrap() as usize,
                pair[1].as_u64().unwrap() as usize,
            )
        })
        .collect();
    Placement::new(rows, cols, queens).unwrap()
}

/// A JSON `columns` array: a column or `null` per row.
fn from_json_columns(value: &Value, cols: usize) -> Placement {
    let cells = value.as_array().unwrap();
    let queens = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_null())
        .map(|(row, c)| (row, c.as_u64().unwrap() as usize))
        .collect();
    Placement::new(cells.len(), cols, queens).unwrap()
}

/// Boards drawn as text: `solution k:` then one line per row.
fn from_grids(text: &str, queen: &str, board: Board) -> Vec<Placement> {
    let mut lines = text.lines();
    let mut found = Vec::new();
    while let Some(line) = lines.next() {
        if !line.starts_with("solution ") {
            continue;
        }
        let mut queens = Vec::new();
        for row in 0..board.rows() {
            let squares: Vec<&str> = lines.next().unwrap().split(' ').collect();
            assert_eq!(squares.len(), board.cols(), "{line}");
            queens.extend(
                (0..board.cols())
                    .filter(|&c| squares[c] == queen)
                    .map(|c| (row, c)),
            );
        }
        found.push(Placement::new(board.rows(), board.cols(), queens).unwrap());
    }
    found
}

/// The two numbers of `translate(x y)` at the start of a transform.
fn translation(transform: &str) -> (u32, u32) {
    let inner = transform
        .strip_prefix("translate(")
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    let (x, y) = inner.split_once(' ').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

/// The boards of an SVG sheet: each board group holds its queen groups,
/// translated by whole squares.
fn from_sheet(text: &str, board: Board) -> Vec<Placement> {
    let doc = roxmltree::Document::parse(text).unwrap();
    let side = 24;
    doc.root_element()
        .children()
        .filter(|n| n.has_tag_name("g"))
        .map(|g| {
            let queens = g
                .children()
                .filter(|n| n.attribute("class") == Some("queen"))
                .map(|q| {
                    let (x, y) = translation(q.attribute("transform").unwrap());
                    assert_eq!((x % side, y % side), (0, 0));
                    ((y / side) as usize, (x / side) as usize)
                })
                .collect();
            Placement::new(board.rows(), board.cols(), queens).unwrap()
        })
        .collect()
}

/// Decodes the listing of `format` back into placements.
fn decode(format: Format, text: &str, board: Board) -> Vec<Placement> {
    let solution_lines = || text.lines().filter(|l| l.starts_with('['));
    match format {
        Format::Columns => solution_lines()
            .map(|l| from_columns(l, board.cols()))
            .collect(),
        Format::Coords => solution_lines()
            .map(|l| {
                from_pairs(
                    &serde_json::from_str(l).unwrap(),
                    board.rows(),
                    board.cols(),
                )
            })
            .collect(),
        Format::Board => from_grids(text, "Q", board),
        Format::Unicode => from_grids(text, "♛", board),
        Format::Json => text
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|v| v.get("summary").is_none())
            .map(|v| {
                let (rows, cols) = (v["rows"].as_u64().unwrap(), v["cols"].as_u64().unwrap());
                assert_eq!((rows as usize, cols as usize), (board.rows(), board.cols()));
                let p = from_pairs(&v["queens"], board.rows(), board.cols());
                assert_eq!(from_json_columns(&v["columns"], board.cols()), p, "{v}");
                p
            })
            .collect(),
        Format::Svg => from_sheet(text, board),
    }
}

/// Checks that `decoded` is `solutions`, in order, all legal and distinct.
fn check(what: &str, board: Board, decoded: &[Placement], solutions: &[Placement]) {
    assert_eq!(decoded, solutions, "{what} on {board}");
    let distinct: BTreeSet<&Placement> = decoded.iter().collect();
    assert_eq!(
        distinct.len(),
        decoded.len(),
        "{what} repeats a board on {board}"
    );
    assert!(decoded.iter().all(Placement::is_legal), "{what} on {board}");
}

fn check_board(plan: &Plan, board: Board) {
    let mut solutions = Vec::new();
    for format in Format::ALL {
        let (text, found) = listing(plan, board, format);
        check(format.name(), board, &decode(format, &text, board), &found);
        solutions = found;
    }
    let text = trace(plan, board, TraceFormat::Text);
    let decoded: Vec<Placement> = text
        .lines()
        .filter_map(|l| l.strip_prefix("solution "))
        .map(|l| from_columns(l.split_once(": ").unwrap().1, board.cols()))
        .collect();
    check("the text trace", board, &decoded, &solutions);
    let text = trace(plan, board, TraceFormat::Json);
    let decoded: Vec<Placement> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["event"] == "solution")
        .map(|v| {
            let p = from_pairs(&v["queens"], board.rows(), board.cols());
            assert_eq!(from_json_columns(&v["columns"], board.cols()), p, "{v}");
            p
        })
        .collect();
    check("the JSON trace", board, &decoded, &solutions);
}

#[test]
fn the_5x3_board_lists_fourteen_different_solutions() {
    let board = Board::new(5, 3).unwrap();
    let every = plan(None, ValueOrder::Ascending, 0);
    let (text, _) = listing(&every, board, Format::Columns);
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(lines.len(), 14);
    let distinct: BTreeSet<&&str> = lines.iter().collect();
    assert_eq!(distinct.len(), 14, "{text}");
    assert!(lines.contains(&"[0, -, 1, -, 2]"), "{text}");
}

#[test]
fn every_format_reads_back_every_solution_of_every_small_board() {
    let every = plan(None, ValueOrder::Ascending, 0);
    for rows in 1..=7 {
        for cols in 1..=7 {
            check_board(&every, Board::new(rows, cols).unwrap());
        }
    }
}

proptest! {
    #![proptest_config(common::config(48))]

    #[test]
    fn every_format_reads_back_on_random_boards(
        rows in 1usize..=12,
        cols in 1usize..=12,
        value_order in prop::sample::select(ValueOrder::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        // The first few solutions in a random value order: large boards
        // have too many to list, and other orders reach other solutions.
        check_board(&plan(Some(12), value_order, seed), Board::new(rows, cols).unwrap());
    }
}
