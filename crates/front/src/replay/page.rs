//! The replay page: one self-contained HTML file (data inlined as JSON,
//! script and styles inline; no network, no server) that steps through
//! recorded searches side by side. The script, styles and skeleton are the
//! files in `assets/`, included at compile time.

use super::json;
use super::palette::NODE_COLOURS;
use csp::replay::Recording;
use csp::{Model, Outcome};
use std::fmt;
use std::io;

const TEMPLATE: &str = include_str!("assets/page.html");
const STYLE: &str = include_str!("assets/page.css");
const SCRIPT: &str = include_str!("assets/page.js");

/// The most cells (variables × values) a run's grid may have: a page of
/// this many cells per run still steps smoothly.
///
/// ```
/// assert_eq!(csp_front::replay::MAX_GRID_CELLS, 10_000);
/// ```
pub const MAX_GRID_CELLS: u64 = 10_000;

/// A model whose grid would be larger than [`MAX_GRID_CELLS`].
///
/// ```
/// let e = csp_front::replay::GridTooLarge { vars: 200, values: 100 };
/// assert!(e.to_string().contains("20000 cells"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridTooLarge {
    /// Variables of the model.
    pub vars: usize,
    /// Distinct values over all domains (at least this many).
    pub values: u64,
}

impl fmt::Display for GridTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the replay page shows a grid of at most {MAX_GRID_CELLS} cells (variables × values); \
             this model has {} variables and {} values, {} cells",
            self.vars,
            self.values,
            (self.vars as u64).saturating_mul(self.values)
        )
    }
}

impl std::error::Error for GridTooLarge {}

/// How the grid looks: a plain table of variables × values, or a
/// chessboard.
///
/// ```
/// let style = csp_front::replay::GridStyle::board("row", "column", false);
/// assert!(style.board);
/// assert_eq!(csp_front::replay::GridStyle::default().assigned_mark, "●");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridStyle {
    /// Checkered squares, as a chessboard.
    pub board: bool,
    /// Variables as columns and values as rows (for instance a tall
    /// n-queens board, whose variables are its columns).
    pub transpose: bool,
    /// What an assigned cell shows.
    pub assigned_mark: String,
    /// What a variable is called in tooltips ("x", "row", "cell").
    pub var_noun: String,
    /// What a value is called in tooltips ("value", "column").
    pub value_noun: String,
}

impl Default for GridStyle {
    fn default() -> GridStyle {
        GridStyle {
            board: false,
            transpose: false,
            assigned_mark: "●".to_owned(),
            var_noun: "variable".to_owned(),
            value_noun: "value".to_owned(),
        }
    }
}

impl GridStyle {
    /// A chessboard with queens: variables are `var_noun`s (rows of the
    /// board, or columns when `transpose`), values `value_noun`s.
    ///
    /// ```
    /// let tall = csp_front::replay::GridStyle::board("column", "row", true);
    /// assert_eq!((tall.assigned_mark.as_str(), tall.transpose), ("♛", true));
    /// ```
    pub fn board(var_noun: &str, value_noun: &str, transpose: bool) -> GridStyle {
        GridStyle {
            board: true,
            transpose,
            assigned_mark: "♛".to_owned(),
            var_noun: var_noun.to_owned(),
            value_noun: value_noun.to_owned(),
        }
    }
}

/// One recorded search shown on the page.
///
/// ```
/// use csp::replay::record;
/// use csp_front::replay::PageRun;
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2)?;
/// model.not_equal(x[0], x[1])?;
/// let (recording, outcome) = record(&Solver::new(&model), 100);
/// let run = PageRun::new("forward checking", &model, &recording)?
///     .outcome(&outcome)
///     .var_names(vec!["left".into(), "right".into()]);
/// assert_eq!(run.columns(), &[0, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PageRun<'a> {
    title: String,
    recording: &'a Recording,
    outcome: Option<Outcome>,
    var_names: Vec<String>,
    constraint_names: Vec<String>,
    /// The grid's columns: every value of any domain, ascending.
    columns: Vec<i32>,
    /// Per variable: which columns its domain holds (`None`: all).
    domains: Vec<Option<Vec<usize>>>,
}

impl<'a> PageRun<'a> {
    /// A run titled `title`: `recording` is a search of `model`. Variables
    /// are named `x0`, `x1`, ... and constraints by kind and index
    /// (`all-different #2`) unless given names.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// model.int_var(vec![1, 5])?;
    /// model.int_var(2..4)?;
    /// let recording = csp::replay::Recording::default();
    /// let run = csp_front::replay::PageRun::new("empty", &model, &recording)?;
    /// assert_eq!(run.columns(), &[1, 2, 3, 5]); // the union of the domains
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        title: &str,
        model: &Model,
        recording: &'a Recording,
    ) -> Result<PageRun<'a>, GridTooLarge> {
        let vars = model.num_vars();
        // The domains' sizes bound the columns from below: check them
        // before listing any value of a wide domain.
        let total: u64 = model.vars().map(|x| model.domain(x).size()).sum();
        let widest = model
            .vars()
            .map(|x| model.domain(x).size())
            .max()
            .unwrap_or(0);
        let too_large = GridTooLarge {
            vars,
            values: widest,
        };
        if total > MAX_GRID_CELLS || (vars as u64).saturating_mul(widest) > MAX_GRID_CELLS {
            return Err(too_large);
        }
        let mut columns: Vec<i32> = model
            .vars()
            .flat_map(|x| model.domain(x).values().collect::<Vec<_>>())
            .collect();
        columns.sort_unstable();
        columns.dedup();
        if (vars as u64).saturating_mul(columns.len() as u64) > MAX_GRID_CELLS {
            return Err(GridTooLarge {
                vars,
                values: columns.len() as u64,
            });
        }
        let domains = model
            .vars()
            .map(|x| {
                let domain = model.domain(x);
                (domain.size() != columns.len() as u64).then(|| {
                    domain
                        .values()
                        .filter_map(|v| columns.binary_search(&v).ok())
                        .collect()
                })
            })
            .collect();
        let constraint_names = model
            .constraint_ids()
            .map(|c| format!("{} #{}", model.constraint_name(c), c.index()))
            .collect();
        Ok(PageRun {
            title: title.to_owned(),
            recording,
            outcome: None,
            var_names: (0..vars).map(|i| format!("x{i}")).collect(),
            constraint_names,
            columns,
            domains,
        })
    }

    /// The search's outcome, shown as the run's final summary.
    ///
    /// ```
    /// let model = csp::Model::new();
    /// let (recording, outcome) = csp::replay::record(&csp::Solver::new(&model), 10);
    /// let run = csp_front::replay::PageRun::new("no variables", &model, &recording)?.outcome(&outcome);
    /// assert!(csp_front::replay::Page::new("t").run(run).data_json().contains("search complete"));
    /// # Ok::<(), csp_front::replay::GridTooLarge>(())
    /// ```
    pub fn outcome(mut self, outcome: &Outcome) -> PageRun<'a> {
        self.outcome = Some(outcome.clone());
        self
    }

    /// Names for the variables, in order (missing ones keep `x<i>`).
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// model.int_vars(2, 0..2)?;
    /// let recording = csp::replay::Recording::default();
    /// let run = csp_front::replay::PageRun::new("t", &model, &recording)?.var_names(vec!["a".into()]);
    /// assert!(csp_front::replay::Page::new("t").run(run).data_json().contains(r#""vars":["a","x1"]"#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn var_names(mut self, names: Vec<String>) -> PageRun<'a> {
        for (slot, name) in self.var_names.iter_mut().zip(names) {
            *slot = name;
        }
        self
    }

    /// Names for the constraints, in order (missing ones keep theirs).
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_vars(2, 0..2)?;
    /// # model.not_equal(x[0], x[1])?;
    /// # let recording = csp::replay::Recording::default();
    /// let run = csp_front::replay::PageRun::new("run", &model, &recording)?
    ///     .constraint_names(vec!["one colour per edge".into()]);
    /// # drop(run);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn constraint_names(mut self, names: Vec<String>) -> PageRun<'a> {
        for (slot, name) in self.constraint_names.iter_mut().zip(names) {
            *slot = name;
        }
        self
    }

    /// The grid's columns: every value of any variable's domain, ascending.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// model.int_var(-1..=1)?;
    /// let recording = csp::replay::Recording::default();
    /// assert_eq!(csp_front::replay::PageRun::new("t", &model, &recording)?.columns(), &[-1, 0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn columns(&self) -> &[i32] {
        &self.columns
    }

    fn summary(&self) -> Option<String> {
        let outcome = self.outcome.as_ref()?;
        let s = &outcome.stats;
        // The recorder's cap cancels the search it records.
        let status = match (outcome.status, self.recording.truncation()) {
            (csp::Status::Stopped(csp::StopReason::Cancelled), Some(_)) => {
                "stopped soon after the recording's cap".to_owned()
            }
            (status, _) => status.to_string(),
        };
        Some(format!(
            "search {status}: {} nodes, {} failures, {} values pruned, {} solutions",
            s.nodes, s.failures, s.pruned, s.solutions
        ))
    }

    fn write_json(&self, out: &mut String) {
        out.push('{');
        json::key(out, "title");
        json::string(out, &self.title);
        out.push(',');
        json::key(out, "summary");
        match self.summary() {
            Some(text) => json::string(out, &text),
            None => out.push_str("null"),
        }
        out.push(',');
        json::truncation(out, self.recording);
        out.push(',');
        json::key(out, "vars");
        json::array(out, &self.var_names, |o, name| json::string(o, name));
        out.push(',');
        json::key(out, "columns");
        json::array(out, &self.columns, json::number);
        out.push(',');
        json::key(out, "domains");
        json::array(out, &self.domains, |o, d| match d {
            Some(cols) => json::array(o, cols, json::number),
            None => o.push_str("null"),
        });
        out.push(',');
        json::key(out, "constraints");
        json::array(out, &self.constraint_names, |o, name| json::string(o, name));
        out.push(',');
        json::events(out, self.recording);
        out.push('}');
    }
}

/// The page: a title, a grid style and one or more runs, shown side by
/// side and stepped together.
///
/// ```
/// use csp::replay::record;
/// use csp_front::replay::{Page, PageRun};
/// use csp::{Model, Solver, Strategy};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3)?;
/// model.all_different(&x)?;
/// let (fc, _) = record(&Solver::new(&model).strategy(Strategy::ForwardChecking), 1000);
/// let (ac, _) = record(&Solver::new(&model).strategy(Strategy::ArcConsistency), 1000);
/// let html = Page::new("three values")
///     .run(PageRun::new("forward checking", &model, &fc)?)
///     .run(PageRun::new("arc consistency", &model, &ac)?)
///     .to_html();
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// assert!(html.contains("\"title\":\"arc consistency\""));
/// assert!(!html.contains("http://") && !html.contains("https://"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Page<'a> {
    title: String,
    style: GridStyle,
    runs: Vec<PageRun<'a>>,
}

impl<'a> Page<'a> {
    /// An empty page titled `title`, with the plain grid style.
    ///
    /// ```
    /// assert!(csp_front::replay::Page::new("nothing yet").to_html().contains("<title>nothing yet</title>"));
    /// ```
    pub fn new(title: &str) -> Page<'a> {
        Page {
            title: title.to_owned(),
            style: GridStyle::default(),
            runs: Vec::new(),
        }
    }

    /// The grid's style.
    ///
    /// ```
    /// use csp_front::replay::{GridStyle, Page};
    /// let json = Page::new("b").style(GridStyle::board("row", "column", false)).data_json();
    /// assert!(json.contains(r#""board":true"#));
    /// ```
    pub fn style(mut self, style: GridStyle) -> Page<'a> {
        self.style = style;
        self
    }

    /// Adds a run (shown to the right of the earlier ones).
    ///
    /// ```
    /// let model = csp::Model::new();
    /// let recording = csp::replay::Recording::default();
    /// let page = csp_front::replay::Page::new("p").run(csp_front::replay::PageRun::new("only", &model, &recording)?);
    /// assert!(page.data_json().contains(r#""title":"only""#));
    /// # Ok::<(), csp_front::replay::GridTooLarge>(())
    /// ```
    pub fn run(mut self, run: PageRun<'a>) -> Page<'a> {
        self.runs.push(run);
        self
    }

    /// The page's data as JSON (what the page's script reads).
    ///
    /// ```
    /// let json = csp_front::replay::Page::new("empty").data_json();
    /// assert!(json.starts_with("{\"title\":\"empty\""));
    /// ```
    pub fn data_json(&self) -> String {
        let mut out = String::new();
        out.push('{');
        json::key(&mut out, "title");
        json::string(&mut out, &self.title);
        out.push(',');
        json::key(&mut out, "style");
        out.push('{');
        json::key(&mut out, "board");
        out.push_str(if self.style.board { "true" } else { "false" });
        out.push(',');
        json::key(&mut out, "transpose");
        out.push_str(if self.style.transpose {
            "true"
        } else {
            "false"
        });
        for (name, text) in [
            ("assignedMark", &self.style.assigned_mark),
            ("varNoun", &self.style.var_noun),
            ("valueNoun", &self.style.value_noun),
        ] {
            out.push(',');
            json::key(&mut out, name);
            json::string(&mut out, text);
        }
        out.push_str("},");
        json::key(&mut out, "runs");
        json::array(&mut out, &self.runs, |o, run| run.write_json(o));
        out.push('}');
        out
    }

    /// The whole page as HTML.
    ///
    /// ```
    /// let html = csp_front::replay::Page::new("a <b>").to_html();
    /// assert!(html.contains("<title>a &lt;b&gt;</title>"));
    /// assert!(html.trim_end().ends_with("</html>"));
    /// ```
    pub fn to_html(&self) -> String {
        let colours: String = NODE_COLOURS
            .iter()
            .map(|(kind, fill, stroke)| format!("--{kind}-fill:{fill};--{kind}-stroke:{stroke};"))
            .collect();
        let style = format!(":root{{{colours}}}\n{STYLE}");
        // Each marker is replaced once, in order, so text inserted earlier
        // (the title) can never be taken for a later marker.
        let mut html = String::with_capacity(TEMPLATE.len() + STYLE.len() + SCRIPT.len());
        let mut rest = TEMPLATE;
        for (marker, text) in [
            ("{{TITLE}}", html_escape(&self.title)),
            ("{{STYLE}}", style),
            ("{{DATA}}", self.data_json()),
            ("{{SCRIPT}}", SCRIPT.to_owned()),
        ] {
            let (before, after) = rest
                .split_once(marker)
                .expect("the page template holds each marker once, in order");
            html.push_str(before);
            html.push_str(&text);
            rest = after;
        }
        html.push_str(rest);
        html
    }

    /// Writes the page to `out`.
    ///
    /// ```
    /// let mut bytes = Vec::new();
    /// csp_front::replay::Page::new("p").write_to(&mut bytes)?;
    /// assert!(bytes.starts_with(b"<!DOCTYPE html>"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_to(&self, out: &mut dyn io::Write) -> io::Result<()> {
        out.write_all(self.to_html().as_bytes())
    }
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
