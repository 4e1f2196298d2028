//! What the programs built on the `csp` engine share, so that each job has
//! one home: the replay page writer ([`replay`]: the self-contained HTML
//! page of recorded searches and the one `--replay FILE` writer), file
//! writing ([`files`]: capped reads of regular files, atomic writes), and
//! the `clap` options with "did you mean" ([`cli`]). The engine itself
//! records the events (`csp::replay`); this crate turns them into pages.
//!
//! ```
//! use csp::replay::record;
//! use csp_front::replay::{Page, PageRun};
//! let mut model = csp::Model::new();
//! let x = model.int_vars(3, 0..3)?;
//! model.all_different(&x)?;
//! let solver = csp::Solver::new(&model);
//! let (recording, outcome) = record(&solver, 1000);
//! let html = Page::new("permutations of 3")
//!     .run(PageRun::new("forward checking", &model, &recording)?.outcome(&outcome))
//!     .to_html();
//! assert!(html.contains("<script type=\"application/json\" id=\"replay-data\">"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod cli;
pub mod files;
pub mod part_file;
pub mod replay;
