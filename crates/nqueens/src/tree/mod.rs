//! `nqueens tree`: the search tree of a small board as a picture, one tree
//! per strategy side by side, so what pruning buys shows at a glance (what
//! Gecode's Gist shows interactively).
//!
//! The tree is recorded from the engine's observer hooks during the one
//! real search ([`TreeBuilder`]), laid out tidily ([`tidy_layout`]) and
//! drawn as SVG ([`draw`]).
//!
//! ```
//! use clap::Parser;
//! use nqueens::tree::{run_tree, TreeArgs};
//! #[derive(Parser)]
//! struct Cli { #[command(flatten)] tree: TreeArgs }
//! let cli = Cli::parse_from(["nqueens", "4", "--strategy", "backtracking,arc-consistency"]);
//! let mut svg = Vec::new();
//! run_tree(&cli.tree, &mut svg).unwrap();
//! let svg = String::from_utf8(svg).unwrap();
//! assert_eq!(svg.matches("class=\"tree\"").count(), 2);
//! ```

mod build;
mod layout;
mod svg;

pub use build::{grow, NodeKind, SearchTree, TreeBuilder, TreeNode};
pub use layout::{leaves, tidy_layout};
pub use svg::{draw, draw_to, Panel};

use crate::board::{Board, BoardError};
use crate::files::AtomicFile;
use crate::study::Choices;
use csp::cli::{LimitArgs, OrderArgs};
use csp::{Solver, Strategy};
use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;

/// The largest board whose whole tree is drawn without `--node-limit`.
///
/// ```
/// assert_eq!(nqueens::tree::MAX_FULL_TREE, 6);
/// ```
pub const MAX_FULL_TREE: usize = 6;

/// The most choices drawn per tree unless `--node-limit` says otherwise
/// (enough for 6-queens backtracking; generate-and-test is cut).
///
/// ```
/// let queens = nqueens::board::Board::square(6)?.model();
/// let solver = csp::Solver::new(&queens.model).strategy(csp::Strategy::Backtracking);
/// let (tree, _) = nqueens::tree::grow(&solver, csp::Limits::default(), nqueens::tree::DEFAULT_MAX_CHOICES);
/// assert!(!tree.is_truncated());
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
pub const DEFAULT_MAX_CHOICES: usize = 1000;

/// The largest `--node-limit` drawn: a tree of this many boxes is already
/// a picture no viewer shows usefully (about 50 MB of memory and of SVG);
/// a million took 435 MB.
///
/// ```
/// assert_eq!(nqueens::tree::MAX_DRAWN_CHOICES, 100_000);
/// ```
pub const MAX_DRAWN_CHOICES: usize = 100_000;

const TREE_AFTER_HELP: &str = "\
Each box is one tried assignment, labelled row,col (from 0): red boxes were
rejected, green ones complete a solution, and -k counts the values that
choice pruned from other rows. --node-limit caps the boxes drawn per tree
(default 1000, at most 100000; needed for n > 6). Names ignore case, and _
may stand for - (forward_checking).

Examples:
  nqueens tree 4 --strategy backtracking,forward-checking,arc-consistency --svg trees.svg
  nqueens tree 5 --strategy all --svg all.svg
  nqueens tree 8 --strategy forward-checking --node-limit 300 --svg start.svg";

/// The arguments of `nqueens tree` (flatten into a `clap` subcommand).
///
/// `--node-limit N` caps the nodes drawn per tree (every choice counts,
/// failed ones too); `--time-limit` and `--fail-limit` stop the search.
///
/// ```
/// use clap::Parser;
/// use nqueens::tree::TreeArgs;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] tree: TreeArgs }
/// let cli = Cli::parse_from(["nqueens", "5", "--strategy", "all", "--svg", "trees.svg"]);
/// assert_eq!(cli.tree.strategies.as_slice().len(), 4);
/// assert!(Cli::try_parse_from(["nqueens", "5", "--strategy", "guessing"]).is_err());
/// ```
#[derive(clap::Args, Clone, Debug)]
#[command(after_help = TREE_AFTER_HELP)]
pub struct TreeArgs {
    /// Board size (n × n); the whole tree is drawn for n <= 6, larger
    /// boards need --node-limit
    #[arg(value_name = "N")]
    pub n: usize,
    /// Strategies to draw side by side: `all` or a comma-separated list of
    /// generate-and-test, backtracking, forward-checking, arc-consistency
    #[arg(
        long = "strategy",
        visible_alias = "strategies",
        value_name = "LIST",
        default_value = "backtracking"
    )]
    pub strategies: Choices<Strategy>,
    /// Variable and value order, seed, restarts
    #[command(flatten)]
    pub order: OrderArgs,
    /// Limits (--node-limit caps the nodes drawn per tree; default 1000)
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Write the SVG to FILE instead of standard output
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Why no tree was drawn.
///
/// ```
/// let e = nqueens::tree::TreeError::TooLarge { n: 8 };
/// assert!(e.is_usage());
/// assert!(e.to_string().contains("--node-limit"));
/// ```
#[derive(Debug)]
pub enum TreeError {
    /// A board over [`MAX_FULL_TREE`] without a node limit.
    TooLarge {
        /// The board size asked for.
        n: usize,
    },
    /// A `--node-limit` over [`MAX_DRAWN_CHOICES`].
    TooManyNodes {
        /// The limit asked for.
        limit: usize,
    },
    /// An impossible board size.
    Board(BoardError),
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

impl TreeError {
    /// True for errors in the command line (exit status 2).
    ///
    /// ```
    /// let io = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
    /// assert!(!nqueens::tree::TreeError::Output(io).is_usage());
    /// ```
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            TreeError::TooLarge { .. } | TreeError::TooManyNodes { .. } | TreeError::Board(_)
        )
    }
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::TooLarge { n } => write!(
                f,
                "the search tree of {n} queens is too large to draw whole (n <= {MAX_FULL_TREE}); \
                 give --node-limit N to draw its first N nodes"
            ),
            TreeError::TooManyNodes { limit } => write!(
                f,
                "--node-limit {limit} is more than a drawing can show: at most \
                 {MAX_DRAWN_CHOICES} nodes per tree"
            ),
            TreeError::Board(e) => e.fmt(f),
            TreeError::File { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            TreeError::Output(e) => write!(f, "cannot write the tree: {e}"),
        }
    }
}

impl std::error::Error for TreeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TreeError::TooLarge { .. } | TreeError::TooManyNodes { .. } => None,
            TreeError::Board(e) => Some(e),
            TreeError::File { source, .. } | TreeError::Output(source) => Some(source),
        }
    }
}

/// Draws the trees `args` asks for: the SVG goes to `--svg FILE` (and one
/// summary line per strategy to `out`), or to `out` without `--svg`.
/// (Example in the [module documentation](self).)
pub fn run_tree(args: &TreeArgs, out: &mut dyn Write) -> Result<(), TreeError> {
    let board = Board::square(args.n).map_err(TreeError::Board)?;
    if args.n > MAX_FULL_TREE && args.limits.node_limit.is_none() {
        return Err(TreeError::TooLarge { n: args.n });
    }
    let max_choices = args.limits.node_limit.map_or(DEFAULT_MAX_CHOICES, |n| {
        usize::try_from(n).unwrap_or(usize::MAX)
    });
    if max_choices > MAX_DRAWN_CHOICES {
        return Err(TreeError::TooManyNodes { limit: max_choices });
    }
    // Created before the search: a bad path fails at once; renamed into
    // place only when the drawing is complete.
    let svg_file = args
        .svg
        .as_deref()
        .map(|path| {
            AtomicFile::create(path).map_err(|source| TreeError::File {
                path: path.to_path_buf(),
                source,
            })
        })
        .transpose()?;
    // The node limit caps the drawing (in choices), not the engine's count.
    let limits = LimitArgs {
        node_limit: None,
        ..args.limits.clone()
    }
    .limits(None);
    let queens = board.model();
    let solver = args.order.apply(Solver::new(&queens.model));
    let grown: Vec<(String, SearchTree, csp::Status)> = args
        .strategies
        .as_slice()
        .iter()
        .map(|&strategy| {
            let (tree, outcome) = grow(
                &solver.clone().strategy(strategy),
                limits.clone(),
                max_choices,
            );
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
    let Some(mut file) = svg_file else {
        let mut out = io::BufWriter::new(out);
        return draw_to(&mut out, &panels)
            .and_then(|()| out.flush())
            .map_err(TreeError::Output);
    };
    draw_to(&mut file, &panels)
        .and_then(|()| file.commit())
        .map_err(|source| TreeError::File {
            path: args.svg.clone().unwrap_or_default(),
            source,
        })?;
    for panel in &panels {
        let note = panel.note().map(|n| format!(" ({n})")).unwrap_or_default();
        writeln!(out, "{}: {}{note}", panel.title, panel.summary()).map_err(TreeError::Output)?;
    }
    Ok(())
}
