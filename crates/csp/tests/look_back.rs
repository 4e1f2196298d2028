//! The look-back strategies (conflict-directed backjumping, nogood
//! learning) on known cases: the same solutions as backtracking, never
//! more nodes with the same static orders, and jumps that the trace and
//! the replay show.

mod common;

use common::queens;
use csp::replay::{record, CellState, Event, Replay};
use csp::{Solver, Strategy, Tracer, ValueOrder, VarOrder};

const LOOK_BACK: [Strategy; 2] = [Strategy::Backjumping, Strategy::NogoodLearning];

/// Orders under which a node's variable and values depend on its path
/// only (dom/wdeg's weights and the random order's generator depend on
/// the history), so that a look-back tree is a subtree of backtracking's.
fn static_orders() -> impl Iterator<Item = (VarOrder, ValueOrder)> {
    let vars = [VarOrder::Input, VarOrder::SmallestDomain, VarOrder::DomDeg];
    let values = [
        ValueOrder::Ascending,
        ValueOrder::Descending,
        ValueOrder::MiddleOut,
        ValueOrder::LeastConstraining,
    ];
    vars.into_iter()
        .flat_map(move |v| values.into_iter().map(move |u| (v, u)))
}

#[test]
fn queens_counts_agree_with_backtracking_in_fewer_or_equal_nodes() {
    for n in 1..=9 {
        let (model, _) = queens(n);
        for (var_order, value_order) in static_orders() {
            let solver = |s| {
                Solver::new(&model)
                    .strategy(s)
                    .var_order(var_order)
                    .value_order(value_order)
            };
            let bt = solver(Strategy::Backtracking).count();
            for strategy in LOOK_BACK {
                let lb = solver(strategy).count();
                let what = format!("n = {n} {strategy} {var_order} {value_order}");
                assert_eq!(lb.solutions(), bt.solutions(), "{what}");
                assert!(lb.status.is_complete(), "{what}");
                assert!(
                    lb.stats.nodes <= bt.stats.nodes,
                    "{what}: {} > {}",
                    lb.stats.nodes,
                    bt.stats.nodes
                );
            }
        }
    }
}

#[test]
fn eight_queens_first_solution_jumps_back_over_levels() {
    let (model, _) = queens(8);
    let bt = Solver::new(&model).strategy(Strategy::Backtracking).first();
    for strategy in LOOK_BACK {
        let solver = Solver::new(&model).strategy(strategy);
        let (first, outcome) = solver.first();
        // The same first solution: the jumps skip only subtrees without one.
        assert_eq!(
            first.as_ref().map(|s| s.values()),
            bt.0.as_ref().map(|s| s.values())
        );
        eprintln!("{strategy}: {:?} vs bt {}", outcome.stats, bt.1.stats.nodes);
        assert!(outcome.stats.backjumps > 0, "{strategy}");
        assert!(outcome.stats.nodes < bt.1.stats.nodes, "{strategy}");
    }
}

#[test]
fn the_trace_shows_the_backjumps_and_the_nogoods() {
    let (model, _) = queens(8);
    let mut search = Solver::new(&model)
        .strategy(Strategy::NogoodLearning)
        .search_with(Tracer::new(Vec::new()));
    let first = search.next().expect("8 queens has a solution");
    let stats = search.outcome().stats;
    let text = String::from_utf8(search.into_observer().finish().unwrap()).unwrap();
    let jumps: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("backjump "))
        .collect();
    assert_eq!(jumps.len() as u64, stats.backjumps);
    // `backjump F -> T (skips F - T - 1)`, each skipping at least one level.
    for line in &jumps {
        let words: Vec<&str> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty())
            .collect();
        let [from, to, skips] = [0, 1, 2].map(|i| words[i].parse::<usize>().unwrap());
        assert!(skips >= 1 && from - to - 1 == skips, "{line}");
    }
    let learned = text
        .lines()
        .filter(|l| l.starts_with("learn nogood [x"))
        .count();
    assert_eq!(learned as u64, stats.nogoods);
    assert!(model.is_solution(first.values()));
}

/// Every assignment of the model's declared domains that it accepts.
fn all_solutions(model: &csp::Model) -> Vec<Vec<i32>> {
    let domains: Vec<Vec<i32>> = model
        .vars()
        .map(|x| model.domain(x).values().collect())
        .collect();
    let mut out = Vec::new();
    csp::each_combination(&domains, |values| {
        if model.is_solution(values) {
            out.push(values.to_vec());
        }
    });
    out
}

#[test]
fn the_replay_shows_each_backjump_and_each_learned_nogood_is_implied() {
    let mut jumps = 0;
    // All solutions of small boards, and the first of 8 queens.
    for (n, first) in [(5, false), (6, false), (7, false), (8, true)] {
        let (model, _) = queens(n);
        let solutions = all_solutions(&model);
        let limits = csp::Limits {
            solutions: first.then_some(1),
            ..csp::Limits::default()
        };
        let solver = Solver::new(&model)
            .strategy(Strategy::NogoodLearning)
            .limits(limits);
        let (recording, outcome) = record(&solver, 100_000);
        assert!(recording.truncation().is_none());
        let mut replay = Replay::new(&recording, model.num_vars());
        while let Some(event) = replay.step() {
            match event {
                Event::Learn { first, len } => {
                    let nogood = recording.nogood(first, len);
                    assert!(!nogood.is_empty() && nogood.len() <= csp::MAX_NOGOOD_SIZE);
                    // Implied by the model: no solution has all its assignments.
                    assert!(
                        !solutions
                            .iter()
                            .any(|s| nogood.iter().all(|&(x, v)| s[x as usize] == v)),
                        "n = {n}: nogood {nogood:?} holds in a solution"
                    );
                }
                Event::Backjump { from, to } => {
                    jumps += 1;
                    assert!(from >= to + 2);
                    // The skipped levels show their values as skipped.
                    let skipped = (0..n as u32)
                        .flat_map(|x| (0..n as i32).map(move |v| (x, v)))
                        .filter(|&(x, v)| replay.cell(x, v) == CellState::Skipped)
                        .count();
                    assert_eq!(skipped as u32, from - to - 1, "n = {n}");
                }
                _ => {}
            }
        }
        let end = replay.counters();
        assert_eq!(
            (end.backjumps, end.nogoods),
            (outcome.stats.backjumps, outcome.stats.nogoods)
        );
        assert_eq!(end.solutions, outcome.stats.solutions);
        if !first {
            assert_eq!(end.solutions, solutions.len() as u64);
        }
    }
    assert!(jumps > 0, "no backjump");
}

#[test]
fn restarts_keep_the_answers() {
    use csp::Restarts;
    let (model, _) = queens(7);
    for strategy in LOOK_BACK {
        let solver = Solver::new(&model)
            .strategy(strategy)
            .var_order(VarOrder::DomWDeg)
            .restarts(Restarts::luby(2).unwrap());
        let (first, outcome) = solver.first();
        assert!(model.is_solution(first.unwrap().values()));
        assert!(
            outcome.stats.restarts > 0,
            "{strategy}: {:?}",
            outcome.stats
        );
        assert_eq!(solver.count().solutions(), 40, "{strategy}");
    }
}

#[test]
fn a_partition_of_the_search_counts_the_same() {
    // Parts reuse one search with other assumptions: nogoods of one part
    // must not leak into the next.
    let (model, _) = queens(7);
    for strategy in LOOK_BACK {
        let solver = Solver::new(&model).strategy(strategy);
        let partition = csp::Partition::new(&model, 5).unwrap();
        let total: u64 = (0..5)
            .map(|i| partition.count(&solver, i).unwrap().solutions())
            .sum();
        assert_eq!(total, 40, "{strategy}");
    }
}
