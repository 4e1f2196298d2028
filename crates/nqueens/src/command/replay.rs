//! `nqueens replay`: one self-contained HTML page that replays the search
//! of a board step by step, strategies side by side: queens placed, the
//! squares each propagation struck out, the square that failed, the search
//! tree growing and the running counters (the engine's [`csp::replay`]
//! page, in its chessboard style).
//!
//! ```
//! use clap::Parser;
//! use nqueens::replay::{run_replay, ReplayArgs};
//! #[derive(Parser)]
//! struct Cli { #[command(flatten)] replay: ReplayArgs }
//! let cli = Cli::parse_from(["nqueens", "5", "--strategy", "backtracking,forward-checking"]);
//! let mut html = Vec::new();
//! run_replay(&cli.replay, &mut html).unwrap();
//! let html = String::from_utf8(html).unwrap();
//! assert!(html.contains("\"title\":\"backtracking\"") && html.contains("\"title\":\"forward-checking\""));
//! ```

use crate::command::size::{board_from_parts, parse_size_part, SizePart};
use crate::command::study::Choices;
use crate::files::AtomicFile;
use crate::model::board::Board;
use csp::replay::{record, Recording, DEFAULT_MAX_EVENTS};
use csp::{Outcome, Solver, Strategy};
use csp_front::cli::{LimitArgs, OrderArgs};
use csp_front::replay::{GridStyle, GridTooLarge, Page, PageRun};
use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;

const REPLAY_AFTER_HELP: &str = "\
Open the page in any browser: no network, no server. Space plays and
pauses, the arrow keys step forward and back (stepping back restores the
earlier board exactly), s and f jump to the next solution and failure.
A step is one choice with its propagation. Queens are placed on the board,
the squares each propagation struck out show x (hover for the constraint
that pruned them), and a rejected square turns red. The search tree grows
underneath; failed nodes are red and solutions green, as in nqueens tree.

At most --max-events events are recorded per strategy (default 20000: a
page that opens at once); beyond them the page says where the recording
stopped and the search is stopped there too.

Examples:
  nqueens replay 6 --out replay.html
  nqueens replay 8 --strategy backtracking,forward-checking,arc-consistency --out eight.html
  nqueens replay 5 7 --strategy arc-consistency --var-order smallest-domain --out wide.html";

/// The arguments of `nqueens replay` (flatten into a `clap` subcommand).
///
/// ```
/// use clap::Parser;
/// use nqueens::replay::ReplayArgs;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] replay: ReplayArgs }
/// let cli = Cli::parse_from(["nqueens", "6"]);
/// assert_eq!(cli.replay.strategies.as_slice().len(), 2);
/// assert_eq!(cli.replay.max_events, csp::replay::DEFAULT_MAX_EVENTS);
/// assert!(Cli::try_parse_from(["nqueens", "6", "--max-events", "0"]).is_err());
/// ```
#[derive(clap::Args, Clone, Debug)]
#[command(after_help = REPLAY_AFTER_HELP)]
pub struct ReplayArgs {
    /// Board size: N for N × N, or R C (also RxC) for R rows and C columns
    /// (at most 100 × 100 squares)
    #[arg(value_name = "SIZE", required = true, num_args = 1..=2, value_parser = parse_size_part)]
    pub size: Vec<SizePart>,
    /// Strategies side by side: `all` or a comma-separated list of
    /// generate-and-test, backtracking, forward-checking, arc-consistency,
    /// backjumping, nogood-learning
    #[arg(
        long = "strategy",
        visible_alias = "strategies",
        value_name = "LIST",
        default_value = "forward-checking,arc-consistency"
    )]
    pub strategies: Choices<Strategy>,
    /// Variable and value order, seed, restarts
    #[command(flatten)]
    pub order: OrderArgs,
    /// Limits on each search
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Record at most N events per strategy (1 to 200000)
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_EVENTS,
        value_parser = csp_front::replay::parse_max_events
    )]
    pub max_events: usize,
    /// Write the page to FILE (atomically) instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Why no page was written.
///
/// ```
/// let e = nqueens::replay::ReplayError::Board("a board needs at least one row".into());
/// assert!(e.is_usage());
/// ```
#[derive(Debug)]
pub enum ReplayError {
    /// An impossible board size.
    Board(String),
    /// A board too large to draw on the page.
    TooLarge(GridTooLarge),
    /// The page could not be written to its file.
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// Writing to the output failed.
    Output(io::Error),
}

impl ReplayError {
    /// True for errors in the command line (exit status 2).
    ///
    /// ```
    /// let io = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
    /// assert!(!nqueens::replay::ReplayError::Output(io).is_usage());
    /// ```
    pub fn is_usage(&self) -> bool {
        matches!(self, ReplayError::Board(_) | ReplayError::TooLarge(_))
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Board(e) => f.write_str(e),
            ReplayError::TooLarge(e) => e.fmt(f),
            ReplayError::File { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            ReplayError::Output(e) => write!(f, "cannot write the page: {e}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// One strategy's recorded search (see [`record_board`]).
///
/// ```
/// let queens = nqueens::board::Board::square(1)?.model();
/// let runs = nqueens::replay::record_board(&csp::Solver::new(&queens.model), &[csp::Strategy::Backtracking], 10);
/// assert_eq!(runs[0].recording.events().len(), 3); // choose, solution, unchoose
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The strategy.
    pub strategy: Strategy,
    /// Its events.
    pub recording: Recording,
    /// How its search ended.
    pub outcome: Outcome,
}

/// Records the search of `board` by each strategy (the same orders and
/// limits for all), at most `max_events` events each.
///
/// ```
/// use nqueens::board::Board;
/// use csp::{Solver, Strategy};
/// let board = Board::square(4)?;
/// let queens = board.model();
/// let runs = nqueens::replay::record_board(&Solver::new(&queens.model), &[Strategy::ForwardChecking], 1000);
/// assert_eq!(runs[0].outcome.stats.solutions, 2);
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
pub fn record_board(
    solver: &Solver<'_>,
    strategies: &[Strategy],
    max_events: usize,
) -> Vec<Recorded> {
    strategies
        .iter()
        .map(|&strategy| {
            let (recording, outcome) = record(&solver.clone().strategy(strategy), max_events);
            Recorded {
                strategy,
                recording,
                outcome,
            }
        })
        .collect()
}

/// The page of `runs` (searches of `board`'s model) as HTML, drawn as the
/// board: rows down and columns across, whichever way the model lies.
///
/// ```
/// use nqueens::board::Board;
/// let board = Board::new(3, 5)?;
/// let queens = board.model();
/// let runs = nqueens::replay::record_board(&csp::Solver::new(&queens.model), &[csp::Strategy::Backtracking], 1000);
/// let html = nqueens::replay::board_page(board, &queens.model, &runs).unwrap();
/// assert!(html.contains("3 × 5 board"));
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
pub fn board_page(
    board: Board,
    model: &csp::Model,
    runs: &[Recorded],
) -> Result<String, GridTooLarge> {
    // A tall board is modelled on its transpose: its variables are columns.
    let (line, across) = if board.is_tall() {
        ("column", "row")
    } else {
        ("row", "column")
    };
    let constraint_names = vec![
        format!("one queen per {across}"),
        "one queen per diagonal (/)".to_owned(),
        "one queen per diagonal (\\)".to_owned(),
    ];
    let var_names: Vec<String> = (0..model.num_vars()).map(|i| i.to_string()).collect();
    let mut page = Page::new(&format!(
        "{} queens on a {} × {} board",
        board.queens(),
        board.rows(),
        board.cols()
    ))
    .style(GridStyle::board(line, across, board.is_tall()));
    for run in runs {
        page = page.run(
            PageRun::new(&run.strategy.to_string(), model, &run.recording)?
                .outcome(&run.outcome)
                .var_names(var_names.clone())
                .constraint_names(constraint_names.clone()),
        );
    }
    Ok(page.to_html())
}

/// Writes the page `args` asks for to `--out FILE` (and one summary line
/// per strategy to `out`), or to `out` without `--out`.
/// (Example in the [module documentation](self).)
pub fn run_replay(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), ReplayError> {
    let board = board_from_parts(&args.size).map_err(ReplayError::Board)?;
    let queens = board.model();
    // Refused before any search: the board must fit on the page.
    PageRun::new("", &queens.model, &Recording::default()).map_err(ReplayError::TooLarge)?;
    // Created before the search: a bad path fails at once; renamed into
    // place only when the page is complete.
    let file = args
        .out
        .as_deref()
        .map(|path| {
            AtomicFile::create(path).map_err(|source| ReplayError::File {
                path: path.to_path_buf(),
                source,
            })
        })
        .transpose()?;
    let solver = args
        .order
        .apply(Solver::new(&queens.model))
        .limits(args.limits.limits(None));
    let runs = record_board(&solver, args.strategies.as_slice(), args.max_events);
    let html = board_page(board, &queens.model, &runs).map_err(ReplayError::TooLarge)?;
    let Some(mut file) = file else {
        return out
            .write_all(html.as_bytes())
            .and_then(|()| out.flush())
            .map_err(ReplayError::Output);
    };
    let path = args.out.clone().unwrap_or_default();
    file.write_all(html.as_bytes())
        .and_then(|()| file.commit())
        .map_err(|source| ReplayError::File { path, source })?;
    for run in &runs {
        let s = &run.outcome.stats;
        let recorded = match run.recording.truncation() {
            Some(t) => format!("{t}"),
            None => format!("{} events recorded", run.recording.events().len()),
        };
        writeln!(
            out,
            "{}: {} solutions, {} nodes, {} failures, {} values pruned; {recorded}",
            run.strategy, s.solutions, s.nodes, s.failures, s.pruned
        )
        .map_err(ReplayError::Output)?;
    }
    Ok(())
}
