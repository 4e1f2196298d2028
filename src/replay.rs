//! `--replay FILE`, shared by every example: record the search and write
//! the engine's replay page (a grid of variables × values, the search tree
//! and the counters, stepped in a browser), atomically.

use crate::cli::CliError;
use csp::replay::{record, Page, PageRun, DEFAULT_MAX_EVENTS, MAX_EVENTS};
use csp::Solver;
use nqueens::files::AtomicFile;
use std::io::{self, Write};
use std::path::PathBuf;

/// The options `--replay FILE` and `--max-events N`.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] replay: csp_workspace::replay::ReplayArgs }
/// let cli = Cli::parse_from(["prog", "--replay", "r.html", "--max-events", "500"]);
/// assert_eq!(cli.replay.max_events, 500);
/// assert!(Cli::try_parse_from(["prog", "--max-events", "500"]).is_err()); // needs --replay
/// ```
#[derive(clap::Args, Clone, Debug)]
pub struct ReplayArgs {
    /// Also write FILE: a page that replays the search step by step in a
    /// browser (variables × values, the search tree, the counters); open
    /// it in any browser, no network needed
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// With --replay: record at most N events (1 to 200000); the page says
    /// where a longer search was cut
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_EVENTS,
        value_parser = parse_max_events,
        requires = "replay"
    )]
    pub max_events: usize,
}

impl Default for ReplayArgs {
    fn default() -> ReplayArgs {
        ReplayArgs {
            replay: None,
            max_events: DEFAULT_MAX_EVENTS,
        }
    }
}

fn parse_max_events(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_EVENTS).contains(&n) => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {MAX_EVENTS}")),
    }
}

impl ReplayArgs {
    /// With `--replay FILE`: records `solver`'s search (a run of its own,
    /// stopped at `--max-events`) and writes the page titled `title`, the
    /// variables named `var_names` (`x0`, `x1`, ... where missing).
    /// Without it: nothing. A model too large for the page's grid is a
    /// usage error.
    ///
    /// ```
    /// let args = csp_workspace::replay::ReplayArgs::default();
    /// let model = csp::Model::new();
    /// args.write(&csp::Solver::new(&model), "nothing", Vec::new()).unwrap();
    /// ```
    pub fn write(
        &self,
        solver: &Solver<'_>,
        title: &str,
        var_names: Vec<String>,
    ) -> Result<(), CliError> {
        let Some(path) = &self.replay else {
            return Ok(());
        };
        let model = solver.model();
        let file_error = |e: io::Error| {
            CliError::Io(io::Error::new(
                e.kind(),
                format!("cannot write {}: {e}", path.display()),
            ))
        };
        // The model must fit on the page, and the file be writable, before
        // any search.
        let empty = Default::default();
        PageRun::new("", model, &empty).map_err(|e| CliError::Usage(format!("--replay: {e}")))?;
        let mut file = AtomicFile::create(path).map_err(file_error)?;
        let (recording, outcome) = record(solver, self.max_events);
        let run_title = format!(
            "{}, {} variables first, {} values",
            solver.get_strategy(),
            solver.get_var_order(),
            solver.get_value_order()
        );
        let run = PageRun::new(&run_title, model, &recording)
            .map_err(|e| CliError::Usage(format!("--replay: {e}")))?
            .outcome(&outcome)
            .var_names(var_names);
        let html = Page::new(title).run(run).to_html();
        file.write_all(html.as_bytes())
            .and_then(|()| file.commit())
            .map_err(file_error)
    }
}
