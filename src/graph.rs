//! Simple undirected graphs for colouring: named vertices and edges
//! without loops or repeats, plus the graphs the examples and tests use
//! (the AIMA map of Australia, Mycielski graphs, queen graphs).

use std::collections::HashSet;
use std::fmt;

/// An undirected graph without self-loops or repeated edges.
///
/// ```
/// use csp_workspace::graph::Graph;
/// let mut g = Graph::with_vertices(["a", "b", "c"]);
/// assert_eq!(g.add_edge(0, 1), Ok(true));
/// assert_eq!(g.add_edge(1, 0), Ok(false)); // already there
/// assert!(g.add_edge(2, 2).is_err());
/// assert_eq!(g.edges(), &[(0, 1)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    edges: Vec<(usize, usize)>,
    present: HashSet<(usize, usize)>,
}

/// An edge that a simple graph cannot hold.
///
/// ```
/// use csp_workspace::graph::{EdgeError, Graph};
/// let mut g = Graph::numbered(2);
/// assert_eq!(g.add_edge(0, 5), Err(EdgeError::NoSuchVertex { vertex: 5 }));
/// assert_eq!(EdgeError::SelfLoop { vertex: 1 }.to_string(), "vertex 1 is joined to itself");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EdgeError {
    /// Both ends are the same vertex: no colouring could exist.
    SelfLoop {
        /// The vertex (0-based).
        vertex: usize,
    },
    /// An end is not a vertex of the graph.
    NoSuchVertex {
        /// The index given (0-based).
        vertex: usize,
    },
}

impl fmt::Display for EdgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EdgeError::SelfLoop { vertex } => write!(f, "vertex {vertex} is joined to itself"),
            EdgeError::NoSuchVertex { vertex } => write!(f, "there is no vertex {vertex}"),
        }
    }
}

impl std::error::Error for EdgeError {}

impl Graph {
    /// A graph with these vertex names and no edges.
    pub fn with_vertices<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Graph {
        Graph {
            names: names.into_iter().map(Into::into).collect(),
            edges: Vec::new(),
            present: HashSet::new(),
        }
    }

    /// A graph of `n` vertices named `1` to `n` (as in DIMACS files) and no edges.
    ///
    /// ```
    /// assert_eq!(csp_workspace::graph::Graph::numbered(3).name(2), "3");
    /// ```
    pub fn numbered(n: usize) -> Graph {
        Graph::with_vertices((1..=n).map(|i| i.to_string()))
    }

    /// Joins `u` and `v` (0-based); `Ok(false)` if they already were.
    pub fn add_edge(&mut self, u: usize, v: usize) -> Result<bool, EdgeError> {
        for vertex in [u, v] {
            if vertex >= self.names.len() {
                return Err(EdgeError::NoSuchVertex { vertex });
            }
        }
        if u == v {
            return Err(EdgeError::SelfLoop { vertex: u });
        }
        let e = (u.min(v), u.max(v));
        if !self.present.insert(e) {
            return Ok(false);
        }
        self.edges.push(e);
        Ok(true)
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True when the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The edges, each as `(smaller, larger)`, in the order added.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The map of Australia from Russell and Norvig's *AIMA*: seven
    /// regions, neighbours share a border (Tasmania borders none).
    ///
    /// ```
    /// let g = csp_workspace::graph::Graph::australia();
    /// assert_eq!((g.len(), g.edges().len()), (7, 9));
    /// ```
    pub fn australia() -> Graph {
        let mut g = Graph::with_vertices(["WA", "NT", "SA", "Q", "NSW", "V", "T"]);
        let borders = [
            (0, 1),
            (0, 2),
            (1, 2),
            (1, 3),
            (2, 3),
            (2, 4),
            (2, 5),
            (3, 4),
            (4, 5),
        ];
        for (u, v) in borders {
            g.add_edge(u, v).expect("valid built-in edge");
        }
        g
    }

    /// The Mycielski graph `M_k` (`k >= 1`): `M_1` is one edge, and each
    /// step keeps the graph triangle-free while raising the chromatic
    /// number by one, so `M_k` needs `k + 1` colours. `M_3` (the Grötzsch
    /// graph, DIMACS `myciel3`) has 11 vertices and 20 edges.
    ///
    /// ```
    /// let g = csp_workspace::graph::Graph::mycielski(3);
    /// assert_eq!((g.len(), g.edges().len()), (11, 20));
    /// ```
    pub fn mycielski(k: u32) -> Graph {
        let mut g = Graph::numbered(2);
        g.add_edge(0, 1).expect("valid");
        for _ in 1..k {
            // Vertices v_i keep their numbers, their shadows u_i follow, then the apex w.
            let n = g.len();
            let mut next = Graph::numbered(2 * n + 1);
            for &(a, b) in g.edges() {
                for (x, y) in [(a, b), (a, n + b), (n + a, b)] {
                    next.add_edge(x, y).expect("valid");
                }
            }
            for i in 0..n {
                next.add_edge(n + i, 2 * n).expect("valid");
            }
            g = next;
        }
        g
    }

    /// The `n` x `n` queen graph (DIMACS `queenN_N`): squares, joined when a
    /// queen on one attacks the other.
    ///
    /// ```
    /// let g = csp_workspace::graph::Graph::queens(5);
    /// assert_eq!((g.len(), g.edges().len()), (25, 160));
    /// ```
    pub fn queens(n: usize) -> Graph {
        let mut g = Graph::numbered(n * n);
        for a in 0..n * n {
            for b in a + 1..n * n {
                let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
                if ra == rb || ca == cb || ra.abs_diff(rb) == ca.abs_diff(cb) {
                    g.add_edge(a, b).expect("valid");
                }
            }
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_triangle(g: &Graph) -> bool {
        let adj = |u: usize, v: usize| g.present.contains(&(u.min(v), u.max(v)));
        g.edges()
            .iter()
            .any(|&(a, b)| (0..g.len()).any(|c| adj(a, c) && adj(b, c)))
    }

    #[test]
    fn mycielski_sizes_follow_the_recurrence_and_stay_triangle_free() {
        // n' = 2n + 1, m' = 3m + n.
        let (mut n, mut m) = (2, 1);
        for k in 1..=5 {
            let g = Graph::mycielski(k);
            assert_eq!((g.len(), g.edges().len()), (n, m), "M_{k}");
            assert!(!has_triangle(&g));
            (n, m) = (2 * n + 1, 3 * m + n);
        }
    }

    #[test]
    fn repeated_edges_are_kept_once_in_either_direction() {
        let mut g = Graph::numbered(3);
        assert_eq!(g.add_edge(2, 1), Ok(true));
        assert_eq!(g.add_edge(1, 2), Ok(false));
        assert_eq!(g.edges(), &[(1, 2)]);
    }
}
