//! `nqueens study`: a laboratory for pruning strategies.
//!
//! Runs a matrix of strategies × variable orders × value orders × board
//! sizes, each run under a per-run limit so a hopeless cell reports "limit
//! reached" instead of stalling the study, and reports it as an aligned
//! table (streamed as runs finish), CSV, JSON and an SVG chart. The
//! laboratory itself ([`csp_lab::study`]: the matrix, table, chart and
//! files) serves any model; this module adds the board sizes:
//!
//! * [`Sizes`]: the size list (`4..=12`, `4,5,8`);
//! * [`Study`]: the matrix over board sizes and its runs ([`Run`]);
//! * [`StudyArgs`] and [`run_study`]: the subcommand.
//!
//! ```
//! use clap::Parser;
//! use nqueens::study::{run_study, StudyArgs};
//! #[derive(Parser)]
//! struct Cli { #[command(flatten)] study: StudyArgs }
//! let cli = Cli::parse_from(["nqueens", "--strategies", "backtracking", "--sizes", "4..=8"]);
//! let mut table = Vec::new();
//! run_study(&cli.study, &mut table).unwrap();
//! let table = String::from_utf8(table).unwrap();
//! assert!(table.lines().any(|l| l.starts_with("backtracking") && l.contains(" 92 ")));
//! ```

mod matrix;
mod sizes;

pub use csp_lab::study::{
    group, plot_svg, Axis, Choice, Choices, Mode, PlotError, Run, RunStatus, StudyError, Table,
    DEFAULT_RUN_TIME_LIMIT,
};
pub use matrix::Study;
pub use sizes::{Sizes, MAX_SIZES};

use csp::{Restarts, Strategy, ValueOrder, VarOrder};
use csp_front::cli::LimitArgs;
use csp_lab::study::{default_limit, headers, report, Outputs};
use std::io::Write;
use std::path::PathBuf;

/// Column titles, in order.
///
/// ```
/// assert_eq!(nqueens::study::HEADERS[0], "strategy");
/// assert_eq!(nqueens::study::HEADERS[3], "n");
/// ```
pub const HEADERS: [&str; 11] = headers(matrix::SIZE_COLUMN);

/// The chart's x axis: the board size.
const SIZE_AXIS: Axis = Axis::Subject("n (board size)");

const STUDY_AFTER_HELP: &str = "\
Each run stops at its limit (--node-limit, --fail-limit, --time-limit; 10 s
when none is given) and is then reported as \"limit reached\". Names ignore
case, and _ may stand for - (forward_checking). --csv, --json and --plot
files appear whole when the study ends, even if the table's reader stops
early (| head); only regular files are replaced.

Examples:
  nqueens study --sizes 4..=12
  nqueens study --strategies backtracking,forward-checking --var-orders all --sizes 8
  nqueens study --first --strategies forward-checking --var-orders smallest-domain \\
      --value-orders ascending,middle-out --sizes 8,16,32,64,128,256,512,1000
  nqueens study --sizes 4..=10 --csv runs.csv --json runs.json --plot nodes.svg";

/// The arguments of `nqueens study` (flatten into a `clap` subcommand).
///
/// ```
/// use clap::Parser;
/// use nqueens::study::{Mode, StudyArgs};
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] study: StudyArgs }
/// let cli = Cli::parse_from(["nqueens", "--sizes", "4,8", "--var-orders", "all", "--first", "--node-limit", "5000"]);
/// let study = cli.study.study();
/// assert_eq!(study.mode, Mode::First);
/// assert_eq!(study.len(), csp::Strategy::ALL.len() * 4 * 1 * 2);
/// assert_eq!(study.limits.nodes, Some(5000));
/// assert!(Cli::try_parse_from(["nqueens", "--sizes", "0..3"]).is_err());
/// ```
#[derive(clap::Args, Clone, Debug)]
#[command(after_help = STUDY_AFTER_HELP)]
pub struct StudyArgs {
    /// Pruning strategies to compare: `all` or a comma-separated list of
    /// generate-and-test, backtracking, forward-checking, arc-consistency,
    /// backjumping, nogood-learning
    #[arg(long, value_name = "LIST", default_value = "all")]
    pub strategies: Choices<Strategy>,
    /// Variable orders to compare: `all` or a comma-separated list of
    /// input, smallest-domain, dom-deg, dom-wdeg
    #[arg(long, value_name = "LIST", default_value = "input")]
    pub var_orders: Choices<VarOrder>,
    /// Value orders to compare: `all` or a comma-separated list of
    /// ascending, descending, middle-out, least-constraining, random,
    /// median, split, reverse-split
    #[arg(long, value_name = "LIST", default_value = "ascending")]
    pub value_orders: Choices<ValueOrder>,
    /// Board sizes: N, A..=B, A..B or a comma-separated list of them
    #[arg(long, value_name = "SIZES", default_value = "4..=12")]
    pub sizes: Sizes,
    /// Measure the cost of the first solution instead of all solutions
    #[arg(long)]
    pub first: bool,
    /// Per-run limits (each run stops at 10 s when none is given)
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Seed for the random value order and restart tie-breaking
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Restart until the first solution: luby, luby:SCALE, geometric or
    /// geometric:FIRST:FACTOR
    #[arg(long, value_name = "SPEC")]
    pub restarts: Option<Restarts>,
    /// Also write the results as CSV to FILE
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also write the results as JSON (an array of runs) to FILE
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Draw nodes against n, one line per strategy, as SVG to FILE
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

impl StudyArgs {
    /// The matrix these arguments describe (with the default time limit if
    /// no limit was given).
    ///
    /// ```
    /// use clap::Parser;
    /// #[derive(Parser)]
    /// struct Cli { #[command(flatten)] study: nqueens::study::StudyArgs }
    /// let study = Cli::parse_from(["nqueens"]).study.study();
    /// assert_eq!(study.limits.time, Some(nqueens::study::DEFAULT_RUN_TIME_LIMIT));
    /// ```
    pub fn study(&self) -> Study {
        let mut limits = self.limits.limits(None);
        default_limit(&mut limits);
        let mode = if self.first { Mode::First } else { Mode::All };
        Study {
            strategies: self.strategies.clone(),
            var_orders: self.var_orders.clone(),
            value_orders: self.value_orders.clone(),
            sizes: self.sizes.clone(),
            mode,
            limits,
            seed: self.seed,
            restarts: self.restarts,
        }
    }
}

/// Runs the study `args` describe: the table goes to `out` row by row as
/// runs finish; CSV, JSON and the chart go to their files, each renamed
/// into place when complete. If `out` is a closed pipe, the study stops
/// there when it has no files to write, and otherwise goes on without the
/// table to complete them. (Example in the [module documentation](self).)
pub fn run_study(args: &StudyArgs, out: &mut dyn Write) -> Result<(), StudyError> {
    let study = args.study();
    let outputs = Outputs {
        csv: args.csv.clone(),
        json: args.json.clone(),
        plot: args.plot.clone(),
    };
    let (matrix, subjects) = (study.matrix(), study.subjects());
    report(&matrix, &subjects, study.runs(), &outputs, SIZE_AXIS, out)
}
