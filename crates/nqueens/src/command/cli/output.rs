//! Writing the solutions and the summary of a run.
//!
//! Decisions, also explained in `nqueens --help`:
//! * text formats (`columns`, `coords`, `board`, `unicode`) stream one
//!   solution at a time and end with the summary line (`92 solutions`);
//! * `json` is JSON Lines: one object per solution, then one final
//!   `{"summary": {...}}` object, so a tool reads one stream;
//! * `svg` draws every listed solution on one sheet (one picture to open
//!   rather than hundreds of files), written when the run ends, board by
//!   board; its summary goes to stderr so the output stays a valid SVG
//!   document. A sheet holds at most [`MAX_SHEET_BOARDS`] boards and
//!   [`MAX_SHEET_SQUARES`] squares, checked before the search.

use crate::approach::{Approach, Found, Goal, Report};
use crate::command::render::{self, Format};
use crate::model::placement::Placement;
use csp::{Status, StopReason};
use serde_json::json;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// Longest time a written solution may wait in the buffer: output streams
/// even when solutions are rare.
const FLUSH_INTERVAL: Duration = Duration::from_millis(200);

/// The most boards drawn on one SVG sheet.
pub const MAX_SHEET_BOARDS: u64 = 1000;

/// The most squares drawn on one SVG sheet (1000 boards of 32 × 32; about
/// 40 MB of SVG): a 5000 × 5000 board would take 830 MB, more than any
/// viewer opens.
pub const MAX_SHEET_SQUARES: u64 = 1 << 20;

/// Writes solutions as they come, then the summary.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::board::Board;
/// use nqueens::cli::output::Printer;
/// use nqueens::render::Format;
/// use std::ops::ControlFlow;
///
/// let plan = Plan::new(Approach::ForwardChecking, Goal::All);
/// let mut printer = Printer::new(Vec::new(), Format::Columns);
/// let report = plan.for_each(Board::square(4)?, |found| {
///     printer.solution(&found).map_or(ControlFlow::Break(()), ControlFlow::Continue)
/// })?;
/// let (bytes, to_stderr) = printer.finish(&report, &plan)?;
/// assert_eq!(String::from_utf8(bytes)?, "[1, 3, 0, 2]\n[2, 0, 3, 1]\n2 solutions\n");
/// assert_eq!(to_stderr, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Printer<W: Write> {
    out: W,
    format: Format,
    sheet: Vec<Placement>,
    flushed: Instant,
}

impl<W: Write> Printer<W> {
    /// A printer writing `format` to `out` (see the example of [`Printer`]).
    pub fn new(out: W, format: Format) -> Printer<W> {
        Printer {
            out,
            format,
            sheet: Vec::new(),
            flushed: Instant::now(),
        }
    }

    /// Writes (or, for SVG, keeps for the sheet) one solution; see the
    /// example of [`Printer`].
    pub fn solution(&mut self, found: &Found<'_>) -> io::Result<()> {
        let placement = found.placement();
        let written = match self.format {
            Format::Svg => {
                self.sheet.push(placement);
                Ok(())
            }
            Format::Board | Format::Unicode => write!(
                self.out,
                "solution {}:\n{}\n",
                found.index(),
                render::render(self.format, &placement)
            ),
            _ => writeln!(self.out, "{}", render::render(self.format, &placement)),
        };
        if written.is_ok() && self.flushed.elapsed() >= FLUSH_INTERVAL {
            self.flushed = Instant::now();
            return self.out.flush();
        }
        written
    }

    /// Writes the end of the output (the SVG sheet, the summary) and
    /// flushes. Returns the writer, and text meant for stderr (the summary
    /// of an SVG run).
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use nqueens::cli::output::Printer;
    /// let plan = Plan::recommended(Goal::Count);
    /// let report = plan.count(nqueens::board::Board::square(5)?)?;
    /// let (out, stderr) = Printer::new(Vec::new(), nqueens::render::Format::Svg).finish(&report, &plan)?;
    /// assert!(out.is_empty()); // counting draws no sheet
    /// assert_eq!(stderr.as_deref(), Some("10 solutions\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish(
        mut self,
        report: &Report,
        plan: &crate::approach::Plan,
    ) -> io::Result<(W, Option<String>)> {
        let mut text = String::new();
        if let Some(stuck) = &report.stuck {
            text.push_str(&format!("greedy {stuck}\n"));
        }
        text.push_str(&summary(report, plan.goal, plan.unique));
        text.push('\n');
        let to_stderr = match self.format {
            Format::Json => {
                writeln!(self.out, "{}", summary_json(report, plan.unique))?;
                None
            }
            Format::Svg => {
                if plan.goal != Goal::Count {
                    let per_row = (self.sheet.len() as f64).sqrt().ceil() as usize;
                    render::write_svg_sheet(&mut self.out, &self.sheet, per_row.clamp(1, 10))?;
                }
                Some(text)
            }
            _ => {
                self.out.write_all(text.as_bytes())?;
                None
            }
        };
        self.out.flush()?;
        Ok((self.out, to_stderr))
    }
}

/// The summary line: `92 solutions`, `12 fundamental solutions`,
/// `7 solutions (partial: stopped by time limit)`.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::board::Board;
/// use nqueens::cli::output::summary;
/// let report = Plan::new(Approach::ForwardChecking, Goal::Count).count(Board::square(8)?)?;
/// assert_eq!(summary(&report, Goal::Count, false), "92 solutions");
/// let report = Plan::recommended(Goal::First).count(Board::square(8)?)?;
/// assert_eq!(summary(&report, Goal::First, false), "1 solution (stopped after the first)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn summary(report: &Report, goal: Goal, unique: bool) -> String {
    let noun = if unique {
        "fundamental solution"
    } else {
        "solution"
    };
    let plural = if report.solutions == 1 { "" } else { "s" };
    let mut line = format!("{} {noun}{plural}", report.solutions);
    if let Some(note) = status_note(report, goal) {
        line.push_str(&format!(" ({note})"));
    }
    line
}

/// Why the count may be incomplete, or `None` when it is complete.
fn status_note(report: &Report, goal: Goal) -> Option<String> {
    let reason = match report.status {
        Status::Complete | Status::Running => return None,
        Status::Stopped(reason) => reason,
    };
    Some(match reason {
        StopReason::Solutions if goal == Goal::First => "stopped after the first".to_string(),
        StopReason::Nodes if report.approach == Approach::MinConflicts => {
            "gave up at the step limit: a local search cannot prove there is no solution"
                .to_string()
        }
        StopReason::Backtracks => {
            "partial: greedy never undoes a choice, so it stops at the first dead end".to_string()
        }
        StopReason::Cancelled => "partial: interrupted".to_string(),
        StopReason::TooLarge => {
            "not searched: the board is too large for the engine's bit-set domains".to_string()
        }
        other => format!("partial: stopped by {other}"),
    })
}

/// The final JSON Lines object: `{"summary": {...}}`.
///
/// ```
/// use nqueens::approach::{Approach, Goal, Plan};
/// use nqueens::board::Board;
/// use nqueens::cli::output::summary_json;
/// let report = Plan::new(Approach::Backtracking, Goal::Count).count(Board::square(6)?)?;
/// let v: serde_json::Value = serde_json::from_str(&summary_json(&report, false))?;
/// assert_eq!(v["summary"]["solutions"], 4);
/// assert_eq!(v["summary"]["complete"], true);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn summary_json(report: &Report, unique: bool) -> String {
    let stopped_by = match report.status {
        Status::Stopped(reason) => Some(reason.to_string()),
        _ => None,
    };
    let mut summary = json!({
        "solutions": report.solutions,
        "unique": unique,
        "complete": report.is_complete(),
        "stopped_by": stopped_by,
        "strategy": report.approach.name(),
    });
    if let Some(stuck) = &report.stuck {
        summary["stuck"] = json!({ "placed": stuck.placed, "next_line": stuck.next_line });
    }
    json!({ "summary": summary }).to_string()
}
