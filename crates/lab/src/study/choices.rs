//! Command-line lists of engine settings: `--strategies all` or
//! `backtracking,forward-checking`.

use csp::{Strategy, ValueOrder, VarOrder};
use std::fmt;
use std::str::FromStr;

/// An engine setting that can be listed on a command line: it has a
/// kebab-case name (`Display` / `FromStr`) and a list of every choice.
///
/// ```
/// use csp_lab::study::Choice;
/// assert_eq!(<csp::Strategy as Choice>::all(), csp::Strategy::ALL);
/// ```
pub trait Choice: Copy + PartialEq + fmt::Display + FromStr<Err = String> + 'static {
    /// Every choice, in the engine's documented order.
    fn all() -> &'static [Self];
}

impl Choice for Strategy {
    fn all() -> &'static [Self] {
        Strategy::ALL
    }
}

impl Choice for VarOrder {
    fn all() -> &'static [Self] {
        VarOrder::ALL
    }
}

impl Choice for ValueOrder {
    fn all() -> &'static [Self] {
        ValueOrder::ALL
    }
}

/// A non-empty list of choices without repeats, parsed from `all` or a
/// comma-separated list of names (order kept).
///
/// ```
/// use csp::Strategy;
/// use csp_lab::study::Choices;
/// let some: Choices<Strategy> = "backtracking, arc-consistency".parse()?;
/// assert_eq!(some.as_slice(), &[Strategy::Backtracking, Strategy::ArcConsistency]);
/// let all: Choices<Strategy> = "all".parse()?;
/// assert_eq!(all.as_slice(), Strategy::ALL);
/// assert_eq!(
///     all.to_string(),
///     "generate-and-test,backtracking,forward-checking,arc-consistency,backjumping,nogood-learning,clause-learning"
/// );
/// assert!("backtracking,,".parse::<Choices<Strategy>>().is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choices<T>(Vec<T>);

impl<T: Choice> Choices<T> {
    /// A list of exactly one choice.
    ///
    /// ```
    /// let one = csp_lab::study::Choices::one(csp::VarOrder::SmallestDomain);
    /// assert_eq!(one.as_slice(), &[csp::VarOrder::SmallestDomain]);
    /// ```
    pub fn one(choice: T) -> Choices<T> {
        Choices(vec![choice])
    }

    /// Every choice, in the engine's order.
    ///
    /// ```
    /// let all = csp_lab::study::Choices::<csp::ValueOrder>::all();
    /// assert_eq!(all.as_slice(), csp::ValueOrder::ALL);
    /// ```
    pub fn all() -> Choices<T> {
        Choices(T::all().to_vec())
    }

    /// The choices, in the order given.
    ///
    /// ```
    /// let c: csp_lab::study::Choices<csp::Strategy> = "arc-consistency".parse()?;
    /// assert_eq!(c.as_slice(), &[csp::Strategy::ArcConsistency]);
    /// # Ok::<(), String>(())
    /// ```
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }
}

impl<T: Choice> FromStr for Choices<T> {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        if s.trim().eq_ignore_ascii_case("all") {
            return Ok(Choices::all());
        }
        let mut list = Vec::new();
        for item in s.split(',') {
            if item.trim().is_empty() {
                return Err(format!("empty name in the list '{s}'"));
            }
            let choice: T = item.parse()?;
            if !list.contains(&choice) {
                list.push(choice);
            }
        }
        Ok(Choices(list))
    }
}

impl<T: Choice> fmt::Display for Choices<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_keep_order_and_drop_repeats() {
        let c: Choices<ValueOrder> = "descending,ascending,descending".parse().unwrap();
        assert_eq!(
            c.as_slice(),
            &[ValueOrder::Descending, ValueOrder::Ascending]
        );
        let err = "sideways".parse::<Choices<VarOrder>>().unwrap_err();
        assert!(err.contains("sideways"), "{err}");
    }
}
