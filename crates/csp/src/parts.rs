//! What every program's `--part I/K` and merge share: `I/K` ([`Part`],
//! which part of how many of a [`Partition`](crate::Partition)) and the
//! merge's check that the parts given cover the split ([`Coverage`]: each
//! part once, none missing, all complete). The part files themselves are
//! the programs' own (`nqueens`, `fzn-csp`).

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// The most parts a search may be split into. Choosing the split walks the
/// prefix tree until it has `8 × K` prefixes, and every part walks it
/// again to find its own, so the work outside the search grows with `K`.
pub const MAX_PARTS: usize = 1_000_000;

/// Part `index` of `parts`, counted from 0 (`0 <= index < parts`).
///
/// ```
/// use csp::Part;
/// let part: Part = "3/64".parse()?;
/// assert_eq!((part.index(), part.parts()), (3, 64));
/// assert_eq!(part.to_string(), "3/64");
/// assert!("64/64".parse::<Part>().is_err());
/// # Ok::<(), csp::ParsePartError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    index: usize,
    parts: usize,
}

/// Why a part specification was refused.
///
/// ```
/// use csp::{ParsePartError, Part};
/// assert_eq!(Part::new(8, 8), Err(ParsePartError::OutOfRange { index: 8, parts: 8 }));
/// assert!("x".parse::<Part>().unwrap_err().to_string().contains("I/K"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePartError {
    /// Not of the form `I/K` with whole numbers.
    Syntax {
        /// The text given.
        input: String,
    },
    /// `K` is 0.
    NoParts,
    /// `K` is more than [`MAX_PARTS`].
    TooManyParts {
        /// The number of parts asked for.
        parts: usize,
    },
    /// `I >= K`.
    OutOfRange {
        /// The part asked for.
        index: usize,
        /// The number of parts.
        parts: usize,
    },
}

impl fmt::Display for ParsePartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePartError::Syntax { input } => write!(
                f,
                "'{input}' is not a part: expected I/K, part I of K counted from 0, such as 3/64"
            ),
            ParsePartError::NoParts => write!(f, "a search splits into at least 1 part (K >= 1)"),
            ParsePartError::TooManyParts { parts } => {
                write!(f, "{parts} parts is too many: at most {MAX_PARTS}")
            }
            ParsePartError::OutOfRange { index, parts } => write!(
                f,
                "part {index} of {parts} does not exist: parts are counted from 0, so I is 0 to {}",
                parts - 1
            ),
        }
    }
}

impl std::error::Error for ParsePartError {}

impl Part {
    /// Part `index` of `parts`, checked.
    ///
    /// ```
    /// use csp::{ParsePartError, Part};
    /// assert!(Part::new(0, 1).is_ok());
    /// assert_eq!(Part::new(0, 0), Err(ParsePartError::NoParts));
    /// ```
    pub fn new(index: usize, parts: usize) -> Result<Part, ParsePartError> {
        if parts == 0 {
            return Err(ParsePartError::NoParts);
        }
        if parts > MAX_PARTS {
            return Err(ParsePartError::TooManyParts { parts });
        }
        if index >= parts {
            return Err(ParsePartError::OutOfRange { index, parts });
        }
        Ok(Part { index, parts })
    }

    /// The part, from 0.
    ///
    /// ```
    /// assert_eq!(csp::Part::new(2, 5).unwrap().index(), 2);
    /// ```
    pub fn index(self) -> usize {
        self.index
    }

    /// The number of parts.
    ///
    /// ```
    /// assert_eq!(csp::Part::new(2, 5).unwrap().parts(), 5);
    /// ```
    pub fn parts(self) -> usize {
        self.parts
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.parts)
    }
}

impl FromStr for Part {
    type Err = ParsePartError;

    /// Parses `I/K`, allowing spaces around the numbers.
    fn from_str(s: &str) -> Result<Part, ParsePartError> {
        let syntax = || ParsePartError::Syntax {
            input: s.to_string(),
        };
        let (i, k) = s.split_once('/').ok_or_else(syntax)?;
        let number = |t: &str| {
            let t = t.trim();
            // `parse` would accept a leading `+`.
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            // All digits: the only failure left is overflow, which is too many.
            Ok(t.parse::<usize>().unwrap_or(usize::MAX))
        };
        Part::new(number(i)?, number(k)?)
    }
}

/// At most this many items of each kind are named in a [`Coverage`]'s text.
const MAX_NAMED: usize = 10;

/// How the parts given to a merge cover a split of `K` parts: which are
/// given more than once, missing, or incomplete. Its text lists them
/// (at most ten of each kind, then how many more).
///
/// ```
/// use csp::Coverage;
/// let given = [(0, "p0.json", None), (2, "p2.json", Some("time limit")), (2, "q2.json", None)];
/// let c = Coverage::of(5, given.iter().map(|&(i, f, why)| (i, f.into(), why.map(String::from))));
/// assert!(!c.is_complete());
/// assert_eq!(c.missing, vec![(1, 1), (3, 4)]);
/// assert_eq!(c.to_string(), "part given more than once: 2 (p2.json, q2.json); missing parts 1, 3, 4; \
///     incomplete part 2 (p2.json: stopped: time limit); rerun the missing and incomplete parts");
/// assert!(Coverage::of(1, [(0, "p".into(), None)].into_iter()).is_complete());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Parts given more than once, with their files.
    pub duplicates: Vec<(usize, Vec<PathBuf>)>,
    /// Parts not given, as inclusive ranges.
    pub missing: Vec<(usize, usize)>,
    /// Parts that stopped early, with their file and reason.
    pub incomplete: Vec<(usize, PathBuf, String)>,
}

impl Coverage {
    /// The coverage of `0..parts` by `given`: each part's index, file, and
    /// why it stopped early (`None`: it is complete).
    pub fn of(
        parts: usize,
        given: impl Iterator<Item = (usize, PathBuf, Option<String>)>,
    ) -> Coverage {
        let mut files_of: BTreeMap<usize, Vec<PathBuf>> = BTreeMap::new();
        let mut incomplete = Vec::new();
        for (part, file, stopped) in given {
            if let Some(why) = stopped {
                incomplete.push((part, file.clone(), format!("stopped: {why}")));
            }
            files_of.entry(part).or_default().push(file);
        }
        let duplicates = files_of
            .iter()
            .filter(|(_, files)| files.len() > 1)
            .map(|(&part, files)| (part, files.clone()))
            .collect();
        Coverage {
            duplicates,
            missing: missing_ranges(files_of.keys().copied(), parts),
            incomplete,
        }
    }

    /// Every part given once and complete.
    pub fn is_complete(&self) -> bool {
        self.duplicates.is_empty() && self.missing.is_empty() && self.incomplete.is_empty()
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut problems = Vec::new();
        if !self.duplicates.is_empty() {
            let named = self.duplicates.iter().map(|(part, files)| {
                let files: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
                format!("{part} ({})", files.join(", "))
            });
            problems.push(format!(
                "part{} given more than once: {}",
                plural(self.duplicates.len()),
                listed(named, self.duplicates.len())
            ));
        }
        if !self.missing.is_empty() {
            let count: usize = self.missing.iter().map(|(a, b)| b - a + 1).sum();
            let named = self.missing.iter().map(|&(a, b)| match b - a {
                0 => a.to_string(),
                1 => format!("{a}, {b}"),
                _ => format!("{a}-{b}"),
            });
            problems.push(format!(
                "missing part{} {}",
                plural(count),
                listed(named, self.missing.len())
            ));
        }
        if !self.incomplete.is_empty() {
            let named = self
                .incomplete
                .iter()
                .map(|(part, file, why)| format!("{part} ({}: {why})", file.display()));
            problems.push(format!(
                "incomplete part{} {}",
                plural(self.incomplete.len()),
                listed(named, self.incomplete.len())
            ));
        }
        f.write_str(&problems.join("; "))?;
        if !(self.missing.is_empty() && self.incomplete.is_empty()) {
            f.write_str("; rerun the missing and incomplete parts")?;
        }
        Ok(())
    }
}

/// `""` for one, else `"s"`.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The first [`MAX_NAMED`] items joined, then how many more there are.
fn listed(items: impl Iterator<Item = String>, total: usize) -> String {
    let mut text: Vec<String> = items.take(MAX_NAMED).collect();
    if total > MAX_NAMED {
        text.push(format!("and {} more", total - MAX_NAMED));
    }
    text.join(", ")
}

/// The parts of `0..parts` not in `present` (sorted), as inclusive ranges.
fn missing_ranges(present: impl Iterator<Item = usize>, parts: usize) -> Vec<(usize, usize)> {
    let mut missing = Vec::new();
    let mut next = 0;
    for part in present.chain(std::iter::once(parts)) {
        if part > next {
            missing.push((next, part - 1));
        }
        next = part + 1;
    }
    missing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_parts_as_ranges() {
        assert_eq!(missing_ranges([].into_iter(), 3), vec![(0, 2)]);
        assert_eq!(missing_ranges([0, 1, 2].into_iter(), 3), vec![]);
        assert_eq!(
            missing_ranges([1, 4, 5].into_iter(), 9),
            vec![(0, 0), (2, 3), (6, 8)]
        );
    }

    #[test]
    fn long_lists_are_cut() {
        let items = (0..15).map(|i| i.to_string());
        assert_eq!(
            listed(items, 15),
            "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, and 5 more"
        );
    }

    #[test]
    fn parses_and_rejects() {
        assert_eq!("0/1".parse(), Ok(Part { index: 0, parts: 1 }));
        assert_eq!(" 7 / 8 ".parse(), Ok(Part { index: 7, parts: 8 }));
        for bad in ["", "3", "3/", "/3", "-1/3", "+1/3", "1/2/3", "a/b", "1.5/3"] {
            assert!(
                matches!(bad.parse::<Part>(), Err(ParsePartError::Syntax { .. })),
                "{bad}"
            );
        }
        assert_eq!("0/0".parse::<Part>(), Err(ParsePartError::NoParts));
        assert_eq!(
            "3/3".parse::<Part>(),
            Err(ParsePartError::OutOfRange { index: 3, parts: 3 })
        );
        assert_eq!(
            "0/99999999999999999999999".parse::<Part>(),
            Err(ParsePartError::TooManyParts { parts: usize::MAX })
        );
        assert!("99999999999999999999999/5".parse::<Part>().is_err());
    }
}
