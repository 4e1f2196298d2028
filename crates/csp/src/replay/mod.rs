//! Watch a search: record its events and replay them (the HTML page that
//! steps through them in a browser is written by the programs' shared
//! front end, the `csp-front` crate).
//!
//! * [`Recorder`] (an [`Observer`](crate::Observer)) keeps the events up to
//!   a cap ([`DEFAULT_MAX_EVENTS`]), noting where it stopped
//!   ([`Truncation`]); [`record`] runs a solver with one.
//! * [`Tree`] grows the search tree from the events: the one builder, which
//!   the laboratory's pictures and [`Replay`] share.
//! * [`Replay`] plays a [`Recording`] forward in Rust: domains, assignments,
//!   counters and the tree after any number of events (what the page shows).
//!
//! ```
//! use csp::replay::{record, Replay};
//! use csp::{Model, Solver, Strategy};
//! let mut model = Model::new();
//! let x = model.int_vars(4, 0..4)?;
//! model.all_different(&x)?;
//! let solver = Solver::new(&model).strategy(Strategy::ForwardChecking);
//! let (recording, outcome) = record(&solver, 10_000);
//!
//! // Replaying the events gives the search's own counts.
//! let mut replay = Replay::new(&recording, model.num_vars());
//! replay.run_to(recording.events().len());
//! assert_eq!(replay.counters().solutions, 24);
//! assert_eq!(replay.counters().nodes, outcome.stats.nodes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod record;
mod state;
mod tree;

pub use record::{record, Event, Recorder, Recording, Truncation, DEFAULT_MAX_EVENTS, MAX_EVENTS};
pub use state::{stops, CellState, Counters, Replay};
pub use tree::{NodeKind, Tree, TreeNode};
