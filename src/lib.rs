//! # Puzzles on the `csp` engine
//!
//! Each module is a puzzle's parser and model, a few dozen lines on the
//! engine's public API; the programs in `examples/` are thin command lines
//! over them, sharing one piece of argument code ([`cli`]).
//!
//! * [`permutations`]: positions as variables, items as values; repeated
//!   items handled by counting constraints.
//! * [`sudoku`]: 81-character puzzles, clue checking, the all-different model.
//! * [`cryptarithm`]: `SEND+MORE=MONEY` and friends as one linear equation.
//! * [`graph`], [`dimacs`], [`coloring`]: graph colouring, the DIMACS `.col`
//!   format, and the chromatic number.
//! * [`knapsack`]: the 0/1 knapsack from a text file, by branch and bound.
//! * [`latin`]: Latin squares of order `n`.
//! * [`gallery`]: the idiomatic models of classic families (Costas arrays,
//!   Golomb rulers, Langford pairs, toroidal queens, reduced Latin squares,
//!   magic squares).
//! * [`nonogram`]: paint-by-numbers puzzles from a text file, modelled
//!   with booleans, reified membership and clauses.
//! * [`precedences`]: random precedence networks, the core of a schedule
//!   (bounds reasoning over a long horizon).
//! * [`product`]: `x * y = z` as a propagator of one's own, written with
//!   the engine's public `csp::Propagator` API only.
//! * [`lines`]: reading text line by line with a cap on a line's length.
//! * `--replay FILE` (in every example's [`cli::SearchArgs`]): the search as
//!   a page stepped in a browser, the front end's [`csp_front::cli::ReplayArgs`].
//!
//! ```
//! use csp_workspace::cryptarithm::Cryptarithm;
//! let puzzle: Cryptarithm = "SEND+MORE=MONEY".parse()?;
//! let model = puzzle.model()?;
//! let (solution, _) = csp::Solver::new(&model).strategy(csp::Strategy::ArcConsistency).first();
//! assert_eq!(puzzle.render(solution.unwrap().values()), "9567+1085=10652");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod cli;
pub mod coloring;
pub mod cryptarithm;
pub mod dimacs;
pub mod gallery;
pub mod graph;
pub mod knapsack;
pub mod latin;
pub mod lines;
pub mod nonogram;
pub mod permutations;
pub mod precedences;
pub mod product;
pub mod sudoku;
