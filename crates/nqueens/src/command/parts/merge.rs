//! `nqueens merge`: check that the parts of a split are all there,
//! complete and of one problem, then add them up.

use super::result::{PartResult, Problem, ReadError};
use csp::{Coverage, Stats};
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `nqueens merge FILE...`.
///
/// ```
/// let cli = nqueens::cli::parse(["nqueens", "merge", "p0.json", "parts/"]).unwrap();
/// let Some(nqueens::cli::Command::Merge(args)) = cli.command else { panic!() };
/// assert_eq!(args.files.len(), 2);
/// ```
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "Exit status: 0 merged, 1 parts missing, duplicated, incomplete, \
                        mismatched or unreadable (the message names them), 2 bad arguments."
)]
pub struct MergeArgs {
    /// Part results written by `nqueens SIZE --count --part I/K --out FILE`,
    /// or directories holding them (every *.json file in the directory)
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Print the engine's statistics summed over the parts on stderr
    #[arg(long)]
    pub stats: bool,
}

/// Why parts could not be merged.
///
/// ```
/// use nqueens::parts::{merge, MergeError};
/// assert_eq!(merge(&[]), Err(MergeError::NoFiles));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum MergeError {
    /// No part result was given (or a directory held none).
    NoFiles,
    /// A file could not be read.
    Read {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// A file is not a part result.
    Malformed {
        /// The file.
        file: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// Two files belong to different problems or splits.
    Mismatch {
        /// The file that differs.
        file: PathBuf,
        /// The first file, which the others are compared with.
        first: PathBuf,
        /// What differs, as `theirs vs first's`.
        what: String,
    },
    /// Parts are duplicated, missing or incomplete.
    Gaps {
        /// The problem.
        problem: Problem,
        /// The number of parts.
        parts: usize,
        /// Parts given more than once, with their files.
        duplicates: Vec<(usize, Vec<PathBuf>)>,
        /// Parts not given, as inclusive ranges.
        missing: Vec<(usize, usize)>,
        /// Parts that stopped early, with their file and reason.
        incomplete: Vec<(usize, PathBuf, String)>,
    },
    /// The total does not fit in 64 bits.
    Overflow,
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::NoFiles => f.write_str("no part results to merge"),
            MergeError::Read { file, reason } => {
                write!(f, "cannot read {}: {reason}", file.display())
            }
            MergeError::Malformed { file, reason } => write!(f, "{}: {reason}", file.display()),
            MergeError::Mismatch { file, first, what } => write!(
                f,
                "{} and {} are parts of different problems: {what}",
                file.display(),
                first.display()
            ),
            MergeError::Gaps {
                problem,
                parts,
                duplicates,
                missing,
                incomplete,
            } => {
                let coverage = Coverage {
                    duplicates: duplicates.clone(),
                    missing: missing.clone(),
                    incomplete: incomplete.clone(),
                };
                write!(
                    f,
                    "cannot merge {problem} in {parts} part{}: {coverage}",
                    plural(*parts)
                )
            }
            MergeError::Overflow => f.write_str("the total count does not fit in 64 bits"),
        }
    }
}

impl std::error::Error for MergeError {}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The total of a complete set of parts.
///
/// ```
/// use nqueens::approach::{Goal, Plan};
/// use nqueens::parts::{merge, solve_part, Part};
/// let board = nqueens::board::Board::square(6)?;
/// let plan = Plan { unique: true, ..Plan::recommended(Goal::Count) };
/// let results: Vec<_> = (0..2)
///     .map(|i| (format!("p{i}").into(), solve_part(board, &plan, Part::new(i, 2).unwrap()).unwrap()))
///     .collect();
/// let merged = merge(&results)?;
/// assert_eq!(merged.summary(), "1 fundamental solution (2 parts, complete)");
/// assert!(merged.stats_table().contains("nodes"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The problem the parts solved.
    pub problem: Problem,
    /// The number of parts.
    pub parts: usize,
    /// The total count.
    pub count: u64,
    /// The engine's statistics summed over the parts (elapsed: the longest part).
    pub stats: Stats,
    /// The parts' elapsed times added up: the single-core time of the run.
    pub total_elapsed: Duration,
}

impl Merged {
    /// `92 solutions (8 parts, complete)`.
    pub fn summary(&self) -> String {
        let noun = if self.problem.unique {
            "fundamental solution"
        } else {
            "solution"
        };
        format!(
            "{} {noun}{} ({} part{}, complete)",
            self.count,
            if self.count == 1 { "" } else { "s" },
            self.parts,
            plural(self.parts)
        )
    }

    /// The summed statistics as aligned lines (for `--stats`), with the
    /// longest part's time and the parts' times added up.
    pub fn stats_table(&self) -> String {
        // The engine's table, its labels (never two spaces in a row) and
        // values taken apart, its elapsed time relabelled.
        let engine = self.stats.table();
        let mut rows: Vec<(&str, String)> = engine
            .lines()
            .filter_map(|line| {
                let (label, value) = line.split_once("  ")?;
                let label = if label == "elapsed" {
                    "longest part"
                } else {
                    label
                };
                Some((label, value.trim().to_string()))
            })
            .collect();
        rows.push(("all parts", format!("{:.3?}", self.total_elapsed)));
        let label_width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
        let value_width = rows.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
        rows.iter()
            .map(|(label, value)| format!("{label:<label_width$}  {value:>value_width$}\n"))
            .collect()
    }
}

/// The part result files named by `paths`: files as given, directories
/// replaced by the `*.json` files they hold (sorted; not recursive).
///
/// ```
/// let dir = std::env::temp_dir().join(format!("nqueens-doc-files-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// for name in ["b.json", "a.json", "a.json.123.tmp"] {
///     std::fs::write(dir.join(name), "")?;
/// }
/// let files = nqueens::parts::part_files(&[dir.clone()])?;
/// assert_eq!(files, vec![dir.join("a.json"), dir.join("b.json")]);
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn part_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, MergeError> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let unreadable = |e: std::io::Error| MergeError::Read {
            file: path.clone(),
            reason: e.to_string(),
        };
        let mut found = Vec::new();
        for entry in fs::read_dir(path).map_err(unreadable)? {
            let file = entry.map_err(unreadable)?.path();
            if file.extension().is_some_and(|e| e == "json") && !file.is_dir() {
                found.push(file);
            }
        }
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// Reads one part result file (see [`PartResult::from_json`] for the checks).
///
/// ```
/// let err = nqueens::parts::read_part(std::path::Path::new("/no/such/p0.json")).unwrap_err();
/// assert!(err.to_string().starts_with("cannot read /no/such/p0.json"));
/// ```
pub fn read_part(path: &Path) -> Result<PartResult, MergeError> {
    PartResult::read(path).map_err(|e| match e {
        ReadError::Io(e) => MergeError::Read {
            file: path.to_path_buf(),
            reason: e.to_string(),
        },
        ReadError::Malformed(reason) => MergeError::Malformed {
            file: path.to_path_buf(),
            reason,
        },
    })
}

/// Reads and merges the part results named by `paths` (files or
/// directories, see [`part_files`]).
///
/// ```
/// let err = nqueens::parts::merge_files(&[]).unwrap_err();
/// assert_eq!(err, nqueens::parts::MergeError::NoFiles);
/// ```
pub fn merge_files(paths: &[PathBuf]) -> Result<Merged, MergeError> {
    let results = part_files(paths)?
        .into_iter()
        .map(|file| read_part(&file).map(|result| (file, result)))
        .collect::<Result<Vec<_>, _>>()?;
    merge(&results)
}

/// Checks that `results` (each with the file it came from) are all the
/// parts of one split, each once and complete, and adds them up. The first
/// mismatched file is reported alone; otherwise every duplicated, missing
/// and incomplete part is named.
///
/// ```
/// use nqueens::approach::{Goal, Plan};
/// use nqueens::parts::{merge, solve_part, MergeError, Part};
/// let board = nqueens::board::Board::square(7)?;
/// let plan = Plan::recommended(Goal::Count);
/// let part = |i| (format!("p{i}.json").into(), solve_part(board, &plan, Part::new(i, 5).unwrap()).unwrap());
/// let err = merge(&[part(0), part(2), part(2)]).unwrap_err();
/// assert!(matches!(err, MergeError::Gaps { .. }));
/// assert_eq!(err.to_string(), "cannot merge 7 × 7 (symmetry full) in 5 parts: part given more than once: 2 (p2.json, \
///     p2.json); missing parts 1, 3, 4; rerun the missing and incomplete parts");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn merge(results: &[(PathBuf, PartResult)]) -> Result<Merged, MergeError> {
    let Some((first_file, first)) = results.first() else {
        return Err(MergeError::NoFiles);
    };
    for (file, result) in results {
        if let Some(what) = difference(result, first) {
            return Err(MergeError::Mismatch {
                file: file.clone(),
                first: first_file.clone(),
                what,
            });
        }
    }
    let coverage = Coverage::of(
        first.parts,
        results.iter().map(|(file, r)| {
            let stopped = (!r.complete).then(|| r.stopped_by.as_deref().unwrap_or("incomplete"));
            (r.part, file.clone(), stopped.map(String::from))
        }),
    );
    if !coverage.is_complete() {
        let Coverage {
            duplicates,
            missing,
            incomplete,
        } = coverage;
        return Err(MergeError::Gaps {
            problem: first.problem,
            parts: first.parts,
            duplicates,
            missing,
            incomplete,
        });
    }
    let mut count = 0u64;
    let mut stats = Stats::default();
    let mut total_elapsed = Duration::ZERO;
    for (_, result) in results {
        count = count
            .checked_add(result.count)
            .ok_or(MergeError::Overflow)?;
        let part = result.engine_stats();
        total_elapsed = total_elapsed.saturating_add(part.elapsed);
        stats.merge(&part);
    }
    Ok(Merged {
        problem: first.problem,
        parts: first.parts,
        count,
        stats,
        total_elapsed,
    })
}

/// What makes `result` a part of another split than `first`, if anything.
fn difference(result: &PartResult, first: &PartResult) -> Option<String> {
    let (a, b) = (&result.problem, &first.problem);
    if (a.rows, a.cols) != (b.rows, b.cols) {
        return Some(format!(
            "board {} × {} vs {} × {}",
            a.rows, a.cols, b.rows, b.cols
        ));
    }
    if a.unique != b.unique {
        let what = |unique| if unique { "fundamental" } else { "all" };
        return Some(format!(
            "{} solutions vs {} solutions",
            what(a.unique),
            what(b.unique)
        ));
    }
    if a.symmetry != b.symmetry {
        return Some(format!(
            "counted with symmetry {} vs symmetry {}",
            a.symmetry, b.symmetry
        ));
    }
    if result.parts != first.parts {
        return Some(format!(
            "split into {} parts vs {} parts",
            result.parts, first.parts
        ));
    }
    if result.prefix_depth != first.prefix_depth {
        return Some(format!(
            "prefix depth {} vs {} (written by nqueens versions that split differently: \
             {} vs {})",
            result.prefix_depth, first.prefix_depth, result.nqueens_version, first.nqueens_version
        ));
    }
    None
}
