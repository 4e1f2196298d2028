//! The engine's replay page from Python: recorded searches side by side,
//! shown inline in Jupyter (`_repr_html_`) or saved as a file.

use crate::core::Shared;
use crate::interrupt;
use crate::settings::Settings;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;

/// A self-contained HTML page replaying recorded searches step by step
/// (grids of variables × values and growing search trees, with play,
/// step and scrub controls). In Jupyter it shows inline, in a frame of its own.
#[pyclass(frozen, module = "csp_engine", name = "ReplayPage")]
pub(crate) struct ReplayPage {
    html: String,
    /// Per run: its title, whether the recording was cut at the cap, and
    /// the outcome's solutions and nodes.
    runs: Vec<(String, bool, u64, u64)>,
}

#[pymethods]
impl ReplayPage {
    /// The page's HTML.
    #[getter]
    fn html(&self) -> &str {
        &self.html
    }

    /// Per run: a dict with its title, whether the recording was truncated
    /// at `max_events`, its solutions and nodes.
    #[getter]
    fn runs<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, pyo3::types::PyDict>>> {
        self.runs
            .iter()
            .map(|(title, truncated, solutions, nodes)| {
                let d = pyo3::types::PyDict::new(py);
                d.set_item("title", title)?;
                d.set_item("truncated", truncated)?;
                d.set_item("solutions", solutions)?;
                d.set_item("nodes", nodes)?;
                Ok(d)
            })
            .collect()
    }

    /// Writes the page to `path` (a str or a path-like object).
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, &self.html)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    /// The page inside an `<iframe srcdoc=...>`, so its script and styles
    /// stay apart from the notebook's.
    fn _repr_html_(&self) -> String {
        let escaped = self.html.replace('&', "&amp;").replace('"', "&quot;");
        format!(
            "<iframe srcdoc=\"{escaped}\" style=\"width: 100%; height: 640px; border: 1px solid #ccc\" \
             sandbox=\"allow-scripts\"></iframe>"
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "ReplayPage({} runs, {} bytes)",
            self.runs.len(),
            self.html.len()
        )
    }
}

/// Records each `(title, settings)` search of the model behind `shared`
/// and writes them side by side on one page.
pub(crate) fn page(
    py: Python<'_>,
    shared: &Arc<Shared>,
    runs: &[(String, Settings)],
    title: Option<String>,
    max_events: usize,
    board: bool,
) -> PyResult<ReplayPage> {
    let (model, names) = {
        let state = shared.lock();
        (state.snapshot(), state.names.clone())
    };
    let mut recorded = Vec::new();
    for (run_title, settings) in runs {
        let solver = settings.solver(&model, shared);
        let ((recording, outcome), err) =
            interrupt::engine_call(|| csp::replay::record(&solver, max_events));
        interrupt::stopped(py, err, outcome.status, |_| Ok((String::new(), py.None())))?;
        recorded.push((run_title.clone(), recording, outcome));
    }
    let title = title.unwrap_or_else(|| {
        let names: Vec<&str> = runs.iter().map(|(t, _)| t.as_str()).collect();
        format!("replay: {}", names.join(" vs "))
    });
    let mut page = csp_front::replay::Page::new(&title);
    if board {
        page = page.style(csp_front::replay::GridStyle::board("row", "column", false));
    }
    let mut summary = Vec::new();
    for (run_title, recording, outcome) in &recorded {
        let run = csp_front::replay::PageRun::new(run_title, &model, recording)
            .map_err(|e| PyValueError::new_err(e.to_string()))?
            .outcome(outcome)
            .var_names(names.clone());
        page = page.run(run);
        summary.push((
            run_title.clone(),
            recording.truncation().is_some(),
            outcome.stats.solutions,
            outcome.stats.nodes,
        ));
    }
    Ok(ReplayPage {
        html: page.to_html(),
        runs: summary,
    })
}
