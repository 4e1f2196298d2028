//! The puzzle itself, independent of how it is solved or shown: the board
//! and its declarative model on the engine ([`board`]: rows are variables,
//! columns are values, tall boards modelled on their transpose), a set of
//! queens as the currency between solvers, renderers and symmetry
//! ([`placement`]), and the board's symmetry group ([`symmetry`]). Nothing
//! here searches; everything else in the crate builds on it. Its modules are
//! re-exported at the crate root (`nqueens::board`, ...).

pub mod board;
pub mod placement;
pub mod symmetry;
