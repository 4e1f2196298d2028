//! `nqueens study`: a laboratory for pruning strategies.
//!
//! Runs a matrix of strategies × variable orders × value orders × board
//! sizes, each run under a per-run limit so a hopeless cell reports "limit
//! reached" instead of stalling the study, and reports it as an aligned
//! table (streamed as runs finish), CSV, JSON and an SVG chart.
//!
//! * [`choices`](Choices): the list arguments (`all`, `a,b,c`, `4..=12`);
//! * [`Study`]: the matrix and its runs ([`Run`]);
//! * [`Table`]: the aligned text table;
//! * [`plot_svg`]: the chart.
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

mod choices;
mod matrix;
mod plot;
mod table;

pub use choices::{Choice, Choices, Sizes, MAX_SIZES};
pub use matrix::{Mode, Run, RunStatus, Study};
pub use plot::{plot_svg, PlotError};
pub use table::{group, Table, HEADERS};

use crate::files::AtomicFile;
use csp::cli::LimitArgs;
use csp::{Restarts, Strategy, ValueOrder, VarOrder};
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The per-run limit when none is given: a run that has not finished after
/// this long is reported as "limit reached (time limit)".
///
/// ```
/// assert_eq!(nqueens::study::DEFAULT_RUN_TIME_LIMIT.as_secs(), 10);
/// ```
pub const DEFAULT_RUN_TIME_LIMIT: Duration = Duration::from_secs(10);

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
/// assert_eq!(study.len(), 4 * 4 * 1 * 2);
/// assert_eq!(study.limits.nodes, Some(5000));
/// assert!(Cli::try_parse_from(["nqueens", "--sizes", "0..3"]).is_err());
/// ```
#[derive(clap::Args, Clone, Debug)]
#[command(after_help = STUDY_AFTER_HELP)]
pub struct StudyArgs {
    /// Pruning strategies to compare: `all` or a comma-separated list of
    /// generate-and-test, backtracking, forward-checking, arc-consistency
    #[arg(long, value_name = "LIST", default_value = "all")]
    pub strategies: Choices<Strategy>,
    /// Variable orders to compare: `all` or a comma-separated list of
    /// input, smallest-domain, dom-deg, dom-wdeg
    #[arg(long, value_name = "LIST", default_value = "input")]
    pub var_orders: Choices<VarOrder>,
    /// Value orders to compare: `all` or a comma-separated list of
    /// ascending, descending, middle-out, least-constraining, random
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
        if limits.nodes.is_none() && limits.failures.is_none() && limits.time.is_none() {
            limits.time = Some(DEFAULT_RUN_TIME_LIMIT);
        }
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

/// Why a study could not report.
///
/// ```
/// let e = nqueens::study::StudyError::File {
///     path: "out/results.csv".into(),
///     source: std::io::Error::from(std::io::ErrorKind::NotFound),
/// };
/// assert!(e.to_string().starts_with("cannot write out/results.csv: "));
/// ```
#[derive(Debug)]
pub enum StudyError {
    /// Writing the table to the output failed.
    Output(io::Error),
    /// A result file could not be created or written.
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The chart could not be drawn.
    Plot(PlotError),
}

impl fmt::Display for StudyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StudyError::Output(e) => write!(f, "cannot write the table: {e}"),
            StudyError::File { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            StudyError::Plot(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StudyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StudyError::Output(e) | StudyError::File { source: e, .. } => Some(e),
            StudyError::Plot(e) => Some(e),
        }
    }
}

/// A result file, created (as a temporary file) before the study starts
/// so a bad path fails at once rather than after a long study, and renamed
/// into place only when complete: never left cut short.
struct OutFile<'p> {
    path: &'p Path,
    file: AtomicFile,
}

impl<'p> OutFile<'p> {
    fn open(path: Option<&'p Path>) -> Result<Option<OutFile<'p>>, StudyError> {
        path.map(OutFile::create).transpose()
    }

    fn create(path: &'p Path) -> Result<OutFile<'p>, StudyError> {
        let file = AtomicFile::create(path).map_err(|source| file_error(path, source))?;
        Ok(OutFile { path, file })
    }

    fn finish(
        mut self,
        write: impl FnOnce(&mut AtomicFile) -> io::Result<()>,
    ) -> Result<(), StudyError> {
        write(&mut self.file)
            .and_then(|()| self.file.commit())
            .map_err(|source| file_error(self.path, source))
    }
}

/// Writes to the table's output until its reader goes away (`| head`):
/// a closed pipe is a normal way to stop reading, not an error.
struct TableOut<'w> {
    out: Option<&'w mut dyn Write>,
}

impl TableOut<'_> {
    fn write(&mut self, text: &str) -> Result<(), StudyError> {
        let Some(out) = self.out.as_mut() else {
            return Ok(());
        };
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.out = None;
                Ok(())
            }
            other => other.map_err(StudyError::Output),
        }
    }

    fn closed(&self) -> bool {
        self.out.is_none()
    }
}

fn file_error(path: &Path, source: io::Error) -> StudyError {
    StudyError::File {
        path: path.to_path_buf(),
        source,
    }
}

/// Runs the study `args` describe: the table goes to `out` row by row as
/// runs finish; CSV, JSON and the chart go to their files, each renamed
/// into place when complete. If `out` is a closed pipe, the study stops
/// there when it has no files to write, and otherwise goes on without the
/// table to complete them. (Example in the [module documentation](self).)
pub fn run_study(args: &StudyArgs, out: &mut dyn Write) -> Result<(), StudyError> {
    let study = args.study();
    let (csv_file, json_file, plot_file) = (
        OutFile::open(args.csv.as_deref())?,
        OutFile::open(args.json.as_deref())?,
        OutFile::open(args.plot.as_deref())?,
    );
    let files_wanted = csv_file.is_some() || json_file.is_some() || plot_file.is_some();
    let mut csv = csv_file.map(|f| (f.path, csv::Writer::from_writer(f.file)));
    let keep_runs = json_file.is_some() || plot_file.is_some();

    let table = Table::for_study(&study);
    let mut table_out = TableOut { out: Some(out) };
    table_out.write(&table.header())?;
    let mut runs = Vec::new();
    // Runs are made as the iterator is read: nothing more is run once
    // nobody reads the table and no file wants the results.
    let mut all_runs = study.runs();
    while let Some(run) = (!table_out.closed() || files_wanted)
        .then(|| all_runs.next())
        .flatten()
    {
        table_out.write(&table.row(&run))?;
        if let Some((path, writer)) = csv.as_mut() {
            writer
                .serialize(&run)
                .map_err(|e| file_error(path, io::Error::from(e)))?;
        }
        if keep_runs {
            runs.push(run);
        }
    }
    if let Some((path, writer)) = csv {
        let file = writer
            .into_inner()
            .map_err(|e| file_error(path, e.into_error()))?;
        file.commit().map_err(|source| file_error(path, source))?;
    }
    if let Some(file) = json_file {
        file.finish(|w| {
            serde_json::to_writer_pretty(&mut *w, &runs)?;
            writeln!(w)
        })?;
    }
    if let Some(file) = plot_file {
        let svg = plot_svg(&runs, study.mode).map_err(StudyError::Plot)?;
        file.finish(|w| w.write_all(svg.as_bytes()))?;
    }
    Ok(())
}
