//! What a user picks for a search: pruning strategy, variable and value order.
//!
//! Each choice parses from and prints as a short kebab-case name
//! (`forward-checking`, `dom-wdeg`, `middle-out`, ...), so every command-line
//! program built on the engine accepts the same words.

use std::fmt;
use std::str::FromStr;

macro_rules! named_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every choice, in the order documented.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The kebab-case name used on command lines and in reports.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<$name, String> {
                let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
                $name::ALL
                    .iter()
                    .copied()
                    .find(|c| c.name() == wanted)
                    .ok_or_else(|| {
                        let names: Vec<&str> = $name::ALL.iter().map(|c| c.name()).collect();
                        format!("unknown {} '{}' (expected one of: {})", stringify!($name).to_lowercase(), s, names.join(", "))
                    })
            }
        }
    };
}

named_enum! {
    /// How much the search prunes at each node.
    ///
    /// ```
    /// use csp::Strategy;
    /// let s: Strategy = "forward-checking".parse().unwrap();
    /// assert_eq!(s, Strategy::ForwardChecking);
    /// assert_eq!(Strategy::ArcConsistency.to_string(), "arc-consistency");
    /// assert!("magic".parse::<Strategy>().is_err());
    /// ```
    Strategy {
        /// Assign every variable, then check the complete assignment.
        GenerateAndTest = "generate-and-test",
        /// Check each constraint as soon as it can be judged: pairwise
        /// constraints (not-equal, all-different) against the assigned
        /// variables, the others once their whole scope is assigned.
        Backtracking = "backtracking",
        /// After each assignment, remove the values of unassigned variables
        /// that conflict with it (n-ary constraints once one variable is left).
        ForwardChecking = "forward-checking",
        /// Maintain arc consistency (AC-3 style): propagate to a fixpoint after
        /// every assignment, with bounds reasoning for linear constraints and
        /// support search for tables and predicates.
        ArcConsistency = "arc-consistency",
        /// Look-back: backtracking's checks, and Prosser's
        /// conflict-directed backjumping. Each level keeps a conflict set,
        /// the earlier levels whose assignments took part in rejecting its
        /// values (for a pairwise disequality the earliest clashing
        /// variable; for another constraint the rest of its scope); when its
        /// values run out the search jumps back to the deepest level of that
        /// set, which inherits the rest of it, and the levels in between are
        /// undone without trying their other values. Same solutions as
        /// backtracking, never more nodes with the same static orders. Below
        /// a solution (or a failure of branch and bound's objective bound) a
        /// level backtracks chronologically, so enumeration stays complete.
        /// Restarts work as for the other strategies (conflict sets start
        /// afresh with each run).
        Backjumping = "backjumping",
        /// Look-back: backjumping, and each dead end's conflict set kept as
        /// a nogood (the assignments of its levels, implied by the model),
        /// checked like a constraint from then on, so the same dead end is
        /// never entered again in another subtree. Bounded learning: only
        /// nogoods of at most [`MAX_NOGOOD_SIZE`](crate::MAX_NOGOOD_SIZE)
        /// assignments are kept, at most
        /// [`MAX_NOGOODS`](crate::MAX_NOGOODS) of them (then learning
        /// stops); they last for the whole search, across restarts.
        NogoodLearning = "nogood-learning",
        /// Arc consistency with conflict-driven clause learning (lazy clause
        /// generation): every domain change is an atomic literal on a trail
        /// with its cause; a conflict is analysed to its first unique
        /// implication point, the nogood learned (minimised, watched, kept
        /// by activity and glue), the search jumps back to the level where
        /// it asserts. Binary branching on the most active variable at
        /// its saved value (phase saving): `x = v` / `x != v`, or `x <= v`
        /// / `x > v` when the value lies strictly inside the domain; Luby
        /// restarts; its own variable and value choice (the orders are
        /// ignored).
        ClauseLearning = "clause-learning",
    }
}

impl Strategy {
    /// Whether the strategy looks back: backjumping or nogood learning.
    ///
    /// ```
    /// use csp::Strategy;
    /// assert!(Strategy::NogoodLearning.looks_back());
    /// assert!(!Strategy::ArcConsistency.looks_back());
    /// ```
    pub fn looks_back(self) -> bool {
        matches!(self, Strategy::Backjumping | Strategy::NogoodLearning)
    }
}

named_enum! {
    /// Which unassigned variable to branch on next.
    ///
    /// ```
    /// assert_eq!("dom-deg".parse::<csp::VarOrder>().unwrap(), csp::VarOrder::DomDeg);
    /// ```
    VarOrder {
        /// The order the variables were created in.
        Input = "input",
        /// Smallest current domain first (first-fail, MRV).
        SmallestDomain = "smallest-domain",
        /// Smallest domain size divided by the number of constraints shared
        /// with other unassigned variables.
        DomDeg = "dom-deg",
        /// Smallest domain size divided by the failure-weighted degree
        /// (constraints gain weight each time they cause a failure).
        DomWDeg = "dom-wdeg",
    }
}

named_enum! {
    /// In which order to try the values of the chosen variable.
    ///
    /// ```
    /// assert_eq!(csp::ValueOrder::ALL.len(), 8);
    /// ```
    ValueOrder {
        /// Smallest value first.
        Ascending = "ascending",
        /// Largest value first.
        Descending = "descending",
        /// Values nearest the middle of the current domain first.
        MiddleOut = "middle-out",
        /// The value that removes the fewest values from other variables'
        /// domains first (measured by forward checking it).
        LeastConstraining = "least-constraining",
        /// A seeded random shuffle (the same seed gives the same order).
        Random = "random",
        /// The median value first (the lower one of an even count, by
        /// position among the values, not by distance), then outwards by
        /// position, lower first. Under binary branching only the first is
        /// tried before the level is chosen again, so this is Gecode's
        /// `INT_VAL_MED` (`indomain_median`).
        ///
        /// ```
        /// use csp::{Model, Solver, ValueOrder};
        /// let mut model = Model::new();
        /// model.int_var([0, 1, 2, 10]).unwrap();
        /// let solver = Solver::new(&model).value_order(ValueOrder::Median);
        /// let order: Vec<i32> = solver.search().map(|s| s.values()[0]).collect();
        /// // Middle-out (by distance from 5) would try 2 first.
        /// assert_eq!(order, [1, 2, 0, 10]);
        /// ```
        Median = "median",
        /// Bisection, lower half first: under binary branching
        /// ([`Solver::binary_branching`](crate::Solver::binary_branching))
        /// with forward checking or arc consistency, the search decides
        /// `x <= mid`, then `x > mid`, choosing the variable again after
        /// each (`mid` is `(min + max) / 2` truncated towards zero, or
        /// `min` when `max = min + 1`: Gecode's `INT_VAL_SPLIT_MIN`,
        /// `indomain_split`). Elsewhere the values one by one, ascending,
        /// the order bisection visits them in.
        Split = "split",
        /// Bisection, upper half first (`x > mid`, then `x <= mid`:
        /// Gecode's `INT_VAL_SPLIT_MAX`, `indomain_reverse_split`); where
        /// bisection does not apply, descending values.
        ReverseSplit = "reverse-split",
    }
}

named_enum! {
    /// How strongly an all-different constraint filters: each level removes
    /// at least what the one before it removes, so with the same strategy
    /// and static orders the search trees nest (value ⊇ bounds ⊇ domain).
    ///
    /// Choose it per constraint ([`Model::all_different_with`](crate::Model::all_different_with))
    /// or as a solver's default for the constraints that did not choose
    /// ([`Solver::all_different_level`](crate::Solver::all_different_level)).
    /// The stronger levels run where the strategy filters (forward checking
    /// and arc consistency); backtracking checks the assigned views pairwise
    /// whatever the level, and generate-and-test checks complete assignments.
    ///
    /// ```
    /// use csp::{AllDifferentLevel, Model, Solver, Strategy};
    /// // Three pigeons, two holes: only matching sees it before searching.
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 1..=2).unwrap();
    /// model.all_different_with(&x, AllDifferentLevel::Domain).unwrap();
    /// let outcome = Solver::new(&model).strategy(Strategy::ArcConsistency).count();
    /// assert_eq!((outcome.solutions(), outcome.stats.nodes), (0, 1)); // the root only
    /// assert_eq!("bounds".parse::<AllDifferentLevel>().unwrap(), AllDifferentLevel::Bounds);
    /// ```
    AllDifferentLevel {
        /// Value elimination: a fixed view's value leaves the other views
        /// (the default, and the n-queens fast path: one-word models merge
        /// these disequalities into one propagator).
        Value = "value",
        /// Bounds consistency as well: Hall intervals (López-Ortiz et al.,
        /// O(n log n)) trim each view's minimum and maximum, so that a set
        /// of k views confined to k consecutive values keeps the others out.
        Bounds = "bounds",
        /// Domain consistency (Régin): a value stays only if some maximum
        /// matching of views to distinct values uses it (a matching, then
        /// strongly connected components of its alternating graph).
        Domain = "domain",
    }
}

named_enum! {
    /// How strongly a cumulative resource filters its tasks' bounds: each
    /// level removes at least what the one before it removes.
    ///
    /// Choose it per constraint ([`Model::cumulative_with`](crate::Model::cumulative_with))
    /// or as a solver's default for the cumulatives that did not choose
    /// ([`Solver::cumulative_level`](crate::Solver::cumulative_level)). A
    /// resource the model found unary (each busy task asks more than half
    /// the capacity) runs the unary rules, edge finding included, at
    /// either level.
    ///
    /// ```
    /// use csp::{CumulativeLevel, Model, Solver, Strategy};
    /// // Capacity 2: two tasks of demand 2 and duration 2 within [0, 5),
    /// // and a task of demand 1 and duration 3 within [0, 5) too: 11 units
    /// // of energy where 10 fit, which no compulsory part shows.
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..=3).unwrap();
    /// let z = model.int_var(0..=2).unwrap();
    /// let level = CumulativeLevel::EdgeFinding;
    /// model.cumulative_with([x[0], x[1], z], [2, 2, 3], [2, 2, 1], 2, level).unwrap();
    /// let outcome = Solver::new(&model).strategy(Strategy::ArcConsistency).count();
    /// assert_eq!((outcome.solutions(), outcome.stats.failures), (0, 0)); // the root fails
    /// assert_eq!("edge-finding".parse::<CumulativeLevel>().unwrap(), level);
    /// ```
    CumulativeLevel {
        /// Time-tabling on the compulsory-part profile (the default).
        TimeTable = "time-table",
        /// Time-tabling, then Vilím's edge finding on a Θ-Λ-tree (a set of
        /// tasks whose energy, with one more task's, overflows their window
        /// pushes that task after them all), both ways in time, to their
        /// common fixpoint.
        EdgeFinding = "edge-finding",
    }
}

/// Restarts for first-solution search: after a number of failures the
/// search starts again from the root (keeping learned constraint weights),
/// with ties in the variable order broken by a seeded random choice. The
/// failure cutoff grows by the Luby sequence, geometrically or linearly,
/// without bound, so a search with those restarts still ends. Constant
/// cutoffs (MiniZinc's `restart_constant`) never grow: such a search ends
/// at a solution, a limit, or a run that finishes within the cutoff, so a
/// proof that needs more failures than one run allows never comes.
///
/// Build them with [`Restarts::luby`] and [`Restarts::geometric`], which
/// refuse settings that cannot grow (a zero scale, a factor that is NaN,
/// infinite or at most 1) with a [`RestartsError`]. Settings written as
/// struct literals are used as they are, but cannot stall a search either:
/// every cutoff is at least 1, and geometric cutoffs grow by at least one
/// failure per run.
///
/// ```
/// use csp::Restarts;
/// let luby = Restarts::luby(100).unwrap();
/// assert_eq!((1..=7).map(|i| luby.cutoff(i)).collect::<Vec<_>>(), vec![100, 100, 200, 100, 100, 200, 400]);
/// assert_eq!(Restarts::geometric(10, 2.0).unwrap().cutoff(3), 40);
/// assert!(Restarts::geometric(10, f64::NAN).is_err());
/// assert_eq!(Restarts::linear(50).unwrap().cutoff(3), 150);
/// assert_eq!(Restarts::constant(50).unwrap().cutoff(3), 50);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Restarts {
    /// Cutoffs `scale * luby(i)`: 1, 1, 2, 1, 1, 2, 4, 1, ...
    Luby {
        /// Failures in a unit run (>= 1; 0 acts as 1).
        scale: u64,
    },
    /// Cutoffs `first * factor^(i-1)`, and at least `first + i - 1`.
    Geometric {
        /// Failures allowed in the first run (>= 1; 0 acts as 1).
        first: u64,
        /// Growth per restart (finite and > 1).
        factor: f64,
    },
    /// Cutoffs `scale * i`: `scale` more failures per run.
    Linear {
        /// Failures in the first run, and the growth per run (>= 1; 0 acts as 1).
        scale: u64,
    },
    /// Cutoffs `scale` in every run (see the type's note: such a search
    /// may not end without a limit).
    Constant {
        /// Failures in each run (>= 1; 0 acts as 1).
        scale: u64,
    },
}

/// Why [`Restarts::luby`], [`Restarts::geometric`], [`Restarts::linear`]
/// or [`Restarts::constant`] refused its settings.
///
/// ```
/// use csp::{Restarts, RestartsError};
/// assert_eq!(Restarts::luby(0), Err(RestartsError::ZeroScale));
/// assert_eq!(Restarts::geometric(1, 1.0), Err(RestartsError::Factor { factor: 1.0 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RestartsError {
    /// A Luby, linear or constant scale of 0.
    ZeroScale,
    /// A geometric first cutoff of 0.
    ZeroFirst,
    /// A geometric factor that is NaN, infinite or at most 1.
    Factor {
        /// The factor given.
        factor: f64,
    },
}

impl fmt::Display for RestartsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestartsError::ZeroScale => f.write_str("the restart scale must be at least 1"),
            RestartsError::ZeroFirst => {
                f.write_str("the first geometric cutoff must be at least 1")
            }
            RestartsError::Factor { factor } => write!(
                f,
                "the geometric factor must be a finite number greater than 1 (got {factor})"
            ),
        }
    }
}

impl std::error::Error for RestartsError {}

impl Restarts {
    /// Luby restarts with `scale` failures in a unit run (at least 1).
    pub fn luby(scale: u64) -> Result<Restarts, RestartsError> {
        if scale == 0 {
            return Err(RestartsError::ZeroScale);
        }
        Ok(Restarts::Luby { scale })
    }

    /// Linear restarts: `scale` failures (at least 1) in the first run,
    /// `scale` more in each next one.
    ///
    /// ```
    /// let r = csp::Restarts::linear(10).unwrap();
    /// assert_eq!((1..=3).map(|i| r.cutoff(i)).collect::<Vec<_>>(), vec![10, 20, 30]);
    /// assert!(csp::Restarts::linear(0).is_err());
    /// ```
    pub fn linear(scale: u64) -> Result<Restarts, RestartsError> {
        if scale == 0 {
            return Err(RestartsError::ZeroScale);
        }
        Ok(Restarts::Linear { scale })
    }

    /// Constant restarts: `scale` failures (at least 1) in every run (see
    /// the type's note on ending).
    ///
    /// ```
    /// let r = csp::Restarts::constant(10).unwrap();
    /// assert_eq!((1..=3).map(|i| r.cutoff(i)).collect::<Vec<_>>(), vec![10, 10, 10]);
    /// assert!(csp::Restarts::constant(0).is_err());
    /// ```
    pub fn constant(scale: u64) -> Result<Restarts, RestartsError> {
        if scale == 0 {
            return Err(RestartsError::ZeroScale);
        }
        Ok(Restarts::Constant { scale })
    }

    /// Geometric restarts: `first` failures (at least 1), then `factor`
    /// (finite, greater than 1) times more per run.
    pub fn geometric(first: u64, factor: f64) -> Result<Restarts, RestartsError> {
        if first == 0 {
            return Err(RestartsError::ZeroFirst);
        }
        if !(factor.is_finite() && factor > 1.0) {
            return Err(RestartsError::Factor { factor });
        }
        Ok(Restarts::Geometric { first, factor })
    }

    /// The failure cutoff of run `i` (1-based); `u64::MAX` means the run is
    /// never cut off (no search fails that often).
    pub fn cutoff(&self, i: u64) -> u64 {
        let i = i.max(1);
        match *self {
            Restarts::Luby { scale } => scale.max(1).saturating_mul(luby(i)),
            Restarts::Geometric { first, factor } => {
                // The exponent is not capped and a factor below 1 (or NaN)
                // counts as 1, so the power never falls; adding one failure
                // per run makes the growth strict even where it rounds down.
                if i == 1 {
                    return first.max(1); // exact, where f64 would round
                }
                let power = first as f64 * factor.max(1.0).powf((i - 1) as f64);
                let power = if power >= u64::MAX as f64 {
                    u64::MAX
                } else {
                    power as u64
                };
                power.max(first.max(1).saturating_add(i - 1))
            }
            Restarts::Linear { scale } => scale.max(1).saturating_mul(i),
            Restarts::Constant { scale } => scale.max(1),
        }
    }
}

/// Glucose's restarts for [`Strategy::ClauseLearning`] (set by
/// [`Solver::lbd_restarts`](crate::Solver::lbd_restarts)), in place of a
/// failure schedule: restart once the learned clauses' recent LBD (the
/// mean of the last `window`) exceeds `lbd_factor` times the mean of all
/// of them, so a search learning worse clauses than usual starts again;
/// but not before `first` conflicts, nor within `window` conflicts of the
/// last restart, and a pending restart is put off when the trail at a
/// conflict holds more than `blocking_factor` times the mean of the last
/// `blocking_window` (the search may be close to a solution). The default
/// is Pumpkin's (Glucose's with its own first delay).
///
/// ```
/// use csp::{LbdRestarts, Model, Solver, Strategy};
/// let r = LbdRestarts::default();
/// assert_eq!((r.window, r.lbd_factor, r.first), (50, 1.25, 10_000));
/// let mut model = Model::new();
/// let x = model.int_vars(4, 0..4).unwrap();
/// model.all_different(&x).unwrap();
/// let solver = Solver::new(&model).strategy(Strategy::ClauseLearning).lbd_restarts(r);
/// assert_eq!(solver.count().solutions(), 24);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LbdRestarts {
    /// Conflicts whose LBDs make the recent mean (and the least gap
    /// between restarts); at least 1.
    pub window: u64,
    /// How much worse than the overall mean the recent mean must be.
    pub lbd_factor: f64,
    /// Conflicts whose trail sizes make the blocking mean; at least 1.
    pub blocking_window: u64,
    /// How much longer than that mean a trail puts a restart off.
    pub blocking_factor: f64,
    /// Conflicts before the first restart.
    pub first: u64,
}

impl Default for LbdRestarts {
    fn default() -> LbdRestarts {
        LbdRestarts {
            window: 50,
            lbd_factor: 1.25,
            blocking_window: 5000,
            blocking_factor: 1.4,
            first: 10_000,
        }
    }
}

impl std::str::FromStr for Restarts {
    type Err = String;

    /// `luby` (scale 100), `luby:SCALE`, `geometric` (100, x1.5),
    /// `geometric:FIRST:FACTOR`, `linear` (100), `linear:SCALE`, `constant`
    /// (100) or `constant:SCALE`.
    ///
    /// ```
    /// use csp::Restarts;
    /// assert_eq!("luby:50".parse::<Restarts>(), Ok(Restarts::Luby { scale: 50 }));
    /// assert_eq!("linear:20".parse::<Restarts>(), Ok(Restarts::Linear { scale: 20 }));
    /// assert_eq!("constant".parse::<Restarts>(), Ok(Restarts::Constant { scale: 100 }));
    /// assert_eq!("geometric:10:2".parse::<Restarts>(), Ok(Restarts::Geometric { first: 10, factor: 2.0 }));
    /// assert!("luby:0".parse::<Restarts>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Restarts, String> {
        const EXPECTED: &str = "expected luby, luby:SCALE, geometric, geometric:FIRST:FACTOR, \
             linear, linear:SCALE, constant or constant:SCALE, \
             with SCALE and FIRST >= 1 and FACTOR a finite number > 1";
        let bad = || format!("invalid restarts '{s}' ({EXPECTED})");
        let refused = |e: RestartsError| format!("invalid restarts '{s}': {e}");
        let parts: Vec<&str> = s.trim().split(':').collect();
        let number = |t: &str| t.parse::<u64>().map_err(|_| bad());
        match parts.as_slice() {
            ["luby"] => Ok(Restarts::Luby { scale: 100 }),
            ["luby", scale] => Restarts::luby(number(scale)?).map_err(refused),
            ["linear"] => Ok(Restarts::Linear { scale: 100 }),
            ["linear", scale] => Restarts::linear(number(scale)?).map_err(refused),
            ["constant"] => Ok(Restarts::Constant { scale: 100 }),
            ["constant", scale] => Restarts::constant(number(scale)?).map_err(refused),
            ["geometric"] => Ok(Restarts::Geometric {
                first: 100,
                factor: 1.5,
            }),
            ["geometric", first, factor] => {
                let factor = factor.parse::<f64>().map_err(|_| bad())?;
                Restarts::geometric(number(first)?, factor).map_err(refused)
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Restarts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Restarts::Luby { scale } => write!(f, "luby:{scale}"),
            Restarts::Geometric { first, factor } => write!(f, "geometric:{first}:{factor}"),
            Restarts::Linear { scale } => write!(f, "linear:{scale}"),
            Restarts::Constant { scale } => write!(f, "constant:{scale}"),
        }
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (1-based).
/// In 128 bits, so `2^k - 1 >= i` has its `k` (up to 64) for every `u64` run.
fn luby(i: u64) -> u64 {
    let mut i = i as u128;
    loop {
        let mut k = 1u32;
        while (1u128 << k) - 1 < i {
            k += 1;
        }
        if (1u128 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u128 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in Strategy::ALL {
            assert_eq!(s.name().parse::<Strategy>().unwrap(), *s);
        }
        for s in VarOrder::ALL {
            assert_eq!(s.to_string().parse::<VarOrder>().unwrap(), *s);
        }
        for s in ValueOrder::ALL {
            assert_eq!(s.to_string().parse::<ValueOrder>().unwrap(), *s);
        }
        let err = "nope".parse::<ValueOrder>().unwrap_err();
        assert!(err.contains("ascending") && err.contains("nope"));
    }

    /// Every cutoff from run 1 until the first `u64::MAX` (no cutoff), or
    /// the first `runs`.
    fn cutoffs(r: Restarts, runs: u64) -> Vec<u64> {
        let mut out = Vec::new();
        for i in 1..=runs {
            out.push(r.cutoff(i));
            if out.last() == Some(&u64::MAX) {
                break;
            }
        }
        out
    }

    #[test]
    fn geometric_cutoffs_grow_strictly_until_there_is_no_cutoff() {
        for factor in [1.000_001, 1.001, 1.5, 2.0, 1e300] {
            for first in [1, 10, u64::MAX / 2] {
                let r = Restarts::Geometric { first, factor };
                let c = cutoffs(r, 200_000);
                assert_eq!(c[0], first, "{r}");
                let stall = c.windows(2).position(|w| w[0] >= w[1]);
                assert_eq!(stall, None, "{r}: cutoffs stop growing at run {stall:?}");
            }
        }
        // 1.001 (where the cutoff once stopped at 2): past any limit.
        let c = cutoffs(
            Restarts::Geometric {
                first: 1,
                factor: 1.001,
            },
            200_000,
        );
        assert_eq!(c.last(), Some(&u64::MAX));
    }

    #[test]
    fn settings_the_constructors_refuse_still_cannot_stall_a_search() {
        // Given as struct literals, bad settings still give cutoffs of at
        // least one failure that grow without bound.
        for factor in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1.0,
            0.5,
            -2.0,
            0.0,
        ] {
            for first in [0, 1, 7] {
                let r = Restarts::Geometric { first, factor };
                let c = cutoffs(r, 1000);
                assert!(c[0] >= 1, "{r}");
                let stall = c.windows(2).position(|w| w[0] >= w[1]);
                assert_eq!(stall, None, "{r}: cutoffs stop growing at run {stall:?}");
            }
        }
        let r = Restarts::Luby { scale: 0 };
        assert_eq!(cutoffs(r, 7), vec![1, 1, 2, 1, 1, 2, 4]);
        // The 2^64 - 1st run of the Luby sequence (no shift overflow).
        assert_eq!(luby(u64::MAX), 1 << 63);
        assert_eq!(Restarts::Luby { scale: 3 }.cutoff(u64::MAX), u64::MAX);
    }

    #[test]
    fn constructors_refuse_what_cannot_grow() {
        assert_eq!(Restarts::luby(0), Err(RestartsError::ZeroScale));
        assert_eq!(Restarts::geometric(0, 2.0), Err(RestartsError::ZeroFirst));
        for factor in [f64::NAN, f64::INFINITY, 1.0, 0.5, -3.0] {
            let err = Restarts::geometric(5, factor).unwrap_err();
            assert!(matches!(err, RestartsError::Factor { .. }), "{factor}");
            assert!(err.to_string().contains("factor"), "{err}");
        }
        assert_eq!(Restarts::luby(3), Ok(Restarts::Luby { scale: 3 }));
        assert_eq!(
            Restarts::geometric(4, 1.001),
            Ok(Restarts::Geometric {
                first: 4,
                factor: 1.001
            })
        );
        for bad in [
            "geometric:1:nan",
            "geometric:1:inf",
            "geometric:1:1",
            "geometric:0:2",
            "luby:0",
        ] {
            let err = bad.parse::<Restarts>().unwrap_err();
            assert!(err.contains(bad), "{err}");
        }
    }

    #[test]
    fn linear_and_constant_cutoffs_round_trip_and_refuse_zero() {
        assert_eq!(cutoffs(Restarts::Linear { scale: 3 }, 4), vec![3, 6, 9, 12]);
        assert_eq!(cutoffs(Restarts::Linear { scale: 0 }, 3), vec![1, 2, 3]);
        assert_eq!(cutoffs(Restarts::Constant { scale: 0 }, 3), vec![1, 1, 1]);
        assert_eq!(Restarts::Linear { scale: u64::MAX }.cutoff(2), u64::MAX);
        for r in [
            Restarts::Linear { scale: 7 },
            Restarts::Constant { scale: 9 },
        ] {
            assert_eq!(r.to_string().parse::<Restarts>(), Ok(r));
        }
        assert_eq!(Restarts::linear(0), Err(RestartsError::ZeroScale));
        assert_eq!(Restarts::constant(0), Err(RestartsError::ZeroScale));
        for bad in ["linear:0", "constant:0", "linear:x", "constant:1:2"] {
            let err = bad.parse::<Restarts>().unwrap_err();
            assert!(err.contains(bad), "{err}");
        }
    }

    #[test]
    fn luby_sequence() {
        let seq: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(seq, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
