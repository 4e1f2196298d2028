//! The study: a laboratory for pruning strategies on any model.
//!
//! Runs a matrix of strategies × variable orders × value orders over one
//! or more subjects (the board sizes of n-queens, a FlatZinc file), each
//! run under a per-run limit so a hopeless cell reports "limit reached"
//! instead of stalling the study, and reports it as an aligned table
//! (streamed as runs finish), CSV, JSON and an SVG chart.
//!
//! * [`Choices`]: the list arguments (`all`, `a,b,c`);
//! * [`Matrix`] and [`Subjects`]: the settings and the models; their runs
//!   ([`Run`]);
//! * [`Table`]: the aligned text table;
//! * [`plot_svg`]: the chart;
//! * [`report`]: all of them at once, the files written atomically.
//!
//! ```
//! use csp_lab::study::{report, Axis, Label, Matrix, Mode, Outputs, Subjects};
//! let mut model = csp::Model::new();
//! let x = model.int_vars(4, 0..4).unwrap();
//! model.all_different(&x).unwrap();
//! let mut matrix = Matrix::new(Mode::All, csp::Limits::default());
//! matrix.strategies = "backtracking,arc-consistency".parse()?;
//! let subjects = Subjects::new("model", vec![Label::Name("perm".into())]);
//! let mut table = Vec::new();
//! let runs = matrix.runs(&subjects, |_| &model);
//! report(&matrix, &subjects, runs, &Outputs::default(), Axis::Orders, &mut table).unwrap();
//! let table = String::from_utf8(table).unwrap();
//! assert!(table.lines().any(|l| l.starts_with("backtracking") && l.contains(" 24 ")));
//! # Ok::<(), String>(())
//! ```

mod choices;
mod matrix;
mod plot;
mod table;

pub use choices::{Choice, Choices};
pub use matrix::{Label, Matrix, Mode, Run, RunStatus, Subjects};
pub use plot::{plot_svg, Axis, PlotError};
pub use table::{group, headers, Table};

use crate::files::AtomicFile;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The per-run limit when none is given: a run that has not finished after
/// this long is reported as "limit reached (time limit)".
///
/// ```
/// assert_eq!(csp_lab::study::DEFAULT_RUN_TIME_LIMIT.as_secs(), 10);
/// ```
pub const DEFAULT_RUN_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Gives `limits` the default time limit when it has no node, failure or
/// time limit of its own.
///
/// ```
/// let mut limits = csp::Limits::default();
/// csp_lab::study::default_limit(&mut limits);
/// assert_eq!(limits.time, Some(csp_lab::study::DEFAULT_RUN_TIME_LIMIT));
/// let mut limits = csp::Limits { nodes: Some(5), ..Default::default() };
/// csp_lab::study::default_limit(&mut limits);
/// assert_eq!(limits.time, None);
/// ```
pub fn default_limit(limits: &mut csp::Limits) {
    if limits.nodes.is_none() && limits.failures.is_none() && limits.time.is_none() {
        limits.time = Some(DEFAULT_RUN_TIME_LIMIT);
    }
}

/// The files a study also writes (none by default).
///
/// ```
/// let outputs = csp_lab::study::Outputs { csv: Some("runs.csv".into()), ..Default::default() };
/// assert!(outputs.json.is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outputs {
    /// The runs as CSV.
    pub csv: Option<PathBuf>,
    /// The runs as JSON (an array of runs).
    pub json: Option<PathBuf>,
    /// The chart as SVG.
    pub plot: Option<PathBuf>,
}

/// Why a study could not report.
///
/// ```
/// let e = csp_lab::study::StudyError::File {
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

/// Reports the `runs` of `matrix` over `subjects`: the table goes to
/// `out` row by row as runs finish; CSV, JSON and the chart (x axis
/// `axis`) go to their files, each created before the first run and
/// renamed into place when complete. Runs are made as the iterator is
/// read: if `out` is a closed pipe, the study stops there when it has no
/// files to write, and otherwise goes on without the table to complete
/// them. (Example in the [module documentation](self).)
pub fn report(
    matrix: &Matrix,
    subjects: &Subjects,
    runs: impl Iterator<Item = Run>,
    outputs: &Outputs,
    axis: Axis,
    out: &mut dyn Write,
) -> Result<(), StudyError> {
    let (csv_file, json_file, plot_file) = (
        OutFile::open(outputs.csv.as_deref())?,
        OutFile::open(outputs.json.as_deref())?,
        OutFile::open(outputs.plot.as_deref())?,
    );
    let files_wanted = csv_file.is_some() || json_file.is_some() || plot_file.is_some();
    let mut csv = csv_file.map(|f| (f.path, csv::Writer::from_writer(f.file)));
    let keep_runs = json_file.is_some() || plot_file.is_some();

    let table = Table::new(matrix, subjects);
    let mut table_out = TableOut { out: Some(out) };
    table_out.write(&table.header())?;
    let mut kept = Vec::new();
    let mut runs = runs;
    // Nothing more is run once nobody reads the table and no file wants
    // the results.
    while let Some(run) = (!table_out.closed() || files_wanted)
        .then(|| runs.next())
        .flatten()
    {
        table_out.write(&table.row(&run))?;
        if let Some((path, writer)) = csv.as_mut() {
            writer
                .serialize(&run)
                .map_err(|e| file_error(path, io::Error::from(e)))?;
        }
        if keep_runs {
            kept.push(run);
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
            serde_json::to_writer_pretty(&mut *w, &kept)?;
            writeln!(w)
        })?;
    }
    if let Some(file) = plot_file {
        let svg = plot_svg(&kept, matrix.mode, axis).map_err(StudyError::Plot)?;
        file.finish(|w| w.write_all(svg.as_bytes()))?;
    }
    Ok(())
}
