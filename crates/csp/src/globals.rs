//! The model's builders for the global constraints of scheduling, automata,
//! counting, routing and packing (each kind's propagator lives in `propagators/`).

use crate::error::ModelError;
use crate::model::{ConstraintId, Model};
use crate::propagators::all_different_except_0::AllDifferentExcept0;
use crate::propagators::among::Among;
use crate::propagators::bin_packing::{BinPacking, Loads};
use crate::propagators::cumulative::Cumulative;
use crate::propagators::diffn::Diffn;
use crate::propagators::disjunctive::Disjunctive;
use crate::propagators::nvalue::Nvalue;
use crate::propagators::regular::Regular;
use crate::propagators::subcircuit::Subcircuit;
use crate::propagators::value_precede::ValuePrecede;
use crate::var::View;

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
        let name = "cumulative";
        let scope: Vec<View> = starts.into_iter().map(Into::into).collect();
        let durations = non_negative(durations, name, "duration")?;
        let demands = non_negative(demands, name, "demand")?;
        same_length(name, scope.len(), durations.len())?;
        same_length(name, scope.len(), demands.len())?;
        // No two tasks that take something fit side by side: a unary resource.
        let busy = |i: usize| durations[i] > 0 && demands[i] > 0;
        let unary = capacity >= 0
            && (0..scope.len())
                .filter(|&i| busy(i))
                .all(|i| 2 * demands[i] > capacity && demands[i] <= capacity);
        if unary {
            let durations = (0..scope.len())
                .map(|i| if busy(i) { durations[i] } else { 0 })
                .collect();
            return self.add(Disjunctive { durations }, scope);
        }
        let kind = Cumulative {
            name,
            durations,
            demands,
            capacity,
        };
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
        // Number the states densely, in order of appearance.
        let mut ids: std::collections::HashMap<usize, u32> = std::collections::HashMap::new();
        let mut id = |q: usize| {
            let next = ids.len() as u32;
            *ids.entry(q).or_insert(next)
        };
        let start = id(start);
        let arcs: Vec<(u32, i64, u32)> = transitions
            .into_iter()
            .map(|(from, value, to)| (id(from), value as i64, id(to)))
            .collect();
        let finals: Vec<u32> = finals.into_iter().map(&mut id).collect();
        let states = ids.len();
        let mut kind = Regular {
            transitions: vec![Vec::new(); states],
            start,
            finals: vec![false; states],
        };
        for (from, value, to) in arcs {
            kind.transitions[from as usize].push((value, to));
        }
        for ts in &mut kind.transitions {
            ts.sort_unstable();
            ts.dedup();
        }
        for q in finals {
            kind.finals[q as usize] = true;
        }
        self.add(kind, scope)
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
