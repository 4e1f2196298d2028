//! Board sizes on the command line: `4..=12`, `4..12` or `4,5,8`.

use crate::model::board::MAX_SIDE;
use std::fmt;
use std::str::FromStr;

/// The most board sizes one study may list (a guard against typing
/// `4..=4000000` by accident).
///
/// ```
/// assert!("1..=20000".parse::<nqueens::study::Sizes>().is_err());
/// assert!(nqueens::study::MAX_SIZES >= 1000);
/// ```
pub const MAX_SIZES: usize = 10_000;

/// A non-empty list of board sizes without repeats, each from 1 to
/// [`MAX_SIDE`]: comma-separated items, each `N`, `A..=B` (inclusive) or
/// `A..B` (exclusive).
///
/// ```
/// use nqueens::study::Sizes;
/// let s: Sizes = "4..=6,8,10..12".parse()?;
/// assert_eq!(s.as_slice(), &[4, 5, 6, 8, 10, 11]);
/// assert!("0..4".parse::<Sizes>().is_err());
/// assert!("9..=4".parse::<Sizes>().is_err());
/// assert!("eight".parse::<Sizes>().is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes(Vec<usize>);

impl Sizes {
    /// The sizes, in the order given.
    ///
    /// ```
    /// let s: nqueens::study::Sizes = "8,4".parse()?;
    /// assert_eq!(s.as_slice(), &[8, 4]);
    /// # Ok::<(), String>(())
    /// ```
    pub fn as_slice(&self) -> &[usize] {
        &self.0
    }
}

impl FromStr for Sizes {
    type Err = String;

    fn from_str(s: &str) -> Result<Sizes, String> {
        let bad = |why: &str| {
            format!("invalid sizes '{s}': {why} (expected N, A..=B, A..B or a comma-separated list of them)")
        };
        let number = |t: &str| -> Result<usize, String> {
            let n: usize = t
                .trim()
                .parse()
                .map_err(|_| bad(&format!("'{}' is not a size", t.trim())))?;
            if n == 0 || n > MAX_SIDE {
                return Err(bad(&format!("sizes run from 1 to {MAX_SIDE}")));
            }
            Ok(n)
        };
        let mut sizes = Vec::new();
        for item in s.split(',') {
            let (lo, hi) = if let Some((a, b)) = item.split_once("..=") {
                (number(a)?, number(b)?)
            } else if let Some((a, b)) = item.split_once("..") {
                let (a, b) = (number(a)?, number(b)?);
                (a, b.saturating_sub(1))
            } else {
                let n = number(item)?;
                (n, n)
            };
            if lo > hi {
                return Err(bad(&format!("the range '{}' is empty", item.trim())));
            }
            if hi - lo >= MAX_SIZES || sizes.len() + (hi - lo) >= MAX_SIZES {
                return Err(bad(&format!("at most {MAX_SIZES} sizes")));
            }
            for n in lo..=hi {
                if !sizes.contains(&n) {
                    sizes.push(n);
                }
            }
        }
        Ok(Sizes(sizes))
    }
}

impl fmt::Display for Sizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = self.0.iter().map(usize::to_string).collect();
        f.write_str(&text.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclusive_and_inclusive_ranges() {
        let s: Sizes = "4..7".parse().unwrap();
        assert_eq!(s.as_slice(), &[4, 5, 6]);
        let s: Sizes = "4..=7".parse().unwrap();
        assert_eq!(s.as_slice(), &[4, 5, 6, 7]);
        assert!("4..4".parse::<Sizes>().is_err());
        assert!("1..=20000".parse::<Sizes>().is_err());
        assert_eq!("8, 8 ,4".parse::<Sizes>().unwrap().as_slice(), &[8, 4]);
    }
}
