//! The search tree of a model as a picture, one tree per strategy side
//! by side, so what pruning buys shows at a glance (what Gecode's Gist
//! shows interactively).
//!
//! The tree is recorded from the engine's observer hooks during the one
//! real search ([`TreeBuilder`]), laid out tidily ([`tidy_layout`]) and
//! drawn as SVG ([`draw`]); [`draw_trees`] does all of it for a list of
//! strategies, the file written atomically.
//!
//! ```
//! use csp_lab::tree::{draw_trees, Named, Trees};
//! let mut model = csp::Model::new();
//! let x = model.int_vars(3, 0..3).unwrap();
//! model.all_different(&x).unwrap();
//! let trees = Trees {
//!     solver: csp::Solver::new(&model),
//!     strategies: &[csp::Strategy::Backtracking, csp::Strategy::ArcConsistency],
//!     limits: csp::Limits::default(),
//!     max_choices: 1000,
//! };
//! let mut svg = Vec::new();
//! draw_trees(&trees, &Named::default(), None, &mut svg).unwrap();
//! let svg = String::from_utf8(svg).unwrap();
//! assert_eq!(svg.matches("class=\"tree\"").count(), 2);
//! ```

mod build;
mod layout;
mod svg;

pub use build::{grow, NodeKind, SearchTree, TreeBuilder, TreeNode};
pub use layout::{leaves, tidy_layout};
pub use svg::{draw, draw_to, ChoiceText, Named, Panel};

use crate::files::AtomicFile;
use csp::{Limits, Solver, Status, Strategy};
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The most choices drawn per tree unless a node limit says otherwise.
///
/// ```
/// assert_eq!(csp_lab::tree::DEFAULT_MAX_CHOICES, 1000);
/// ```
pub const DEFAULT_MAX_CHOICES: usize = 1000;

/// The largest node limit drawn: a tree of this many boxes is already a
/// picture no viewer shows usefully (about 50 MB of memory and of SVG); a
/// million took 435 MB.
///
/// ```
/// assert_eq!(csp_lab::tree::MAX_DRAWN_CHOICES, 100_000);
/// ```
pub const MAX_DRAWN_CHOICES: usize = 100_000;

/// The choices to draw per tree for a node limit (none: the default),
/// or the error for a limit no drawing can show.
///
/// ```
/// use csp_lab::tree::{max_choices, DEFAULT_MAX_CHOICES};
/// assert_eq!(max_choices(None).unwrap(), DEFAULT_MAX_CHOICES);
/// assert_eq!(max_choices(Some(50)).unwrap(), 50);
/// assert!(max_choices(Some(1_000_000)).is_err());
/// ```
pub fn max_choices(node_limit: Option<u64>) -> Result<usize, DrawError> {
    let max = node_limit.map_or(DEFAULT_MAX_CHOICES, |n| {
        usize::try_from(n).unwrap_or(usize::MAX)
    });
    if max > MAX_DRAWN_CHOICES {
        return Err(DrawError::TooManyNodes { limit: max });
    }
    Ok(max)
}

/// Why no tree was drawn.
///
/// ```
/// let e = csp_lab::tree::DrawError::TooManyNodes { limit: 200_000 };
/// assert!(e.to_string().contains("at most 100000 nodes per tree"));
/// ```
#[derive(Debug)]
pub enum DrawError {
    /// A node limit over [`MAX_DRAWN_CHOICES`].
    TooManyNodes {
        /// The limit asked for.
        limit: usize,
    },
    /// The SVG file could not be written.
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// Writing to the output failed.
    Output(io::Error),
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::TooManyNodes { limit } => write!(
                f,
                "--node-limit {limit} is more than a drawing can show: at most \
                 {MAX_DRAWN_CHOICES} nodes per tree"
            ),
            DrawError::File { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            DrawError::Output(e) => write!(f, "cannot write the tree: {e}"),
        }
    }
}

impl std::error::Error for DrawError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DrawError::TooManyNodes { .. } => None,
            DrawError::File { source, .. } | DrawError::Output(source) => Some(source),
        }
    }
}

/// The trees to draw: one model's search (the solver's orders, seed and
/// restarts) under each strategy. (Example in the [module
/// documentation](self).)
#[derive(Clone, Debug)]
pub struct Trees<'a> {
    /// The model and the settings every tree shares.
    pub solver: Solver<'a>,
    /// One tree per strategy, in this order.
    pub strategies: &'a [Strategy],
    /// What stops each search (the node limit is `max_choices`, not here).
    pub limits: Limits,
    /// The most choices recorded per tree (see [`max_choices`]).
    pub max_choices: usize,
}

/// Draws `trees`: the SVG goes to the file `svg` (created before any
/// search, renamed into place when complete) with one summary line per
/// strategy to `out`, or to `out` without a file.
pub fn draw_trees(
    trees: &Trees<'_>,
    text: &dyn ChoiceText,
    svg: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), DrawError> {
    let file_error = |path: &Path, source| DrawError::File {
        path: path.to_path_buf(),
        source,
    };
    let svg_file = svg
        .map(|path| AtomicFile::create(path).map_err(|e| file_error(path, e)))
        .transpose()?;
    let grown: Vec<(String, SearchTree, Status)> = trees
        .strategies
        .iter()
        .map(|&strategy| {
            let solver = trees.solver.clone().strategy(strategy);
            let (tree, outcome) = grow(&solver, trees.limits.clone(), trees.max_choices);
            (strategy.to_string(), tree, outcome.status)
        })
        .collect();
    let panels: Vec<Panel<'_>> = grown
        .iter()
        .map(|(title, tree, status)| Panel {
            title,
            tree,
            status: *status,
        })
        .collect();
    let (Some(mut file), Some(path)) = (svg_file, svg) else {
        let mut out = io::BufWriter::new(out);
        return draw_to(&mut out, &panels, text)
            .and_then(|()| out.flush())
            .map_err(DrawError::Output);
    };
    draw_to(&mut file, &panels, text)
        .and_then(|()| file.commit())
        .map_err(|e| file_error(path, e))?;
    for panel in &panels {
        let note = panel.note().map(|n| format!(" ({n})")).unwrap_or_default();
        writeln!(out, "{}: {}{note}", panel.title, panel.summary()).map_err(DrawError::Output)?;
    }
    Ok(())
}
