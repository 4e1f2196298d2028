//! Semantic minimisation of a learned nogood, variable by variable (as
//! Pumpkin's iterative minimiser does): the literals a nogood holds on one
//! variable narrow it to a set of values, and that set is often said in
//! fewer literals.
//!
//! * **Bounds that meet:** `[x >= 4] [x <= 4]` say `[x = 4]`, whose
//!   clause literal `[x != 4]` is asserted alone where the bounds'
//!   `[x <= 3] or [x >= 5]` would assert nothing while both are open;
//! * **One value left:** `[x != 1] ... [x != 7]` over a root domain
//!   `1..=8` say `[x = 8]`: one literal instead of seven, at the highest
//!   level among them (the levels of the others no longer count, so the
//!   jump back may go further). Holes only: where the nogood bounds the
//!   variable, the clause's `[x != v]` would be a hole that bounds
//!   propagation ignores;
//! * **Implied literals:** a hole outside the bounds other literals set
//!   (`[x != 9]` beside `[x <= 5]`), or a bound weaker than another
//!   (`[x >= 2]` beside `[x >= 4]`), says nothing more and goes.
//!
//! The nogood stays equivalent (the root domain holds for the rest of the
//! search: its facts are implied by the model and the objective's bound,
//! which only tightens), so the learned clause is as sound as before; the
//! literal of the conflict's level stays the only one at that level (the
//! values of its variable were not fixed before it), so the clause still
//! asserts.

use super::trail::{lower_of, upper_of};
use crate::literal::Relation;
use crate::propagators::{Domains, Lit};

/// Nogood literals on one variable wider than this many values between
/// their bounds are not searched for a last value (the walk would be long
/// and the answer almost never one value).
const WALK_LIMIT: i64 = 256;

/// A literal of a nogood and the level at which it came to hold.
pub(crate) type Held = (Lit, u32);

/// The buffers [`minimise`] reuses.
#[derive(Default)]
pub(crate) struct Buffers {
    /// The nogood's positions, sorted by variable.
    order: Vec<usize>,
    /// Per position: the literal goes.
    drop: Vec<bool>,
}

/// Minimises `nogood` (a conjunction of literals that cannot all hold)
/// variable by variable, as the module says; `root` gives the domains at
/// the root. Keeps the literals' order otherwise.
pub(crate) fn minimise(nogood: &mut Vec<Held>, root: &dyn Domains, buffers: &mut Buffers) {
    let Buffers { order, drop } = buffers;
    // The positions sorted by variable: groups of one variable in a row.
    order.clear();
    order.extend(0..nogood.len());
    order.sort_unstable_by_key(|&i| nogood[i].0.var);
    drop.clear();
    drop.resize(nogood.len(), false);
    let mut changed = false;
    let mut start = 0;
    while start < order.len() {
        let x = nogood[order[start]].0.var;
        let end = start + order[start..].partition_point(|&i| nogood[i].0.var == x);
        if end - start > 1 {
            changed |= merge(nogood, &order[start..end], root, drop);
        }
        start = end;
    }
    if changed {
        let mut i = 0;
        nogood.retain(|_| {
            i += 1;
            !drop[i - 1]
        });
    }
}

/// The group `group` (positions in `nogood`, all on one variable): one
/// equality in place of all when they leave one value, else the implied
/// ones marked in `drop`. Whether anything changed.
fn merge(nogood: &mut [Held], group: &[usize], root: &dyn Domains, drop: &mut [bool]) -> bool {
    let x = nogood[group[0]].0.var;
    let (Some(mut lo), Some(mut hi)) = (root.min(x), root.max(x)) else {
        return false;
    };
    for &i in group {
        let lit = nogood[i].0;
        lo = lower_of(lit).map_or(lo, |b| lo.max(b));
        hi = upper_of(lit).map_or(hi, |b| hi.min(b));
    }
    let hole = |v: i64| group.iter().any(|&i| nogood[i].0 == Lit::not_equal(x, v));
    let allowed = |v: i64| root.contains(x, v) && !hole(v);
    let has_equality = group
        .iter()
        .any(|&i| nogood[i].0.relation == Relation::Equal);
    if lo == hi && !has_equality && allowed(lo) {
        // The bounds meet: `[x >= v] [x <= v]` is `[x = v]`, one literal
        // whose clause literal `[x != v]` is asserted on its own (the
        // bounds' `[x <= v - 1] or [x >= v + 1]` asserts nothing while
        // both are open), as Pumpkin's minimiser makes equalities. It
        // holds from the later of the two bounds' earliest levels.
        let earliest = |side: fn(Lit) -> Option<i64>| {
            (group.iter())
                .filter(|&&i| side(nogood[i].0) == Some(lo))
                .map(|&i| nogood[i].1)
                .min()
                .unwrap_or(0)
        };
        let level = earliest(lower_of).max(earliest(upper_of));
        nogood[group[0]] = (Lit::equal(x, lo), level);
        for &i in &group[1..] {
            drop[i] = true;
        }
        return true;
    }
    // Otherwise only holes merge into an equality: a variable the nogood
    // bounds is one its propagators read by bounds, and the clause would
    // assert a hole `[x != v]` they ignore in place of a bound; beside an
    // equality the holes are implied, and go below.
    let holes_only = group
        .iter()
        .all(|&i| nogood[i].0.relation == Relation::NotEqual);
    if holes_only && hi >= lo && hi - lo <= WALK_LIMIT {
        let mut left = (lo..=hi).filter(|&v| allowed(v));
        if let (Some(v), None) = (left.next(), left.next()) {
            // One value: the first literal of the group says it, at the
            // group's highest level; the others go.
            let level = group.iter().map(|&i| nogood[i].1).max().unwrap_or(0);
            nogood[group[0]] = (Lit::equal(x, v), level);
            for &i in &group[1..] {
                drop[i] = true;
            }
            return true;
        }
    }
    // Several values: the literals the others imply go. A bound goes when
    // another literal sets its side tighter, or as tight by an equality
    // or earlier (the first of equal bounds stays).
    let mut changed = false;
    for (k, &i) in group.iter().enumerate() {
        let lit = nogood[i].0;
        let implied_by = |side: fn(Lit) -> Option<i64>, tighter: fn(i64, i64) -> bool| {
            group.iter().enumerate().any(|(j, &o)| {
                let other = nogood[o].0;
                side(other).is_some_and(|b| {
                    tighter(b, lit.value)
                        || (b == lit.value && (other.relation == Relation::Equal || j < k))
                })
            })
        };
        let implied = match lit.relation {
            Relation::NotEqual => lit.value < lo || lit.value > hi,
            Relation::AtLeast => implied_by(lower_of, |b, v| b > v),
            Relation::AtMost => implied_by(upper_of, |b, v| b < v),
            Relation::Equal => false,
        };
        if implied && !drop[i] {
            drop[i] = true;
            changed = true;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Root domains: `x0` in 1..=8, `x1` in 0..=9 without 5.
    struct Root;

    impl Domains for Root {
        fn min(&self, x: u32) -> Option<i64> {
            Some([1, 0][x as usize])
        }
        fn max(&self, x: u32) -> Option<i64> {
            Some([8, 9][x as usize])
        }
        fn contains(&self, x: u32, v: i64) -> bool {
            v >= self.min(x).unwrap() && v <= self.max(x).unwrap() && (x == 0 || v != 5)
        }
    }

    fn minimised(mut nogood: Vec<Held>) -> Vec<Held> {
        minimise(&mut nogood, &Root, &mut Buffers::default());
        nogood
    }

    #[test]
    fn holes_that_leave_one_value_become_an_equality_at_their_highest_level() {
        let mut nogood: Vec<Held> = (1..=7).map(|v| (Lit::not_equal(0, v), v as u32)).collect();
        nogood.insert(3, (Lit::at_most(1, 3), 2));
        assert_eq!(
            minimised(nogood),
            [(Lit::equal(0, 8), 7), (Lit::at_most(1, 3), 2)]
        );
        // Holes and a root hole (5 of x1) leaving 9 of 0..=9; an equality
        // among the literals merges too.
        let nogood: Vec<Held> = [0, 1, 2, 3, 4, 6, 7, 8]
            .map(|v| (Lit::not_equal(1, v), 1))
            .into();
        assert_eq!(minimised(nogood), [(Lit::equal(1, 9), 1)]);
        let nogood = vec![(Lit::equal(1, 6), 1), (Lit::not_equal(1, 4), 2)];
        assert_eq!(minimised(nogood), [(Lit::equal(1, 6), 1)]);
        // Bounds and a hole that leave one value (6: 5 is a root hole)
        // stay as they are: the variable is read by bounds.
        let nogood = vec![
            (Lit::at_least(1, 4), 1),
            (Lit::at_most(1, 6), 3),
            (Lit::not_equal(1, 4), 2),
        ];
        assert_eq!(minimised(nogood.clone()), nogood);
    }

    #[test]
    fn bounds_that_meet_become_an_equality_at_the_later_bounds_level() {
        // `[x0 >= 4] [x0 <= 4]`, an implied hole and a weaker bound:
        // `[x0 = 4]` from level 3 (the earliest `<= 4`, the `>= 4` at 2).
        let nogood = vec![
            (Lit::at_least(0, 4), 2),
            (Lit::not_equal(0, 6), 1),
            (Lit::at_most(0, 4), 5),
            (Lit::at_most(0, 4), 3),
            (Lit::at_least(1, 2), 4),
        ];
        assert_eq!(
            minimised(nogood),
            [(Lit::equal(0, 4), 3), (Lit::at_least(1, 2), 4)]
        );
        // A bound at the root's end: `[x1 <= 0]` alone says `x1 = 0`.
        let nogood = vec![(Lit::at_most(1, 0), 2), (Lit::not_equal(1, 7), 1)];
        assert_eq!(minimised(nogood), [(Lit::equal(1, 0), 2)]);
    }

    #[test]
    fn implied_holes_and_weaker_bounds_go() {
        let nogood = vec![
            (Lit::not_equal(0, 7), 4),
            (Lit::at_most(0, 5), 2),
            (Lit::at_least(0, 2), 1),
            (Lit::not_equal(0, 3), 3),
            (Lit::at_least(0, 1), 1),
            (Lit::at_most(0, 5), 3),
        ];
        assert_eq!(
            minimised(nogood),
            [
                (Lit::at_most(0, 5), 2),
                (Lit::at_least(0, 2), 1),
                (Lit::not_equal(0, 3), 3)
            ]
        );
    }

    #[test]
    fn one_literal_a_variable_is_left_alone() {
        let nogood = vec![(Lit::not_equal(0, 7), 4), (Lit::at_most(1, 5), 2)];
        assert_eq!(minimised(nogood.clone()), nogood);
    }

    /// Brute force: over the root domains, the minimised nogood holds for
    /// exactly the assignments the original holds for.
    #[test]
    fn minimising_keeps_the_nogoods_meaning() {
        let lits = |x: u32| {
            (0..=9).flat_map(move |v| {
                [
                    Lit::at_least(x, v),
                    Lit::at_most(x, v),
                    Lit::equal(x, v),
                    Lit::not_equal(x, v),
                ]
            })
        };
        let all: Vec<Lit> = lits(0).chain(lits(1)).collect();
        let holds =
            |nogood: &[Held], a: [i64; 2]| nogood.iter().all(|(l, _)| l.holds(a[l.var as usize]));
        // Every nogood of three literals, in a fixed pseudo-random sample.
        let mut seed = 12345u64;
        for _ in 0..20_000 {
            let nogood: Vec<Held> = (0..3)
                .map(|k| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (all[(seed >> 33) as usize % all.len()], k)
                })
                .collect();
            let min = minimised(nogood.clone());
            assert!(min.len() <= nogood.len());
            for a in 0..=9 {
                for b in 0..=9 {
                    let a2 = [a, b];
                    if !Root.contains(0, a) || !Root.contains(1, b) {
                        continue;
                    }
                    assert_eq!(
                        holds(&nogood, a2),
                        holds(&min, a2),
                        "{nogood:?} -> {min:?} at {a2:?}"
                    );
                }
            }
        }
    }
}
