//! A step-by-step trace of the search on the board, as a person would
//! watch it: every queen placed and taken back with the board as it stands,
//! every rejected square marked `x`, every solution. Text for people, JSON
//! Lines for tools. It is the engine's [`Tracer`] with a board printer as
//! its formatter: it only watches.
//!
//! A choice that is immediately rejected is shown once, as a failure (its
//! take-back is implied), so a failed square does not print three boards.
//!
//! ```
//! use nqueens::approach::{Approach, Goal, Plan};
//! use nqueens::board::Board;
//! use nqueens::trace::{board_trace, TraceFormat};
//! use std::ops::ControlFlow;
//!
//! let board = Board::square(4)?;
//! let plan = Plan::new(Approach::Backtracking, Goal::First);
//! let trace = board_trace(board, TraceFormat::Text, Vec::new());
//! let (_, trace) = plan.run(board, trace, |_| ControlFlow::Continue(()))?;
//! let text = String::from_utf8(trace.finish()?)?;
//! assert!(text.starts_with("step 1: queen on row 0, column 0\nQ . . .\n"));
//! assert!(text.contains("fails\nQ . . .\nx . . .\n"));
//! assert!(text.contains("solution 1: [1, 3, 0, 2]"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::command::render;
use crate::model::board::Board;
use crate::model::placement::Placement;
use csp::{Strategy, TraceFormatter, Tracer, VarId};
use serde_json::json;
use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

/// How the trace is written.
///
/// ```
/// use nqueens::trace::TraceFormat;
/// assert_eq!("json".parse::<TraceFormat>(), Ok(TraceFormat::Json));
/// assert!("xml".parse::<TraceFormat>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TraceFormat {
    /// A header line per step and the dot-and-Q board under it.
    #[default]
    Text,
    /// One JSON object per step (JSON Lines).
    Json,
}

impl FromStr for TraceFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<TraceFormat, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" => Ok(TraceFormat::Text),
            "json" => Ok(TraceFormat::Json),
            _ => Err(format!(
                "unknown trace format '{s}' (expected one of: text, json)"
            )),
        }
    }
}

impl fmt::Display for TraceFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TraceFormat::Text => "text",
            TraceFormat::Json => "json",
        })
    }
}

/// The largest board side traced without `--force`: up to 8 × 8 the trace
/// of a pruning search stays in the thousands of lines.
pub const MAX_TRACED_SIDE: usize = 8;

/// The most complete boards a generate-and-test trace may build without
/// `--force` (5^5: every board is printed on the way).
const MAX_TRACED_BOARDS: f64 = 3125.0;

/// Whether a trace of `strategy` on `board` stays readable (thousands of
/// lines, not millions).
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::trace::is_readable;
/// use csp::Strategy;
/// assert!(is_readable(Board::square(8)?, Strategy::ForwardChecking));
/// assert!(!is_readable(Board::square(9)?, Strategy::ForwardChecking));
/// assert!(!is_readable(Board::square(8)?, Strategy::GenerateAndTest));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_readable(board: Board, strategy: Strategy) -> bool {
    let (lines, values) = board.model_shape();
    let side_ok = board.rows().max(board.cols()) <= MAX_TRACED_SIDE;
    match strategy {
        Strategy::GenerateAndTest => {
            side_ok && (lines as f64) * (values as f64).log10() <= MAX_TRACED_BOARDS.log10()
        }
        _ => side_ok,
    }
}

/// The n-queens board printer, the engine [`Tracer`]'s formatter for a
/// board: each queen placed and taken back with the board as it stands,
/// rejected squares marked `x`, solutions as columns; text or JSON Lines.
///
/// ```
/// use nqueens::trace::{BoardPrinter, TraceFormat};
/// let board = nqueens::board::Board::square(4)?;
/// let t = csp::Tracer::with_format(std::io::sink(), BoardPrinter::new(board, TraceFormat::Json));
/// # drop(t);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct BoardPrinter {
    board: Board,
    format: TraceFormat,
    /// Model value of each line, while assigned.
    values: Vec<Option<i32>>,
    /// A choice not yet printed: it may be rejected right away.
    pending: Option<(VarId, i32, usize)>,
    /// The latest rejected choice, whose take-back is not printed.
    rejected: Option<(VarId, i32)>,
    step: u64,
    solutions: u64,
}

/// The trace of searches on a board: the engine's [`Tracer`] with the
/// [`BoardPrinter`]. [`Tracer::finish`] writes what is still pending and
/// returns the writer or the first write error;
/// [`Tracer::cancel_on_error`] stops the search on a closed pipe.
///
/// ```
/// use nqueens::trace::{BoardTrace, TraceFormat};
/// use csp::Observer;
/// let board = nqueens::board::Board::square(4)?;
/// let mut t: BoardTrace<Vec<u8>> = nqueens::trace::board_trace(board, TraceFormat::Text, Vec::new());
/// t.solution(&[1, 3, 0, 2]);
/// assert_eq!(String::from_utf8(t.finish()?)?, "solution 1: [1, 3, 0, 2]\n\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type BoardTrace<W> = Tracer<W, BoardPrinter>;

/// A trace of searches on `board`, written to `out` in `format`.
///
/// ```
/// let board = nqueens::board::Board::square(4)?;
/// let t = nqueens::trace::board_trace(board, nqueens::trace::TraceFormat::Json, std::io::sink());
/// # drop(t);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_trace<W: Write>(board: Board, format: TraceFormat, out: W) -> BoardTrace<W> {
    Tracer::with_format(out, BoardPrinter::new(board, format))
}

impl BoardPrinter {
    /// The printer of searches on `board`, in `format`.
    pub fn new(board: Board, format: TraceFormat) -> BoardPrinter {
        BoardPrinter {
            board,
            format,
            values: vec![None; board.queens()],
            pending: None,
            rejected: None,
            step: 0,
            solutions: 0,
        }
    }

    fn square(&self, line: usize, value: i32) -> (usize, usize) {
        if self.board.is_tall() {
            (value as usize, line)
        } else {
            (line, value as usize)
        }
    }

    fn queens(&self) -> Vec<(usize, usize)> {
        self.values
            .iter()
            .enumerate()
            .filter_map(|(line, v)| v.map(|v| self.square(line, v)))
            .collect()
    }

    /// The board as it stands, with `x` on `rejected` if given.
    fn picture(&self, rejected: Option<(usize, usize)>) -> String {
        let mut queens = self.queens();
        queens.extend(rejected);
        let placement = Placement::new(self.board.rows(), self.board.cols(), queens)
            .expect("traced squares lie on the board");
        let mut text = render::board(&placement);
        if let Some((row, col)) = rejected {
            // Every board line is `cols` one-character squares joined by spaces.
            let at = row * 2 * self.board.cols() + 2 * col;
            text.replace_range(at..at + 1, "x");
        }
        text
    }

    fn emit(
        &mut self,
        out: &mut dyn Write,
        text: String,
        event: serde_json::Value,
        board: Option<String>,
    ) -> io::Result<()> {
        self.step += 1;
        match self.format {
            TraceFormat::Text => match board {
                Some(b) => write!(out, "step {}: {text}\n{b}\n", self.step),
                None => writeln!(out, "{text}"),
            },
            TraceFormat::Json => {
                let mut event = event;
                event["step"] = json!(self.step);
                writeln!(out, "{event}")
            }
        }
    }

    fn move_event(
        &mut self,
        out: &mut dyn Write,
        event: &str,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        let (row, col) = self.square(var.index(), value);
        let rejected = (event == "fail").then_some((row, col));
        let text = match event {
            "choose" => format!("queen on row {row}, column {col}"),
            "fail" => format!("row {row}, column {col} fails"),
            _ => format!("take back the queen on row {row}, column {col}"),
        };
        let json = json!({
            "event": event, "row": row, "col": col, "depth": depth, "queens": self.queens(),
        });
        let board = self.picture(rejected);
        self.emit(out, text, json, Some(board))
    }

    fn flush_pending(&mut self, out: &mut dyn Write) -> io::Result<()> {
        match self.pending.take() {
            Some((var, value, depth)) => self.move_event(out, "choose", var, value, depth),
            None => Ok(()),
        }
    }
}

impl TraceFormatter for BoardPrinter {
    // Prunes are not part of this trace.
    const WANTS_PRUNES: bool = false;

    fn choose(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        self.flush_pending(out)?;
        self.values[var.index()] = Some(value);
        self.pending = Some((var, value, depth));
        Ok(())
    }

    fn fail(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        if self.pending == Some((var, value, depth)) {
            self.pending = None;
        } else {
            self.flush_pending(out)?;
        }
        self.values[var.index()] = None;
        self.rejected = Some((var, value));
        self.move_event(out, "fail", var, value, depth)
    }

    fn unchoose(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        self.flush_pending(out)?;
        self.values[var.index()] = None;
        if self.rejected.take() == Some((var, value)) {
            return Ok(());
        }
        self.move_event(out, "unchoose", var, value, depth)
    }

    fn solution(&mut self, out: &mut dyn Write, values: &[i32]) -> io::Result<()> {
        self.flush_pending(out)?;
        self.solutions += 1;
        let placement = self.board.placement(values);
        let columns = render::row_columns(&placement);
        let text = format!(
            "solution {}: {}\n",
            self.solutions,
            render::columns(&placement)
        );
        let json = json!({
            "event": "solution", "index": self.solutions, "columns": columns,
            "queens": placement.queens(),
        });
        self.emit(out, text, json, None)
    }

    fn restart(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.flush_pending(out)?;
        self.values.iter_mut().for_each(|v| *v = None);
        let json = json!({ "event": "restart" });
        self.emit(out, "restart: back to the empty board\n".into(), json, None)
    }

    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.flush_pending(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::approach::{Approach, Goal, Plan};
    use std::ops::ControlFlow;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    fn trace(board: Board, approach: Approach, goal: Goal, format: TraceFormat) -> String {
        let plan = Plan::new(approach, goal);
        let t = board_trace(board, format, Vec::new());
        let (_, t) = plan
            .run(board, t, |_| ControlFlow::Continue(()))
            .expect("engine approach");
        String::from_utf8(t.finish().unwrap()).unwrap()
    }

    #[test]
    fn every_solution_is_traced_and_the_last_board_is_empty() {
        let text = trace(
            Board::square(4).unwrap(),
            Approach::ForwardChecking,
            Goal::All,
            TraceFormat::Text,
        );
        assert!(text.contains("solution 1: [1, 3, 0, 2]"));
        assert!(text.contains("solution 2: [2, 0, 3, 1]"));
        let last_board: Vec<&str> = text.trim_end().lines().rev().take(4).collect();
        assert_eq!(last_board, vec![". . . ."; 4]);
    }

    #[test]
    fn json_events_parse_and_are_numbered() {
        let text = trace(
            Board::new(3, 2).unwrap(),
            Approach::Backtracking,
            Goal::All,
            TraceFormat::Json,
        );
        let events: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        for (i, e) in events.iter().enumerate() {
            assert_eq!(e["step"], json!(i + 1));
        }
        let solutions: Vec<_> = events.iter().filter(|e| e["event"] == "solution").collect();
        assert!(!solutions.is_empty());
        // A tall board's squares are reported as (row, column) of the board.
        for e in events.iter().filter(|e| e["event"] == "choose") {
            assert!(e["row"].as_u64().unwrap() < 3 && e["col"].as_u64().unwrap() < 2);
        }
        assert!(events.iter().any(|e| e["event"] == "fail"));
    }

    #[test]
    fn closed_pipe_sets_the_cancel_flag() {
        #[derive(Debug)]
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let board = Board::square(6).unwrap();
        let flag = Arc::new(AtomicBool::new(false));
        let mut plan = Plan::new(Approach::ForwardChecking, Goal::All);
        plan.limits.cancel = Some(flag.clone());
        let t = board_trace(board, TraceFormat::Text, Closed).cancel_on_error(flag.clone());
        let (_, t) = plan.run(board, t, |_| ControlFlow::Continue(())).unwrap();
        assert!(flag.load(Ordering::Relaxed));
        assert_eq!(t.finish().unwrap_err().kind(), io::ErrorKind::BrokenPipe);
    }
}
