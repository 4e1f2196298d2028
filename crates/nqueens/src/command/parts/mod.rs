//! Counting on a cluster: one part of a deterministic split of the
//! search, its JSON result, and the merge of the results.
//!
//! `nqueens 16 --count --part 3/64 --out p3.json` counts part 3 of 64
//! (parts are numbered from 0, as Slurm array and Kubernetes job indexes
//! are) and writes a small JSON [`PartResult`]; `nqueens merge p*.json`
//! checks that every part is there, complete and of the same problem, and
//! prints the total ([`merge_files`]).
//!
//! The split is the engine's [`csp::Partition`]: prefixes of the first
//! rows, dealt round robin to the parts. It depends only on the board's
//! model and `K`, never on the strategy, orders or seed, so part `i` of `K`
//! is fully described by (board, `i`, `K`) and parts of one problem may
//! even be run with different strategies. The result records the prefix
//! depth the split chose, so parts written by builds that split differently
//! are refused by the merge.
//!
//! ```
//! use nqueens::approach::{Goal, Plan};
//! use nqueens::board::Board;
//! use nqueens::parts::{merge, solve_part, Part, PartResult};
//!
//! let board = Board::square(8)?;
//! let plan = Plan::recommended(Goal::Count);
//! let mut results = Vec::new();
//! for i in 0..3 {
//!     let result = solve_part(board, &plan, Part::new(i, 3)?)?;
//!     // What a worker writes and the merge reads back.
//!     let json = result.to_json();
//!     results.push((format!("p{i}.json").into(), PartResult::from_json(&json)?));
//! }
//! let merged = merge(&results)?;
//! assert_eq!(merged.count, plan.count(board)?.solutions);
//! assert_eq!(merged.summary(), "92 solutions (3 parts, complete)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod merge;
mod result;
mod run;

pub use crate::count::{ParsePartError, Part, MAX_PARTS};
pub use merge::{merge, merge_files, part_files, read_part, MergeArgs, MergeError, Merged};
pub use result::{PartResult, Problem, SolverSettings, FORMAT, FORMAT_VERSION};
pub use run::{check_plan, solve_part, PartError};
