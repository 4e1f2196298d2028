//! `nqueens tree`: the search tree of a small board as a picture, one tree
//! per strategy side by side, so what pruning buys shows at a glance (what
//! Gecode's Gist shows interactively).
//!
//! The tree is recorded from the engine's observer hooks during the one
//! real search ([`TreeBuilder`]), laid out tidily ([`tidy_layout`]) and
//! drawn as SVG ([`draw`]): the laboratory's [`csp_lab::tree`], which
//! draws any model's tree; this module adds the board (sizes, and boxes
//! labelled `row,col`).
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

pub use csp_lab::tree::{
    grow, leaves, tidy_layout, ChoiceText, NodeKind, Panel, SearchTree, TreeBuilder, TreeNode,
    DEFAULT_MAX_CHOICES, MAX_DRAWN_CHOICES,
};

use crate::command::study::Choices;
use crate::model::board::{Board, BoardError};
use csp::{Solver, Strategy};
use csp_front::cli::{LimitArgs, OrderArgs};
use csp_lab::tree::{draw_trees, max_choices, DrawError, Trees};
use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;

/// The largest board whose whole tree is drawn without `--node-limit`.
///
/// ```
/// assert_eq!(nqueens::tree::MAX_FULL_TREE, 6);
/// ```
pub const MAX_FULL_TREE: usize = 6;

/// Boxes labelled `row,col`: a queen in that row and column.
///
/// ```
/// use nqueens::tree::{ChoiceText, Squares};
/// assert_eq!(Squares.describe(1, 3), "row 1, column 3");
/// assert_eq!(Squares.label(1, 3), "1,3");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Squares;

impl ChoiceText for Squares {
    fn describe(&self, row: usize, col: i32) -> String {
        format!("row {row}, column {col}")
    }

    fn legend(&self) -> String {
        "r,c: a queen in row r, column c (from 0); \u{2212}k: values that choice pruned from \
         other rows"
            .into()
    }
}

/// The trees side by side, boxes labelled `row,col` (the laboratory's
/// [`csp_lab::tree::draw`] with [`Squares`] labels).
///
/// ```
/// use nqueens::tree::{draw, grow, Panel};
/// let queens = nqueens::board::Board::square(4)?.model();
/// let (tree, outcome) = grow(&csp::Solver::new(&queens.model), csp::Limits::default(), 1000);
/// let svg = draw(&[Panel { title: "forward-checking", tree: &tree, status: outcome.status }]);
/// assert_eq!(svg.matches("class=\"choice ").count(), tree.choices());
/// assert!(svg.contains("row 0, column 0"));
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
pub fn draw(panels: &[Panel<'_>]) -> String {
    csp_lab::tree::draw(panels, &Squares)
}

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
/// assert_eq!(cli.tree.strategies.as_slice(), csp::Strategy::ALL);
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
    /// generate-and-test, backtracking, forward-checking, arc-consistency,
    /// backjumping, nogood-learning
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

impl From<DrawError> for TreeError {
    fn from(e: DrawError) -> TreeError {
        match e {
            DrawError::TooManyNodes { limit } => TreeError::TooManyNodes { limit },
            DrawError::File { path, source } => TreeError::File { path, source },
            DrawError::Output(e) => TreeError::Output(e),
        }
    }
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
            TreeError::TooManyNodes { limit } => DrawError::TooManyNodes { limit: *limit }.fmt(f),
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
    let max_choices = max_choices(args.limits.node_limit)?;
    // The node limit caps the drawing (in choices), not the engine's count.
    let limits = LimitArgs {
        node_limit: None,
        ..args.limits.clone()
    }
    .limits(None);
    let queens = board.model();
    let trees = Trees {
        solver: args.order.apply(Solver::new(&queens.model)),
        strategies: args.strategies.as_slice(),
        limits,
        max_choices,
    };
    Ok(draw_trees(&trees, &Squares, args.svg.as_deref(), out)?)
}
