//! The clap definition of the command line, and the checks that turn the
//! solve options into a runnable [`Solve`].

use super::output::{MAX_SHEET_BOARDS, MAX_SHEET_SQUARES};
use super::{usage, CliError};
use crate::approach::{Approach, Goal, Plan};
use crate::command::parts::Part;
use crate::command::render::Format;
use crate::command::size::{board_from_parts, parse_size_part, SizePart};
use crate::command::trace::{self, TraceFormat};
use crate::count::Symmetry;
use crate::model::board::Board;
use csp_front::cli::{LimitArgs, OrderArgs};
use std::path::PathBuf;

const ABOUT: &str = "Place n queens on a board so that no two attack each other, \
                     and see every way to do it";

const AFTER_HELP: &str = "\
Examples:
  nqueens 8                       the 92 solutions of 8 queens, as boards
  nqueens 8 --unique              the 12 fundamental ones
  nqueens 14 --count --stats      count, with the engine's statistics
  nqueens 16 --count --symmetry none --threads 1    the plain one-thread count
  nqueens 1000 --first --format columns
  nqueens 5 7                     a 5 × 7 board (also: nqueens 5x7)
  nqueens 4 --trace               watch the search step by step
  nqueens replay 6 --out r.html   ... or replay it in a browser, strategies side by side
  nqueens 8 --first --strategy combinations --stats
  nqueens 8 --format svg --out queens.svg
  nqueens 16 --count --part 3/64 --out p3.json    part 3 of 64 (0 to 63), as JSON
  nqueens merge p*.json           add up the parts: 14772512 solutions (64 parts, complete)

Output: text formats stream one solution at a time and end with a summary
line (`92 solutions`, with `(partial: ...)` when a limit or Ctrl-C stopped
the search early). json writes JSON Lines: one object per solution, then a
final {\"summary\": {...}} object. svg draws every listed solution on one
sheet (at most 1000 boards and 1048576 squares: 1000 boards of 32 × 32, or
one of 1024 × 1024), to --out FILE or stdout, with the summary on stderr. --stats goes to stderr. Long counts (n >= 14) show progress on
stderr when it is a terminal (parts done out of parts when the count is
split over threads or symmetries); Ctrl-C stops with the partial count.

Names of strategies, orders and formats ignore case, and _ may stand for -
(forward_checking is forward-checking), in every subcommand too.

Exit status: 0 done, 1 output could not be written, 2 bad arguments,
130 interrupted by Ctrl-C.";

/// The whole command line: a subcommand, or the solve options.
///
/// ```
/// let cli = nqueens::cli::parse(["nqueens", "8"])?;
/// assert!(cli.command.is_none());
/// # Ok::<(), nqueens::cli::CliError>(())
/// ```
#[derive(clap::Parser, Debug, Clone)]
#[command(
    name = "nqueens",
    version,
    about = ABOUT,
    long_about = None,
    after_long_help = AFTER_HELP,
    after_help = "See --help for examples, output formats and exit statuses.",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    allow_negative_numbers = true
)]
pub struct Cli {
    /// A subcommand; without one, `nqueens` solves a board.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The options of the default action: solving a board.
    #[command(flatten)]
    pub solve: SolveArgs,
}

/// The subcommands; without one, `nqueens` solves a board.
///
/// ```
/// let cli = nqueens::cli::parse(["nqueens", "study", "--sizes", "4..=6"]).unwrap();
/// assert!(matches!(cli.command, Some(nqueens::cli::Command::Study(_))));
/// ```
#[derive(clap::Subcommand, Debug, Clone)]
pub enum Command {
    /// Compare pruning strategies: strategies × variable orders × value orders × sizes
    Study(crate::command::study::StudyArgs),
    /// Draw the search tree of a small board, strategies side by side
    Tree(crate::command::tree::TreeArgs),
    /// Write a page that replays the search step by step in a browser,
    /// strategies side by side
    Replay(crate::command::replay::ReplayArgs),
    /// Add up the JSON results of `--part I/K` runs, checking that every
    /// part is there, complete and of the same problem
    Merge(crate::command::parts::MergeArgs),
}

/// Above this many queens, `--limit K` without `--strategy` searches with
/// the first-solution defaults (smallest-domain-first and restarts).
const LIMITED_LISTING_SIDE: usize = 20;

/// Above this many queens a plain `--first` runs min-conflicts (1000
/// queens take 0.2 to 2 s by forward checking with restarts, 5000 from
/// seconds to over a minute depending on the seed).
const FIRST_BY_LOCAL_SEARCH_ABOVE: usize = 1000;

/// Options for solving a board (the default action).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SolveArgs {
    /// Board size: N for N × N, or R C (also RxC) for R rows and C columns
    #[arg(
        value_name = "SIZE",
        required = true,
        num_args = 1..=2,
        value_parser = parse_size_part
    )]
    pub size: Vec<SizePart>,

    /// Count the solutions instead of listing them
    #[arg(long, help_heading = "What to find")]
    pub count: bool,

    /// Stop at the first solution (with the default strategy, uses
    /// smallest-domain-first and restarts, and beyond 1000 queens
    /// min-conflicts: instant even for a million queens)
    #[arg(long, conflicts_with_all = ["count", "limit"], help_heading = "What to find")]
    pub first: bool,

    /// Stop after K solutions (the summary then says it is partial). Beyond
    /// 20 queens, without --strategy, searches with the --first defaults so
    /// the first K come at once
    #[arg(
        long,
        value_name = "K",
        value_parser = clap::value_parser!(u64).range(1..),
        help_heading = "What to find"
    )]
    pub limit: Option<u64>,

    /// Only fundamental solutions: one per class of solutions that are
    /// rotations or reflections of each other (8 symmetries of a square
    /// board, 4 of a rectangle); 12 of the 92 for n = 8
    #[arg(long, help_heading = "What to find")]
    pub unique: bool,

    /// With --count: count through the board's symmetries: none, mirror
    /// (about half the search) or full (8 symmetries of a square board, 4
    /// of a rectangle: about a fifth of the search). Only the queens on the
    /// border of one board of each class are searched further, each
    /// standing for its class [default: full for --count without
    /// --strategy, --unique or limits; none otherwise]
    #[arg(long, value_name = "SYMMETRY", value_parser = parse_symmetry, help_heading = "What to find")]
    pub symmetry: Option<Symmetry>,

    /// The same as --symmetry mirror (kept for earlier scripts)
    #[arg(long, conflicts_with = "symmetry", help_heading = "What to find")]
    pub mirror: bool,

    /// With --count: threads to count on [default: one per core without
    /// --strategy, else 1]. The count is the same for any number. Listing
    /// runs on one thread, since it prints the solutions in order
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..=1024),
        help_heading = "What to find"
    )]
    pub threads: Option<u64>,

    /// Count only part I of K of a deterministic split of the search
    /// (I from 0 to K-1, such as 3/64) and write the result as JSON, to
    /// --out FILE (atomically: a killed part leaves no file) or stdout;
    /// `nqueens merge` adds the parts up. The split depends only on the
    /// board and K, so each part runs anywhere, alone
    #[arg(
        long,
        value_name = "I/K",
        value_parser = parse_part,
        requires = "count",
        conflicts_with_all = ["format", "trace"],
        help_heading = "What to find"
    )]
    pub part: Option<Part>,

    /// Output format: columns ([1, 3, 0, 2], the column of each row; - for
    /// a row without a queen, on boards with more rows than columns),
    /// coords ([[0, 1], [1, 3], ...]), board (dots and Qs), unicode (a
    /// chessboard), json (JSON Lines), svg (one picture with every board)
    /// [default: board up to 32 columns, columns beyond]
    #[arg(long, value_name = "FORMAT", value_parser = parse_format, help_heading = "Output")]
    pub format: Option<Format>,

    /// Write the output to FILE instead of stdout (for svg: the sheet). The
    /// file appears whole when the run ends (on Linux written to an unnamed
    /// file, so a killed run leaves nothing; elsewhere to FILE.PID.tmp, then
    /// renamed); only a regular file is replaced, never a device or a FIFO
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pub out: Option<PathBuf>,

    /// Print the work done (nodes, failures, checks, combinations, ...)
    /// on stderr, aligned and labelled
    #[arg(long, help_heading = "Output")]
    pub stats: bool,

    /// Show the search step by step: each queen placed and taken back with
    /// the board as it stands, failed squares marked x (boards up to 8 × 8)
    #[arg(long, conflicts_with_all = ["format", "out"], help_heading = "Output")]
    pub trace: bool,

    /// Trace format: text (boards, for people) or json (JSON Lines, for tools)
    #[arg(
        long,
        value_name = "FORMAT",
        value_parser = clap::builder::ValueParser::new(parse_trace_format),
        requires = "trace",
        help_heading = "Output"
    )]
    pub trace_format: Option<TraceFormat>,

    /// Trace a board larger than 8 × 8 anyway (prints millions of lines)
    #[arg(long, requires = "trace", help_heading = "Output")]
    pub force: bool,

    // Help text comes from `help` and `long_help` (generated from `Approach`).
    #[allow(missing_docs)]
    #[arg(
        long,
        value_name = "STRATEGY",
        value_parser = parse_approach,
        help = strategy_short_help(),
        long_help = strategy_help(),
        help_heading = "How to search"
    )]
    pub strategy: Option<Approach>,

    /// `--var-order`, `--value-order`, `--seed`, `--restarts` (shared engine options).
    #[command(flatten, next_help_heading = "How to search")]
    pub order: OrderArgs,

    /// `--node-limit`, `--fail-limit`, `--time-limit` (shared engine options).
    #[command(flatten, next_help_heading = "Limits")]
    pub limits: LimitArgs,
}

fn strategy_short_help() -> String {
    let names: Vec<&str> = Approach::ALL.iter().map(|a| a.name()).collect();
    format!(
        "How to search: {} [default: forward-checking]",
        names.join(", ")
    )
}

fn strategy_help() -> String {
    let width = Approach::ALL
        .iter()
        .map(|a| a.name().len())
        .max()
        .unwrap_or(0);
    let mut text = String::from(
        "How to search. Engine strategies take any --var-order and --value-order; \
         every strategy reports the work it did with --stats.\n",
    );
    for a in Approach::ALL {
        text.push_str(&format!("\n  {:<width$}  {}", a.name(), a.description()));
    }
    text.push_str(
        "\n\nDefaults: forward-checking, input variable order, ascending values. \
         With --first and no --strategy: smallest-domain variable order and \
         luby restarts, and beyond 1000 queens (with no order, restart, trace \
         or --unique option) min-conflicts, which answer at once. With \
         --count and no --strategy: the board's whole symmetry group on every \
         core. An explicit --strategy keeps the engine's plain defaults (input \
         order, no restarts, no symmetry, one thread), so the textbook figures \
         reproduce.",
    );
    text
}

fn parse_approach(s: &str) -> Result<Approach, String> {
    s.parse()
        .map_err(|e: crate::approach::ParseApproachError| e.to_string())
}

fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
        .map_err(|e: crate::command::render::ParseFormatError| e.to_string())
}

fn parse_part(s: &str) -> Result<Part, String> {
    s.parse()
        .map_err(|e: crate::command::parts::ParsePartError| e.to_string())
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse()
        .map_err(|e: crate::count::ParseSymmetryError| e.to_string())
}

fn parse_trace_format(s: &str) -> Result<TraceFormat, String> {
    s.parse()
}

/// The widest board listed as dot-and-Q boards by default.
const MAX_DEFAULT_BOARD_COLS: usize = 32;

/// A checked, runnable solve request.
///
/// ```
/// let solve = nqueens::cli::parse(["nqueens", "6", "--first"])?.solve.resolve()?;
/// assert_eq!(solve.plan.goal, nqueens::approach::Goal::First);
/// assert_eq!(solve.plan.var_order, csp::VarOrder::SmallestDomain);
/// # Ok::<(), nqueens::cli::CliError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solve {
    /// The board.
    pub board: Board,
    /// What to run (the cancel flag is left for the caller to set).
    pub plan: Plan,
    /// How to write solutions.
    pub format: Format,
    /// Where to write them (stdout if `None`).
    pub out: Option<PathBuf>,
    /// Print the work table on stderr.
    pub stats: bool,
    /// Trace the search instead of listing solutions.
    pub trace: Option<TraceFormat>,
    /// Count only this part and write it as JSON (`--part I/K`).
    pub part: Option<Part>,
}

impl SolveArgs {
    /// Applies the defaults and checks the combination of options.
    ///
    /// ```
    /// let cli = nqueens::cli::parse(["nqueens", "8", "--strategy", "reference"])?;
    /// let err = cli.solve.resolve().unwrap_err();
    /// assert!(err.to_string().contains("--count"));
    /// # Ok::<(), nqueens::cli::CliError>(())
    /// ```
    pub fn resolve(&self) -> Result<Solve, CliError> {
        let board = board_from_parts(&self.size).map_err(usage)?;
        let goal = if self.count {
            Goal::Count
        } else if self.first {
            Goal::First
        } else {
            Goal::All
        };
        let o = &self.order;
        let order_given = o.var_order.is_some() || o.value_order.is_some() || o.restarts.is_some();
        // A first solution of a large board: restarted forward checking is
        // heavy-tailed there (seconds to minutes by seed), min-conflicts
        // takes milliseconds. Only when nothing asked for the systematic
        // search's options (orders, restarts, a trace, --unique).
        let local_first = goal == Goal::First
            && board.queens() > FIRST_BY_LOCAL_SEARCH_ABOVE
            && !order_given
            && !self.unique
            && !self.trace;
        let mut plan = match self.strategy {
            None if local_first => Plan::new(Approach::MinConflicts, goal),
            // A few solutions of a large board: row-by-row search would drown
            // before the first, so take the first-solution defaults (the
            // search continues without restarts after the first solution).
            None if goal == Goal::All
                && self.limit.is_some()
                && board.queens() > LIMITED_LISTING_SIDE =>
            {
                Plan {
                    goal,
                    ..Plan::recommended(Goal::First)
                }
            }
            None => Plan::recommended_for(goal, board),
            Some(approach) => Plan::new(approach, goal),
        };
        if order_given && plan.approach.engine_strategy().is_none() {
            return Err(usage(format!(
                "--var-order, --value-order and --restarts apply to engine strategies, \
                 not to {}",
                plan.approach
            )));
        }
        plan.var_order = o.var_order.unwrap_or(plan.var_order);
        plan.value_order = o.value_order.unwrap_or(plan.value_order);
        plan.seed = o.seed.unwrap_or(plan.seed);
        plan.restarts = o.restarts.or(plan.restarts);
        plan.limits = self.limits.limits(None);
        plan.limits.solutions = self.limit;
        plan.unique = self.unique;
        self.choose_split(&mut plan)?;

        let format = self
            .format
            .unwrap_or(if board.cols() <= MAX_DEFAULT_BOARD_COLS {
                Format::Board
            } else {
                Format::Columns
            });
        if format == Format::Svg && goal != Goal::Count {
            plan.limits.solutions = Some(sheet_boards(board, goal, self.limit)?);
        }
        plan.validate(board).map_err(usage)?;
        if self.part.is_some() {
            crate::command::parts::check_plan(&plan).map_err(usage)?;
        }

        let trace = if self.trace {
            let Some(strategy) = plan.approach.engine_strategy() else {
                return Err(usage(format!(
                    "--trace follows the engine's search; the {} strategy is not one",
                    plan.approach
                )));
            };
            if !self.force && !trace::is_readable(board, strategy) {
                return Err(usage(format!(
                    "--trace on a {} × {} board with {} would print millions of lines; \
                     it is meant for boards up to {m} × {m} (5 × 5 with generate-and-test); \
                     add --force to trace anyway",
                    board.rows(),
                    board.cols(),
                    plan.approach,
                    m = trace::MAX_TRACED_SIDE
                )));
            }
            Some(self.trace_format.unwrap_or_default())
        } else {
            None
        };
        Ok(Solve {
            board,
            plan,
            format,
            out: self.out.clone(),
            stats: self.stats,
            trace,
            part: self.part,
        })
    }
}

impl SolveArgs {
    /// Sets the plan's symmetry and threads: the ones asked for, or by
    /// default the whole group on every core for a count. An explicit
    /// symmetry or more than one thread where the count cannot be split
    /// (see [`Plan::splits_count`]) is refused with the reason.
    fn choose_split(&self, plan: &mut Plan) -> Result<(), CliError> {
        let symmetry = self.symmetry.or(self.mirror.then_some(Symmetry::Mirror));
        // An explicit strategy keeps the engine's plain defaults, so the
        // textbook figures reproduce; a trace follows one plain search.
        let plain = self.strategy.is_some() || self.trace;
        plan.symmetry = symmetry.unwrap_or(if plain {
            Symmetry::None
        } else {
            Symmetry::Full
        });
        plan.threads = match self.threads {
            Some(n) => Some(n as usize),
            None if plain => Some(1),
            None => None,
        };
        let asked = match (symmetry, self.threads) {
            (Some(s), _) if s != Symmetry::None => format!("--symmetry {s}"),
            (_, Some(n)) if n > 1 => format!("--threads {n}"),
            _ => return Ok(()),
        };
        if plan.splits_count() && !self.trace {
            return Ok(());
        }
        let l = &plan.limits;
        let why = if self.trace {
            "does not apply to --trace, which follows one search on one thread".to_string()
        } else if plan.goal != Goal::Count {
            "applies to --count: listing runs on one thread, in order, through every solution"
                .to_string()
        } else if plan.unique {
            "counts every solution; --unique counts the fundamental ones with its own \
             restriction, on one thread"
                .to_string()
        } else if plan.approach.exhaustive_strategy().is_none() {
            format!(
                "needs an exhaustive engine strategy; the {} strategy is not one",
                plan.approach
            )
        } else if l.nodes.is_some() || l.failures.is_some() || l.solutions.is_some() {
            "splits the count into independent searches, which --node-limit, --fail-limit and \
             --limit would bound one by one (--time-limit is accepted)"
                .to_string()
        } else {
            return Ok(());
        };
        Err(usage(format!("{asked} {why}")))
    }
}

/// How many boards an SVG listing draws: `--limit K` if the sheet can hold
/// K boards of this size, else as many as it holds (at most
/// [`MAX_SHEET_BOARDS`] and [`MAX_SHEET_SQUARES`] squares); refused up
/// front, before any search, when even one board or the K asked for
/// do not fit.
fn sheet_boards(board: Board, goal: Goal, limit: Option<u64>) -> Result<u64, CliError> {
    let squares = (board.rows() as u64).saturating_mul(board.cols() as u64);
    let fit = (MAX_SHEET_SQUARES / squares.max(1)).min(MAX_SHEET_BOARDS);
    if fit == 0 {
        return Err(usage(format!(
            "--format svg draws at most {MAX_SHEET_SQUARES} squares on a sheet and a {} × {} \
             board has {squares}; use a text format (columns) for boards this large",
            board.rows(),
            board.cols()
        )));
    }
    match (goal, limit) {
        (Goal::First, _) => Ok(1),
        (_, Some(k)) if k > fit => Err(usage(format!(
            "--format svg draws at most {fit} boards of {} × {} on one sheet \
             ({MAX_SHEET_BOARDS} boards, {MAX_SHEET_SQUARES} squares at most); use --limit {fit} \
             or less",
            board.rows(),
            board.cols()
        ))),
        (_, Some(k)) => Ok(k),
        (_, None) => Ok(fit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::cli::parse;
    use clap::CommandFactory;
    use csp::{Restarts, ValueOrder, VarOrder};

    fn resolve(args: &[&str]) -> Result<Solve, CliError> {
        let argv = std::iter::once("nqueens").chain(args.iter().copied());
        parse(argv)?.solve.resolve()
    }

    #[test]
    fn the_command_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn defaults_serve_the_goal() {
        let all = resolve(&["8"]).unwrap();
        assert_eq!(all.plan.approach, Approach::ForwardChecking);
        assert_eq!(all.plan.goal, Goal::All);
        assert_eq!(all.plan.var_order, VarOrder::Input);
        assert_eq!(all.format, Format::Board);
        let first = resolve(&["8", "--first"]).unwrap();
        assert_eq!(first.plan.var_order, VarOrder::SmallestDomain);
        assert!(matches!(first.plan.restarts, Some(Restarts::Luby { .. })));
        // An explicit strategy keeps the engine's plain defaults.
        let large = resolve(&["1001", "--first"]).unwrap();
        assert_eq!(large.plan.approach, Approach::MinConflicts);
        let ordered = resolve(&["5000", "--first", "--var-order", "input"]).unwrap();
        assert_eq!(ordered.plan.approach, Approach::ForwardChecking);
        let textbook = resolve(&["8", "--first", "--strategy", "forward-checking"]).unwrap();
        assert_eq!(textbook.plan.var_order, VarOrder::Input);
        assert!(textbook.plan.restarts.is_none());
        // Wide boards list as columns.
        assert_eq!(resolve(&["33"]).unwrap().format, Format::Columns);
    }

    #[test]
    fn options_reach_the_plan() {
        let s = resolve(&[
            "5x7",
            "--count",
            "--unique",
            "--strategy",
            "arc-consistency",
            "--var-order",
            "dom-deg",
            "--value-order",
            "middle-out",
            "--seed",
            "9",
            "--node-limit",
            "100",
            "--fail-limit",
            "10",
            "--time-limit",
            "2s",
            "--stats",
        ])
        .unwrap();
        assert_eq!((s.board.rows(), s.board.cols()), (5, 7));
        assert_eq!(s.plan.goal, Goal::Count);
        assert!(s.plan.unique && s.stats);
        assert_eq!(s.plan.approach, Approach::ArcConsistency);
        assert_eq!(s.plan.var_order, VarOrder::DomDeg);
        assert_eq!(s.plan.value_order, ValueOrder::MiddleOut);
        assert_eq!(s.plan.seed, 9);
        assert_eq!(s.plan.limits.nodes, Some(100));
        assert_eq!(s.plan.limits.failures, Some(10));
        assert_eq!(s.plan.limits.time, Some(std::time::Duration::from_secs(2)));
        assert!(s.plan.limits.cancel.is_none());
    }

    #[test]
    fn svg_listing_is_capped_to_one_sheet() {
        let s = resolve(&["8", "--format", "svg"]).unwrap();
        assert_eq!(s.plan.limits.solutions, Some(MAX_SHEET_BOARDS));
        let s = resolve(&["8", "--format", "svg", "--limit", "3"]).unwrap();
        assert_eq!(s.plan.limits.solutions, Some(3));
        assert!(resolve(&["8", "--format", "svg", "--limit", "1001"]).is_err());
        // Large boards: as many as the sheet holds, refused before any search
        // when the boards asked for do not fit.
        let s = resolve(&["300", "--format", "svg"]).unwrap();
        assert_eq!(
            s.plan.limits.solutions,
            Some(MAX_SHEET_SQUARES / (300 * 300))
        );
        for args in [
            &["300", "--limit", "1000", "--format", "svg"][..],
            &["5000", "--first", "--format", "svg"],
            &["2000", "--format", "svg"],
        ] {
            let err = resolve(args).unwrap_err().to_string();
            assert!(
                err.contains("--format svg draws at most"),
                "{args:?}: {err}"
            );
        }
        assert!(resolve(&["1000", "--first", "--format", "svg"]).is_ok());
        assert!(resolve(&["5000", "--count", "--format", "svg"]).is_ok());
    }

    #[test]
    fn trace_settings() {
        let s = resolve(&["6", "--trace", "--trace-format", "json"]).unwrap();
        assert_eq!(s.trace, Some(TraceFormat::Json));
        assert_eq!(
            resolve(&["6", "--trace"]).unwrap().trace,
            Some(TraceFormat::Text)
        );
        assert!(resolve(&["9", "--trace"]).is_err());
        assert!(resolve(&["9", "--trace", "--force"]).is_ok());
        assert!(resolve(&["8", "--trace", "--strategy", "min-conflicts", "--first"]).is_err());
    }

    #[test]
    fn errors_are_one_line_usage_errors() {
        for args in [
            &["8", "--strategy", "reference"][..],
            &["8", "--strategy", "combinations"],
            &["2x3", "3"],
            &[
                "8",
                "--count",
                "--strategy",
                "reference",
                "--restarts",
                "luby",
            ],
            &["nine"],
        ] {
            let err = resolve(args).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{args:?}");
            assert!(!err.to_string().contains('\n'), "{err}");
        }
    }
}
