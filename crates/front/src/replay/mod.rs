//! The replay page: a self-contained HTML page that steps through recorded
//! searches (`csp::replay`) in a browser.
//!
//! * [`Page`] writes the page: one or more [`PageRun`]s side by side, each a
//!   grid of variables × values ([`GridStyle`]: plain, or a chessboard) and
//!   the search tree growing as the replay advances, with play, step,
//!   jump and scrub controls. The data is inlined as JSON; the script and
//!   styles (`assets/`) are inlined too: no network, no server.
//! * [`write_page`] is the one `--replay FILE` writer of every program: one
//!   search's page, written atomically, with [`parse_max_events`] for
//!   `--max-events` and [`run_title`] for the run.
//! * [`node_colours`]: the colours of search-tree nodes, shared by the page
//!   and the laboratory's tree pictures.
//!
//! ```
//! use csp::replay::record;
//! use csp_front::replay::{Page, PageRun};
//! use csp::{Model, Solver, Strategy};
//! let mut model = Model::new();
//! let x = model.int_vars(4, 0..4)?;
//! model.all_different(&x)?;
//! let solver = Solver::new(&model).strategy(Strategy::ForwardChecking);
//! let (recording, outcome) = record(&solver, 10_000);
//! let html = Page::new("permutations of 4")
//!     .run(PageRun::new("forward checking", &model, &recording)?.outcome(&outcome))
//!     .to_html();
//! assert!(html.contains("<script type=\"application/json\" id=\"replay-data\">"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod json;
mod page;
mod palette;
mod write;

pub use json::recording_json;
pub use page::{GridStyle, GridTooLarge, Page, PageRun, MAX_GRID_CELLS};
pub use palette::{node_colours, NODE_COLOURS};
pub use write::{parse_max_events, run_title, write_page, PageError};
