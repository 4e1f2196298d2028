//! 0/1 knapsack: items with a weight and a value, a capacity; take the
//! items of largest total value whose weight fits. The text format:
//!
//! ```text
//! # comments and blank lines are ignored
//! capacity 10
//! item 5 10     # weight 5, value 10
//! item 4 40
//! ```
//!
//! ```
//! use csp_workspace::knapsack::Knapsack;
//! let k: Knapsack = "capacity 10\nitem 5 10\nitem 4 40\nitem 6 30\nitem 3 50".parse()?;
//! let (model, take, value) = k.model()?;
//! let best = csp::Solver::new(&model).maximize(value)?.last().unwrap();
//! assert_eq!(best.value, 90); // the items of weight 4 and 3
//! assert_eq!(k.render(&take, best.solution.values()), "items 2 4: weight 7, value 90");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use csp::{Cmp, Model, ModelError, VarId};
use std::io::BufRead;
use std::str::FromStr;

/// A knapsack's model: the model, one 0/1 variable per item, and the
/// objective (total value) to maximise.
pub type KnapsackModel = (Model, Vec<VarId>, Vec<(i64, VarId)>);

/// A knapsack instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knapsack {
    /// The largest total weight.
    pub capacity: i64,
    /// (weight, value) per item.
    pub items: Vec<(i64, i64)>,
}

/// The largest weight, value or capacity accepted (sums stay far from
/// overflow).
pub const MAX_NUMBER: i64 = 1 << 40;

impl FromStr for Knapsack {
    type Err = String;

    /// Parses the text format; errors name the line.
    ///
    /// ```
    /// use csp_workspace::knapsack::Knapsack;
    /// assert_eq!("item 1 2".parse::<Knapsack>().unwrap_err(), "no 'capacity' line");
    /// assert!("capacity 3\nitem x 2".parse::<Knapsack>().unwrap_err().starts_with("line 2"));
    /// ```
    fn from_str(text: &str) -> Result<Knapsack, String> {
        Knapsack::read(text.as_bytes())
    }
}

/// One line of the text format: the capacity, an item, or nothing.
fn read_line(
    line: &str,
    capacity: &mut Option<i64>,
    items: &mut Vec<(i64, i64)>,
) -> Result<(), String> {
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(());
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |w: &str| -> Result<i64, String> {
        w.parse::<i64>()
            .ok()
            .filter(|n| (0..=MAX_NUMBER).contains(n))
            .ok_or_else(|| format!("'{w}' is not a number from 0 to {MAX_NUMBER}"))
    };
    match words.as_slice() {
        ["capacity", c] if capacity.is_none() => *capacity = Some(number(c)?),
        ["capacity", _] => return Err("a second 'capacity' line".to_owned()),
        ["item", w, v] => items.push((number(w)?, number(v)?)),
        _ => return Err("expected 'capacity C' or 'item WEIGHT VALUE'".to_owned()),
    }
    Ok(())
}

impl Knapsack {
    /// Reads the text format line by line, holding at most
    /// [`MAX_LINE_BYTES`](crate::lines::MAX_LINE_BYTES) of a line; errors
    /// name their line.
    ///
    /// ```
    /// use csp_workspace::knapsack::Knapsack;
    /// let k = Knapsack::read(&b"capacity 3\nitem 1 2\n"[..]).unwrap();
    /// assert_eq!(k.items, vec![(1, 2)]);
    /// let e = Knapsack::read(&b"capacity 3\n\xff\n"[..]).unwrap_err();
    /// assert_eq!(e, "line 2: not valid UTF-8");
    /// ```
    pub fn read(input: impl BufRead) -> Result<Knapsack, String> {
        let mut capacity = None;
        let mut items = Vec::new();
        crate::lines::each_line(input, |_, text| read_line(text, &mut capacity, &mut items))?;
        let capacity = capacity.ok_or("no 'capacity' line")?;
        Ok(Knapsack { capacity, items })
    }

    /// The model: one 0/1 variable per item, the weight within the
    /// capacity; and the objective (total value) to maximise.
    pub fn model(&self) -> Result<KnapsackModel, ModelError> {
        let mut model = Model::new();
        let take = model.int_vars(self.items.len(), 0..=1)?;
        if !take.is_empty() {
            let weight = take.iter().zip(&self.items).map(|(&t, &(w, _))| (w, t));
            model.linear(weight, Cmp::Le, self.capacity)?;
        }
        let value = take
            .iter()
            .zip(&self.items)
            .map(|(&t, &(_, v))| (v, t))
            .collect();
        Ok((model, take, value))
    }

    /// The chosen items (1-based), their weight and value.
    pub fn render(&self, take: &[VarId], values: &[i32]) -> String {
        let chosen: Vec<usize> = (0..take.len())
            .filter(|&i| values[take[i].index()] == 1)
            .collect();
        let weight: i64 = chosen.iter().map(|&i| self.items[i].0).sum();
        let value: i64 = chosen.iter().map(|&i| self.items[i].1).sum();
        let names: Vec<String> = chosen.iter().map(|i| (i + 1).to_string()).collect();
        format!("items {}: weight {weight}, value {value}", names.join(" "))
    }
}
