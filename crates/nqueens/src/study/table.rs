//! The study's aligned text table, written row by row as runs finish.
//!
//! Column widths are fixed up front from the study's settings (names,
//! sizes, which limits can stop a run), so each row can be printed as soon
//! as its run ends: a long study shows progress instead of silence.

use crate::study::matrix::{Mode, Run, RunStatus, Study};
use csp::StopReason;

/// Column titles, in order.
///
/// ```
/// assert_eq!(nqueens::study::HEADERS[0], "strategy");
/// ```
pub const HEADERS: [&str; 11] = [
    "strategy",
    "var order",
    "value order",
    "n",
    "status",
    "solutions",
    "nodes",
    "failures",
    "checks",
    "pruned",
    "time",
];

/// Columns whose text is left-aligned; the rest are numbers, right-aligned.
const TEXT_COLUMNS: [usize; 4] = [0, 1, 2, 4];

/// Room for counts below a billion with separators; larger counts
/// still print in full, only pushing the rest of their row right.
const COUNT_WIDTH: usize = 11;

/// An aligned table layout for one study.
///
/// ```
/// use nqueens::study::{Mode, Study, Table};
/// let study = Study::new(Mode::All, "5".parse()?, csp::Limits::default());
/// let table = Table::for_study(&study);
/// let row = table.row(&study.runs().nth(1).unwrap()); // backtracking, n = 5
/// assert!(table.header().starts_with("strategy"));
/// assert!(row.starts_with("backtracking"));
/// assert_eq!(row.split_whitespace().nth(5), Some("10")); // solutions
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct Table {
    widths: [usize; 11],
}

impl Table {
    /// A layout wide enough for every run `study` can produce.
    ///
    /// ```
    /// use nqueens::study::{Mode, Study, Table};
    /// let study = Study::new(Mode::All, "4".parse()?, csp::Limits::default());
    /// let table = Table::for_study(&study);
    /// let widths: Vec<usize> = study.runs().map(|r| table.row(&r).find(" input").unwrap()).collect();
    /// assert!(widths.windows(2).all(|w| w[0] == w[1])); // columns line up
    /// # Ok::<(), String>(())
    /// ```
    pub fn for_study(study: &Study) -> Table {
        let largest_n = study.sizes.as_slice().iter().max().copied().unwrap_or(1);
        let mut widths = [COUNT_WIDTH; 11];
        widths[0] = widest(study.strategies.as_slice(), HEADERS[0]);
        widths[1] = widest(study.var_orders.as_slice(), HEADERS[1]);
        widths[2] = widest(study.value_orders.as_slice(), HEADERS[2]);
        widths[3] = group(largest_n as u64).len();
        widths[4] = widest(&possible_statuses(study), HEADERS[4]);
        widths[5] = HEADERS[5].len();
        widths[10] = "999.999 ms".len();
        Table { widths }
    }

    /// The title line and a rule under it.
    ///
    /// ```
    /// use nqueens::study::{Mode, Study, Table};
    /// let table = Table::for_study(&Study::new(Mode::All, "8".parse()?, csp::Limits::default()));
    /// let header = table.header();
    /// assert_eq!(header.lines().count(), 2);
    /// assert!(header.lines().nth(1).unwrap().starts_with("-----"));
    /// # Ok::<(), String>(())
    /// ```
    pub fn header(&self) -> String {
        let titles = HEADERS.map(String::from);
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
            if TEXT_COLUMNS.contains(&i) {
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

/// Every status a run of `study` can end with.
fn possible_statuses(study: &Study) -> Vec<RunStatus> {
    let limits = &study.limits;
    let mut statuses = vec![RunStatus::Complete];
    if study.mode == Mode::First {
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
        group(run.n as u64),
        run.status.to_string(),
        group(run.solutions),
        group(run.nodes),
        group(run.failures),
        group(run.checks),
        group(run.pruned),
        duration(run.seconds),
    ]
}

/// `16777216` as `16,777,216`.
///
/// ```
/// assert_eq!(nqueens::study::group(16_777_216), "16,777,216");
/// assert_eq!(nqueens::study::group(999), "999");
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
        let mut study = Study::new(Mode::First, "4".parse().unwrap(), csp::Limits::default());
        assert_eq!(
            possible_statuses(&study),
            vec![RunStatus::Complete, RunStatus::Found]
        );
        study.limits.time = Some(std::time::Duration::from_secs(1));
        assert!(possible_statuses(&study).contains(&RunStatus::LimitReached(StopReason::Time)));
    }
}
