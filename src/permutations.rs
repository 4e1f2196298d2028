//! Permutations of a list of items, possibly with repeats, as a model:
//! variables are positions, values index the distinct items (in order of
//! first appearance), and the constraints say how often each item is used.
//!
//! With distinct items that is one all-different constraint; with repeats
//! it is one "exactly k times" count per item, so `A A B` has 3
//! permutations, not 6. Ascending values in input order give the order a
//! textbook backtracker prints them in.

use csp::{Model, ModelError, Strategy, TraceFormatter, Tracer, VarId};
use std::collections::HashMap;
use std::io::{self, Write};

/// The permutations model of a list of items.
///
/// ```
/// use csp_workspace::permutations::Permutations;
/// let p = Permutations::new(&["A", "A", "B"]).unwrap();
/// assert_eq!(p.distinct(), &["A", "B"]);
/// let all: Vec<String> = csp::Solver::new(p.model())
///     .search()
///     .map(|s| p.format(s.values()))
///     .collect();
/// assert_eq!(all, ["['A', 'A', 'B']", "['A', 'B', 'A']", "['B', 'A', 'A']"]);
/// ```
#[derive(Debug)]
pub struct Permutations {
    model: Model,
    positions: Vec<VarId>,
    distinct: Vec<String>,
    multiplicity: Vec<usize>,
}

impl Permutations {
    /// Builds the model for `items` (an empty list has one permutation, the
    /// empty one).
    pub fn new<S: AsRef<str>>(items: &[S]) -> Result<Permutations, ModelError> {
        let mut distinct: Vec<String> = Vec::new();
        let mut multiplicity: Vec<usize> = Vec::new();
        // A map, not a scan of `distinct`: linear in the number of items.
        let mut index: HashMap<&str, usize> = HashMap::with_capacity(items.len());
        for item in items {
            let item = item.as_ref();
            let i = *index.entry(item).or_insert_with(|| {
                distinct.push(item.to_owned());
                multiplicity.push(0);
                distinct.len() - 1
            });
            multiplicity[i] += 1;
        }
        let mut model = Model::new();
        let positions = if items.is_empty() {
            Vec::new()
        } else {
            model.int_vars(items.len(), 0..distinct.len() as i32)?
        };
        if distinct.len() == items.len() {
            if !positions.is_empty() {
                model.all_different(&positions)?;
            }
        } else {
            for (value, &count) in multiplicity.iter().enumerate() {
                model.count_eq(&positions, value as i32, count)?;
            }
        }
        Ok(Permutations {
            model,
            positions,
            distinct,
            multiplicity,
        })
    }

    /// True when some item occurs more than once.
    ///
    /// ```
    /// use csp_workspace::permutations::Permutations;
    /// assert!(Permutations::new(&["A", "A"]).unwrap().has_repeats());
    /// assert!(!Permutations::new(&["A", "B"]).unwrap().has_repeats());
    /// ```
    pub fn has_repeats(&self) -> bool {
        self.distinct.len() < self.positions.len()
    }

    /// The strategy that suits the model: forward checking is all that
    /// all-different needs here, while the counts of repeated items need
    /// arc consistency's cardinality reasoning to avoid dead ends.
    ///
    /// ```
    /// use csp_workspace::permutations::Permutations;
    /// let p = Permutations::new(&["A", "A", "B"]).unwrap();
    /// assert_eq!(p.suggested_strategy(), csp::Strategy::ArcConsistency);
    /// ```
    pub fn suggested_strategy(&self) -> Strategy {
        if self.has_repeats() {
            Strategy::ArcConsistency
        } else {
            Strategy::ForwardChecking
        }
    }

    /// The model to search.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The variables, one per position.
    ///
    /// ```
    /// let p = csp_workspace::permutations::Permutations::new(&["x", "y"]).unwrap();
    /// assert_eq!(p.positions().len(), 2);
    /// ```
    pub fn positions(&self) -> &[VarId] {
        &self.positions
    }

    /// The distinct items, in order of first appearance (value `i` is `distinct()[i]`).
    pub fn distinct(&self) -> &[String] {
        &self.distinct
    }

    /// How many times each distinct item occurs.
    ///
    /// ```
    /// let p = csp_workspace::permutations::Permutations::new(&["b", "a", "b"]).unwrap();
    /// assert_eq!(p.multiplicity(), &[2, 1]);
    /// ```
    pub fn multiplicity(&self) -> &[usize] {
        &self.multiplicity
    }

    /// A solution (one value per position) as a list: `['A', 'B', 'C']`.
    ///
    /// ```
    /// let p = csp_workspace::permutations::Permutations::new(&["A", "B"]).unwrap();
    /// assert_eq!(p.format(&[1, 0]), "['B', 'A']");
    /// ```
    pub fn format(&self, values: &[i32]) -> String {
        list(values.iter().map(|&v| Some(self.item(v))))
    }

    fn item(&self, value: i32) -> &str {
        usize::try_from(value)
            .ok()
            .and_then(|i| self.distinct.get(i))
            .map_or("?", String::as_str)
    }
}

/// `['A', _, 'C']`: quoted items, `_` for a hole.
fn list<'a>(items: impl Iterator<Item = Option<&'a str>>) -> String {
    let parts: Vec<String> = items
        .map(|i| i.map_or_else(|| "_".to_owned(), |s| format!("'{s}'")))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// The textbook narration of a permutation search, the engine [`Tracer`]'s
/// formatter: each choose and unchoose, with the partial permutation and
/// the items still to place.
pub struct PermutationTrace<'p> {
    perms: &'p Permutations,
    /// Per position, the item placed there.
    slots: Vec<Option<i32>>,
    /// Per distinct item, how many copies are still to place.
    left: Vec<usize>,
}

/// The narrating tracer of a permutation search: the engine's [`Tracer`]
/// with a [`PermutationTrace`].
///
/// ```
/// use csp_workspace::permutations::{permutation_tracer, Permutations};
/// let p = Permutations::new(&["A", "B"]).unwrap();
/// let mut search = csp::Solver::new(p.model()).search_with(permutation_tracer(&p, Vec::new()));
/// assert_eq!(search.by_ref().count(), 2);
/// let text = String::from_utf8(search.into_observer().into_inner()).unwrap();
/// assert!(text.starts_with("choose 'A'  path ['A']  remaining ['B']\n"));
/// assert!(text.contains("  unchoose 'B'  path ['A']  remaining ['B']\n"));
/// ```
pub type PermutationTracer<'p, W> = Tracer<W, PermutationTrace<'p>>;

/// A tracer for `perms` writing to `out`.
pub fn permutation_tracer<W: Write>(perms: &Permutations, out: W) -> PermutationTracer<'_, W> {
    Tracer::with_format(
        out,
        PermutationTrace {
            perms,
            slots: vec![None; perms.positions.len()],
            left: perms.multiplicity.clone(),
        },
    )
}

impl PermutationTrace<'_> {
    fn line(&self, out: &mut dyn Write, depth: usize, event: &str, value: i32) -> io::Result<()> {
        // The path runs to the last filled position, so with the input order
        // it is exactly the textbook's prefix.
        let end = self
            .slots
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i + 1);
        let path = list(
            self.slots[..end]
                .iter()
                .map(|s| s.map(|v| self.perms.item(v))),
        );
        let remaining = list(
            self.left
                .iter()
                .enumerate()
                .flat_map(|(i, &n)| std::iter::repeat_n(Some(self.perms.item(i as i32)), n)),
        );
        let item = self.perms.item(value);
        writeln!(
            out,
            "{:indent$}{event} '{item}'  path {path}  remaining {remaining}",
            "",
            indent = 2 * depth.saturating_sub(1)
        )
    }
}

impl TraceFormatter for PermutationTrace<'_> {
    // Prunes are not part of this trace.
    const WANTS_PRUNES: bool = false;

    fn choose(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        self.slots[var.index()] = Some(value);
        if let Some(n) = self.left.get_mut(value as usize) {
            *n = n.saturating_sub(1);
        }
        self.line(out, depth, "choose", value)
    }

    fn unchoose(
        &mut self,
        out: &mut dyn Write,
        var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        self.slots[var.index()] = None;
        if let Some(n) = self.left.get_mut(value as usize) {
            *n += 1;
        }
        self.line(out, depth, "unchoose", value)
    }

    fn fail(
        &mut self,
        out: &mut dyn Write,
        _var: VarId,
        value: i32,
        depth: usize,
    ) -> io::Result<()> {
        let item = self.perms.item(value);
        writeln!(
            out,
            "{:indent$}  '{item}' fails: no permutation continues this way",
            "",
            indent = 2 * depth.saturating_sub(1)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::{Solver, Strategy};

    fn all(items: &[&str], strategy: Strategy) -> Vec<String> {
        let p = Permutations::new(items).unwrap();
        let mut search = Solver::new(p.model()).strategy(strategy).search();
        let mut out = Vec::new();
        while let Some(values) = search.next_values() {
            out.push(p.format(values));
        }
        out
    }

    /// The textbook recursive generator over distinct items, as an oracle.
    fn textbook(items: &[&str]) -> Vec<String> {
        fn go(path: &mut Vec<String>, rest: &mut Vec<String>, out: &mut Vec<String>) {
            if rest.is_empty() {
                out.push(list(path.iter().map(|s| Some(s.as_str()))));
            }
            for i in 0..rest.len() {
                let x = rest.remove(i);
                path.push(x);
                go(path, rest, out);
                rest.insert(i, path.pop().unwrap());
            }
        }
        let mut out = Vec::new();
        let mut rest: Vec<String> = items.iter().map(|s| s.to_string()).collect();
        go(&mut Vec::new(), &mut rest, &mut out);
        out
    }

    #[test]
    fn distinct_items_come_in_textbook_order_under_every_strategy() {
        let items = ["A", "B", "C", "D"];
        for &s in Strategy::ALL {
            let got = all(&items, s);
            if s == Strategy::ClauseLearning {
                // Its own branching (by activity) ignores the orders: the
                // same permutations, in another order.
                let (mut got, mut want) = (got, textbook(&items));
                got.sort();
                want.sort();
                assert_eq!(got, want, "{s}");
            } else {
                assert_eq!(got, textbook(&items), "{s}");
            }
        }
    }

    #[test]
    fn repeated_items_give_each_distinct_permutation_once() {
        for &s in Strategy::ALL {
            let got = all(&["A", "A", "B"], s);
            assert_eq!(
                got,
                ["['A', 'A', 'B']", "['A', 'B', 'A']", "['B', 'A', 'A']"],
                "{s}"
            );
        }
        // The textbook generator, deduplicated, agrees on a bigger multiset.
        let items = ["x", "y", "x", "z", "y"];
        let mut want = textbook(&items);
        want.sort();
        want.dedup();
        let mut got = all(&items, Strategy::ArcConsistency);
        got.sort();
        assert_eq!(got, want);
        assert_eq!(got.len(), 30); // 5! / (2! 2!)
    }

    #[test]
    fn no_items_have_the_empty_permutation() {
        assert_eq!(all(&[], Strategy::ForwardChecking), ["[]"]);
    }

    #[test]
    fn the_trace_balances_chooses_and_unchooses() {
        let p = Permutations::new(&["A", "B", "C"]).unwrap();
        let mut search = Solver::new(p.model()).search_with(permutation_tracer(&p, Vec::new()));
        assert_eq!(search.by_ref().count(), 6);
        let text = String::from_utf8(search.into_observer().into_inner()).unwrap();
        let chooses = text
            .lines()
            .filter(|l| l.trim_start().starts_with("choose"))
            .count();
        let unchooses = text
            .lines()
            .filter(|l| l.trim_start().starts_with("unchoose"))
            .count();
        assert_eq!(chooses, 15); // 3 + 6 + 6 tree edges
        assert_eq!(chooses, unchooses);
        assert!(text.contains("    choose 'C'  path ['A', 'B', 'C']  remaining []\n"));
        assert!(text.ends_with("unchoose 'C'  path []  remaining ['A', 'B', 'C']\n"));
    }
}
