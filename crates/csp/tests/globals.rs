//! The scheduling, automaton and counting globals against brute force:
//! every strategy and order finds exactly the solutions an independent
//! check enumerates (differential), and arc consistency's root propagation
//! keeps every supported value and reaches the consistency each global
//! claims (strength).

#[allow(dead_code, unused_imports)]
mod common;
#[path = "common/differential.rs"]
mod differential;
#[path = "common/supports.rs"]
mod supports;
use common::search::cases;
use differential::{brute_force, domain, every_search_finds, root_domains, root_keeps_supports};

use csp::{Model, VarId, View};
use proptest::prelude::*;
use std::collections::BTreeSet;

// ---------------------------------------------------------------- cumulative

/// Tasks as data: per task its start variable, the view's offset, its
/// duration and demand; the capacity.
#[derive(Clone, Debug)]
struct Tasks {
    domains: Vec<Vec<i32>>,
    tasks: Vec<(usize, i32, i32, i32)>,
    capacity: i32,
}

fn tasks(unary: bool) -> impl Strategy<Value = Tasks> {
    (1..=4usize).prop_flat_map(move |n| {
        // Now and then two tasks share a start variable (through views).
        let var = if n > 1 { 0..n } else { 0..1 };
        let task = (
            prop_oneof![4 => Just(None), 1 => var.prop_map(Some)],
            -1..=1i32,
            0..=3i32,
            0..=3i32,
        );
        (
            proptest::collection::vec(domain(0..=5, 4), n),
            proptest::collection::vec(task, n),
            0..=4i32,
        )
            .prop_map(move |(domains, raw, capacity)| Tasks {
                tasks: raw
                    .into_iter()
                    .enumerate()
                    .map(|(i, (shared, off, d, r))| {
                        let (var, off) = shared.map_or((i, 0), |v| (v, off));
                        if unary {
                            (var, off, d, 1)
                        } else {
                            (var, off, d, r)
                        }
                    })
                    .collect(),
                domains,
                capacity: if unary { 1 } else { capacity },
            })
    })
}

impl Tasks {
    fn build(&self, unary: bool) -> Model {
        let mut model = Model::new();
        let x: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect();
        let starts: Vec<View> = self
            .tasks
            .iter()
            .map(|&(v, off, _, _)| x[v] + off)
            .collect();
        let durations = self.tasks.iter().map(|t| t.2);
        if unary {
            model.disjunctive(starts, durations).unwrap();
        } else {
            let demands = self.tasks.iter().map(|t| t.3);
            model
                .cumulative(starts, durations, demands, self.capacity as i64)
                .unwrap();
        }
        model
    }

    /// The meaning, time point by time point.
    fn holds(&self, values: &[i32]) -> bool {
        let start = |t: &(usize, i32, i32, i32)| values[t.0] + t.1;
        let busy: Vec<_> = self.tasks.iter().filter(|t| t.2 > 0 && t.3 > 0).collect();
        if self.capacity < 0 {
            return false;
        }
        (-2..=10).all(|time| {
            let load: i32 = busy
                .iter()
                .filter(|t| start(t) <= time && time < start(t) + t.2)
                .map(|t| t.3)
                .sum();
            load <= self.capacity
        })
    }

    /// Time-table consistency of the root's domains: the compulsory parts
    /// fit, and every task fits at its earliest and at its latest start
    /// beside the others' compulsory parts.
    fn time_table_consistent(&self, left: &[Vec<i32>]) -> Result<(), TestCaseError> {
        let window = |t: &(usize, i32, i32, i32)| {
            let d = &left[t.0];
            (d[0] + t.1, d[d.len() - 1] + t.1)
        };
        let busy: Vec<_> = self.tasks.iter().filter(|t| t.2 > 0 && t.3 > 0).collect();
        let load = |time: i32, skip: Option<usize>| -> i32 {
            busy.iter()
                .enumerate()
                .filter(|&(k, t)| {
                    let (est, lst) = window(t);
                    Some(k) != skip && lst <= time && time < est + t.2
                })
                .map(|(_, t)| t.3)
                .sum()
        };
        for time in -2..=10 {
            prop_assert!(load(time, None) <= self.capacity, "overload at {}", time);
        }
        for (k, t) in busy.iter().enumerate() {
            let (est, lst) = window(t);
            for s in [est, lst] {
                for time in s..s + t.2 {
                    prop_assert!(
                        load(time, Some(k)) + t.3 <= self.capacity,
                        "task {} cannot start at {} (time {})",
                        k,
                        s,
                        time
                    );
                }
            }
        }
        Ok(())
    }
}

fn check_tasks(spec: &Tasks, unary: bool) -> Result<(), TestCaseError> {
    let model = spec.build(unary);
    let expected = brute_force(&spec.domains, &|v| spec.holds(v));
    every_search_finds(&model, &expected)?;
    if let Some(left) = root_keeps_supports(&model, &spec.domains, &expected)? {
        spec.time_table_consistent(&left)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Cumulative: solution sets equal brute force's under every search;
    /// the root keeps every supported start and is time-table consistent.
    #[test]
    fn cumulative_matches_brute_force_and_is_time_table_consistent(spec in tasks(false)) {
        check_tasks(&spec, false)?;
    }

    /// Disjunctive: the same, with unit demands and capacity 1.
    #[test]
    fn disjunctive_matches_brute_force_and_is_time_table_consistent(spec in tasks(true)) {
        check_tasks(&spec, true)?;
    }
}

/// Tasks whose durations, demands and capacity are variables: starts are
/// variables `0..n`, durations `n..2n`, demands `2n..3n`, the capacity
/// `3n`; a task's duration or demand is now and then another task's.
#[derive(Clone, Debug)]
struct VarTasks {
    domains: Vec<Vec<i32>>,
    durations: Vec<usize>,
    demands: Vec<usize>,
}

fn var_tasks() -> impl Strategy<Value = VarTasks> {
    (1..=3usize).prop_flat_map(|n| {
        let pick = move || prop_oneof![4 => Just(None), 1 => (0..n).prop_map(Some)];
        (
            proptest::collection::vec(domain(0..=4, 3), n),
            proptest::collection::vec(domain(0..=3, 2), n),
            proptest::collection::vec(domain(0..=3, 2), n),
            domain(0..=4, 2),
            proptest::collection::vec((pick(), pick()), n),
        )
            .prop_map(move |(starts, durations, demands, capacity, shared)| {
                let mut domains = starts;
                domains.extend(durations);
                domains.extend(demands);
                domains.push(capacity);
                let own = |i: usize, s: Option<usize>| s.unwrap_or(i);
                VarTasks {
                    domains,
                    durations: shared
                        .iter()
                        .enumerate()
                        .map(|(i, s)| n + own(i, s.0))
                        .collect(),
                    demands: shared
                        .iter()
                        .enumerate()
                        .map(|(i, s)| 2 * n + own(i, s.1))
                        .collect(),
                }
            })
    })
}

impl VarTasks {
    fn n(&self) -> usize {
        self.durations.len()
    }

    fn build(&self, unary: bool) -> Model {
        let mut model = Model::new();
        let x: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect();
        let n = self.n();
        let durations = self.durations.iter().map(|&i| x[i]);
        if unary {
            model.disjunctive_vars(&x[..n], durations).unwrap();
        } else {
            let demands = self.demands.iter().map(|&i| x[i]);
            model
                .cumulative_vars(&x[..n], durations, demands, x[3 * n])
                .unwrap();
        }
        model
    }

    /// The meaning, time point by time point (demands 1 and capacity 1
    /// when unary).
    fn holds(&self, v: &[i32], unary: bool) -> bool {
        let n = self.n();
        let demand = |i: usize| if unary { 1 } else { v[self.demands[i]] };
        let capacity = if unary { 1 } else { v[3 * n] };
        let amounts = (0..n).flat_map(|i| [v[self.durations[i]], demand(i)]);
        if capacity < 0 || amounts.into_iter().any(|a| a < 0) {
            return false;
        }
        (-2..=12).all(|time| {
            let load: i32 = (0..n)
                .filter(|&i| v[i] <= time && time < v[i] + v[self.durations[i]])
                .map(demand)
                .sum();
            load <= capacity
        })
    }

    /// Over distinct amounts, the root's bounds obey every time-tabling
    /// rule: the capacity covers the compulsory parts' peak, a busy task
    /// fits at its earliest and latest start (least duration and demand),
    /// a task's longest duration fits from some start in its window, and
    /// its greatest demand over its compulsory part.
    fn time_table_consistent(&self, left: &[Vec<i32>], unary: bool) -> Result<(), TestCaseError> {
        let n = self.n();
        let lo = |i: usize| left[i][0];
        let hi = |i: usize| *left[i].last().unwrap();
        let demand = |i: usize| {
            if unary {
                (1, 1)
            } else {
                (lo(self.demands[i]), hi(self.demands[i]))
            }
        };
        let (cap_lo, cap_hi) = if unary {
            (1, 1)
        } else {
            (lo(3 * n), hi(3 * n))
        };
        let part = |i: usize| {
            let (est, lst, dmin) = (lo(i), hi(i), lo(self.durations[i]));
            (demand(i).0 > 0 && lst < est + dmin).then_some((lst, est + dmin))
        };
        let load = |time: i32, skip: Option<usize>| -> i32 {
            (0..n)
                .filter(|&j| Some(j) != skip && part(j).is_some_and(|(a, b)| a <= time && time < b))
                .map(|j| demand(j).0)
                .sum()
        };
        let fits =
            |i: usize, s: i32, d: i32, r: i32| (s..s + d).all(|t| load(t, Some(i)) + r <= cap_hi);
        let peak = (-2..=12).map(|t| load(t, None)).max().unwrap();
        prop_assert!(peak <= cap_lo, "the capacity below the peak {}", peak);
        for i in 0..n {
            let (est, lst) = (lo(i), hi(i));
            let (dmin, dmax) = (lo(self.durations[i]), hi(self.durations[i]));
            let (rmin, rmax) = demand(i);
            if dmin > 0 && rmin > 0 {
                prop_assert!(
                    fits(i, est, dmin, rmin) && fits(i, lst, dmin, rmin),
                    "task {} at its bounds",
                    i
                );
            }
            if rmin > 0 && dmax > 0 {
                prop_assert!(
                    (est..=lst).any(|s| fits(i, s, dmax, rmin)),
                    "task {} lasting {}",
                    i,
                    dmax
                );
            }
            if dmin > 0 && rmax > 0 {
                let (a, b) = part(i).unwrap_or((0, 0));
                prop_assert!(
                    rmax <= cap_hi && (a..b).all(|t| load(t, Some(i)) + rmax <= cap_hi),
                    "task {} asking {}",
                    i,
                    rmax
                );
            }
        }
        Ok(())
    }
}

fn check_var_tasks(spec: &VarTasks, unary: bool) -> Result<(), TestCaseError> {
    let model = spec.build(unary);
    let expected = brute_force(&spec.domains, &|v| spec.holds(v, unary));
    every_search_finds(&model, &expected)?;
    let left = root_keeps_supports(&model, &spec.domains, &expected)?;
    let amounts: Vec<usize> = spec
        .durations
        .iter()
        .chain(&spec.demands)
        .copied()
        .collect();
    let distinct = amounts.iter().collect::<BTreeSet<_>>().len() == amounts.len();
    if let (Some(left), true) = (left, distinct) {
        spec.time_table_consistent(&left, unary)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(200)))]

    /// Cumulative with variable durations, demands and capacity: solution
    /// sets equal brute force's under every search; the root keeps every
    /// supported value and obeys the time-tabling rules.
    #[test]
    fn cumulative_with_variable_amounts_matches_brute_force_and_is_time_table_consistent(spec in var_tasks()) {
        check_var_tasks(&spec, false)?;
    }

    /// Disjunctive with variable durations: the same, demands 1, capacity 1.
    #[test]
    fn disjunctive_with_variable_durations_matches_brute_force_and_is_time_table_consistent(spec in var_tasks()) {
        check_var_tasks(&spec, true)?;
    }
}

/// Fixes every variable but the first to one of its values.
fn one_open(domains: &mut [Vec<i32>], pick: &[prop::sample::Index]) {
    for (d, p) in domains.iter_mut().skip(1).zip(pick) {
        *d = vec![d[p.index(d.len())]];
    }
}

/// The first variable keeps exactly the values some solution gives it.
fn first_exact(
    domains: &[Vec<i32>],
    model: &Model,
    expected: &BTreeSet<Vec<i32>>,
) -> Result<(), TestCaseError> {
    every_search_finds(model, expected)?;
    if let Some(left) = root_keeps_supports(model, domains, expected)? {
        let want: BTreeSet<i32> = expected.iter().map(|s| s[0]).collect();
        prop_assert_eq!(left[0].iter().copied().collect::<BTreeSet<i32>>(), want);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(200)))]

    /// With one variable open (the others fixed), the last-variable filter
    /// is exact: arc consistency leaves it exactly its supported values
    /// (the start's holes among them).
    #[test]
    fn cumulative_with_one_variable_open_is_domain_consistent(
        mut spec in tasks(false),
        pick in proptest::collection::vec(any::<prop::sample::Index>(), 16),
    ) {
        one_open(&mut spec.domains, &pick);
        let model = spec.build(false);
        let expected = brute_force(&spec.domains, &|v| spec.holds(v));
        first_exact(&spec.domains, &model, &expected)?;
    }

    /// The same with variable durations, demands and capacity.
    #[test]
    fn cumulative_vars_with_one_variable_open_is_domain_consistent(
        mut spec in var_tasks(),
        pick in proptest::collection::vec(any::<prop::sample::Index>(), 16),
    ) {
        one_open(&mut spec.domains, &pick);
        let model = spec.build(false);
        let expected = brute_force(&spec.domains, &|v| spec.holds(v, false));
        first_exact(&spec.domains, &model, &expected)?;
    }
}

/// Time-tabling prunes what the compulsory parts rule out: a task fixed at
/// [2, 5) on a unary resource pushes a task of length 2 that could start
/// at 0..=6 out of 1..=4.
#[test]
fn time_tabling_prunes_around_a_compulsory_part() {
    let mut model = Model::new();
    let a = model.int_var(2..=2).unwrap();
    let b = model.int_var(0..=6).unwrap();
    model.disjunctive([a, b], [3, 2]).unwrap();
    let left = root_domains(&model, &[vec![2], (0..=6).collect()]).unwrap();
    assert_eq!(left[1], vec![0, 5, 6]);
}

/// With variable amounts: a task fixed at [2, 5) on a capacity of 1 leaves
/// a task that must start by 1 at most 2 time units, and lifts a variable
/// capacity to 1 (its peak).
#[test]
fn time_tabling_shrinks_a_duration_and_lifts_the_capacity() {
    let mut model = Model::new();
    let domains = [
        vec![2],
        (0..=1).collect(),
        vec![3],
        (1..=4).collect(),
        vec![1],
        (0..=1).collect(),
    ];
    let v: Vec<VarId> = domains
        .iter()
        .map(|d| model.int_var(d.clone()).unwrap())
        .collect();
    model
        .cumulative_vars([v[0], v[1]], [v[2], v[3]], [v[4], v[4]], v[5])
        .unwrap();
    let left = root_domains(&model, &domains).unwrap();
    assert_eq!(left[3], vec![1, 2]);
    assert_eq!(left[5], vec![1]);
}

// ------------------------------------------------------------------- regular

/// An automaton as data: transitions `(from, value, to)` over states
/// `0..3`, start 0, the final states; the scope as (variable, offset).
#[derive(Clone, Debug)]
struct Automaton {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
    transitions: Vec<(usize, i32, usize)>,
    finals: Vec<usize>,
}

fn automaton() -> impl Strategy<Value = Automaton> {
    (1..=4usize).prop_flat_map(|n| {
        let view = (
            prop_oneof![4 => Just(None), 1 => (0..n).prop_map(Some)],
            -1..=1i32,
        );
        (
            proptest::collection::vec(domain(-1..=3, 4), n),
            proptest::collection::vec(view, n),
            proptest::collection::vec((0..3usize, -1..=3i32, 0..3usize), 0..=9),
            proptest::collection::vec(0..3usize, 0..=2),
        )
            .prop_map(|(domains, views, transitions, finals)| Automaton {
                scope: views
                    .into_iter()
                    .enumerate()
                    .map(|(i, (shared, off))| shared.map_or((i, 0), |v| (v, off)))
                    .collect(),
                domains,
                transitions,
                finals,
            })
    })
}

impl Automaton {
    fn build(&self) -> Model {
        let mut model = Model::new();
        let x: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect();
        let scope = self.scope.iter().map(|&(v, off)| x[v] + off);
        model
            .regular(scope, self.transitions.clone(), 0, self.finals.clone())
            .unwrap();
        model
    }

    /// Some path from state 0 reads the word and ends in a final state.
    fn accepts(&self, values: &[i32]) -> bool {
        let word: Vec<i32> = self.scope.iter().map(|&(v, off)| values[v] + off).collect();
        fn from(a: &Automaton, q: usize, word: &[i32]) -> bool {
            match word.split_first() {
                None => a.finals.contains(&q),
                Some((&c, rest)) => a
                    .transitions
                    .iter()
                    .any(|&(f, v, t)| f == q && v == c && from(a, t, rest)),
            }
        }
        from(self, 0, &word)
    }

    fn repeats(&self) -> bool {
        let vars: BTreeSet<usize> = self.scope.iter().map(|s| s.0).collect();
        vars.len() < self.scope.len()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Regular: solution sets equal brute force's under every search; the
    /// root keeps every supported value and, over distinct variables,
    /// only those (domain consistency).
    #[test]
    fn regular_matches_brute_force_and_is_domain_consistent(spec in automaton()) {
        let model = spec.build();
        let expected = brute_force(&spec.domains, &|v| spec.accepts(v));
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), false) = (left, spec.repeats()) {
            // Variables outside the scope keep their domains.
            let used: BTreeSet<usize> = spec.scope.iter().map(|s| s.0).collect();
            for (i, d) in left.iter().enumerate() {
                let want: BTreeSet<i32> = if used.contains(&i) {
                    expected.iter().map(|s| s[i]).collect()
                } else {
                    spec.domains[i].iter().copied().collect()
                };
                prop_assert_eq!(&d.iter().copied().collect::<BTreeSet<i32>>(), &want, "x{}", i);
            }
        }
    }
}

// -------------------------------------------------------------- cost regular

/// An automaton with costs as data: transitions `(from, value, to, cost)`
/// over states `0..3`, start 0, the finals; the word's views over the
/// first variables, the cost the last variable.
#[derive(Clone, Debug)]
struct CostAutomaton {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
    transitions: Vec<(usize, i32, usize, i32)>,
    finals: Vec<usize>,
}

fn cost_automaton() -> impl Strategy<Value = CostAutomaton> {
    (1..=3usize).prop_flat_map(|n| {
        (
            proptest::collection::vec(domain(-1..=2, 3), n),
            domain(0..=7, 4),
            differential::views(n, n),
            proptest::collection::vec((0..3usize, -1..=2i32, 0..3usize, 0..=3i32), 0..=9),
            proptest::collection::vec(0..3usize, 0..=2),
        )
            .prop_map(|(mut domains, cost, scope, transitions, finals)| {
                domains.push(cost);
                CostAutomaton {
                    domains,
                    scope,
                    transitions,
                    finals,
                }
            })
    })
}

impl CostAutomaton {
    fn build(&self) -> Model {
        let mut model = Model::new();
        let x = differential::variables(&mut model, &self.domains);
        let views = self.scope.iter().map(|s| differential::view_of(&x, s));
        let cost = *x.last().unwrap();
        model
            .cost_regular(
                views,
                self.transitions.clone(),
                0,
                self.finals.clone(),
                cost,
            )
            .unwrap();
        model
    }

    /// The costs of the accepting paths that read `word`.
    fn costs(&self, word: &[i32]) -> BTreeSet<i32> {
        fn walk(a: &CostAutomaton, q: usize, word: &[i32], spent: i32, out: &mut BTreeSet<i32>) {
            match word.split_first() {
                None if a.finals.contains(&q) => {
                    out.insert(spent);
                }
                None => {}
                Some((&c, rest)) => {
                    for &(f, v, t, k) in &a.transitions {
                        if f == q && v == c {
                            walk(a, t, rest, spent + k, out);
                        }
                    }
                }
            }
        }
        let mut out = BTreeSet::new();
        walk(self, 0, word, 0, &mut out);
        out
    }

    fn word(&self, values: &[i32]) -> Vec<i32> {
        self.scope
            .iter()
            .map(|s| differential::value_of(values, s))
            .collect()
    }
}

proptest! {
    // Cheap cases, and the lower cost rule bites in few of them.
    #![proptest_config(ProptestConfig::with_cases(cases(1500)))]

    /// Cost regular: solution sets equal brute force's under every search;
    /// the root keeps every supported value and, over distinct variables,
    /// bounds the cost by the cheapest and dearest word its views still
    /// spell, and keeps a view's value only if words through it reach both
    /// the cost's greatest and least value from below and above.
    #[test]
    fn cost_regular_matches_brute_force_and_bounds_the_cost(spec in cost_automaton()) {
        let model = spec.build();
        let last = spec.domains.len() - 1;
        let expected = brute_force(&spec.domains, &|v| spec.costs(&spec.word(v)).contains(&v[last]));
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), true) = (left, differential::distinct(&spec.scope)) {
            let (lo, hi) = (left[last][0], *left[last].last().unwrap());
            // Every word the root's domains spell, with its path costs.
            let mut words = Vec::new();
            let free = |v: &[i32]| { let w = spec.word(v); !spec.costs(&w).is_empty() };
            for v in brute_force(&left, &free) {
                words.push((spec.word(&v), spec.costs(&spec.word(&v))));
            }
            let all: BTreeSet<i32> = words.iter().flat_map(|w| w.1.iter().copied()).collect();
            prop_assert!(lo >= *all.first().unwrap() && hi <= *all.last().unwrap(), "cost {}..={}", lo, hi);
            for (i, s) in spec.scope.iter().enumerate() {
                for &u in &left[s.0] {
                    let v = u + s.1;
                    let through = || words.iter().filter(|w| w.0[i] == v).flat_map(|w| w.1.iter().copied());
                    prop_assert!(
                        through().any(|c| c <= hi) && through().any(|c| c >= lo),
                        "x{} = {}", s.0, u
                    );
                }
            }
        }
    }
}

// --------------------------------------------------------------------- table

/// A table as data: the scope as (variable, offset), the rows.
#[derive(Clone, Debug)]
struct Rows {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
    rows: Vec<Vec<i32>>,
}

fn rows() -> impl Strategy<Value = Rows> {
    (1..=4usize).prop_flat_map(|n| {
        let view = (
            prop_oneof![4 => Just(None), 1 => (0..n).prop_map(Some)],
            -1..=1i32,
        );
        // Up to 150 rows: more than two words of the row bit sets.
        (
            proptest::collection::vec(domain(-1..=3, 4), n),
            proptest::collection::vec(view, n),
            proptest::collection::vec(proptest::collection::vec(-2..=4i32, n), 0..=150),
        )
            .prop_map(|(domains, views, rows)| Rows {
                scope: views
                    .into_iter()
                    .enumerate()
                    .map(|(i, (shared, off))| shared.map_or((i, 0), |v| (v, off)))
                    .collect(),
                domains,
                rows,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Compact table: solution sets equal brute force's under every
    /// search; the root leaves exactly the supported values (generalised
    /// arc consistency, repeated variables included).
    #[test]
    fn table_matches_brute_force_and_is_generalised_arc_consistent(spec in rows()) {
        let mut model = Model::new();
        let x: Vec<VarId> = spec.domains.iter().map(|d| model.int_var(d.clone()).unwrap()).collect();
        model.table(spec.scope.iter().map(|&(v, off)| x[v] + off), &spec.rows).unwrap();
        let view = |values: &[i32]| -> Vec<i32> {
            spec.scope.iter().map(|&(v, off)| values[v] + off).collect()
        };
        let expected = brute_force(&spec.domains, &|v| spec.rows.contains(&view(v)));
        every_search_finds(&model, &expected)?;
        if let Some(left) = root_keeps_supports(&model, &spec.domains, &expected)? {
            let used: BTreeSet<usize> = spec.scope.iter().map(|s| s.0).collect();
            for (i, d) in left.iter().enumerate() {
                let want: BTreeSet<i32> = if used.contains(&i) {
                    expected.iter().map(|s| s[i]).collect()
                } else {
                    spec.domains[i].iter().copied().collect()
                };
                prop_assert_eq!(&d.iter().copied().collect::<BTreeSet<i32>>(), &want, "x{}", i);
            }
        }
    }
}

// ------------------------------------------------------------- reified table

/// `b <-> (x in rows)` or `b -> (x in rows)` as data: the scope's views of
/// the first variables, `b` the last variable (a domain within 0..=1).
#[derive(Clone, Debug)]
struct ReifTable {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
    rows: Vec<Vec<i32>>,
    full: bool,
}

fn reif_table() -> impl Strategy<Value = ReifTable> {
    (1..=3usize).prop_flat_map(|n| {
        (
            proptest::collection::vec(domain(-1..=2, 3), n),
            domain(0..=1, 2),
            differential::views(n, n),
            proptest::collection::vec(proptest::collection::vec(-1..=2i32, n), 0..=8),
            any::<bool>(),
        )
            .prop_map(|(mut domains, b, scope, rows, full)| {
                domains.push(b);
                ReifTable {
                    domains,
                    scope,
                    rows,
                    full,
                }
            })
    })
}

impl ReifTable {
    fn build(&self) -> Model {
        let mut model = Model::new();
        let x = differential::variables(&mut model, &self.domains);
        let views = self.scope.iter().map(|s| differential::view_of(&x, s));
        let b = *x.last().unwrap();
        if self.full {
            model.table_reif(views, &self.rows, b).unwrap();
        } else {
            model.table_imp(views, &self.rows, b).unwrap();
        }
        model
    }

    fn holds(&self, values: &[i32]) -> bool {
        let word: Vec<i32> = self
            .scope
            .iter()
            .map(|s| differential::value_of(values, s))
            .collect();
        let inside = self.rows.contains(&word);
        match values[values.len() - 1] {
            1 => inside,
            _ => !self.full || !inside,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Reified and half-reified table: solution sets equal brute force's
    /// under every search; the root keeps every supported value and, over
    /// distinct variables, only those, except the views' while `b` is 0
    /// (`<->`) with two views open.
    #[test]
    fn reified_table_matches_brute_force_and_is_domain_consistent(spec in reif_table()) {
        let model = spec.build();
        let expected = brute_force(&spec.domains, &|v| spec.holds(v));
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        if let (Some(left), true) = (left, differential::distinct(&spec.scope)) {
            let b = left.len() - 1;
            let open = spec.scope.iter().filter(|s| left[s.0].len() > 1).count();
            let mut used: BTreeSet<usize> = spec.scope.iter().map(|s| s.0).collect();
            if spec.full && left[b] == [0] && open >= 2 {
                used.clear(); // the negative table: only b is exact
            }
            used.insert(b);
            differential::exactly_supported(&left, &spec.domains, &used, &expected)?;
        }
    }
}

/// Bad input: rows of the wrong length and an empty scope are refused.
#[test]
fn reified_table_refuses_bad_rows() {
    let mut model = Model::new();
    let x = model.int_vars(2, 0..3).unwrap();
    let b = model.int_var(0..=1).unwrap();
    let err = model.table_reif(&x, [vec![0, 1, 2]], b).unwrap_err();
    assert_eq!(
        err,
        csp::ModelError::TableArity {
            row: 0,
            expected: 2,
            found: 3
        }
    );
    let none: [VarId; 0] = [];
    assert!(model.table_imp(none, [[0i32; 0]], b).is_err());
}

// --------------------------------------------------------------------- among

/// Among as data: the count's variable and offset, the views, the set.
#[derive(Clone, Debug)]
struct AmongSpec {
    domains: Vec<Vec<i32>>,
    count: (usize, i32),
    scope: Vec<(usize, i32)>,
    set: Vec<i64>,
}

fn among() -> impl Strategy<Value = AmongSpec> {
    (2..=5usize).prop_flat_map(|n| {
        let view = (
            prop_oneof![4 => Just(None), 1 => (0..n).prop_map(Some)],
            -1..=1i32,
        );
        (
            proptest::collection::vec(domain(-1..=3, 4), n),
            proptest::collection::vec(view, n),
            proptest::collection::vec(-2..=4i64, 0..=4),
        )
            .prop_map(|(domains, views, set)| {
                let mut views: Vec<(usize, i32)> = views
                    .into_iter()
                    .enumerate()
                    .map(|(i, (shared, off))| (shared.unwrap_or(i), off))
                    .collect();
                let count = views.remove(0);
                AmongSpec {
                    domains,
                    count,
                    scope: views,
                    set,
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Among: solution sets equal brute force's under every search; the
    /// root keeps every supported value and, over distinct variables,
    /// only those (domain consistency).
    #[test]
    fn among_matches_brute_force_and_is_domain_consistent(spec in among()) {
        let mut model = Model::new();
        let x: Vec<VarId> = spec.domains.iter().map(|d| model.int_var(d.clone()).unwrap()).collect();
        let (c, off) = spec.count;
        let views = spec.scope.iter().map(|&(v, off)| x[v] + off);
        model.among(x[c] + off, views, spec.set.clone()).unwrap();
        let ok = |v: &[i32]| {
            let inside = spec.scope.iter().filter(|&&(x, off)| spec.set.contains(&((v[x] + off) as i64))).count();
            (v[c] + off) as usize == inside && v[c] + off >= 0
        };
        let expected = brute_force(&spec.domains, &ok);
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        let mut vars: Vec<usize> = spec.scope.iter().map(|s| s.0).collect();
        vars.push(c);
        let distinct = vars.iter().collect::<BTreeSet<_>>().len() == vars.len();
        if let (Some(left), true) = (left, distinct) {
            for (i, d) in left.iter().enumerate() {
                let want: BTreeSet<i32> = expected.iter().map(|s| s[i]).collect();
                prop_assert_eq!(&d.iter().copied().collect::<BTreeSet<i32>>(), &want, "x{}", i);
            }
        }
    }
}

/// Magic sequences of up to five: one among per value over the same
/// array, each count one of the array's own variables (so every among
/// repeats a variable and each hears only its value in the others). Every
/// search finds exactly brute force's sequences (two of four, one of five,
/// none shorter).
#[test]
fn magic_sequences_of_amongs_over_one_array_match_brute_force() {
    for n in 1..=5usize {
        let domains = vec![(0..=n as i32).collect::<Vec<i32>>(); n];
        let mut model = Model::new();
        let x: Vec<VarId> = domains
            .iter()
            .map(|d| model.int_var(d.clone()).unwrap())
            .collect();
        for i in 0..n {
            model.among(x[i], x.iter().copied(), [i as i64]).unwrap();
        }
        let ok = |v: &[i32]| {
            (0..n).all(|i| v[i] as usize == v.iter().filter(|&&y| y == i as i32).count())
        };
        let expected = brute_force(&domains, &ok);
        assert_eq!(expected.is_empty(), n < 4, "n = {n}");
        every_search_finds(&model, &expected).unwrap();
    }
}

// ----------------------------------------------------- all-different except 0

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// All-different except 0: solution sets equal brute force's under
    /// every search; the root keeps every supported value, and no view
    /// keeps a non-zero value another view is fixed to.
    #[test]
    fn all_different_except_0_matches_brute_force_and_eliminates_values(
        (domains, scope) in (1..=5usize).prop_flat_map(|n| (
            proptest::collection::vec(domain(-1..=3, 4), n),
            proptest::collection::vec((0..n, -1..=1i32), 1..=n + 1),
        ))
    ) {
        let mut model = Model::new();
        let x: Vec<VarId> = domains.iter().map(|d| model.int_var(d.clone()).unwrap()).collect();
        model.all_different_except_0(scope.iter().map(|&(v, off)| x[v] + off)).unwrap();
        let ok = |v: &[i32]| {
            let mut nz: Vec<i32> = scope.iter().map(|&(x, off)| v[x] + off).filter(|&w| w != 0).collect();
            nz.sort_unstable();
            nz.windows(2).all(|w| w[0] != w[1])
        };
        let expected = brute_force(&domains, &ok);
        every_search_finds(&model, &expected)?;
        if let Some(left) = root_keeps_supports(&model, &domains, &expected)? {
            for (k, &(a, off_a)) in scope.iter().enumerate() {
                if left[a].len() != 1 || left[a][0] + off_a == 0 {
                    continue;
                }
                let w = left[a][0] + off_a;
                for (j, &(b, off_b)) in scope.iter().enumerate() {
                    if j != k && b != a {
                        prop_assert!(!left[b].contains(&(w - off_b)), "x{} keeps {}", b, w - off_b);
                    }
                }
            }
        }
    }
}

// ------------------------------------------ global cardinality, variable counts

/// Global cardinality with variable counts as data: the views as
/// (variable, offset) over the first variables, the listed values (maybe
/// repeated), and one count variable per listed value after them.
#[derive(Clone, Debug)]
struct GccSpec {
    domains: Vec<Vec<i32>>,
    scope: Vec<(usize, i32)>,
    values: Vec<i32>,
}

fn gcc_counts() -> impl Strategy<Value = GccSpec> {
    (1..=4usize, 1..=3usize).prop_flat_map(|(n, m)| {
        let view = (
            prop_oneof![4 => Just(None), 1 => (0..n).prop_map(Some)],
            -1..=1i32,
        );
        (
            proptest::collection::vec(domain(-1..=3, 4), n),
            proptest::collection::vec(domain(0..=4, 3), m),
            proptest::collection::vec(view, n),
            proptest::collection::vec(-1..=3i32, m),
        )
            .prop_map(|(mut domains, counts, views, values)| {
                domains.extend(counts);
                GccSpec {
                    scope: views
                        .into_iter()
                        .enumerate()
                        .map(|(i, (shared, off))| shared.map_or((i, 0), |v| (v, off)))
                        .collect(),
                    domains,
                    values,
                }
            })
    })
}

impl GccSpec {
    fn n(&self) -> usize {
        self.scope.len()
    }

    fn count(&self, values: &[i32], value: i32) -> usize {
        self.scope
            .iter()
            .filter(|&&(x, off)| values[x] + off == value)
            .count()
    }

    fn holds(&self, values: &[i32]) -> bool {
        let n = self.n();
        self.values
            .iter()
            .enumerate()
            .all(|(k, &v)| self.count(values, v) as i32 == values[n + k])
    }

    /// The root's domains as the views see them (over distinct variables):
    /// the views' values, then the counts'.
    fn view_domains(&self, left: &[Vec<i32>]) -> Vec<Vec<i32>> {
        let views = self
            .scope
            .iter()
            .map(|&(x, off)| left[x].iter().map(|w| w + off).collect());
        views.chain(left[self.n()..].iter().cloned()).collect()
    }

    /// Over distinct variables and values (`d` the view domains): each
    /// value's count on its own is domain consistent, and the counts'
    /// bounds agree with their sum.
    fn strong(&self, d: &[Vec<i32>]) -> Result<(), TestCaseError> {
        let n = self.n();
        let count = |vals: &[i32], v: i32| vals[..n].iter().filter(|&&w| w == v).count() as i32;
        for (k, &v) in self.values.iter().enumerate() {
            // Each view's value and each count with a support in "count k".
            let supported = brute_force(d, &|vals| count(vals, v) == vals[n + k]);
            for (i, di) in d.iter().enumerate() {
                if i < n || i == n + k {
                    for &w in di {
                        prop_assert!(
                            supported.iter().any(|s| s[i] == w),
                            "value {}: view {} = {} has no support",
                            v,
                            i,
                            w
                        );
                    }
                }
            }
        }
        let m = self.values.len();
        let bounds = |k: usize| (d[n + k][0] as i64, *d[n + k].last().unwrap() as i64);
        let listed = |i: usize| d[i].iter().all(|w| self.values.contains(w));
        let covered = (0..n).filter(|&i| listed(i)).count() as i64;
        let low: i64 = (0..m).map(|k| bounds(k).0).sum();
        let high: i64 = (0..m).map(|k| bounds(k).1).sum();
        for k in 0..m {
            let (a, b) = bounds(k);
            prop_assert!(
                b <= n as i64 - (low - a),
                "count {} above the sum's room",
                k
            );
            prop_assert!(
                a >= covered - (high - b),
                "count {} below what must be listed",
                k
            );
        }
        if high == covered {
            for i in (0..n).filter(|&i| !listed(i)) {
                prop_assert!(
                    d[i].iter().all(|w| !self.values.contains(w)),
                    "view {} may be listed",
                    i
                );
            }
        }
        if low == n as i64 {
            prop_assert_eq!(covered, n as i64, "every view listed");
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    /// Global cardinality with variable counts: solution sets equal brute
    /// force's under every search; the root keeps every supported value
    /// and, over distinct variables and values, reaches the claimed
    /// strength.
    #[test]
    fn gcc_with_counts_matches_brute_force_and_is_domain_consistent_per_value(spec in gcc_counts()) {
        let mut model = Model::new();
        let x: Vec<VarId> = spec.domains.iter().map(|d| model.int_var(d.clone()).unwrap()).collect();
        let n = spec.n();
        let views = spec.scope.iter().map(|&(v, off)| x[v] + off);
        model.global_cardinality_counts(views, spec.values.clone(), &x[n..]).unwrap();
        let expected = brute_force(&spec.domains, &|v| spec.holds(v));
        every_search_finds(&model, &expected)?;
        let left = root_keeps_supports(&model, &spec.domains, &expected)?;
        let distinct_vars = spec.scope.iter().map(|s| s.0).collect::<BTreeSet<_>>().len() == n;
        let distinct_values = spec.values.iter().collect::<BTreeSet<_>>().len() == spec.values.len();
        if let (Some(left), true, true) = (left, distinct_vars, distinct_values) {
            spec.strong(&spec.view_domains(&left))?;
        }
    }
}

/// The counts' sum: two views on {0, 1} and counts of at most 1 each use
/// up the listed values, so the third view, which could take 2, must.
#[test]
fn gcc_with_counts_leaves_listed_values_to_the_views_that_need_them() {
    let mut model = Model::new();
    let domains = [
        vec![0, 1],
        vec![0, 1],
        vec![0, 1, 2],
        vec![0, 1],
        vec![0, 1],
    ];
    let v: Vec<VarId> = domains
        .iter()
        .map(|d| model.int_var(d.clone()).unwrap())
        .collect();
    model
        .global_cardinality_counts(&v[..3], [0, 1], &v[3..])
        .unwrap();
    let left = root_domains(&model, &domains).unwrap();
    assert_eq!(left[2], vec![2]);
    assert_eq!((&left[3], &left[4]), (&vec![1], &vec![1]));
}
