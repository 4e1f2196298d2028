//! The catalogue of approaches: the [`Approach`] enum and one table row
//! per approach ([`CATALOGUE`]) holding its name, help line, back end and
//! cost model; everything else reads the row.

use csp::Strategy;
use std::fmt;
use std::str::FromStr;

/// A way to solve the puzzle.
///
/// ```
/// use nqueens::approach::Approach;
/// let a: Approach = "three-sets".parse()?;
/// assert_eq!(a.engine_strategy(), Some(csp::Strategy::Backtracking));
/// assert_eq!(Approach::Product.engine_strategy(), Some(csp::Strategy::GenerateAndTest));
/// assert_eq!(Approach::Reference.engine_strategy(), None);
/// # Ok::<(), nqueens::approach::ParseApproachError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Approach {
    /// The engine's generate-and-test: assign every row, then test the board.
    GenerateAndTest,
    /// The engine's backtracking: check each queen against the placed ones.
    Backtracking,
    /// The engine's forward checking: remove attacked squares from later rows.
    ForwardChecking,
    /// The engine's arc consistency: propagate to a fixpoint after each queen.
    ArcConsistency,
    /// Tutorial brute force: every choice of `min(r, c)` squares of the board.
    Combinations,
    /// Tutorial brute force over the product of a column per row; this *is*
    /// the engine's generate-and-test.
    Product,
    /// Tutorial greedy: first safe column per row, never undo (the engine's
    /// backtracking with a zero backtrack limit).
    Greedy,
    /// Tutorial backtracking with column and diagonal sets; this *is* the
    /// engine's backtracking on the model's three all-different constraints.
    ThreeSets,
    /// The hand-written bit-mask counter: the speed reference (count only).
    Reference,
    /// The engine's min-conflicts local search: one solution, fast even for
    /// a million queens, but it cannot enumerate or prove there is none.
    MinConflicts,
    /// The engine's conflict-directed backjumping: backtracking's checks,
    /// and a dead end jumps back to the latest row that attacks its squares.
    Backjumping,
    /// The engine's nogood learning: backjumping, and each dead end's
    /// attacking rows remembered as a nogood.
    NogoodLearning,
}

/// What the catalogue knows about one approach: everything that differs
/// from one approach to the next, so that adding an approach is one
/// variant of [`Approach`] plus one row of [`CATALOGUE`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The approach this row describes (rows are in declaration order).
    pub approach: Approach,
    /// The kebab-case name used on command lines.
    pub name: &'static str,
    /// One line for the help text.
    pub description: &'static str,
    /// What runs it.
    pub backend: Backend,
    /// How its running time is estimated.
    pub cost: Cost,
}

/// The code that runs an approach: one file of this folder each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Backend {
    /// The engine's systematic search (`engine.rs`; `split_count.rs` for
    /// counts on several threads or through the board's symmetries).
    Engine(EngineRun),
    /// The tutorial brute force over choices of squares (`combination_search.rs`).
    Combinations,
    /// The bit-mask counter (`reference_counter.rs`).
    Reference,
    /// The engine's min-conflicts local search (`local_search.rs`).
    MinConflicts,
}

/// How an approach drives the engine's systematic search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EngineRun {
    /// The engine strategy.
    pub strategy: Strategy,
    /// Greedy: never backtrack (a zero backtrack limit), and report where
    /// the search got stuck. Not exhaustive.
    pub greedy: bool,
}

/// How [`Plan::estimated_seconds`](super::Plan::estimated_seconds)
/// estimates an approach's running time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cost {
    /// No estimate: the approach stops early by design.
    None,
    /// One complete board built per assignment of every line.
    BoardsBuilt,
    /// One combination of squares examined per choice of squares.
    Combinations,
    /// Exhaustive runs scale from the approach's figure in
    /// [`MEASURED`](super::MEASURED) (no figure: no estimate).
    Measured,
}

const fn engine(strategy: Strategy) -> Backend {
    Backend::Engine(EngineRun {
        strategy,
        greedy: false,
    })
}

/// Every approach, in the order help texts list them (and the enum declares them).
pub(super) const CATALOGUE: &[Entry] = &[
    Entry {
        approach: Approach::GenerateAndTest,
        name: "generate-and-test",
        description: "engine: assign every row, then test the whole board",
        backend: engine(Strategy::GenerateAndTest),
        cost: Cost::BoardsBuilt,
    },
    Entry {
        approach: Approach::Backtracking,
        name: "backtracking",
        description: "engine: check each queen against those already placed",
        backend: engine(Strategy::Backtracking),
        cost: Cost::Measured,
    },
    Entry {
        approach: Approach::ForwardChecking,
        name: "forward-checking",
        description: "engine: after each queen, strike the squares it attacks in later rows",
        backend: engine(Strategy::ForwardChecking),
        cost: Cost::Measured,
    },
    Entry {
        approach: Approach::ArcConsistency,
        name: "arc-consistency",
        description: "engine: after each queen, propagate to a fixpoint",
        backend: engine(Strategy::ArcConsistency),
        cost: Cost::Measured,
    },
    Entry {
        approach: Approach::Combinations,
        name: "combinations",
        description: "tutorial brute force over every choice of squares (--first or --count)",
        backend: Backend::Combinations,
        cost: Cost::Combinations,
    },
    Entry {
        approach: Approach::Product,
        name: "product",
        description:
            "tutorial brute force over a column per row (runs the engine's generate-and-test)",
        backend: engine(Strategy::GenerateAndTest),
        cost: Cost::BoardsBuilt,
    },
    Entry {
        approach: Approach::Greedy,
        name: "greedy",
        description:
            "tutorial greedy: first safe column per row, never undo (engine backtracking, \
                      zero backtracks)",
        backend: Backend::Engine(EngineRun {
            strategy: Strategy::Backtracking,
            greedy: true,
        }),
        cost: Cost::None,
    },
    Entry {
        approach: Approach::ThreeSets,
        name: "three-sets",
        description:
            "tutorial column/diagonal three-set backtracking (runs the engine's backtracking)",
        backend: engine(Strategy::Backtracking),
        cost: Cost::Measured,
    },
    Entry {
        approach: Approach::Reference,
        name: "reference",
        description: "hand-written bit-mask counter, the speed reference (--count, square boards)",
        backend: Backend::Reference,
        cost: Cost::Measured,
    },
    Entry {
        approach: Approach::MinConflicts,
        name: "min-conflicts",
        description: "engine local search: repair conflicts until none is left (--first only; \
                      --node-limit bounds the repair steps)",
        backend: Backend::MinConflicts,
        cost: Cost::None,
    },
    Entry {
        approach: Approach::Backjumping,
        name: "backjumping",
        description: "engine: backtracking's checks; a dead end jumps back to the latest row \
                      attacking its squares (conflict-directed backjumping)",
        backend: engine(Strategy::Backjumping),
        cost: Cost::Measured,
    },
    Entry {
        approach: Approach::NogoodLearning,
        name: "nogood-learning",
        description: "engine: backjumping that remembers each dead end's attacking queens \
                      as a nogood",
        backend: engine(Strategy::NogoodLearning),
        cost: Cost::Measured,
    },
];

// Row `i` describes the approach declared `i`-th, so a look-up is an index.
const _: () = {
    let mut i = 0;
    while i < CATALOGUE.len() {
        assert!(
            CATALOGUE[i].approach as usize == i,
            "CATALOGUE rows must follow the declaration order of Approach"
        );
        i += 1;
    }
};

impl Approach {
    /// Every approach, in the order help texts list them.
    ///
    /// ```
    /// assert_eq!(nqueens::approach::Approach::ALL.len(), 12);
    /// ```
    pub const ALL: [Approach; CATALOGUE.len()] = {
        let mut all = [Approach::GenerateAndTest; CATALOGUE.len()];
        let mut i = 0;
        while i < CATALOGUE.len() {
            all[i] = CATALOGUE[i].approach;
            i += 1;
        }
        all
    };

    /// This approach's row of the catalogue.
    pub(super) fn entry(self) -> &'static Entry {
        &CATALOGUE[self as usize]
    }

    /// What runs this approach.
    pub(super) fn backend(self) -> Backend {
        self.entry().backend
    }

    /// The kebab-case name used on command lines.
    ///
    /// ```
    /// assert_eq!(nqueens::approach::Approach::ThreeSets.name(), "three-sets");
    /// ```
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// One line saying what the approach does and what it runs on.
    ///
    /// ```
    /// assert!(nqueens::approach::Approach::Product.description().contains("generate-and-test"));
    /// ```
    pub fn description(self) -> &'static str {
        self.entry().description
    }

    /// The engine's systematic strategy this approach runs, or `None` for
    /// the combination search, the reference counter and the local search.
    ///
    /// ```
    /// use nqueens::approach::Approach;
    /// assert_eq!(Approach::Greedy.engine_strategy(), Some(csp::Strategy::Backtracking));
    /// assert_eq!(Approach::Combinations.engine_strategy(), None);
    /// ```
    pub fn engine_strategy(self) -> Option<Strategy> {
        match self.backend() {
            Backend::Engine(run) => Some(run.strategy),
            _ => None,
        }
    }

    /// The engine strategy when this approach is an exhaustive engine
    /// search (one that can count, split into parts or use the symmetries):
    /// [`Approach::engine_strategy`] except for greedy, which never
    /// backtracks.
    ///
    /// ```
    /// use nqueens::approach::Approach;
    /// assert_eq!(Approach::ThreeSets.exhaustive_strategy(), Some(csp::Strategy::Backtracking));
    /// assert_eq!(Approach::Greedy.exhaustive_strategy(), None);
    /// assert_eq!(Approach::Reference.exhaustive_strategy(), None);
    /// ```
    pub fn exhaustive_strategy(self) -> Option<Strategy> {
        match self.backend() {
            Backend::Engine(run) if !run.greedy => Some(run.strategy),
            _ => None,
        }
    }

    /// Whether a running search of this approach stops when the cancel flag
    /// of [`Limits`](csp::Limits) is set (the engine's searches do, local
    /// search too; the combination search and the reference counter run to
    /// their end).
    ///
    /// ```
    /// use nqueens::approach::Approach;
    /// assert!(Approach::ForwardChecking.is_cancellable());
    /// assert!(!Approach::Reference.is_cancellable());
    /// ```
    pub fn is_cancellable(self) -> bool {
        matches!(self.backend(), Backend::Engine(_) | Backend::MinConflicts)
    }
}

impl fmt::Display for Approach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that [`Approach`]'s `FromStr` does not know.
///
/// ```
/// let err = "magic".parse::<nqueens::approach::Approach>().unwrap_err();
/// assert!(err.to_string().starts_with("unknown strategy 'magic' (expected one of: generate-and-test,"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseApproachError {
    /// The text that was not recognised.
    pub input: String,
}

impl fmt::Display for ParseApproachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Approach::ALL.iter().map(|a| a.name()).collect();
        write!(
            f,
            "unknown strategy '{}' (expected one of: {})",
            self.input,
            names.join(", ")
        )
    }
}

impl std::error::Error for ParseApproachError {}

impl FromStr for Approach {
    type Err = ParseApproachError;

    /// Parses a name, ignoring case, surrounding spaces and `_` for `-`.
    fn from_str(s: &str) -> Result<Approach, ParseApproachError> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        Approach::ALL
            .into_iter()
            .find(|a| a.name() == wanted)
            .ok_or_else(|| ParseApproachError {
                input: s.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct() {
        for (i, a) in Approach::ALL.iter().enumerate() {
            assert!(Approach::ALL[..i].iter().all(|b| b.name() != a.name()));
        }
    }

    #[test]
    fn names_round_trip() {
        for a in Approach::ALL {
            assert_eq!(a.name().parse::<Approach>(), Ok(a));
            assert_eq!(a.to_string(), a.name());
        }
        assert_eq!("Three_Sets".parse::<Approach>(), Ok(Approach::ThreeSets));
    }
}
