//! Every way this crate can solve n queens, behind one enum ([`Approach`])
//! and one runner ([`Plan`]).
//!
//! The approaches are the ones the classic tutorials teach, made honest and
//! comparable: each reports the work it did in a [`Report`]. Where a
//! tutorial approach *is* an engine strategy it runs on the engine, not on a
//! copy: `product` is the engine's generate-and-test, `three-sets` is its
//! backtracking on the model's three all-different constraints, `greedy` is
//! backtracking with a zero backtrack limit. Only the combination brute force
//! and the bit-mask reference counter are separate code, because the engine
//! has no counterpart for them.
//!
//! One file per concern: `catalogue.rs` (the enum and one table row per
//! approach: name, help line, back end, cost model), `plan.rs` (the runner),
//! `validation.rs`, `outcome.rs` (what a run reports), `handover.rs`,
//! `estimate.rs` (the slow-run warning), and one file per back end
//! (`engine.rs`, `split_count.rs`, `combination_search.rs`,
//! `reference_counter.rs`, `local_search.rs`). A new approach on an existing back end is one enum
//! variant and one catalogue row. The separate code of the two approaches
//! without an engine counterpart is here too: [`combinations`] (the
//! tutorial brute force over combinations of squares) and [`reference`](mod@reference)
//! (the hand-written bit-mask counter, the speed reference of the
//! benchmarks); both are re-exported at the crate root.
//!
//! ```
//! use nqueens::approach::{Approach, Goal, Plan};
//! use nqueens::board::Board;
//!
//! let board = Board::square(8)?;
//! let report = Plan::new(Approach::ThreeSets, Goal::Count).count(board)?;
//! assert_eq!(report.solutions, 92);
//! assert_eq!(report.stats.unwrap().nodes, 2057); // the textbook's recursive calls
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod catalogue;
mod combination_search;
pub mod combinations;
mod engine;
mod estimate;
mod handover;
mod local_search;
mod outcome;
mod plan;
pub mod reference;
mod reference_counter;
mod split_count;
mod validation;

pub use catalogue::{Approach, ParseApproachError};
pub use estimate::{Measured, MEASURED};
pub use outcome::{Execution, Found, Report, Stuck};
pub use plan::{Goal, Plan};
pub use validation::{fits_systematic_search, ApproachError};
