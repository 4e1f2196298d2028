//! The JSON result of one part: what was solved, how, and what came out.

use crate::approach::Approach;
use crate::count::Part;
use crate::count::Symmetry;
use crate::files::{read_regular, utf8_text, AtomicFile};
use crate::model::board::Board;
use csp::Stats;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

/// The `format` field of every part result.
pub const FORMAT: &str = "nqueens-part";

/// The `version` field this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// What was counted: the board, whether only fundamental solutions, and
/// through which symmetries (written only when some were used, so parts
/// without symmetry read and write as before; an older nqueens refuses a
/// part with symmetry instead of merging it wrongly).
///
/// ```
/// use nqueens::count::Symmetry;
/// let p = nqueens::parts::Problem { rows: 5, cols: 7, unique: false, symmetry: Symmetry::None };
/// assert_eq!(p.to_string(), "5 × 7");
/// let full = nqueens::parts::Problem { symmetry: Symmetry::Full, ..p };
/// assert_eq!(full.to_string(), "5 × 7 (symmetry full)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Problem {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Only fundamental solutions were counted (`--unique`).
    pub unique: bool,
    /// The symmetries the count went through (`--symmetry`).
    #[serde(default, skip_serializing_if = "is_no_symmetry")]
    pub symmetry: Symmetry,
}

fn is_no_symmetry(symmetry: &Symmetry) -> bool {
    *symmetry == Symmetry::None
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} × {}", self.rows, self.cols)?;
        if self.unique {
            f.write_str(" (fundamental solutions)")?;
        }
        if self.symmetry != Symmetry::None {
            write!(f, " (symmetry {})", self.symmetry)?;
        }
        Ok(())
    }
}

/// How the part was searched. For information only: the split does not
/// depend on it, so parts of one problem may differ here.
///
/// ```
/// let s = nqueens::parts::SolverSettings {
///     strategy: "forward-checking".into(), var_order: "input".into(),
///     value_order: "ascending".into(), seed: 0, restarts: None,
/// };
/// assert_eq!(s.strategy, "forward-checking");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolverSettings {
    /// The `--strategy` name.
    pub strategy: String,
    /// The variable order.
    pub var_order: String,
    /// The value order.
    pub value_order: String,
    /// The seed.
    pub seed: u64,
    /// The restart policy, if any.
    pub restarts: Option<String>,
}

/// The result of one part, as written by `nqueens --part I/K` and read by
/// `nqueens merge`.
///
/// The problem identity checked by the merge is `format`, `version`,
/// `problem`, `parts` and `prefix_depth`; the rest says what this part did.
///
/// ```
/// use nqueens::approach::{Goal, Plan};
/// use nqueens::parts::{solve_part, Part, PartResult};
/// let result = solve_part(nqueens::board::Board::square(6)?, &Plan::recommended(Goal::Count), Part::new(0, 1)?)?;
/// assert_eq!((result.count, result.complete), (4, true));
/// let json: serde_json::Value = serde_json::from_str(&result.to_json())?;
/// assert_eq!(json["format"], "nqueens-part");
/// assert_eq!(json["problem"]["rows"], 6);
/// assert_eq!(PartResult::from_json(&result.to_json())?, result);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartResult {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`FORMAT_VERSION`] of the writer.
    pub version: u32,
    /// What was counted.
    pub problem: Problem,
    /// This part, from 0.
    pub part: usize,
    /// The number of parts.
    pub parts: usize,
    /// How many rows each prefix of the split fixes (chosen by the engine
    /// from the model and `parts`; equal in every part of one split).
    pub prefix_depth: usize,
    /// Solutions counted in this part.
    pub count: u64,
    /// True when the part was searched to its end.
    pub complete: bool,
    /// Why an incomplete part stopped (`cancelled` for Ctrl-C).
    pub stopped_by: Option<String>,
    /// How the part was searched.
    pub solver: SolverSettings,
    /// What the search did, summed over the part's sub-searches: the
    /// engine's counters (written with the engine's `serde` feature). Its
    /// `elapsed` is zero, as it reads back: the time is `elapsed_seconds`
    /// (see [`PartResult::engine_stats`]).
    pub stats: Stats,
    /// Wall-clock seconds the part took.
    pub elapsed_seconds: f64,
    /// The version of nqueens that wrote the result.
    pub nqueens_version: String,
}

/// Part result files larger than this are refused, reading no further
/// than the limit (a real one is well under a kilobyte).
const MAX_RESULT_BYTES: u64 = 1 << 20;

impl PartResult {
    /// The part this result is for.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use nqueens::parts::{solve_part, Part};
    /// let part = Part::new(1, 2)?;
    /// let result = solve_part(nqueens::board::Board::square(5)?, &Plan::recommended(Goal::Count), part)?;
    /// assert_eq!(result.part_id()?, part);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn part_id(&self) -> Result<Part, super::ParsePartError> {
        Part::new(self.part, self.parts)
    }

    /// The engine's statistics of this part with its elapsed time.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use nqueens::parts::{solve_part, Part};
    /// let result = solve_part(nqueens::board::Board::square(6)?, &Plan::recommended(Goal::Count), Part::new(0, 1)?)?;
    /// let stats = result.engine_stats();
    /// // Through the whole symmetry group: 1 solution searched stands for 4.
    /// assert_eq!((stats.solutions, result.count), (1, 4));
    /// assert_eq!(stats.elapsed.as_secs_f64(), result.elapsed_seconds);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine_stats(&self) -> Stats {
        Stats {
            elapsed: Duration::try_from_secs_f64(self.elapsed_seconds).unwrap_or_default(),
            ..self.stats.clone()
        }
    }

    /// The part's work as aligned `label  value` lines (for `--stats`).
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use nqueens::parts::{solve_part, Part};
    /// let result = solve_part(nqueens::board::Board::square(6)?, &Plan::recommended(Goal::Count), Part::new(0, 2)?)?;
    /// assert!(result.stats_table().starts_with("part"));
    /// assert!(result.stats_table().contains("nodes"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats_table(&self) -> String {
        format!(
            "part {}/{} of {}, {}\n{}",
            self.part,
            self.parts,
            self.problem,
            self.solver.strategy,
            self.engine_stats().table()
        )
    }

    /// The result as pretty-printed JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        csp_front::part_file::to_json(self)
    }

    /// Reads a result from JSON, checking the format, the version and
    /// that the part, board and counts make sense: a key given twice, a key
    /// this version does not know, or numbers that contradict each other
    /// (an edited `count`) are refused.
    ///
    /// ```
    /// use nqueens::parts::PartResult;
    /// assert!(PartResult::from_json("").unwrap_err().contains("empty"));
    /// assert!(PartResult::from_json("{\"summary\": {}}").unwrap_err().contains("not an nqueens part result"));
    /// assert!(PartResult::from_json("{\"format\": \"nqueens-part\", \"version\": 9}").unwrap_err().contains("version 9"));
    /// ```
    pub fn from_json(text: &str) -> Result<PartResult, String> {
        // The header loosely, for a clear word on files of another kind or
        // version; then strictly (the typed reader refuses repeated keys).
        let result: PartResult =
            csp_front::part_file::read(text, FORMAT, FORMAT_VERSION, "nqueens")?;
        result.check()?;
        Ok(result)
    }

    /// Checks what one result says against itself.
    fn check(&self) -> Result<(), String> {
        self.part_id().map_err(|e| format!("bad part: {e}"))?;
        let board = Board::new(self.problem.rows, self.problem.cols)
            .map_err(|e| format!("bad board: {e}"))?;
        if self.complete == self.stopped_by.is_some() {
            return Err("\"complete\" and \"stopped_by\" disagree".into());
        }
        let approach: Approach = self
            .solver
            .strategy
            .parse()
            .map_err(|e| format!("bad strategy: {e}"))?;
        if approach.exhaustive_strategy().is_none() {
            return Err(format!(
                "the {approach} strategy does not write parts (it is not an exhaustive engine search)"
            ));
        }
        let s = &self.stats;
        let symmetry = self.problem.symmetry;
        if symmetry != Symmetry::None {
            // Each solution searched stands for at most the group's size.
            let most = symmetry.group_size(board.rows(), board.cols());
            if self.problem.unique {
                return Err(format!(
                    "--unique parts are not counted through symmetries (symmetry {symmetry})"
                ));
            }
            if self.count < s.solutions || self.count > s.solutions.saturating_mul(most) {
                return Err(format!(
                    "\"count\" {} is not between the {} solutions in its statistics and {most} \
                     times as many (symmetry {symmetry})",
                    self.count, s.solutions
                ));
            }
        } else if self.problem.unique && self.count > s.solutions {
            // The engine counts every solution; `--unique` keeps some of them.
            return Err(format!(
                "\"count\" {} is more than the {} solutions in its statistics",
                self.count, s.solutions
            ));
        }
        if !self.problem.unique && symmetry == Symmetry::None && self.count != s.solutions {
            return Err(format!(
                "\"count\" {} disagrees with the {} solutions in its statistics",
                self.count, s.solutions
            ));
        }
        let lines = board.rows().min(board.cols());
        if s.solutions > s.nodes {
            return Err(format!(
                "{} solutions in {} nodes: every solution is a node",
                s.solutions, s.nodes
            ));
        }
        if s.solutions > max_solutions(board) {
            return Err(format!(
                "{} solutions is more than a {} × {} board has ways to place its queens",
                s.solutions,
                board.rows(),
                board.cols()
            ));
        }
        for (what, depth) in [
            ("max_depth", s.max_depth),
            ("prefix_depth", self.prefix_depth as u64),
        ] {
            if depth > lines as u64 {
                return Err(format!(
                    "\"{what}\" {depth} is deeper than the board's {lines} queens"
                ));
            }
        }
        if !(self.elapsed_seconds.is_finite() && self.elapsed_seconds >= 0.0) {
            return Err(format!(
                "\"elapsed_seconds\" {} is not a duration",
                self.elapsed_seconds
            ));
        }
        Ok(())
    }

    /// Writes the result to `path` atomically: to a temporary file next to
    /// it (unnamed on Linux), then put in place, so a killed writer leaves
    /// either no result or the whole one (elsewhere a stale `*.tmp` file at
    /// worst, which the merge ignores).
    /// Only a regular file or a missing path is replaced (see
    /// [`AtomicFile`]): `--out /dev/null` is refused, not turned into a file.
    ///
    /// ```
    /// use nqueens::approach::{Goal, Plan};
    /// use nqueens::parts::{read_part, solve_part, Part};
    /// let result = solve_part(nqueens::board::Board::square(4)?, &Plan::recommended(Goal::Count), Part::new(0, 1)?)?;
    /// let path = std::env::temp_dir().join(format!("nqueens-doc-{}.json", std::process::id()));
    /// result.write_atomically(&path)?;
    /// assert_eq!(read_part(&path)?, result);
    /// std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_atomically(&self, path: &Path) -> io::Result<()> {
        let mut file = AtomicFile::create(path)?;
        file.write_all(self.to_json().as_bytes())?;
        file.commit()
    }

    /// Reads the result file at `path` (see [`PartResult::from_json`]).
    pub(crate) fn read(path: &Path) -> Result<PartResult, ReadError> {
        let bytes = read_regular(path, MAX_RESULT_BYTES).map_err(ReadError::Io)?;
        let text = utf8_text(&bytes).map_err(ReadError::Malformed)?;
        PartResult::from_json(text).map_err(ReadError::Malformed)
    }
}

/// The most solutions a board can have: one queen per line, each on a
/// value no earlier queen took (saturating).
fn max_solutions(board: Board) -> u64 {
    let (lines, values) = board.model_shape();
    (0..lines as u64).fold(1u64, |acc, i| {
        acc.saturating_mul((values as u64).saturating_sub(i))
    })
}

/// Why a result file could not be read.
pub(crate) enum ReadError {
    Io(io::Error),
    Malformed(String),
}
