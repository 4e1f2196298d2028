//! The model's builders for the global constraints of scheduling, automata,
//! counting, routing and packing (each kind's propagator lives in `propagators/`).

use crate::error::ModelError;
use crate::model::{ConstraintId, Model};
use crate::propagators::all_different_except_0::AllDifferentExcept0;
use crate::propagators::all_different_reif::AllDifferentReif;
use crate::propagators::among::Among;
use crate::propagators::arg_extreme::ArgExtreme;
use crate::propagators::bin_packing::{BinPacking, Loads};
use crate::propagators::cardinality_counts::CardinalityCounts;
use crate::propagators::cost_regular::CostRegular;
use crate::propagators::cumulative::{Amount, Cumulative};
use crate::propagators::diffn::Diffn;
use crate::propagators::disjunctive::Disjunctive;
use crate::propagators::member::Member;
use crate::propagators::nvalue::Nvalue;
use crate::propagators::regular::Regular;
use crate::propagators::subcircuit::Subcircuit;
use crate::propagators::table_reif::TableReif;
use crate::propagators::value_precede::ValuePrecede;
use crate::var::View;
use crate::CumulativeLevel;

/// The values of `args` as 64-bit integers, refused if one is negative.
fn non_negative(
    args: impl IntoIterator<Item = i32>,
    constraint: &'static str,
    what: &'static str,
) -> Result<Vec<i64>, ModelError> {
    args.into_iter()
        .enumerate()
        .map(|(index, a)| {
            if a < 0 {
                Err(ModelError::NegativeArgument {
                    constraint,
                    what,
                    index,
                })
            } else {
                Ok(a as i64)
            }
        })
        .collect()
}

/// An automaton's states numbered densely, in order of appearance (the
/// builders take any numbers).
#[derive(Default)]
struct States(std::collections::HashMap<usize, u32>);

impl States {
    /// The dense number of state `q`.
    fn id(&mut self, q: usize) -> u32 {
        let next = self.0.len() as u32;
        *self.0.entry(q).or_insert(next)
    }

    /// Per numbered state (the finals numbered too): is it final?
    fn finals(&mut self, finals: impl IntoIterator<Item = usize>) -> Vec<bool> {
        let finals: Vec<u32> = finals.into_iter().map(|q| self.id(q)).collect();
        let mut is_final = vec![false; self.0.len()];
        for q in finals {
            is_final[q as usize] = true;
        }
        is_final
    }
}

/// `Ok` when `found` equals the number of starts.
fn same_length(constraint: &'static str, starts: usize, found: usize) -> Result<(), ModelError> {
    if starts == found {
        Ok(())
    } else {
        Err(ModelError::LengthMismatch {
            constraint,
            left: starts,
            right: found,
        })
    }
}

impl Model {
    /// A cumulative resource: task `i` starts at `starts[i]`, runs for
    /// `durations[i]` and uses `demands[i]` of the resource meanwhile; at
    /// no time do the running tasks use more than `capacity`. Tasks of
    /// duration or demand 0 are free. Arc consistency filters the starts'
    /// bounds by time-tabling (the compulsory-part profile); when no two
    /// busy tasks fit side by side (each asks more than half the capacity)
    /// the resource is unary and gets [`Model::disjunctive`]'s propagator.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let s = model.int_vars(3, 0..4).unwrap();
    /// // Two tasks of demand 2 and one of demand 1 on a resource of 2:
    /// // the big ones never overlap.
    /// model.cumulative(&s, [2, 2, 1], [2, 2, 1], 2).unwrap();
    /// let solver = Solver::new(&model);
    /// assert!(solver.search().all(|sol| {
    ///     let v = sol.values();
    ///     v[0] + 2 <= v[1] || v[1] + 2 <= v[0]
    /// }));
    /// // Lengths must agree, and nothing may be negative:
    /// assert!(model.cumulative(&s, [1, 1], [1, 1, 1], 2).is_err());
    /// assert!(model.cumulative(&s, [1, 1, -1], [1, 1, 1], 2).is_err());
    /// ```
    pub fn cumulative<V: Into<View>>(
        &mut self,
        starts: impl IntoIterator<Item = V>,
        durations: impl IntoIterator<Item = i32>,
        demands: impl IntoIterator<Item = i32>,
        capacity: i64,
    ) -> Result<ConstraintId, ModelError> {
        self.cumulative_at(starts, durations, demands, capacity, None)
    }

    /// [`Model::cumulative`] filtered at `level` whatever the solver's
    /// default ([`Solver::cumulative_level`](crate::Solver::cumulative_level)):
    /// [`CumulativeLevel::EdgeFinding`] adds edge finding to time-tabling.
    ///
    /// ```
    /// use csp::{CumulativeLevel, Model, Solver, Strategy};
    /// let build = |level| {
    ///     let mut model = Model::new();
    ///     let x = model.int_vars(2, 0..=3).unwrap();
    ///     let z = model.int_var(0..=3).unwrap();
    ///     // Tasks 0 and 1 fill the capacity for 4 of the 5 units of
    ///     // [0, 5), and task 2 (3 long) cannot end before them: edge
    ///     // finding starts it at 3, which leaves 0 and 1 too little room.
    ///     model.cumulative_with([x[0], x[1], z], [2, 2, 3], [2, 2, 1], 2, level).unwrap();
    ///     model
    /// };
    /// let count = |model: &Model| Solver::new(model).strategy(Strategy::ArcConsistency).count();
    /// let edge = count(&build(CumulativeLevel::EdgeFinding));
    /// let table = count(&build(CumulativeLevel::TimeTable));
    /// assert_eq!((edge.solutions(), table.solutions()), (0, 0));
    /// assert_eq!(edge.stats.failures, 0); // the root fails
    /// assert!(table.stats.failures > 0); // values tried below it
    /// ```
    pub fn cumulative_with<V: Into<View>>(
        &mut self,
        starts: impl IntoIterator<Item = V>,
        durations: impl IntoIterator<Item = i32>,
        demands: impl IntoIterator<Item = i32>,
        capacity: i64,
        level: CumulativeLevel,
    ) -> Result<ConstraintId, ModelError> {
        self.cumulative_at(starts, durations, demands, capacity, Some(level))
    }

    /// [`Model::cumulative`] at the `level` chosen, if any.
    fn cumulative_at<V: Into<View>>(
        &mut self,
        starts: impl IntoIterator<Item = V>,
        durations: impl IntoIterator<Item = i32>,
        demands: impl IntoIterator<Item = i32>,
        capacity: i64,
        level: Option<CumulativeLevel>,
    ) -> Result<ConstraintId, ModelError> {
        let name = "cumulative";
        let scope: Vec<View> = starts.into_iter().map(Into::into).collect();
        let durations = non_negative(durations, name, "duration")?;
        let demands = non_negative(demands, name, "demand")?;
        same_length(name, scope.len(), durations.len())?;
        same_length(name, scope.len(), demands.len())?;
        let constants = |xs: Vec<i64>| xs.into_iter().map(Amount::Const).collect();
        let kind = Cumulative {
            name,
            durations: constants(durations),
            demands: constants(demands),
            capacity: Amount::Const(capacity),
            level,
        };
        self.add_cumulative(kind, scope)
    }

    /// [`Model::cumulative`] with durations, demands and the capacity as
    /// views (a fixed one counts as its constant). None of them may be
    /// negative; a task whose duration or demand is 0 takes nothing
    /// (optional tasks). Arc consistency time-tables with the least
    /// durations and demands (each task's compulsory part), raises the
    /// capacity's least value to the profile's peak, filters the starts'
    /// bounds as with constants, and shrinks each duration's greatest value
    /// to the longest run free of conflicts from some start and each
    /// demand's to what the others leave over its compulsory part.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let s = model.int_vars(2, 0..4).unwrap();
    /// let d = model.int_vars(2, 0..=4).unwrap();
    /// let r = model.int_var(1..=2).unwrap();
    /// let c = model.int_var(2..=2).unwrap();
    /// // Task 0 asks r (1 or 2), task 1 asks 2 of a capacity of 2: busy
    /// // tasks never overlap.
    /// model.cumulative_vars(&s, &d, [r, c], c).unwrap();
    /// let solver = Solver::new(&model);
    /// assert!(solver.search().all(|sol| {
    ///     let v = sol.values();
    ///     let (s0, s1, d0, d1) = (v[0], v[1], v[2], v[3]);
    ///     d0 == 0 || d1 == 0 || s0 + d0 <= s1 || s1 + d1 <= s0
    /// }));
    /// // One duration and one demand per start:
    /// assert!(model.cumulative_vars(&s, &d[..1], [r, c], c).is_err());
    /// ```
    pub fn cumulative_vars<S: Into<View>, D: Into<View>, R: Into<View>>(
        &mut self,
        starts: impl IntoIterator<Item = S>,
        durations: impl IntoIterator<Item = D>,
        demands: impl IntoIterator<Item = R>,
        capacity: impl Into<View>,
    ) -> Result<ConstraintId, ModelError> {
        let name = "cumulative";
        let mut scope: Vec<View> = starts.into_iter().map(Into::into).collect();
        let durations: Vec<View> = durations.into_iter().map(Into::into).collect();
        let demands: Vec<View> = demands.into_iter().map(Into::into).collect();
        same_length(name, scope.len(), durations.len())?;
        same_length(name, scope.len(), demands.len())?;
        let durations = durations
            .into_iter()
            .map(|v| self.amount(v, &mut scope))
            .collect();
        let demands = demands
            .into_iter()
            .map(|v| self.amount(v, &mut scope))
            .collect();
        let capacity = self.amount(capacity.into(), &mut scope);
        let kind = Cumulative {
            name,
            durations,
            demands,
            capacity,
            level: None,
        };
        self.add_cumulative(kind, scope)
    }

    /// `view` as an amount of a cumulative: its constant when it is fixed
    /// and not negative, else its position in `scope` (pushed there).
    fn amount(&self, view: View, scope: &mut Vec<View>) -> Amount {
        let domain = self.domain(view.var);
        match (domain.size(), domain.min()) {
            (1, Some(c)) if c as i64 + view.offset >= 0 => Amount::Const(c as i64 + view.offset),
            _ => {
                scope.push(view);
                Amount::At(scope.len() - 1)
            }
        }
    }

    /// Posts a cumulative; when every amount is a constant and no two busy
    /// tasks fit side by side (each asks more than half the capacity), the
    /// resource is unary and gets [`Model::disjunctive`]'s propagator.
    fn add_cumulative(
        &mut self,
        kind: Cumulative,
        scope: Vec<View>,
    ) -> Result<ConstraintId, ModelError> {
        let constant = |a: &Amount| match *a {
            Amount::Const(c) => Some(c),
            Amount::At(_) => None,
        };
        let durations: Option<Vec<i64>> = kind.durations.iter().map(constant).collect();
        let demands: Option<Vec<i64>> = kind.demands.iter().map(constant).collect();
        if let (Some(d), Some(r), Some(capacity)) = (durations, demands, constant(&kind.capacity)) {
            let busy = |i: usize| d[i] > 0 && r[i] > 0;
            let unary = capacity >= 0
                && (0..d.len())
                    .filter(|&i| busy(i))
                    .all(|i| 2 * r[i] > capacity && r[i] <= capacity);
            if unary {
                let durations = (0..d.len())
                    .map(|i| if busy(i) { d[i] } else { 0 })
                    .collect();
                return self.add(Disjunctive { durations }, scope);
            }
        }
        self.add(kind, scope)
    }

    /// A disjunctive (unary) resource: task `i` starts at `starts[i]` and
    /// runs for `durations[i]`, and no two tasks of positive duration
    /// overlap. Arc consistency filters the starts' bounds with Vilím's
    /// `O(n log n)` unary-resource rules (overload checking, detectable
    /// precedences, not-first/not-last, edge finding), which are at least
    /// time-tabling.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let s = model.int_vars(3, 0..3).unwrap();
    /// model.disjunctive(&s, [1, 1, 1]).unwrap(); // three unit tasks in three slots
    /// assert_eq!(Solver::new(&model).count().solutions(), 6);
    /// ```
    pub fn disjunctive<V: Into<View>>(
        &mut self,
        starts: impl IntoIterator<Item = V>,
        durations: impl IntoIterator<Item = i32>,
    ) -> Result<ConstraintId, ModelError> {
        let name = "disjunctive";
        let scope: Vec<View> = starts.into_iter().map(Into::into).collect();
        let durations = non_negative(durations, name, "duration")?;
        same_length(name, scope.len(), durations.len())?;
        self.add(Disjunctive { durations }, scope)
    }

    /// [`Model::disjunctive`] with durations as views (a fixed one counts
    /// as its constant): no two tasks of positive duration overlap, a task
    /// of duration 0 fits anywhere, no duration is negative. With every
    /// duration fixed, the unary resource's rules; otherwise
    /// [`Model::cumulative_vars`]'s time-tabling with demands 1 and
    /// capacity 1.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let s = model.int_vars(2, 0..3).unwrap();
    /// let d = model.int_vars(2, 1..=2).unwrap();
    /// model.disjunctive_vars(&s, &d).unwrap();
    /// // Starts in 0..3: (d0, d1) = (1, 1) has 6 placements, (1, 2) and
    /// // (2, 1) 4 each, (2, 2) 2.
    /// assert_eq!(Solver::new(&model).count().solutions(), 16);
    /// ```
    pub fn disjunctive_vars<S: Into<View>, D: Into<View>>(
        &mut self,
        starts: impl IntoIterator<Item = S>,
        durations: impl IntoIterator<Item = D>,
    ) -> Result<ConstraintId, ModelError> {
        let name = "disjunctive";
        let mut scope: Vec<View> = starts.into_iter().map(Into::into).collect();
        let durations: Vec<View> = durations.into_iter().map(Into::into).collect();
        same_length(name, scope.len(), durations.len())?;
        let durations: Vec<Amount> = durations
            .into_iter()
            .map(|v| self.amount(v, &mut scope))
            .collect();
        let n = durations.len();
        let kind = Cumulative {
            name,
            durations,
            demands: vec![Amount::Const(1); n],
            capacity: Amount::Const(1),
            level: None,
        };
        self.add_cumulative(kind, scope)
    }

    /// The views spell a word the automaton accepts: starting in state
    /// `start`, each view's value follows one of the `transitions`
    /// `(from, value, to)`, and the state reached after the last view is
    /// one of `finals`. States are any numbers; a state and value without
    /// a transition rejects, and several transitions on one value make the
    /// automaton nondeterministic (some path must accept). Arc consistency
    /// filters it to domain consistency over distinct variables.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(4, 0..2).unwrap();
    /// // Words over {0, 1} with no two 1s in a row: state 0 after a 0,
    /// // state 1 after a 1; both final.
    /// model.regular(&x, [(0, 0, 0), (0, 1, 1), (1, 0, 0)], 0, [0, 1]).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 8); // Fibonacci: 8 words of 4
    /// ```
    pub fn regular<V: Into<View>>(
        &mut self,
        scope: impl IntoIterator<Item = V>,
        transitions: impl IntoIterator<Item = (usize, i32, usize)>,
        start: usize,
        finals: impl IntoIterator<Item = usize>,
    ) -> Result<ConstraintId, ModelError> {
        let scope: Vec<View> = scope.into_iter().map(Into::into).collect();
        let mut ids = States::default();
        let start = ids.id(start);
        let arcs: Vec<(u32, i64, u32)> = transitions
            .into_iter()
            .map(|(from, value, to)| (ids.id(from), value as i64, ids.id(to)))
            .collect();
        let finals = ids.finals(finals);
        let mut transitions = vec![Vec::new(); finals.len()];
        for (from, value, to) in arcs {
            transitions[from as usize].push((value, to));
        }
        for ts in &mut transitions {
            ts.sort_unstable();
            ts.dedup();
        }
        self.add(
            Regular {
                transitions,
                start,
                finals,
            },
            scope,
        )
    }

    /// [`Model::regular`] with a cost per transition: the views spell a
    /// word the automaton accepts and `cost` is the sum of the costs of
    /// the `transitions` `(from, value, to, cost)` its path takes (some
    /// path's, when the automaton is nondeterministic). Arc consistency
    /// bounds `cost` by the cheapest and dearest accepted word, and keeps
    /// a view's value only on a transition some path through which can
    /// cost at most `cost`'s greatest value and one at least its least.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2).unwrap();
    /// let cost = model.int_var(0..=10).unwrap();
    /// // Any word over {0, 1}; each 1 costs 2: the cost is twice the 1s.
    /// model.cost_regular(&x, [(0, 0, 0, 0), (0, 1, 0, 2)], 0, [0], cost).unwrap();
    /// model.equal(cost, 4).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 3); // two 1s of three
    /// ```
    pub fn cost_regular<V: Into<View>>(
        &mut self,
        scope: impl IntoIterator<Item = V>,
        transitions: impl IntoIterator<Item = (usize, i32, usize, i32)>,
        start: usize,
        finals: impl IntoIterator<Item = usize>,
        cost: impl Into<View>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = scope.into_iter().map(Into::into).collect();
        let mut ids = States::default();
        let start = ids.id(start);
        let arcs: Vec<(u32, i64, u32, i64)> = transitions
            .into_iter()
            .map(|(from, value, to, c)| (ids.id(from), value as i64, ids.id(to), c as i64))
            .collect();
        let finals = ids.finals(finals);
        let mut transitions = vec![Vec::new(); finals.len()];
        for (from, value, to, c) in arcs {
            transitions[from as usize].push((value, to, c));
        }
        for ts in &mut transitions {
            ts.sort_unstable();
            ts.dedup();
        }
        scope.push(cost.into());
        self.add(
            CostRegular {
                transitions,
                start,
                finals,
            },
            scope,
        )
    }

    /// `b <-> (views in rows)`: the 0/1 view `b` is 1 exactly when the
    /// views' values form one of the `rows`. Arc consistency makes `b`
    /// domain consistent (0 once no row is left in the domains, 1 once
    /// every tuple of them is a row), the views generalised arc consistent
    /// while `b` is 1, and exact on the last open view while `b` is 0.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// let b = model.int_var(0..=1).unwrap();
    /// model.table_reif(&x, [[0, 1], [1, 2]], b).unwrap();
    /// model.equal(b, 1).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 2);
    /// ```
    pub fn table_reif<V: Into<View>, R: AsRef<[i32]>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        rows: impl IntoIterator<Item = R>,
        b: impl Into<View>,
    ) -> Result<ConstraintId, ModelError> {
        self.table_reified(views, rows, b.into(), true)
    }

    /// `b -> (views in rows)`: when the 0/1 view `b` is 1 the views' values
    /// form one of the `rows` (when it is 0, anything goes). Filtered as
    /// [`Model::table_reif`], without its "every tuple is a row" rule.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// let b = model.int_var(0..=1).unwrap();
    /// model.table_imp(&x, [[0, 1], [1, 2]], b).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 9 + 2); // b = 0: any; b = 1: a row
    /// ```
    pub fn table_imp<V: Into<View>, R: AsRef<[i32]>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        rows: impl IntoIterator<Item = R>,
        b: impl Into<View>,
    ) -> Result<ConstraintId, ModelError> {
        self.table_reified(views, rows, b.into(), false)
    }

    /// [`Model::table_reif`] (`full`) or [`Model::table_imp`]: the rows
    /// checked for arity and made distinct, `b` last in the scope.
    fn table_reified<V: Into<View>, R: AsRef<[i32]>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        rows: impl IntoIterator<Item = R>,
        b: View,
        full: bool,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = views.into_iter().map(Into::into).collect();
        if scope.is_empty() {
            let constraint = if full { "table_reif" } else { "table_imp" };
            return Err(ModelError::EmptyScope { constraint });
        }
        let flat = crate::model::table_rows(rows, scope.len())?;
        let distinct: std::collections::BTreeSet<&[i64]> = flat.chunks_exact(scope.len()).collect();
        let rows = distinct.into_iter().flatten().copied().collect();
        scope.push(b);
        self.add(TableReif { rows, full }, scope)
    }

    /// `b <-> all_different(views)`: the 0/1 view `b` is 1 exactly when the
    /// views' values are pairwise distinct. While `b` is open, two fixed
    /// views of one value make it 0 and pairwise disjoint domains make it
    /// 1; while 1, value elimination (as [`Model::all_different`]); while
    /// 0, the last open view must repeat a value.
    ///
    /// ```
    /// use csp::{Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// let b = model.int_var(0..=1).unwrap();
    /// model.all_different_reif(&x, b).unwrap();
    /// // 6 permutations with b = 1, the other 21 assignments with b = 0.
    /// assert_eq!(Solver::new(&model).count().solutions(), 27);
    /// // Disjoint domains entail it before any search:
    /// let mut model = Model::new();
    /// let y = [model.int_var(0..2).unwrap(), model.int_var(2..4).unwrap()];
    /// let b = model.int_var(0..=1).unwrap();
    /// model.all_different_reif(y, b).unwrap();
    /// let solver = Solver::new(&model).strategy(Strategy::ArcConsistency);
    /// assert!(solver.search().all(|s| s.values()[2] == 1));
    /// ```
    pub fn all_different_reif<V: Into<View>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        b: impl Into<View>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = views.into_iter().map(Into::into).collect();
        scope.push(b.into());
        self.add(AllDifferentReif { full: true }, scope)
    }

    /// `b -> all_different(views)`: when the 0/1 view `b` is 1 the views'
    /// values are pairwise distinct (when it is 0, anything goes). Filtered
    /// as [`Model::all_different_reif`], without the entailment rule.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// let b = model.int_var(0..=1).unwrap();
    /// model.all_different_imp(&x, b).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 4 + 2); // b = 0: any; b = 1: distinct
    /// ```
    pub fn all_different_imp<V: Into<View>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        b: impl Into<View>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = views.into_iter().map(Into::into).collect();
        scope.push(b.into());
        self.add(AllDifferentReif { full: false }, scope)
    }

    /// `count` is the number of `views` whose value is in `set`. Arc
    /// consistency filters it to domain consistency over distinct
    /// variables.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// let n = model.int_var(2..=2).unwrap();
    /// model.among(n, &x, [0, 1]).unwrap(); // exactly two of x in {0, 1}
    /// assert_eq!(Solver::new(&model).count().solutions(), 12); // which one is 2 (3), the others (2 * 2)
    /// ```
    pub fn among<V: Into<View>>(
        &mut self,
        count: impl Into<View>,
        views: impl IntoIterator<Item = V>,
        set: impl IntoIterator<Item = i64>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = vec![count.into()];
        scope.extend(views.into_iter().map(Into::into));
        let mut set: Vec<i64> = set.into_iter().collect();
        set.sort_unstable();
        set.dedup();
        self.add(Among { set }, scope)
    }

    /// Global cardinality with variable counts: `counts[k]` is the number
    /// of `views` taking `values[k]`; values not listed are free (restrict
    /// the views' domains for the closed form). A value listed twice makes
    /// its counts equal. Arc consistency bounds each count by its value's
    /// sure and possible occurrences and by the counts' sum (at most the
    /// number of views, at least those that can take only listed values),
    /// removes a value from the open views once its count's maximum is
    /// taken, and fixes every view that can take it when its count's
    /// minimum needs them all: over distinct variables each value's count
    /// is, on its own, domain consistent.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// let c = model.int_vars(2, 0..=3).unwrap();
    /// // c[0] of x are 0 and c[1] are 1 (2 is free); at least two 0s.
    /// model.global_cardinality_counts(&x, [0, 1], &c).unwrap();
    /// model.greater_equal(c[0], 2).unwrap();
    /// // Three 0s (1), or two 0s and a 1 or a 2 in one of three places (6).
    /// assert_eq!(Solver::new(&model).count().solutions(), 7);
    /// // One count per value:
    /// assert!(model.global_cardinality_counts(&x, [0], &c).is_err());
    /// ```
    pub fn global_cardinality_counts<V: Into<View>, C: Into<View>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        values: impl IntoIterator<Item = i32>,
        counts: impl IntoIterator<Item = C>,
    ) -> Result<ConstraintId, ModelError> {
        let name = "global-cardinality-counts";
        let mut scope: Vec<View> = views.into_iter().map(Into::into).collect();
        let n = scope.len();
        let values: Vec<i64> = values.into_iter().map(i64::from).collect();
        let counts: Vec<View> = counts.into_iter().map(Into::into).collect();
        same_length(name, values.len(), counts.len())?;
        let mut distinct: Vec<i64> = Vec::with_capacity(values.len());
        for (k, &v) in values.iter().enumerate() {
            match values[..k].iter().position(|&w| w == v) {
                // The same value counted twice: both counts are one.
                Some(first) => {
                    self.equal(counts[first], counts[k])?;
                }
                None => {
                    distinct.push(v);
                    scope.push(counts[k]);
                }
            }
        }
        let kind = CardinalityCounts {
            values: distinct,
            views: n,
        };
        self.add(kind, scope)
    }

    /// `x` equals one of `entries` ([`Model::member`] with variables for
    /// the set). Arc consistency keeps in `x` the values
    /// some entry can take and, once only one entry can equal `x`, makes it
    /// equal (keeps only `x`'s values): domain consistency over distinct
    /// variables (by bounds while a domain is too wide to list).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let e = model.int_vars(2, 0..3).unwrap();
    /// let x = model.int_var(2..=5).unwrap();
    /// model.member_vars(x, &e).unwrap();
    /// // x is 2, and so is e[0] or e[1]: 3 + 3 - 1 pairs.
    /// assert_eq!(Solver::new(&model).count().solutions(), 5);
    /// ```
    pub fn member_vars<V: Into<View>>(
        &mut self,
        x: impl Into<View>,
        entries: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = entries.into_iter().map(Into::into).collect();
        scope.push(x.into());
        self.add(Member, scope)
    }

    /// `index` is the first position (0-based) of the greatest of `views`.
    /// Arc consistency reasons on bounds: a position stays possible only if
    /// no earlier view is surely at least its greatest value and no later
    /// one surely above it; every view is at most the possible positions'
    /// greatest value (strictly, before them all); a single possible
    /// position rises to every view's least value (strictly above the
    /// earlier ones'). An empty array has no maximum: it fails.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2).unwrap();
    /// let i = model.int_var(1..=1).unwrap();
    /// model.arg_max(&x, i).unwrap();
    /// // x[1] = 1 and x[0] = 0; x[2] either: 2 solutions.
    /// assert_eq!(Solver::new(&model).count().solutions(), 2);
    /// ```
    pub fn arg_max<V: Into<View>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        index: impl Into<View>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = views.into_iter().map(Into::into).collect();
        scope.push(index.into());
        self.add(ArgExtreme { max: true }, scope)
    }

    /// `index` is the first position (0-based) of the least of `views`:
    /// [`Model::arg_max`]'s mirror image, with the same reasoning.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2).unwrap();
    /// let i = model.int_var(0..=2).unwrap();
    /// model.arg_min(&x, i).unwrap();
    /// // Every x (8), its index determined.
    /// assert_eq!(Solver::new(&model).count().solutions(), 8);
    /// ```
    pub fn arg_min<V: Into<View>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        index: impl Into<View>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = views.into_iter().map(Into::into).collect();
        scope.push(index.into());
        self.add(ArgExtreme { max: false }, scope)
    }

    /// `count` is the number of distinct values the views take. Arc
    /// consistency bounds the count, from below by the fewest values that
    /// can cover the views' ranges and from above by the most distinct
    /// values they can take (and the size of the domains' union when they
    /// have few values); a count that allows no new value keeps the open
    /// views to the fixed values, one that needs a new value from each open
    /// view takes the fixed values from them. With the views' domains
    /// intervals, the count keeps exactly its supported values.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let n = model.int_var(1..=1).unwrap();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.nvalue(n, &x).unwrap(); // all three equal
    /// assert_eq!(Solver::new(&model).count().solutions(), 3);
    /// ```
    pub fn nvalue<V: Into<View>>(
        &mut self,
        count: impl Into<View>,
        views: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = vec![count.into()];
        scope.extend(views.into_iter().map(Into::into));
        self.add(Nvalue, scope)
    }

    /// Value precedence: wherever `chain[k + 1]` occurs among the views,
    /// `chain[k]` occurs at an earlier position (MiniZinc's
    /// `value_precede_chain`; often used to break the symmetry of
    /// interchangeable values). A value that repeats an earlier one of the
    /// chain can never occur, nor can the values from its first occurrence
    /// on. Arc consistency is domain consistent over distinct variables.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.value_precede_chain([0, 1, 2], &x).unwrap();
    /// // 0 first, then 1 only after a 0, 2 only after a 1: 000, 001,
    /// // 010, 011, 012.
    /// assert_eq!(Solver::new(&model).count().solutions(), 5);
    /// ```
    pub fn value_precede_chain<V: Into<View>>(
        &mut self,
        chain: impl IntoIterator<Item = i64>,
        views: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        let chain: Vec<i64> = chain.into_iter().collect();
        let scope = views.into_iter().map(Into::into).collect();
        self.add(ValuePrecede::new(&chain), scope)
    }

    /// Value precedence of two values: wherever `t` occurs among the
    /// views, `s` occurs at an earlier position (MiniZinc's
    /// `value_precede`; with `s = t`, `t` never occurs). The chain `[s, t]`
    /// of [`Model::value_precede_chain`].
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// model.value_precede(1, 2, &x).unwrap();
    /// // Of the nine pairs, those with a 2 and no 1 before it go:
    /// // 20, 21, 22, 02.
    /// assert_eq!(Solver::new(&model).count().solutions(), 5);
    /// ```
    pub fn value_precede<V: Into<View>>(
        &mut self,
        s: i64,
        t: i64,
        views: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        self.value_precede_chain([s, t], views)
    }

    /// Non-overlapping rectangles: rectangle `i` has its origin at
    /// `(x[i], y[i])` and the sizes `dx[i]`, `dy[i]`; no two overlap, that
    /// is one lies wholly left of, right of, below or above the other
    /// (MiniZinc's `diffn`: a rectangle of size 0 still may not lie inside
    /// another; `nonstrict` lets it, as `diffn_nonstrict`). Sizes may be
    /// variables. Arc consistency makes each pair of rectangles bounds(Z)
    /// consistent (constructive disjunction over the ways they can lie
    /// apart): overlapping compulsory parts fail, and a pair with one way
    /// left is pushed apart.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..=2).unwrap();
    /// let y = model.int_vars(2, 0..=0).unwrap();
    /// let size = model.int_var(2..=2).unwrap();
    /// // Two 2x2 squares on a 4x2 board: side by side, either way round.
    /// model.diffn(&x, &y, [size, size], [size, size], false).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 2);
    /// // One length per rectangle in every array:
    /// assert!(model.diffn(&x, &y, [size], [size, size], false).is_err());
    /// ```
    pub fn diffn<V1: Into<View>, V2: Into<View>, V3: Into<View>, V4: Into<View>>(
        &mut self,
        x: impl IntoIterator<Item = V1>,
        y: impl IntoIterator<Item = V2>,
        dx: impl IntoIterator<Item = V3>,
        dy: impl IntoIterator<Item = V4>,
        nonstrict: bool,
    ) -> Result<ConstraintId, ModelError> {
        let name = if nonstrict {
            "diffn-nonstrict"
        } else {
            "diffn"
        };
        let mut scope: Vec<View> = x.into_iter().map(Into::into).collect();
        let n = scope.len();
        for part in [
            y.into_iter().map(Into::into).collect::<Vec<View>>(),
            dx.into_iter().map(Into::into).collect(),
            dy.into_iter().map(Into::into).collect(),
        ] {
            same_length(name, n, part.len())?;
            scope.extend(part);
        }
        self.add(Diffn { n, nonstrict }, scope)
    }

    /// The views' non-zero values are pairwise different; any number of
    /// them may be 0. Arc consistency removes each fixed non-zero value
    /// from the other views.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.all_different_except_0(&x).unwrap();
    /// // All zeros (1), one non-zero (3 * 2), two (3 * 2), three (2 * 1 * 0 = 0)
    /// assert_eq!(Solver::new(&model).count().solutions(), 13);
    /// ```
    pub fn all_different_except_0<V: Into<View>>(
        &mut self,
        views: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        let scope = views.into_iter().map(Into::into).collect();
        self.add(AllDifferentExcept0, scope)
    }

    /// A subcircuit in successor form: `succ[i]` is the node that follows
    /// node `i` (0-based); a node that is its own successor is out, and
    /// the nodes that are not form one cycle (of at least two nodes), or
    /// none. Forward checking and arc consistency apply value elimination
    /// and subtour elimination (a chain of fixed successors closes only
    /// when every node off it can be out).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let succ = model.int_vars(3, 0..3).unwrap();
    /// model.subcircuit(&succ).unwrap();
    /// // None in (1), a pair in (3), all three in (2 cycles).
    /// assert_eq!(Solver::new(&model).count().solutions(), 6);
    /// ```
    pub fn subcircuit<V: Into<View>>(
        &mut self,
        succ: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        let scope = succ.into_iter().map(Into::into).collect();
        self.add(Subcircuit, scope)
    }

    /// Bin packing with loads: item `i` of weight `weights[i]` goes into
    /// bin `bins[i]` (0-based: `0..loads.len()`), and `loads[b]` is the
    /// weight of the items in bin `b`. Arc consistency keeps each load
    /// between the weight of the items surely in its bin and of those
    /// possibly in it (and the loads adding up to the total), removes an
    /// item from a bin it would overflow, and puts it into a bin that
    /// cannot reach its least load without it.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let loads = model.int_vars(2, 0..=4).unwrap();
    /// let bins = model.int_vars(3, 0..2).unwrap();
    /// model.bin_packing_load(&loads, &bins, [3, 2, 1]).unwrap();
    /// // Total 6 in two bins of at most 4: {3, 1} and {2}, or {3} and
    /// // {2, 1}, either way round.
    /// assert_eq!(Solver::new(&model).count().solutions(), 4);
    /// // One weight per item, none negative:
    /// assert!(model.bin_packing_load(&loads, &bins, [3, 2]).is_err());
    /// assert!(model.bin_packing_load(&loads, &bins, [3, 2, -1]).is_err());
    /// ```
    pub fn bin_packing_load<V: Into<View>, W: Into<View>>(
        &mut self,
        loads: impl IntoIterator<Item = V>,
        bins: impl IntoIterator<Item = W>,
        weights: impl IntoIterator<Item = i32>,
    ) -> Result<ConstraintId, ModelError> {
        let name = "bin-packing-load";
        let mut scope: Vec<View> = loads.into_iter().map(Into::into).collect();
        let m = scope.len();
        if m == 0 {
            return Err(ModelError::EmptyScope { constraint: name });
        }
        scope.extend(bins.into_iter().map(Into::into));
        let weights = non_negative(weights, name, "weight")?;
        same_length(name, scope.len() - m, weights.len())?;
        let kind = BinPacking {
            loads: Loads::Views { bins: m },
            weights,
        };
        self.add(kind, scope)
    }

    /// Bin packing with capacities: item `i` of weight `weights[i]` goes
    /// into bin `bins[i]` (0-based: `0..capacities.len()`), and the items
    /// in bin `b` weigh at most `capacities[b]`. Filtered as
    /// [`Model::bin_packing_load`] with each load within `0..=capacity`.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let bins = model.int_vars(3, 0..2).unwrap();
    /// model.bin_packing_capacity([4, 3], &bins, [3, 2, 1]).unwrap();
    /// // The 3 in bin 0 and the 2 in bin 1, the 1 in either (2 ways), or
    /// // the 3 in bin 1 and the others in bin 0 (1 way).
    /// assert_eq!(Solver::new(&model).count().solutions(), 3);
    /// ```
    pub fn bin_packing_capacity<W: Into<View>>(
        &mut self,
        capacities: impl IntoIterator<Item = i64>,
        bins: impl IntoIterator<Item = W>,
        weights: impl IntoIterator<Item = i32>,
    ) -> Result<ConstraintId, ModelError> {
        let name = "bin-packing-capacity";
        let capacities: Vec<i64> = capacities.into_iter().collect();
        if capacities.is_empty() {
            return Err(ModelError::EmptyScope { constraint: name });
        }
        let scope: Vec<View> = bins.into_iter().map(Into::into).collect();
        let weights = non_negative(weights, name, "weight")?;
        same_length(name, scope.len(), weights.len())?;
        let kind = BinPacking {
            loads: Loads::Capacities(capacities),
            weights,
        };
        self.add(kind, scope)
    }
}
