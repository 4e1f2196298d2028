//! # csp-fzn: the engine as a MiniZinc solver
//!
//! A FlatZinc front end for the `csp` engine: `fzn-csp model.fzn` reads the
//! FlatZinc that `minizinc` compiles a model into, maps every constraint
//! onto the engine (natively, or through a decomposition onto its kinds),
//! searches, and prints the solutions in the FlatZinc output format. With
//! the solver configuration `csp.msc` and the library `mznlib/`,
//! `minizinc --solver csp model.mzn data.dzn` runs any MiniZinc model over
//! integers and booleans on the engine.
//!
//! ```
//! let text = "
//!     array [1..3] of var 1..3: q :: output_array([1..3]);
//!     constraint fzn_all_different_int(q);
//!     constraint int_lt(q[1], q[3]);
//!     solve satisfy;";
//! let opts = csp_fzn::options::parse(["-a", "-s"]).unwrap();
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! csp_fzn::run(text, &opts, &mut out, &mut err).unwrap();
//! let out = String::from_utf8(out).unwrap();
//! assert_eq!(out.matches("----------").count(), 3);
//! assert!(out.contains("==========") && out.contains("%%%mzn-stat: nSolutions=3"));
//! ```
//!
//! The pieces, in the order data flows through them:
//! * [`lexer`] and [`parser`]: the FlatZinc text as [`ast`] items, with lines;
//! * [`instance`]: names resolved, arguments typed against each builtin's
//!   signature (as [`term`]s), aliases shared, domains finite;
//! * [`builtins`]: the table from builtin name to mapping function and
//!   semantics; [`post`]: the posting context they share (constants as
//!   views, clauses, reifications) and the decompositions left;
//! * [`branching`]: search annotations onto the engine's orders;
//! * [`build`](mod@build): the engine model (with the unary resources [`no_overlap`]
//!   finds in pairwise no-overlaps); [`run`](mod@run): satisfaction, enumeration,
//!   [`optimize`] (branch and bound), and [`output`]; [`replay`]: the
//!   search's replay page (`--replay FILE`); [`lab`]: the strategy
//!   laboratory (`--study`, `--tree FILE`); [`deadline`]: the time limit
//!   as parsing, resolving and building poll it.

#![warn(missing_docs)]

pub mod ast;
pub mod branching;
pub mod build;
pub mod builtins;
pub mod deadline;
pub mod error;
pub mod instance;
pub mod lab;
pub mod lexer;
pub mod no_overlap;
pub mod optimize;
pub mod options;
pub mod output;
pub mod parser;
pub mod parts;
pub mod portfolio;
pub mod post;
pub mod replay;
pub mod run;
pub mod term;

pub use ast::{FlatZinc, IntSet};
pub use build::{build, build_until, Built};
pub use error::FznError;
pub use instance::{resolve, resolve_until, Instance, SearchAnn};
pub use parser::{parse, parse_until};
pub use run::run;
pub use term::{Arg, Term};
