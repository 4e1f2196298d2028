//! The `nqueens` command's product features, as library code the thin
//! binary (`src/bin/nqueens/`) dispatches to: argument parsing ([`cli`],
//! board sizes in [`size`]), the output formats ([`render`]), the
//! step-by-step board trace ([`trace`]), the replay page ([`replay`]), the
//! strategy study and search-tree pictures over the laboratory ([`study`],
//! [`tree`]), and counting on a cluster: part files and their merge
//! ([`parts`]). They read the model, the approaches and the counting
//! machinery and are read by none of them. Each is re-exported at the crate
//! root (`nqueens::cli`, ...).

pub mod cli;
pub mod parts;
pub mod render;
pub mod replay;
pub mod size;
pub mod study;
pub mod trace;
pub mod tree;
