//! The clap definition of the command line (the checks that turn the
//! solve options into a runnable `Solve` are in `resolve.rs`).

use crate::approach::Approach;
use crate::command::parts::Part;
use crate::command::render::Format;
use crate::command::size::{parse_size_part, SizePart};
use crate::command::trace::TraceFormat;
use crate::count::Symmetry;
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
