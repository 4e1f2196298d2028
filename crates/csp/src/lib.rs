//! # csp: a generic finite-domain constraint-satisfaction engine
//!
//! Model a puzzle declaratively — integer variables with finite domains,
//! constraints over them or over offset views `x + c` — then search it with
//! a pruning strategy of your choice, watch the search through observer
//! hooks, and read what each strategy cost.
//!
//! ```
//! use csp::{Model, Solver, Strategy, VarOrder};
//!
//! // Eight queens: rows are variables, columns are values.
//! let n = 8;
//! let mut model = Model::new();
//! let q = model.int_vars(n, 0..n as i32)?;
//! model.all_different(&q)?;                                                   // columns
//! model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32))?;   // one diagonal
//! model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32))?;   // the other
//!
//! let solver = Solver::new(&model).strategy(Strategy::ForwardChecking);
//! let outcome = solver.count();
//! assert_eq!(outcome.solutions(), 92);
//! assert!(outcome.status.is_complete());
//!
//! let first = solver.clone().var_order(VarOrder::SmallestDomain).first().0.unwrap();
//! assert!(model.is_solution(first.values()));
//! # Ok::<(), csp::ModelError>(())
//! ```
//!
//! The pieces, in the order data flows through them:
//! * [`Model`] holds variables ([`VarId`], [`Domain`]) and constraints
//!   (not-equal, all-different, linear, table, count, predicate);
//! * [`Solver`] picks a [`Strategy`], a [`VarOrder`], a [`ValueOrder`],
//!   [`Limits`] and optional [`Restarts`]; a user's own heuristics plug in
//!   as a [`VarSelector`] or [`ValueOrdering`], reading a [`SearchView`];
//! * [`Search`] streams solutions as an iterator, reporting events to an
//!   [`Observer`] such as the [`Tracer`] or the [`replay`] recorder (for the HTML
//!   page of `csp-front` that steps through the search in a browser);
//! * [`Outcome`] says whether the search was complete and what it did ([`Stats`]);
//! * [`Solver::minimize`] and [`Solver::maximize`] stream improving
//!   solutions by branch and bound ([`Optimize`], [`OptimizeStatus`]).
//!
//! Cargo features: `parallel` (default) adds the thread-pool entry points
//! (`Parallel`, `count_parallel`, `for_each_solution_parallel`) and with them
//! the `rayon` dependency; `serde` derives `Serialize`/`Deserialize` for
//! [`Stats`]. The programs' shared front end (the replay page, files, command-line
//! options) is the `csp-front` crate.

#![warn(missing_docs)]

mod branching;
mod combinations;
mod comparison;
mod config;
mod custom;
mod domain;
mod error;
mod expr;
mod globals;
mod literal;
mod local;
mod model;
mod observer;
mod occupancy;
mod optimize;
#[cfg(feature = "parallel")]
mod parallel;
mod partition;
mod parts;
mod propagate;
mod propagators;
mod queue;
pub mod replay;
mod resident;
mod residue;
mod rng;
mod search;
mod sizes;
mod solution;
mod stats;
mod store;
mod var;
mod var_lists;
mod word_hash;

pub use branching::{Candidates, SearchView, ValueOrdering, VarSelector};
pub use combinations::each_combination;
pub use comparison::{Cmp, MAX_LINEAR_CONSTANT};
pub use config::{
    AllDifferentLevel, CumulativeLevel, LbdRestarts, Restarts, RestartsError, Strategy, ValueOrder,
    VarOrder,
};
pub use custom::{Conflict, Event, Priority, PropagationContext, Propagator, ReversibleCell};
pub use domain::{Domain, MAX_DOMAIN_WIDTH};
pub use error::ModelError;
pub use expr::{Expr, IntoExpr, IntoObjective, LinearTerm};
pub use literal::{Literal, Relation};
pub use local::{
    LocalOutcome, LocalStatus, MinConflicts, DEFAULT_MAX_STEPS, DEFAULT_NOISE, MIN_DEFAULT_STEPS,
    STEPS_PER_VARIABLE,
};
pub use model::{Condition, ConstraintId, Model};
pub use observer::{NoObserver, Observer, TraceFormatter, TraceLines, Tracer};
pub use optimize::{Improvement, Optimize, OptimizeStatus, SharedBound};
#[cfg(feature = "parallel")]
pub use parallel::{
    count_parallel, for_each_solution_parallel, share_work, Parallel, ParallelError,
    DEFAULT_SUB_PROBLEMS,
};
pub use partition::{
    count_part, search_part, PartSearch, Partition, PartitionError, Prefixes, PREFIXES_PER_PART,
};
pub use parts::{Coverage, ParsePartError, Part, MAX_PARTS};
pub use residue::{IntoOperand, Operand, Residue};
pub use rng::SplitMix64;
pub use search::{Search, Solver, MAX_NOGOODS, MAX_NOGOOD_SIZE};
pub use solution::Solution;
pub use stats::{
    Gate, Limits, Outcome, PairwiseKind, SearchPath, Stats, Status, StopReason, StoreKind,
};
pub use store::MAX_TOTAL_VALUES;
pub use var::{Constant, VarId, View, MAX_OFFSET};

/// Property-test cases: `PROPTEST_CASES` when set, else `default`.
#[cfg(test)]
pub(crate) fn proptest_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
