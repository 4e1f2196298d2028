//! Cryptarithms such as `SEND+MORE=MONEY`: parsing, and the model (one
//! digit variable per letter, all different, no leading zero, and a single
//! linear equation: each word contributes its letters times powers of ten,
//! addends positively and the result negatively, summing to zero).

use csp::{Cmp, Model, ModelError, VarId, View};
use std::fmt;
use std::str::FromStr;

/// The largest total `sum(10^len)` over all words: keeps every coefficient
/// and partial sum far inside `i64`.
const MAX_MAGNITUDE: i128 = 1_000_000_000_000_000_000;

/// A parsed cryptarithm: addends, result, and the distinct letters in order
/// of first appearance. Letters are upper-cased.
///
/// ```
/// use csp_workspace::cryptarithm::Cryptarithm;
/// let c: Cryptarithm = "send + more = money".parse().unwrap();
/// assert_eq!(c.addends(), &["SEND", "MORE"]);
/// assert_eq!(c.result(), "MONEY");
/// assert_eq!(c.letters().iter().collect::<String>(), "SENDMORY");
/// assert_eq!(c.to_string(), "SEND+MORE=MONEY");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cryptarithm {
    addends: Vec<String>,
    result: String,
    letters: Vec<char>,
}

/// Why an expression was rejected. Positions count characters from 1.
///
/// ```
/// use csp_workspace::cryptarithm::{Cryptarithm, ExprError};
/// let e = "SEND+=MONEY".parse::<Cryptarithm>().unwrap_err();
/// assert_eq!(e.to_string(), "expected a word at position 6, found '='");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprError {
    /// A character that is not a letter, `+`, `=` or whitespace.
    BadChar {
        /// The character.
        ch: char,
        /// Where.
        position: usize,
    },
    /// The expression does not have the shape `WORD+WORD+...=WORD`.
    Expected {
        /// What should have come.
        what: &'static str,
        /// What came instead (`end of input` at the end).
        found: String,
        /// Where.
        position: usize,
    },
    /// More than ten distinct letters: they cannot all be different digits.
    TooManyLetters {
        /// How many there are.
        count: usize,
    },
    /// The numbers are too long to add without overflow.
    TooLarge,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprError::BadChar { ch, position } => write!(
                f,
                "bad character {ch:?} at position {position} (expected letters, + and =)"
            ),
            ExprError::Expected {
                what,
                found,
                position,
            } => write!(f, "expected {what} at position {position}, found {found}"),
            ExprError::TooManyLetters { count } => {
                write!(f, "{count} different letters, but there are only 10 digits")
            }
            ExprError::TooLarge => f.write_str("the words are too long (at most 18 letters)"),
        }
    }
}

impl std::error::Error for ExprError {}

#[derive(Debug)]
enum Token {
    Word(String),
    Plus,
    Equals,
}

impl Token {
    fn describe(&self) -> String {
        match self {
            Token::Word(w) => format!("'{w}'"),
            Token::Plus => "'+'".into(),
            Token::Equals => "'='".into(),
        }
    }
}

/// Splits the text into words and operators, each with its position.
fn tokens(s: &str) -> Result<Vec<(Token, usize)>, ExprError> {
    let mut out: Vec<(Token, usize)> = Vec::new();
    let mut word: Option<(String, usize)> = None;
    for (i, ch) in s.chars().enumerate() {
        let position = i + 1;
        if ch.is_ascii_alphabetic() {
            word.get_or_insert_with(|| (String::new(), position))
                .0
                .push(ch.to_ascii_uppercase());
            continue;
        }
        if let Some((w, p)) = word.take() {
            out.push((Token::Word(w), p));
        }
        match ch {
            '+' => out.push((Token::Plus, position)),
            '=' => out.push((Token::Equals, position)),
            c if c.is_whitespace() => {}
            _ => return Err(ExprError::BadChar { ch, position }),
        }
    }
    if let Some((w, p)) = word {
        out.push((Token::Word(w), p));
    }
    Ok(out)
}

impl FromStr for Cryptarithm {
    type Err = ExprError;

    fn from_str(s: &str) -> Result<Cryptarithm, ExprError> {
        let end = s.chars().count() + 1;
        let mut tokens = tokens(s)?.into_iter();
        let mut words = Vec::new();
        let mut seen_equals = false;
        loop {
            // A word must come next.
            match tokens.next() {
                Some((Token::Word(w), _)) => words.push(w),
                other => return Err(expected("a word", other, end)),
            }
            // Then an operator, or the end after the result.
            match tokens.next() {
                Some((Token::Plus, _)) if !seen_equals => {}
                Some((Token::Equals, _)) if !seen_equals => seen_equals = true,
                None if seen_equals => break,
                other if seen_equals => return Err(expected("end of input", other, end)),
                other => return Err(expected("'+' or '='", other, end)),
            }
        }
        let result = words.pop().expect("the loop ends after a word");
        let mut letters: Vec<char> = Vec::new();
        for ch in words.iter().chain([&result]).flat_map(|w| w.chars()) {
            if !letters.contains(&ch) {
                letters.push(ch);
            }
        }
        if letters.len() > 10 {
            return Err(ExprError::TooManyLetters {
                count: letters.len(),
            });
        }
        let magnitude = words.iter().chain([&result]).try_fold(0i128, |acc, w| {
            let p = 10i128.checked_pow(w.len() as u32)?;
            acc.checked_add(p).filter(|&t| t <= MAX_MAGNITUDE)
        });
        if magnitude.is_none() {
            return Err(ExprError::TooLarge);
        }
        Ok(Cryptarithm {
            addends: words,
            result,
            letters,
        })
    }
}

fn expected(what: &'static str, found: Option<(Token, usize)>, end: usize) -> ExprError {
    let (found, position) = match found {
        Some((t, p)) => (t.describe(), p),
        None => ("end of input".to_owned(), end),
    };
    ExprError::Expected {
        what,
        found,
        position,
    }
}

impl fmt::Display for Cryptarithm {
    /// The canonical form: `SEND+MORE=MONEY`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.addends.join("+"), self.result)
    }
}

impl Cryptarithm {
    /// The words added.
    pub fn addends(&self) -> &[String] {
        &self.addends
    }

    /// The sum's word.
    pub fn result(&self) -> &str {
        &self.result
    }

    /// The distinct letters, in order of first appearance (variable `i` is
    /// `letters()[i]`).
    pub fn letters(&self) -> &[char] {
        &self.letters
    }

    /// The model: variable `i` is the digit of `letters()[i]`.
    ///
    /// ```
    /// use csp_workspace::cryptarithm::Cryptarithm;
    /// let c: Cryptarithm = "SEND+MORE=MONEY".parse().unwrap();
    /// let model = c.model().unwrap();
    /// let solutions: Vec<String> = csp::Solver::new(&model)
    ///     .strategy(csp::Strategy::ArcConsistency)
    ///     .search()
    ///     .map(|s| c.render(s.values()))
    ///     .collect();
    /// assert_eq!(solutions, ["9567+1085=10652"]);
    /// ```
    pub fn model(&self) -> Result<Model, ModelError> {
        let mut model = Model::new();
        let leading: Vec<char> = self
            .addends
            .iter()
            .chain([&self.result])
            .filter(|w| w.len() > 1)
            .filter_map(|w| w.chars().next())
            .collect();
        let digits = self
            .letters
            .iter()
            .map(|c| model.int_var(if leading.contains(c) { 1..=9 } else { 0..=9 }))
            .collect::<Result<Vec<VarId>, ModelError>>()?;
        model.all_different(&digits)?;
        let var = |c: char| digits[self.letters.iter().position(|&l| l == c).expect("letter")];
        let mut terms: Vec<(i64, View)> = Vec::new();
        for (word, sign) in self
            .addends
            .iter()
            .map(|w| (w, 1))
            .chain([(&self.result, -1)])
        {
            let mut place = sign;
            for c in word.chars().rev() {
                terms.push((place, var(c).into()));
                place *= 10;
            }
        }
        model.linear(terms, Cmp::Eq, 0)?;
        Ok(model)
    }

    /// A solution (one digit per letter) written out: `9567+1085=10652`.
    pub fn render(&self, values: &[i32]) -> String {
        self.to_string()
            .chars()
            .map(|ch| match self.letters.iter().position(|&l| l == ch) {
                Some(i) => char::from_digit(values[i] as u32, 10).unwrap_or('?'),
                None => ch,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::{Solver, Strategy};
    use proptest::prelude::*;

    fn solve(text: &str, strategy: Strategy) -> Vec<String> {
        let c: Cryptarithm = text.parse().unwrap();
        let model = c.model().unwrap();
        Solver::new(&model)
            .strategy(strategy)
            .search()
            .map(|s| c.render(s.values()))
            .collect()
    }

    /// Every assignment of distinct digits, checked by arithmetic: the oracle.
    fn brute_force(c: &Cryptarithm) -> Vec<String> {
        let n = c.letters().len();
        let mut out = Vec::new();
        let mut digits = vec![0i32; n];
        fn go(i: usize, used: u16, d: &mut Vec<i32>, c: &Cryptarithm, out: &mut Vec<String>) {
            if i == d.len() {
                let value = |w: &str| -> Option<i64> {
                    let ds: Vec<i32> = w
                        .chars()
                        .map(|ch| d[c.letters().iter().position(|&l| l == ch).unwrap()])
                        .collect();
                    if ds.len() > 1 && ds[0] == 0 {
                        return None;
                    }
                    Some(ds.iter().fold(0, |acc, &x| acc * 10 + x as i64))
                };
                let sum: Option<i64> = c.addends().iter().map(|w| value(w)).sum();
                if sum.is_some() && sum == value(c.result()) {
                    out.push(c.render(d));
                }
                return;
            }
            for v in 0..10 {
                if used & (1 << v) == 0 {
                    d[i] = v;
                    go(i + 1, used | (1 << v), d, c, out);
                }
            }
        }
        go(0, 0, &mut digits, c, &mut out);
        out
    }

    #[test]
    fn known_puzzles_match_brute_force_under_every_strategy() {
        for text in ["SEND+MORE=MONEY", "TO+GO=OUT", "A+A=B", "AB+BA=CC"] {
            let c: Cryptarithm = text.parse().unwrap();
            let mut want = brute_force(&c);
            want.sort();
            for &s in &[
                Strategy::Backtracking,
                Strategy::ForwardChecking,
                Strategy::ArcConsistency,
            ] {
                let mut got = solve(text, s);
                got.sort();
                assert_eq!(got, want, "{text} with {s}");
            }
        }
        assert_eq!(
            solve("SEND+MORE=MONEY", Strategy::ArcConsistency),
            ["9567+1085=10652"]
        );
    }

    #[test]
    fn bad_expressions_say_what_and_where() {
        let err = |s: &str| s.parse::<Cryptarithm>().unwrap_err().to_string();
        assert_eq!(err(""), "expected a word at position 1, found end of input");
        assert_eq!(
            err("SEND+MORE"),
            "expected '+' or '=' at position 10, found end of input"
        );
        assert_eq!(
            err("A=B=C"),
            "expected end of input at position 4, found '='"
        );
        assert_eq!(
            err("A+B=C D"),
            "expected end of input at position 7, found 'D'"
        );
        assert_eq!(
            err("SEND+M0RE=MONEY"),
            "bad character '0' at position 7 (expected letters, + and =)"
        );
        assert_eq!(
            err("ABCDE+FGHIJ=KA"),
            "11 different letters, but there are only 10 digits"
        );
        assert_eq!(
            err(&format!("{}=A", "A".repeat(19))),
            ExprError::TooLarge.to_string()
        );
    }

    proptest! {
        #[test]
        fn random_text_never_panics(s in "\\PC{0,40}") {
            let _ = s.parse::<Cryptarithm>();
        }

        #[test]
        fn expression_like_text_never_panics(s in "[A-E+= ]{0,30}") {
            if let Ok(c) = s.parse::<Cryptarithm>() {
                c.model().unwrap();
            }
        }

        /// Valid expressions print canonically and parse back to themselves.
        #[test]
        fn valid_expressions_round_trip(
            words in proptest::collection::vec("[A-Fa-f]{1,5}", 2..5),
            spaces in any::<bool>(),
        ) {
            let sep = if spaces { " " } else { "" };
            let (result, addends) = words.split_last().unwrap();
            let text = format!("{}{sep}={sep}{result}", addends.join(&format!("{sep}+{sep}")));
            let c: Cryptarithm = text.parse().unwrap();
            prop_assert_eq!(c.to_string(), text.replace(' ', "").to_uppercase());
            prop_assert_eq!(c.to_string().parse::<Cryptarithm>().unwrap(), c);
        }
    }
}
