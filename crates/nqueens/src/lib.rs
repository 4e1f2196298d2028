//! # nqueens: the n-queens puzzle on the `csp` engine
//!
//! Place `min(r, c)` queens on an `r × c` board so that no two share a row,
//! a column or a diagonal. The puzzle is modelled declaratively on the
//! engine ([`board`]: rows are variables, columns are values), and solved by
//! every approach the classic tutorials teach, each reporting its work
//! ([`approach`]): brute force over combinations of squares or over a
//! column per row, greedy placement, the textbook three-set backtracking,
//! and the engine's forward checking and arc consistency. Around it:
//! symmetry classes ([`symmetry`]), renderers ([`render`]), a step-by-step
//! board trace ([`trace`]), a replay page for the browser ([`replay`](mod@replay)), a hand-written bit-mask counter as the speed
//! reference ([`reference`](mod@reference)), a count split into parts for a
//! cluster ([`parts`]), and the `nqueens` command's parser ([`cli`], board sizes
//! in [`size`]).
//!
//! ```
//! use nqueens::approach::{Approach, Goal, Plan};
//! use nqueens::board::Board;
//! use nqueens::render::{render, Format};
//! use std::ops::ControlFlow;
//!
//! let board = Board::square(8)?;
//!
//! // Count every solution with the recommended settings (forward checking).
//! assert_eq!(Plan::recommended(Goal::Count).count(board)?.solutions, 92);
//!
//! // Only the fundamental ones, listed as the column of each row.
//! let plan = Plan { unique: true, ..Plan::new(Approach::Backtracking, Goal::All) };
//! let mut lines = Vec::new();
//! let report = plan.for_each(board, |found| {
//!     lines.push(render(Format::Columns, &found.placement()));
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!(report.solutions, 12);
//! assert_eq!(lines[0], "[0, 4, 7, 5, 2, 6, 1, 3]");
//!
//! // The tutorial brute force and what it cost.
//! let brute = Plan::new(Approach::Product, Goal::Count).count(Board::square(4)?)?;
//! assert_eq!((brute.solutions, brute.work[0]), (2, ("boards built", 256)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The layout: the puzzle (`model/`), counting on every core through the
// symmetry group (`count/`), the ways to solve it (`approach/`), and the
// command's features (`command/`), each depending only on those before it.
pub mod approach;
pub mod command;
pub mod count;
pub mod model;

pub use approach::{combinations, reference};
pub use command::{cli, parts, render, replay, size, study, trace, tree};
pub use model::{board, placement, symmetry};

/// Every file the command reads or writes (the laboratory's safe reads
/// and atomic writes, shared with the FlatZinc solver).
pub use csp_lab::files;
