//! `--replay FILE`: the engine's replay page of a FlatZinc model's search
//! (variables × values, the search tree and the counters, stepped in a
//! browser), written atomically so an existing file is replaced whole or
//! not at all.

use crate::build::Built;
use crate::error::FznError;
use crate::instance::Instance;
use csp::files::AtomicFile;
use csp::replay::{record, Page, PageRun};
use csp::Solver;
use std::io::Write;
use std::path::Path;

/// Records `solver`'s search of `built` (a run of its own, stopped after
/// `max_events` events; with an objective, the search for a first
/// solution) and writes the page to `path`, the variables named as in the
/// FlatZinc file.
///
/// ```
/// let text = "var 1..3: x;\nvar 1..3: y;\nconstraint int_lt(x, y);\nsolve satisfy;";
/// let inst = csp_fzn::resolve(&csp_fzn::parse(text).unwrap()).unwrap();
/// let built = csp_fzn::build(&inst, &[]).unwrap();
/// let dir = std::env::temp_dir().join(format!("fzn-replay-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("replay.html");
/// let solver = csp::Solver::new(&built.model);
/// csp_fzn::replay::write_page(&inst, &built, &solver, &path, 1000).unwrap();
/// let page = std::fs::read_to_string(&path).unwrap();
/// assert!(page.contains("<html") && page.contains("\"x\""));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_page(
    inst: &Instance,
    built: &Built,
    solver: &Solver<'_>,
    path: &Path,
    max_events: usize,
) -> Result<(), FznError> {
    let refuse = |m: String| FznError::new(0, format!("--replay {}: {m}", path.display()));
    // The model must fit on the page, and the file be writable, before any
    // search.
    let empty = Default::default();
    PageRun::new("", &built.model, &empty).map_err(|e| refuse(e.to_string()))?;
    // Only a regular file (or nothing) is replaced, by renaming a
    // temporary file over it: the laboratory's atomic write.
    let mut file = AtomicFile::create(path).map_err(|e| refuse(e.to_string()))?;
    let names = crate::lab::var_names(inst, built);
    let (recording, outcome) = record(solver, max_events);
    let title = format!(
        "{}, {} variables first, {} values",
        solver.get_strategy(),
        solver.get_var_order(),
        solver.get_value_order()
    );
    let run = PageRun::new(&title, &built.model, &recording)
        .map_err(|e| refuse(e.to_string()))?
        .outcome(&outcome)
        .var_names(names);
    let html = Page::new("FlatZinc search").run(run).to_html();
    file.write_all(html.as_bytes())
        .and_then(|()| file.commit())
        .map_err(|e| refuse(e.to_string()))
}
