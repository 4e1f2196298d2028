//! Graph colouring with `k` colours: one variable per vertex, one
//! not-equal per edge, and the search for the chromatic number.

use crate::graph::Graph;
use csp::{Model, ModelError, Outcome, Solution, Solver};

/// Colour names for small palettes; larger ones are numbered.
const PALETTE: [&str; 8] = [
    "red", "green", "blue", "yellow", "orange", "purple", "cyan", "pink",
];

/// Whether to count every colouring or only one per renaming of the colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Every colouring (for counting).
    Keep,
    /// Vertex `i` may only use colours `0..=i`: every colouring can be
    /// renamed to one of these (number the colours by first use), so
    /// existence is unchanged and proving "no k-colouring" is cheaper.
    Break,
}

/// The colouring model of a graph with `k` colours.
///
/// ```
/// use csp_workspace::{coloring::{ColoringModel, Symmetry}, graph::Graph};
/// let g = Graph::australia();
/// let m = ColoringModel::new(&g, 3, Symmetry::Keep).unwrap();
/// assert_eq!(csp::Solver::new(m.model()).count().solutions(), 18);
/// let two = ColoringModel::new(&g, 2, Symmetry::Keep).unwrap();
/// assert_eq!(csp::Solver::new(two.model()).count().solutions(), 0);
/// ```
#[derive(Debug)]
pub struct ColoringModel {
    model: Model,
    colors: usize,
}

impl ColoringModel {
    /// Builds the model; `k = 0` is an error unless the graph is empty.
    pub fn new(graph: &Graph, k: usize, symmetry: Symmetry) -> Result<ColoringModel, ModelError> {
        let mut model = Model::new();
        let k32 = i32::try_from(k).unwrap_or(i32::MAX);
        let vertices = (0..graph.len())
            .map(|i| {
                let top = match symmetry {
                    Symmetry::Keep => k32,
                    Symmetry::Break => {
                        k32.min(i32::try_from(i).unwrap_or(i32::MAX).saturating_add(1))
                    }
                };
                model.int_var(0..top)
            })
            .collect::<Result<Vec<_>, _>>()?;
        for &(u, v) in graph.edges() {
            model.not_equal(vertices[u], vertices[v])?;
        }
        Ok(ColoringModel { model, colors: k })
    }

    /// The model to search (variable `i` is vertex `i`'s colour).
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// A colouring written out: `WA=red NT=green ...`; colours are numbered
    /// from 1 when there are more than the palette names.
    ///
    /// ```
    /// use csp_workspace::{coloring::ColoringModel, graph::Graph};
    /// let g = Graph::numbered(2);
    /// assert_eq!(ColoringModel::render(&g, 2, &[0, 1]), "1=red 2=green");
    /// assert_eq!(ColoringModel::render(&g, 9, &[0, 8]), "1=1 2=9");
    /// ```
    pub fn render(graph: &Graph, colors: usize, values: &[i32]) -> String {
        values
            .iter()
            .enumerate()
            .map(|(v, &c)| {
                let colour = match PALETTE.get(c as usize) {
                    Some(name) if colors <= PALETTE.len() => (*name).to_owned(),
                    _ => (c + 1).to_string(),
                };
                format!("{}={colour}", graph.name(v))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The number of colours.
    pub fn colors(&self) -> usize {
        self.colors
    }
}

/// What the search for the chromatic number found.
#[derive(Debug)]
pub struct Chromatic {
    /// The smallest `k` with a colouring, and that colouring; `None` if a
    /// limit stopped the search first.
    pub found: Option<(usize, Solution)>,
    /// The largest `k` proved impossible (0 if none).
    pub impossible_below: usize,
    /// One outcome per `k` tried, in order.
    pub outcomes: Vec<Outcome>,
}

/// Finds the chromatic number by trying `k = 1, 2, ...` (with colour
/// symmetry broken), each search configured by `configure`.
///
/// ```
/// use csp_workspace::{coloring::chromatic_number, graph::Graph};
/// let result = chromatic_number(&Graph::mycielski(3), |s| s).unwrap();
/// assert_eq!(result.found.unwrap().0, 4);
/// assert_eq!(result.impossible_below, 3);
/// ```
pub fn chromatic_number(
    graph: &Graph,
    configure: impl Fn(Solver<'_>) -> Solver<'_>,
) -> Result<Chromatic, ModelError> {
    let mut outcomes = Vec::new();
    if graph.is_empty() {
        let m = ColoringModel::new(graph, 0, Symmetry::Break)?;
        let (s, o) = Solver::new(m.model()).first();
        outcomes.push(o);
        return Ok(Chromatic {
            found: s.map(|s| (0, s)),
            impossible_below: 0,
            outcomes,
        });
    }
    for k in 1..=graph.len() {
        let m = ColoringModel::new(graph, k, Symmetry::Break)?;
        let (solution, outcome) = configure(Solver::new(m.model())).first();
        let complete = outcome.status.is_complete();
        outcomes.push(outcome);
        match solution {
            Some(s) => {
                return Ok(Chromatic {
                    found: Some((k, s)),
                    impossible_below: k - 1,
                    outcomes,
                })
            }
            None if complete => continue,
            None => {
                return Ok(Chromatic {
                    found: None,
                    impossible_below: k - 1,
                    outcomes,
                })
            }
        }
    }
    unreachable!("n colours always colour n vertices")
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::Strategy;

    /// Counts proper colourings by trying every assignment: the oracle.
    fn brute_count(g: &Graph, k: usize) -> u64 {
        let n = g.len();
        let mut colours = vec![0usize; n];
        let mut count = 0;
        loop {
            if g.edges().iter().all(|&(u, v)| colours[u] != colours[v]) {
                count += 1;
            }
            let mut i = 0;
            loop {
                if i == n {
                    return count;
                }
                colours[i] += 1;
                if colours[i] < k {
                    break;
                }
                colours[i] = 0;
                i += 1;
            }
        }
    }

    #[test]
    fn counts_match_brute_force_under_every_strategy() {
        for (g, ks) in [(Graph::australia(), 1..5), (Graph::mycielski(2), 2..5)] {
            for k in ks {
                let m = ColoringModel::new(&g, k, Symmetry::Keep).unwrap();
                for &s in Strategy::ALL {
                    let n = Solver::new(m.model()).strategy(s).count().solutions();
                    assert_eq!(n, brute_count(&g, k), "k = {k}, {s}");
                }
            }
        }
    }

    #[test]
    fn breaking_symmetry_divides_by_the_renamings() {
        // With exactly k colours used, each class of renamings has k! members.
        let g = Graph::mycielski(2); // the 5-cycle, chromatic number 3
        let all = ColoringModel::new(&g, 3, Symmetry::Keep).unwrap();
        let broken = ColoringModel::new(&g, 3, Symmetry::Break).unwrap();
        let a = Solver::new(all.model()).count().solutions();
        let b = Solver::new(broken.model()).count().solutions();
        assert_eq!(a, 30);
        assert_eq!(a, b * 6);
    }

    #[test]
    fn chromatic_numbers_of_known_graphs() {
        let chi =
            |g: &Graph| chromatic_number(g, |s| s.strategy(Strategy::ArcConsistency)).unwrap();
        assert_eq!(chi(&Graph::australia()).found.unwrap().0, 3);
        assert_eq!(chi(&Graph::mycielski(4)).found.unwrap().0, 5);
        assert_eq!(chi(&Graph::queens(5)).found.unwrap().0, 5);
        assert_eq!(chi(&Graph::numbered(3)).found.unwrap().0, 1);
        assert_eq!(chi(&Graph::numbered(0)).found.unwrap().0, 0);
    }
}
