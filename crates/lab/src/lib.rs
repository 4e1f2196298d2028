//! # csp-lab: the strategy laboratory for any model
//!
//! What the `nqueens` command and the FlatZinc solver share for studying
//! the engine's strategies on a model, kept out of the engine (it brings
//! `csv` and `plotters`):
//!
//! * [`study`]: a matrix of strategies × variable orders × value orders
//!   over one or more models, each run under a limit, reported as an
//!   aligned table, CSV, JSON and an SVG chart;
//! * [`tree`]: the search tree of a model recorded from the engine's
//!   observer hooks, one per strategy, drawn side by side as SVG;
//! * [`files`]: every file they read or write, written atomically.
//!
//! ```
//! use csp_lab::tree::{grow, NodeKind};
//! let mut model = csp::Model::new();
//! let x = model.int_vars(3, 0..3).unwrap();
//! model.all_different(&x).unwrap();
//! let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
//! let (tree, outcome) = grow(&solver, csp::Limits::default(), 1000);
//! assert_eq!(tree.count(NodeKind::Solution), 6);
//! assert_eq!(tree.count(NodeKind::Failed) as u64, outcome.stats.failures);
//! ```

#![warn(missing_docs)]

pub mod files;
pub mod study;
pub mod tree;
