//! The one writer of a single search's page, for every program with a
//! `--replay FILE` option: the `--max-events` bounds, the run's title, and
//! the order of work (the model must fit on the page and the file be
//! creatable before any search; the page replaces the file whole or not at
//! all).

use super::page::GridTooLarge;
use csp::replay::MAX_EVENTS;
use csp::Solver;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Parses a `--max-events` value: a whole number from 1 to [`MAX_EVENTS`]
/// (surrounding spaces allowed); the error is the message a command line
/// shows.
///
/// ```
/// use csp_front::replay::parse_max_events;
/// assert_eq!(parse_max_events(" 500 "), Ok(500));
/// assert_eq!(parse_max_events("0").unwrap_err(), "expected a whole number from 1 to 200000");
/// assert!(parse_max_events("many").is_err());
/// ```
pub fn parse_max_events(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_EVENTS).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {MAX_EVENTS}")),
    }
}

/// The title of a run on the page: the solver's strategy and orders.
///
/// ```
/// let model = csp::Model::new();
/// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
/// assert_eq!(
///     csp_front::replay::run_title(&solver),
///     "backtracking, input variables first, ascending values"
/// );
/// ```
pub fn run_title(solver: &Solver<'_>) -> String {
    format!(
        "{}, {} variables first, {} values",
        solver.get_strategy(),
        solver.get_var_order(),
        solver.get_value_order()
    )
}

/// Why a page was not written.
///
/// ```
/// let e = csp_front::replay::PageError::TooLarge(csp_front::replay::GridTooLarge { vars: 200, values: 100 });
/// assert!(e.to_string().starts_with("the replay page shows a grid"));
/// ```
#[derive(Debug)]
pub enum PageError {
    /// The model's grid does not fit on the page (found before any search).
    TooLarge(GridTooLarge),
    /// The file could not be created or written.
    File {
        /// The page's file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PageError::TooLarge(e) => e.fmt(f),
            PageError::File { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for PageError {}

/// Records `solver`'s search (a run of its own, stopped after `max_events`
/// events) and writes the page titled `title` to `path` atomically (feature
/// `files`), the variables named `var_names` (`x0`, `x1`, ... where
/// missing), the run titled by [`run_title`]. The model must fit on the
/// page, and the file be creatable, before the search starts.
///
/// ```
/// let mut model = csp::Model::new();
/// let x = model.int_vars(3, 0..3)?;
/// model.all_different(&x)?;
/// let dir = std::env::temp_dir().join(format!("csp-write-page-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("page.html");
/// let solver = csp::Solver::new(&model);
/// csp_front::replay::write_page(&path, "three", &solver, 1000, vec!["a".into()])?;
/// assert!(std::fs::read_to_string(&path)?.contains("\"a\""));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_page(
    path: &std::path::Path,
    title: &str,
    solver: &Solver<'_>,
    max_events: usize,
    var_names: Vec<String>,
) -> Result<(), PageError> {
    use super::page::{Page, PageRun};
    use csp::replay::{record, Recording};
    use std::io::Write;
    let model = solver.model();
    let file_error = |source: io::Error| PageError::File {
        path: path.to_path_buf(),
        source,
    };
    PageRun::new("", model, &Recording::default()).map_err(PageError::TooLarge)?;
    let mut file = crate::files::AtomicFile::create(path).map_err(file_error)?;
    let (recording, outcome) = record(solver, max_events);
    let run = PageRun::new(&run_title(solver), model, &recording)
        .map_err(PageError::TooLarge)?
        .outcome(&outcome)
        .var_names(var_names);
    let html = Page::new(title).run(run).to_html();
    file.write_all(html.as_bytes())
        .and_then(|()| file.commit())
        .map_err(file_error)
}
