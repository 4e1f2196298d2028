//! Property tests: every approach returns legal boards and they all agree;
//! the argument parser never panics.

mod common;

use csp::{ValueOrder, VarOrder};
use nqueens::approach::{Approach, Goal, Plan};
use nqueens::board::Board;
use nqueens::placement::Placement;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The approaches that enumerate every solution.
const ENUMERATING: [Approach; 6] = [
    Approach::GenerateAndTest,
    Approach::Product,
    Approach::Backtracking,
    Approach::ThreeSets,
    Approach::ForwardChecking,
    Approach::ArcConsistency,
];

fn solution_set(plan: &Plan, board: Board) -> BTreeSet<Placement> {
    let all = plan.solutions(board).unwrap();
    let set: BTreeSet<Placement> = all.iter().cloned().collect();
    assert_eq!(
        set.len(),
        all.len(),
        "{} repeated a solution",
        plan.approach
    );
    for p in &all {
        assert!(
            p.is_legal(),
            "{} returned an illegal board {p:?}",
            plan.approach
        );
        assert_eq!((p.rows(), p.cols()), (board.rows(), board.cols()));
    }
    set
}

/// Every approach on `board`, checked against forward checking's set.
fn check_agreement(board: Board, var_order: VarOrder, value_order: ValueOrder, seed: u64) {
    let expected = solution_set(&Plan::new(Approach::ForwardChecking, Goal::All), board);
    for approach in ENUMERATING {
        let plan = Plan {
            var_order,
            value_order,
            seed,
            ..Plan::new(approach, Goal::All)
        };
        assert_eq!(
            solution_set(&plan, board),
            expected,
            "{approach} on {board}"
        );
    }
    // The counters agree on the number (counting all 4.4 billion
    // combinations of 8 x 8 takes too long for a test; its first solution
    // is checked below).
    if board.rows() * board.cols() <= 49 {
        let combinations = Plan::new(Approach::Combinations, Goal::Count)
            .count(board)
            .unwrap();
        assert_eq!(
            combinations.solutions,
            expected.len() as u64,
            "combinations"
        );
    }
    if board.is_square() {
        let reference = Plan::new(Approach::Reference, Goal::Count)
            .count(board)
            .unwrap();
        assert_eq!(reference.solutions, expected.len() as u64, "reference");
    }
    // The single-solution approaches find members of the set.
    for approach in [Approach::Greedy, Approach::Combinations] {
        for p in solution_set(&Plan::new(approach, Goal::First), board) {
            assert!(expected.contains(&p), "{approach} found {p:?}");
        }
    }
    let local = Plan {
        seed,
        ..Plan::new(Approach::MinConflicts, Goal::First)
    };
    let local = Plan {
        limits: csp::Limits {
            nodes: Some(20_000),
            ..Default::default()
        },
        ..local
    };
    for p in solution_set(&local, board) {
        assert!(expected.contains(&p), "min-conflicts found {p:?}");
    }
}

fn var_orders() -> impl Strategy<Value = VarOrder> {
    prop::sample::select(VarOrder::ALL.to_vec())
}

fn value_orders() -> impl Strategy<Value = ValueOrder> {
    prop::sample::select(ValueOrder::ALL.to_vec())
}

#[test]
fn all_approaches_agree_on_every_square_board_up_to_8() {
    for n in 1..=8 {
        check_agreement(
            Board::square(n).unwrap(),
            VarOrder::Input,
            ValueOrder::Ascending,
            0,
        );
    }
}

proptest! {
    #![proptest_config(common::config(48))]

    #[test]
    fn all_approaches_agree_on_random_small_boards(
        rows in 1usize..=6,
        cols in 1usize..=6,
        var_order in var_orders(),
        value_order in value_orders(),
        seed in any::<u64>(),
    ) {
        check_agreement(Board::new(rows, cols).unwrap(), var_order, value_order, seed);
    }

    #[test]
    fn unique_solutions_are_canonical_and_cover_every_solution(
        rows in 1usize..=7,
        cols in 1usize..=7,
        var_order in var_orders(),
    ) {
        let board = Board::new(rows, cols).unwrap();
        let all = solution_set(&Plan::new(Approach::ForwardChecking, Goal::All), board);
        let plan = Plan { unique: true, var_order, ..Plan::new(Approach::ArcConsistency, Goal::All) };
        let fundamental = solution_set(&plan, board);
        let covered: BTreeSet<Placement> = fundamental
            .iter()
            .flat_map(nqueens::symmetry::images)
            .collect();
        prop_assert_eq!(covered, all);
    }

    #[test]
    fn parser_never_panics_on_random_arguments(
        args in prop::collection::vec(
            prop_oneof![
                "[ -~]{0,12}",
                prop::sample::select(vec![
                    "8", "4x5", "2", "3", "-1", "0", "--count", "--first", "--unique",
                    "--limit", "--format", "svg", "json", "--out", "--strategy", "greedy",
                    "reference", "combinations", "--trace", "--force", "--trace-format",
                    "--var-order", "dom-wdeg", "--value-order", "random", "--seed",
                    "--restarts", "luby", "--node-limit", "--time-limit", "1.5s", "--stats",
                    "--", "-h", "99999999999999999999",
                ]).prop_map(String::from),
            ],
            0..7,
        )
    ) {
        let argv = std::iter::once("nqueens".to_string()).chain(args);
        match nqueens::cli::parse(argv) {
            Ok(cli) => {
                // Resolution either succeeds or gives a one-line usage error.
                if let Err(e) = cli.solve.resolve() {
                    prop_assert_eq!(e.exit_code(), 2);
                    prop_assert!(!e.to_string().contains('\n'), "{}", e);
                }
            }
            Err(nqueens::cli::CliError::Help(text)) => prop_assert!(!text.is_empty()),
            Err(e) => {
                prop_assert_eq!(e.exit_code(), 2);
                prop_assert!(!e.to_string().contains('\n'), "{}", e);
            }
        }
    }
}
