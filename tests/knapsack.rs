//! Runs `examples/knapsack.rs`: its optimum against enumeration of every
//! subset, its improving lines, its statuses and its errors.

mod common;
use common::{data, example};
use csp_workspace::knapsack::Knapsack;

/// The best value by trying every subset of the items.
fn brute_force(k: &Knapsack) -> i64 {
    let n = k.items.len();
    (0u64..1 << n)
        .filter_map(|s| {
            let pick = |f: fn(&(i64, i64)) -> i64| -> i64 {
                (0..n)
                    .filter(|i| s >> i & 1 == 1)
                    .map(|i| f(&k.items[i]))
                    .sum()
            };
            (pick(|i| i.0) <= k.capacity).then(|| pick(|i| i.1))
        })
        .max()
        .unwrap()
}

/// A file with `text` in the temporary directory, named for this test run.
fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let file = std::env::temp_dir().join(format!("knapsack-{}-{name}.txt", std::process::id()));
    std::fs::write(&file, text).unwrap();
    file
}

fn lines_of(args: &[&str]) -> Vec<String> {
    let out = example("knapsack").args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The value at the end of an `items ...: weight W, value V` line.
fn value(line: &str) -> i64 {
    line.rsplit("value ").next().unwrap().parse().unwrap()
}

#[test]
fn prints_improving_selections_then_the_proven_optimum() {
    let path = data("knapsack.txt");
    let k: Knapsack = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    for strategy in ["backtracking", "forward-checking", "arc-consistency"] {
        let lines = lines_of(&[path.to_str().unwrap(), "--strategy", strategy]);
        let (status, found) = lines.split_last().unwrap();
        assert_eq!(status, "optimal", "{strategy}");
        let values: Vec<i64> = found.iter().map(|l| value(l)).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
        assert_eq!(*values.last().unwrap(), brute_force(&k), "{strategy}");
    }
}

#[test]
fn a_limit_reports_the_best_found_before_it() {
    let path = data("knapsack.txt");
    let lines = lines_of(&[path.to_str().unwrap(), "--node-limit", "15"]);
    assert_eq!(lines.last().unwrap(), "best found before the node limit");
    assert!(lines.len() >= 2);
}

#[test]
fn nothing_fits_is_no_solution_and_an_empty_knapsack_is_optimal() {
    let file = scratch("empty", "capacity 0\n");
    let lines = lines_of(&[file.to_str().unwrap()]);
    assert_eq!(lines, ["items : weight 0, value 0", "optimal"]);
}

#[test]
fn bad_input_is_one_line_and_a_failure() {
    let file = scratch("bad", "capacity 5\nitem 1\n");
    let out = example("knapsack").arg(&file).assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 2"), "{err}");
    example("knapsack").arg("/no/such/file").assert().code(2);
}
