//! Runs `examples/cryptarithm.rs` and checks its answers against brute force.

mod common;
use common::{example, stdout_of};
use predicates::prelude::*;
use std::collections::BTreeSet;

/// Every solution of `WORD+WORD=WORD` (upper case, no spaces) by trying
/// every assignment of distinct digits to the letters.
fn brute_force(expr: &str) -> BTreeSet<String> {
    let mut letters: Vec<char> = Vec::new();
    for c in expr.chars().filter(char::is_ascii_uppercase) {
        if !letters.contains(&c) {
            letters.push(c);
        }
    }
    let (lhs, result) = expr.split_once('=').unwrap();
    let addends: Vec<&str> = lhs.split('+').collect();
    let mut found = BTreeSet::new();
    let mut digits = vec![0u32; letters.len()];
    fn go(
        i: usize,
        used: u32,
        d: &mut Vec<u32>,
        ctx: &(&[char], &[&str], &str, &str),
        out: &mut BTreeSet<String>,
    ) {
        let (letters, addends, result, expr) = *ctx;
        if i == d.len() {
            let value = |w: &str| -> Option<u64> {
                let ds: Vec<u32> = w
                    .chars()
                    .map(|c| d[letters.iter().position(|&l| l == c).unwrap()])
                    .collect();
                (ds.len() == 1 || ds[0] != 0).then(|| ds.iter().fold(0, |a, &x| a * 10 + x as u64))
            };
            let sum: Option<u64> = addends.iter().map(|w| value(w)).sum();
            if sum.is_some() && sum == value(result) {
                out.insert(
                    expr.chars()
                        .map(|c| match letters.iter().position(|&l| l == c) {
                            Some(i) => char::from_digit(d[i], 10).unwrap(),
                            None => c,
                        })
                        .collect(),
                );
            }
            return;
        }
        for v in 0..10 {
            if used & (1 << v) == 0 {
                d[i] = v;
                go(i + 1, used | (1 << v), d, ctx, out);
            }
        }
    }
    go(
        0,
        0,
        &mut digits,
        &(&letters, &addends, result, expr),
        &mut found,
    );
    found
}

/// The solution lines and the count line of a run.
fn run(args: &[&str]) -> (BTreeSet<String>, String) {
    let out = stdout_of(example("cryptarithm").args(args));
    let mut lines: Vec<String> = out.lines().map(String::from).collect();
    let count = lines.pop().unwrap();
    let set: BTreeSet<String> = lines.iter().cloned().collect();
    assert_eq!(set.len(), lines.len(), "no solution twice");
    (set, count)
}

#[test]
fn send_more_money_has_its_one_solution() {
    let want = "9567+1085=10652\n1 solution\n";
    assert_eq!(stdout_of(&mut example("cryptarithm")), want);
    assert_eq!(
        stdout_of(example("cryptarithm").arg("SEND+MORE=MONEY")),
        want
    );
    // Several arguments are one expression; case and spaces do not matter.
    assert_eq!(
        stdout_of(example("cryptarithm").args(["send", "+", "more", "=", "money"])),
        want
    );
    assert_eq!(
        brute_force("SEND+MORE=MONEY")
            .into_iter()
            .collect::<Vec<_>>(),
        ["9567+1085=10652"]
    );
}

#[test]
fn solutions_match_brute_force_under_each_strategy() {
    for expr in [
        "TO+GO=OUT",
        "ONE+ONE=TWO",
        "A+B=C",
        "AB+BA=CC",
        "I+BB=ILL",
        "AB+CD+EF=GHI",
    ] {
        let want = brute_force(expr);
        for strategy in ["backtracking", "forward-checking", "arc-consistency"] {
            let (got, count) = run(&["--strategy", strategy, expr]);
            assert_eq!(got, want, "{expr} with {strategy}");
            let noun = if want.len() == 1 {
                "solution"
            } else {
                "solutions"
            };
            assert_eq!(count, format!("{} {noun}", want.len()));
        }
        let n = stdout_of(example("cryptarithm").args(["--count", expr]));
        let want = csp_workspace::cli::counted(want.len() as u64, "solution");
        assert_eq!(n.trim(), want, "{expr}");
    }
}

#[test]
fn many_addends_work() {
    let expr = "SO+MANY+MORE+MEN+SEEM+TO+SAY+THAT+THEY+MAY+SOON+TRY+TO+STAY+AT+HOME+SO+AS+TO+SEE+OR+HEAR+THE+SAME+ONE+MAN+TRY+TO+MEET+THE+TEAM+ON+THE+MOON+AS+HE+HAS+AT+THE+OTHER+TEN=TESTS";
    let (got, count) = run(&[expr]);
    assert_eq!(count, "1 solution");
    let line = got.into_iter().next().unwrap();
    // Check the arithmetic of the printed answer directly.
    let (lhs, rhs) = line.split_once('=').unwrap();
    let sum: u64 = lhs.split('+').map(|n| n.parse::<u64>().unwrap()).sum();
    assert_eq!(sum, rhs.parse::<u64>().unwrap());
    assert_eq!(line.len(), expr.len());
}

#[test]
fn bad_expressions_exit_2_with_a_clear_message() {
    for (expr, message) in [
        ("SEND+=MONEY", "expected a word at position 6, found '='"),
        (
            "SEND+MORE",
            "expected '+' or '=' at position 10, found end of input",
        ),
        ("SEND-MORE=MONEY", "bad character '-' at position 5"),
        (
            "ABCDE+FGHIJ=KL",
            "12 different letters, but there are only 10 digits",
        ),
    ] {
        example("cryptarithm")
            .arg(expr)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(format!(
                "cryptarithm: error: bad expression '{expr}': {message}"
            )))
            .stderr(predicate::str::contains("\n").count(1));
    }
    // A line break in the argument stays inside the one error line.
    example("cryptarithm")
        .arg("A+B\n=C+")
        .assert()
        .code(2)
        .stderr("cryptarithm: error: bad expression 'A+B\\n=C+': expected end of input at position 7, found '+'\n");
    example("cryptarithm")
        .args(["--strategy", "nope"])
        .assert()
        .code(2);
}

#[test]
fn stats_go_to_stderr() {
    example("cryptarithm")
        .args(["--stats", "TO+GO=OUT"])
        .assert()
        .success()
        .stderr(predicate::str::contains("nodes"));
}
