//! The gallery's idiomatic models give the brute-force counts at small
//! sizes (each brute force written independently of the engine), and the
//! literature's counts beyond, under the solver's default and under the
//! textbook forward checking alike.

use csp::{Solver, Strategy};
use csp_workspace::gallery;

/// Every permutation of `0..n`, by Heap's algorithm.
fn permutations(n: usize) -> Vec<Vec<i64>> {
    fn heap(k: usize, a: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
        if k <= 1 {
            out.push(a.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, a, out);
            let j = if k & 1 == 0 { i } else { 0 };
            a.swap(j, k - 1);
        }
    }
    let mut out = Vec::new();
    heap(n, &mut (0..n as i64).collect(), &mut out);
    out
}

fn distinct(v: impl IntoIterator<Item = i64>) -> bool {
    let mut v: Vec<i64> = v.into_iter().collect();
    let n = v.len();
    v.sort();
    v.dedup();
    v.len() == n
}

fn count(model: &csp::Model) -> u64 {
    let default = Solver::new(model).count().solutions();
    let textbook = Solver::new(model)
        .strategy(Strategy::ForwardChecking)
        .count();
    assert_eq!(textbook.solutions(), default);
    default
}

#[test]
fn costas_arrays_match_brute_force_and_the_literature() {
    for n in 1..=7 {
        let brute = permutations(n)
            .iter()
            .filter(|p| (1..n).all(|d| distinct((0..n - d).map(|i| p[i + d] - p[i]))))
            .count() as u64;
        assert_eq!(count(&gallery::costas(n).unwrap()), brute, "n = {n}");
    }
    assert_eq!(
        Solver::new(&gallery::costas(8).unwrap())
            .count()
            .solutions(),
        444
    );
}

#[test]
fn toroidal_queens_match_brute_force() {
    for n in 1..=8 {
        let brute = permutations(n)
            .iter()
            .filter(|q| {
                let wrap = |s: i64| (0..n).map(move |i| (q[i] + s * i as i64).rem_euclid(n as i64));
                distinct(wrap(1)) && distinct(wrap(-1))
            })
            .count() as u64;
        assert_eq!(
            count(&gallery::toroidal_queens(n).unwrap()),
            brute,
            "n = {n}"
        );
    }
}

#[test]
fn magic_squares_of_order_3_match_brute_force() {
    let brute = permutations(9)
        .iter()
        .filter(|p| {
            let c = |r: usize, k: usize| p[r * 3 + k] + 1;
            let lines =
                (0..3).flat_map(|k| [[c(k, 0), c(k, 1), c(k, 2)], [c(0, k), c(1, k), c(2, k)]]);
            lines
                .chain([[c(0, 0), c(1, 1), c(2, 2)], [c(0, 2), c(1, 1), c(2, 0)]])
                .all(|l| l.iter().sum::<i64>() == 15)
        })
        .count() as u64;
    assert_eq!(brute, 8);
    assert_eq!(count(&gallery::magic_square(3).unwrap()), brute);
}

#[test]
fn langford_pairs_match_brute_force() {
    // Brute force: place 1..=n's pairs left to right in a sequence of 2n.
    fn place(seq: &mut Vec<usize>, k: usize) -> u64 {
        if k == 0 {
            return 1;
        }
        let mut total = 0;
        for i in 0..seq.len().saturating_sub(k + 1) {
            if seq[i] == 0 && seq[i + k + 1] == 0 {
                seq[i] = k;
                seq[i + k + 1] = k;
                total += place(seq, k - 1);
                seq[i] = 0;
                seq[i + k + 1] = 0;
            }
        }
        total
    }
    for n in 1..=8 {
        let brute = place(&mut vec![0; 2 * n], n);
        assert_eq!(count(&gallery::langford(n).unwrap()), brute, "n = {n}");
    }
    assert_eq!(place(&mut vec![0; 14], 7), 52); // 26 up to reversal
}

#[test]
fn reduced_latin_squares_match_the_hand_tuned_model() {
    for n in 1..=5 {
        let hand = csp_workspace::latin::LatinSquare::new(n, true).unwrap();
        let hand = Solver::new(hand.model()).count().solutions();
        assert_eq!(count(&gallery::reduced_latin(n).unwrap()), hand, "n = {n}");
    }
}

#[test]
fn golomb_rulers_match_brute_force() {
    // The shortest ruler with m marks: the least last mark of a set of
    // marks from 0 with distinct differences, by enumeration.
    fn shortest(m: usize) -> i64 {
        (1i64..)
            .find(|&len| {
                (0u32..1 << (len - 1)).any(|inner| {
                    let marks: Vec<i64> = std::iter::once(0)
                        .chain((1..len).filter(|b| inner >> (b - 1) & 1 == 1))
                        .chain([len])
                        .collect();
                    marks.len() == m
                        && distinct(
                            marks
                                .iter()
                                .enumerate()
                                .flat_map(|(j, &b)| marks[..j].iter().map(move |&a| b - a)),
                        )
                })
            })
            .unwrap()
    }
    for m in 2..=6 {
        let best = gallery::golomb_length(m, 40).unwrap();
        assert_eq!(best, Some(shortest(m)), "{m} marks");
    }
}

#[test]
fn hand_tuned_baselines_agree_with_the_idiomatic_models() {
    use csp_workspace::gallery::hand_tuned;
    for n in 1..=8 {
        let costas = hand_tuned::costas(n).unwrap().count();
        assert_eq!(costas, count(&gallery::costas(n).unwrap()), "costas {n}");
        let toroidal = hand_tuned::toroidal_queens(n).unwrap().count();
        assert_eq!(
            toroidal,
            count(&gallery::toroidal_queens(n).unwrap()),
            "toroidal {n}"
        );
        let langford = hand_tuned::langford(n).unwrap().count();
        assert_eq!(
            langford,
            count(&gallery::langford(n).unwrap()),
            "langford {n}"
        );
    }
    for n in 1..=5 {
        let latin = hand_tuned::reduced_latin(n).unwrap().count();
        assert_eq!(
            latin,
            count(&gallery::reduced_latin(n).unwrap()),
            "latin {n}"
        );
    }
    for n in 1..=3 {
        let magic = hand_tuned::magic_square(n).unwrap().count();
        assert_eq!(
            magic,
            count(&gallery::magic_square(n).unwrap()),
            "magic {n}"
        );
    }
    for marks in 2..=7 {
        let hand = hand_tuned::golomb(marks, 40).unwrap().shortest();
        assert_eq!(
            hand,
            gallery::golomb_length(marks, 40).unwrap(),
            "golomb {marks}"
        );
    }
}

/// Each constraint of a model as its name and scope (variable positions
/// and offsets, comparable across models).
fn constraints(model: &csp::Model) -> Vec<(&'static str, Vec<(usize, i64)>)> {
    let scope = |c| {
        model
            .constraint_scope(c)
            .iter()
            .map(|v| (v.var.index(), v.offset))
    };
    model
        .constraint_ids()
        .map(|c| (model.constraint_name(c), scope(c).collect()))
        .collect()
}

/// Where the baseline is the idiomatic model with settings, the engine adds
/// nothing: the magic square's `equal(line sum, total)` is one linear row
/// per line (no helper variable, the baseline's rows in its order), and
/// the fitted defaults are the baselines' settings, so both sides search
/// the same tree.
#[test]
fn the_magic_square_and_langford_are_their_baselines_model_and_settings() {
    use csp_workspace::gallery::hand_tuned;
    for n in 2..=5 {
        let idiomatic = gallery::magic_square(n).unwrap();
        let hand = hand_tuned::magic_square(n).unwrap();
        assert_eq!(idiomatic.num_vars(), n * n, "magic {n}: no helper");
        let rows = constraints(&idiomatic);
        assert_eq!(rows, constraints(hand.model()), "magic {n}");
        assert_eq!(
            rows.iter().filter(|(name, _)| *name == "linear").count(),
            2 * n + 2
        );
    }
    let pairs = [
        (
            gallery::magic_square(3).unwrap(),
            hand_tuned::magic_square(3).unwrap(),
        ),
        (
            gallery::langford(8).unwrap(),
            hand_tuned::langford(8).unwrap(),
        ),
    ];
    for (idiomatic, hand) in &pairs {
        let fitted = Solver::new(idiomatic);
        let set = hand.solver();
        let orders = |s: &Solver| (s.get_strategy(), s.get_var_order(), s.get_value_order());
        assert_eq!(orders(&fitted), orders(&set));
        let (a, b) = (fitted.count().stats, set.count().stats);
        assert_eq!(
            (a.nodes, a.failures, a.propagations),
            (b.nodes, b.failures, b.propagations)
        );
    }
}

#[test]
fn the_fitted_default_branches_on_the_marks_before_the_differences() {
    let (model, last) = gallery::golomb(6, 30).unwrap();
    let solver = Solver::new(&model);
    let mut best = solver.minimize(last).unwrap();
    assert_eq!(best.by_ref().last().map(|i| i.value), Some(17));
    let path = best.outcome().stats.path.unwrap();
    assert!(path.helpers_last && path.bounds_all_different && path.fitted);
    // Counting (no objective) keeps value elimination.
    let counted = solver.count().stats.path.unwrap();
    assert!(counted.helpers_last && !counted.bounds_all_different);
}

/// The figures of the gallery under both defaults (printed, not asserted):
/// `cargo test -p csp-workspace --test gallery -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_fitted_and_old_default_figures() {
    let models = [
        ("costas-9", gallery::costas(9).unwrap()),
        ("langford-10", gallery::langford(10).unwrap()),
        ("toroidal-queens-9", gallery::toroidal_queens(9).unwrap()),
        ("reduced-latin-5", gallery::reduced_latin(5).unwrap()),
        ("magic-square-3", gallery::magic_square(3).unwrap()),
    ];
    for (name, model) in &models {
        let fitted = Solver::new(model).count();
        let old = Solver::new(model)
            .strategy(Strategy::ForwardChecking)
            .count();
        println!(
            "{name}: fitted {} solutions, {} nodes, {:?}; old default {} nodes, {:?}",
            fitted.solutions(),
            fitted.stats.nodes,
            fitted.stats.elapsed,
            old.stats.nodes,
            old.stats.elapsed
        );
    }
}
