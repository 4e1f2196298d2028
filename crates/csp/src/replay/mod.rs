//! Watch a search: record its events, replay them, and write a
//! self-contained HTML page that steps through them in a browser.
//!
//! * [`Recorder`] (an [`Observer`](crate::Observer)) keeps the events up to
//!   a cap ([`DEFAULT_MAX_EVENTS`]), noting where it stopped
//!   ([`Truncation`]); [`record`] runs a solver with one.
//! * [`Tree`] grows the search tree from the events: the one builder, which
//!   the laboratory's pictures and [`Replay`] share.
//! * [`Replay`] plays a [`Recording`] forward in Rust: domains, assignments,
//!   counters and the tree after any number of events (what the page shows).
//! * [`Page`] writes the page: one or more [`PageRun`]s side by side, each a
//!   grid of variables × values ([`GridStyle`]: plain, or a chessboard) and
//!   the search tree growing as the replay advances, with play, step,
//!   jump and scrub controls. The data is inlined as JSON; the script and
//!   styles (`assets/`) are inlined too: no network, no server.
//! * [`write_page`] (feature `files`) is the one `--replay FILE` writer of
//!   every program: one search's page, written atomically, with
//!   [`parse_max_events`] for `--max-events` and [`run_title`] for the run.
//!
//! ```
//! use csp::replay::{record, Page, PageRun, Replay};
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
//!
//! let html = Page::new("permutations of 4")
//!     .run(PageRun::new("forward checking", &model, &recording)?.outcome(&outcome))
//!     .to_html();
//! assert!(html.contains("<script type=\"application/json\" id=\"replay-data\">"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod json;
mod page;
mod palette;
mod record;
mod state;
mod tree;
mod write;

pub use page::{GridStyle, GridTooLarge, Page, PageRun, MAX_GRID_CELLS};
pub use palette::{node_colours, NODE_COLOURS};
pub use record::{record, Event, Recorder, Recording, Truncation, DEFAULT_MAX_EVENTS, MAX_EVENTS};
pub use state::{stops, CellState, Counters, Replay};
pub use tree::{NodeKind, Tree, TreeNode};
#[cfg(feature = "files")]
pub use write::write_page;
pub use write::{parse_max_events, run_title, PageError};
