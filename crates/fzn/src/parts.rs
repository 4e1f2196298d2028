//! Counting any FlatZinc model on a cluster: `fzn-csp --part I/K --out
//! FILE model.fzn` counts (with `-a`, also prints) part `I` of `K` of the
//! engine's deterministic split ([`csp::Partition`]) and writes a small
//! JSON [`PartResult`] atomically; `fzn-csp merge FILE...` checks that the
//! files are the parts of one split of one model (the FlatZinc text's hash,
//! `K`, the prefix depth, what was counted), each given once and complete
//! ([`csp::Coverage`], shared with `nqueens merge`), and prints the total.
//! Every part complete with no solution proves the model unsatisfiable.
//!
//! ```
//! use csp_fzn::parts::{merge, PartResult};
//! let text = "array [1..4] of var 1..4: q :: output_array([1..4]);\n\
//!             constraint fzn_all_different_int(q);\nsolve satisfy;";
//! let mut results = Vec::new();
//! for i in 0..3 {
//!     let opts = csp_fzn::options::parse(["--part", &format!("{i}/3")]).unwrap();
//!     let (mut out, mut err) = (Vec::new(), Vec::new());
//!     csp_fzn::run(text, &opts, &mut out, &mut err).unwrap();
//!     // Without --out, the part's JSON goes to standard output.
//!     let result = PartResult::from_json(std::str::from_utf8(&out).unwrap()).unwrap();
//!     results.push((format!("p{i}.json").into(), result));
//! }
//! let merged = merge(&results).unwrap();
//! assert_eq!(merged.count, 24);
//! assert_eq!(merged.summary(), "24 solutions (3 parts, complete)");
//! ```

use csp::{Coverage, Part, Stats};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The `format` field of every part result.
pub const FORMAT: &str = "fzn-csp-part";

/// The `version` field this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// Part result files larger than this are refused (a real one is well
/// under a kilobyte).
const MAX_RESULT_BYTES: u64 = 1 << 20;

/// The hash naming a model: 64-bit FNV-1a of the FlatZinc text, in hex.
/// Parts of one model must have read the same text.
///
/// ```
/// assert_eq!(csp_fzn::parts::model_hash(""), "cbf29ce484222325");
/// assert_ne!(csp_fzn::parts::model_hash("solve satisfy;"), csp_fzn::parts::model_hash("solve  satisfy;"));
/// ```
pub fn model_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// What a part's search did (the engine's counters, summed over its
/// sub-searches).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartStats {
    /// Search nodes.
    pub nodes: u64,
    /// Failures.
    pub failures: u64,
    /// Propagator runs.
    pub propagations: u64,
    /// Deepest level reached.
    pub max_depth: u64,
    /// Restarts.
    pub restarts: u64,
}

impl From<&Stats> for PartStats {
    fn from(s: &Stats) -> PartStats {
        PartStats {
            nodes: s.nodes,
            failures: s.failures,
            propagations: s.propagations,
            max_depth: s.max_depth,
            restarts: s.restarts,
        }
    }
}

/// The result of one part, as `fzn-csp --part I/K` writes it and
/// `fzn-csp merge` reads it. The split's identity, checked by the merge,
/// is `format`, `version`, `model_hash`, `counted`, `parts` and
/// `prefix_depth`.
///
/// ```
/// use csp_fzn::parts::PartResult;
/// assert!(PartResult::from_json("{}").unwrap_err().contains("not an fzn-csp part result"));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartResult {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`FORMAT_VERSION`] of the writer.
    pub version: u32,
    /// [`model_hash`] of the FlatZinc text.
    pub model_hash: String,
    /// The model file's name as given (for messages only).
    pub model: String,
    /// What a solution is: `printed` (each distinct assignment of the
    /// printed variables, as `-a` prints them) or `all-variables`.
    pub counted: String,
    /// This part, from 0.
    pub part: usize,
    /// The number of parts.
    pub parts: usize,
    /// How many variables each prefix of the split fixes.
    pub prefix_depth: usize,
    /// Solutions in this part.
    pub count: u64,
    /// True when the part was searched to its end.
    pub complete: bool,
    /// Why an incomplete part stopped.
    pub stopped_by: Option<String>,
    /// What the search did.
    pub stats: PartStats,
    /// Wall-clock seconds the part took.
    pub elapsed_seconds: f64,
    /// The version of fzn-csp that wrote it.
    pub fzn_csp_version: String,
}

impl PartResult {
    /// The result as pretty-printed JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        csp_front::part_file::to_json(self)
    }

    /// Reads a result from JSON: the format and version first (for a clear
    /// word on other files), then strictly (unknown or repeated keys, a
    /// part outside `0..parts`, `complete` contradicting `stopped_by` are
    /// refused).
    pub fn from_json(text: &str) -> Result<PartResult, String> {
        // The header loosely, for a clear word on files of another kind or
        // version; then strictly (the typed reader refuses repeated keys).
        let result: PartResult =
            csp_front::part_file::read(text, FORMAT, FORMAT_VERSION, "fzn-csp")?;
        Part::new(result.part, result.parts).map_err(|e| format!("bad part: {e}"))?;
        if result.complete == result.stopped_by.is_some() {
            return Err("\"complete\" and \"stopped_by\" disagree".into());
        }
        Ok(result)
    }

    /// Reads a part result file (a regular file, at most 1 MiB).
    pub fn read(path: &Path) -> Result<PartResult, String> {
        let bytes = csp_front::files::read_regular(path, MAX_RESULT_BYTES)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let text =
            csp_front::files::utf8_text(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        PartResult::from_json(text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Writes the result to `path` atomically (a killed writer leaves no
    /// half file behind).
    pub fn write(&self, path: &Path) -> Result<(), String> {
        use std::io::Write;
        let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let mut file = csp_front::files::AtomicFile::create(path).map_err(fail)?;
        file.write_all(self.to_json().as_bytes()).map_err(fail)?;
        file.commit().map_err(fail)
    }
}

/// The total of a complete set of parts.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The model's name (from the first part).
    pub model: String,
    /// The number of parts.
    pub parts: usize,
    /// The total count.
    pub count: u64,
    /// The parts' statistics: sums, the deepest level.
    pub stats: PartStats,
    /// The parts' wall-clock seconds added up.
    pub total_seconds: f64,
}

impl Merged {
    /// `24 solutions (3 parts, complete)`.
    pub fn summary(&self) -> String {
        let s = |n: u64| if n == 1 { "" } else { "s" };
        format!(
            "{} solution{} ({} part{}, complete)",
            self.count,
            s(self.count),
            self.parts,
            s(self.parts as u64)
        )
    }

    /// What `fzn-csp merge` prints: MiniZinc's `=====UNSATISFIABLE=====`
    /// when every part proved it has no solution, then the summary; with
    /// `stats`, the summed statistics as `%%%mzn-stat:` lines.
    pub fn report(&self, stats: bool) -> String {
        let mut text = String::new();
        if self.count == 0 {
            text.push_str(crate::output::UNSATISFIABLE);
            text.push('\n');
        }
        text.push_str(&self.summary());
        text.push('\n');
        if stats {
            let s = &self.stats;
            for line in [
                format!("nSolutions={}", self.count),
                format!("nodes={}", s.nodes),
                format!("failures={}", s.failures),
                format!("restarts={}", s.restarts),
                format!("peakDepth={}", s.max_depth),
                format!("propagations={}", s.propagations),
                format!("solveTime={:.6}", self.total_seconds),
            ] {
                text.push_str(&format!("%%%mzn-stat: {line}\n"));
            }
            text.push_str("%%%mzn-stat-end\n");
        }
        text
    }
}

/// Checks that `results` (each with its file) are the parts of one split
/// of one model, each once and complete, and adds them up. The first
/// mismatched file is reported alone; otherwise every duplicated, missing
/// and incomplete part is named.
///
/// ```
/// assert_eq!(csp_fzn::parts::merge(&[]).unwrap_err(), "no part results to merge");
/// ```
pub fn merge(results: &[(PathBuf, PartResult)]) -> Result<Merged, String> {
    let Some((first_file, first)) = results.first() else {
        return Err("no part results to merge".into());
    };
    for (file, r) in results {
        let differs = |what: &str, theirs: String, ours: String| {
            Err(format!(
                "{} and {} are parts of different splits: {what} {theirs} vs {ours}",
                file.display(),
                first_file.display()
            ))
        };
        if r.model_hash != first.model_hash {
            return differs(
                "model (FlatZinc text hash)",
                r.model_hash.clone(),
                first.model_hash.clone(),
            );
        }
        if r.counted != first.counted {
            return differs("counted", r.counted.clone(), first.counted.clone());
        }
        if r.parts != first.parts {
            return differs("parts", r.parts.to_string(), first.parts.to_string());
        }
        if r.prefix_depth != first.prefix_depth {
            return differs(
                "prefix depth",
                r.prefix_depth.to_string(),
                first.prefix_depth.to_string(),
            );
        }
    }
    let coverage = Coverage::of(
        first.parts,
        results
            .iter()
            .map(|(file, r)| (r.part, file.clone(), r.stopped_by.clone())),
    );
    if !coverage.is_complete() {
        return Err(format!(
            "cannot merge {} in {} parts: {coverage}",
            first.model, first.parts
        ));
    }
    let mut merged = Merged {
        model: first.model.clone(),
        parts: first.parts,
        count: 0,
        stats: PartStats::default(),
        total_seconds: 0.0,
    };
    for (_, r) in results {
        merged.count = merged
            .count
            .checked_add(r.count)
            .ok_or("the total count does not fit in 64 bits")?;
        let s = &mut merged.stats;
        s.nodes = s.nodes.saturating_add(r.stats.nodes);
        s.failures = s.failures.saturating_add(r.stats.failures);
        s.propagations = s.propagations.saturating_add(r.stats.propagations);
        s.restarts = s.restarts.saturating_add(r.stats.restarts);
        s.max_depth = s.max_depth.max(r.stats.max_depth);
        merged.total_seconds += r.elapsed_seconds;
    }
    Ok(merged)
}

/// `fzn-csp merge [-s] FILE...`: reads the part files, merges them and
/// returns what to print, or the one-line error.
///
/// ```
/// let err = csp_fzn::parts::merge_command(["/no/such/p0.json"]).unwrap_err();
/// assert!(err.starts_with("cannot read /no/such/p0.json"), "{err}");
/// ```
pub fn merge_command<I, S>(args: I) -> Result<String, String>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut stats = false;
    let mut files = Vec::new();
    for a in args.into_iter().map(Into::into) {
        match a.as_str() {
            "-s" | "--statistics" => stats = true,
            s if s.starts_with('-') => {
                return Err(format!(
                    "merge: unknown option '{s}' (expected -s or files)"
                ))
            }
            _ => files.push(PathBuf::from(a)),
        }
    }
    let results = files
        .into_iter()
        .map(|f| PartResult::read(&f).map(|r| (f, r)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(merge(&results)?.report(stats))
}
