//! The study's aligned text table, written row by row as runs finish.
//!
//! Column widths are fixed up front from the study's settings (names,
//! sizes, which limits can stop a run), so each row can be printed as soon
//! as its run ends: a long study shows progress instead of silence.

use crate::study::matrix::{Label, Matrix, Mode, Run, RunStatus, Subjects};
use csp::StopReason;

/// Column titles, in order, the subject's column titled `column`.
///
/// ```
/// const HEADERS: [&str; 11] = csp_lab::study::headers("n");
/// assert_eq!((HEADERS[0], HEADERS[3]), ("strategy", "n"));
/// ```
pub const fn headers(column: &'static str) -> [&'static str; 11] {
    [
        "strategy",
        "var order",
        "value order",
        column,
        "status",
        "solutions",
        "nodes",
        "failures",
        "checks",
        "pruned",
        "time",
    ]
}

/// Columns whose text is left-aligned; the rest are numbers, right-aligned
/// (the subject's column too when it holds numbers).
const TEXT_COLUMNS: [usize; 4] = [0, 1, 2, 4];

/// The subject's column.
const SUBJECT: usize = 3;

/// Room for counts below a billion with separators; larger counts
/// still print in full, only pushing the rest of their row right.
const COUNT_WIDTH: usize = 11;

/// An aligned table layout for one study.
///
/// ```
/// use csp_lab::study::{Label, Matrix, Mode, Subjects, Table};
/// let mut model = csp::Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// let matrix = Matrix::new(Mode::All, csp::Limits::default());
/// let subjects = Subjects::new("model", vec![Label::Name("perm".into())]);
/// let table = Table::new(&matrix, &subjects);
/// let rows: Vec<String> = matrix.runs(&subjects, |_| &model).map(|r| table.row(&r)).collect();
/// assert!(table.header().starts_with("strategy"));
/// assert!(rows[1].starts_with("backtracking"));
/// assert_eq!(rows[1].split_whitespace().nth(5), Some("6")); // solutions
/// let at: Vec<usize> = rows.iter().map(|r| r.find(" input").unwrap()).collect();
/// assert!(at.windows(2).all(|w| w[0] == w[1])); // columns line up
/// ```
#[derive(Clone, Debug)]
pub struct Table {
    titles: [&'static str; 11],
    widths: [usize; 11],
    numeric_subject: bool,
}

impl Table {
    /// A layout wide enough for every run `matrix` can produce over
    /// `subjects`.
    pub fn new(matrix: &Matrix, subjects: &Subjects) -> Table {
        let titles = headers(subjects.column());
        let mut widths = [COUNT_WIDTH; 11];
        widths[0] = widest(matrix.strategies.as_slice(), titles[0]);
        widths[1] = widest(matrix.var_orders.as_slice(), titles[1]);
        widths[2] = widest(matrix.value_orders.as_slice(), titles[2]);
        let cells: Vec<String> = subjects.labels().iter().map(subject_cell).collect();
        widths[SUBJECT] = widest(&cells, titles[SUBJECT]);
        widths[4] = widest(&possible_statuses(matrix), titles[4]);
        widths[5] = titles[5].len();
        widths[10] = "999.999 ms".len();
        let numeric_subject = subjects
            .labels()
            .iter()
            .all(|l| matches!(l, Label::Number(_)));
        Table {
            titles,
            widths,
            numeric_subject,
        }
    }

    /// The title line and a rule under it.
    ///
    /// ```
    /// use csp_lab::study::{Label, Matrix, Mode, Subjects, Table};
    /// let subjects = Subjects::new("n", vec![Label::Number(8)]);
    /// let table = Table::new(&Matrix::new(Mode::All, csp::Limits::default()), &subjects);
    /// let header = table.header();
    /// assert_eq!(header.lines().count(), 2);
    /// assert!(header.lines().nth(1).unwrap().starts_with("-----"));
    /// ```
    pub fn header(&self) -> String {
        let titles = self.titles.map(String::from);
        let rule = self.widths.map(|w| "-".repeat(w));
        format!("{}{}", self.line(&titles), self.line(&rule))
    }

    /// One run as a line (counts with thousands separators).
    pub fn row(&self, run: &Run) -> String {
        self.line(&cells(run))
    }

    fn line(&self, cells: &[String; 11]) -> String {
        let mut line = String::new();
        for (i, (cell, &width)) in cells.iter().zip(&self.widths).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            let text = TEXT_COLUMNS.contains(&i) || (i == SUBJECT && !self.numeric_subject);
            if text {
                line.push_str(&format!("{cell:<width$}"));
            } else {
                line.push_str(&format!("{cell:>width$}"));
            }
        }
        line.truncate(line.trim_end().len());
        line.push('\n');
        line
    }
}

/// The width of the longest of `items` as text, or of the column title.
fn widest<T: std::fmt::Display>(items: &[T], header: &str) -> usize {
    items
        .iter()
        .map(|item| item.to_string().len())
        .chain([header.len()])
        .max()
        .unwrap_or(0)
}

/// Every status a run of `matrix` can end with.
fn possible_statuses(matrix: &Matrix) -> Vec<RunStatus> {
    let limits = &matrix.limits;
    let mut statuses = vec![RunStatus::Complete];
    if matrix.mode == Mode::First {
        statuses.push(RunStatus::Found);
    }
    let reasons = [
        (limits.nodes.is_some(), StopReason::Nodes),
        (limits.failures.is_some(), StopReason::Failures),
        (limits.backtracks.is_some(), StopReason::Backtracks),
        (limits.time.is_some(), StopReason::Time),
        (limits.cancel.is_some(), StopReason::Cancelled),
    ];
    statuses.extend(
        reasons
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, r)| RunStatus::LimitReached(r)),
    );
    statuses
}

fn cells(run: &Run) -> [String; 11] {
    [
        run.strategy.to_string(),
        run.var_order.to_string(),
        run.value_order.to_string(),
        subject_cell(&run.subject),
        run.status.to_string(),
        group(run.solutions),
        group(run.nodes),
        group(run.failures),
        group(run.checks),
        group(run.pruned),
        duration(run.seconds),
    ]
}

/// A subject as its table cell: numbers with thousands separators.
fn subject_cell(label: &Label) -> String {
    match label {
        Label::Number(n) => group(*n),
        Label::Name(name) => name.clone(),
    }
}

/// `16777216` as `16,777,216`.
///
/// ```
/// assert_eq!(csp_lab::study::group(16_777_216), "16,777,216");
/// assert_eq!(csp_lab::study::group(999), "999");
/// ```
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Seconds as `12.345 ms` below one second, `1.234 s` above.
fn duration(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.3} ms", seconds * 1e3)
    } else {
        format!("{seconds:.3} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_pick_a_unit() {
        assert_eq!(duration(0.0123456), "12.346 ms");
        assert_eq!(duration(2.5), "2.500 s");
    }

    #[test]
    fn statuses_follow_the_limits() {
        let mut matrix = Matrix::new(Mode::First, csp::Limits::default());
        assert_eq!(
            possible_statuses(&matrix),
            vec![RunStatus::Complete, RunStatus::Found]
        );
        matrix.limits.time = Some(std::time::Duration::from_secs(1));
        assert!(possible_statuses(&matrix).contains(&RunStatus::LimitReached(StopReason::Time)));
    }
}
