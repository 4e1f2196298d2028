//! The DIMACS graph-colouring format (`.col` files): `c` comment lines, one
//! `p edge V E` line, then `e u v` lines with vertices numbered from 1.
//!
//! Reading is strict about what could hide a mistake (unknown lines, bad
//! numbers, vertices out of range, self-loops) and lenient about what is
//! common in published files (repeated edges, either direction, an edge
//! count `E` that counts both directions, `p col` for `p edge`).

use crate::graph::{EdgeError, Graph};
use crate::lines::{lines, LineError, MAX_LINE_BYTES};
use std::fmt;
use std::io::BufRead;

/// The most vertices a file may declare (keeps a typo from allocating gigabytes).
pub const MAX_VERTICES: usize = 1 << 20;

/// A malformed `.col` file: what is wrong and on which line (1-based).
///
/// ```
/// let e = csp_workspace::dimacs::parse("p edge 2 1\ne 1 3\n").unwrap_err();
/// assert_eq!(e.to_string(), "line 2: vertex 3 is out of range (the graph has vertices 1 to 2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DimacsError {
    /// The line (0 when the problem is the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub kind: DimacsErrorKind,
}

/// What is wrong with a `.col` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DimacsErrorKind {
    /// No `p` line at all.
    MissingProblem,
    /// A second `p` line.
    DuplicateProblem,
    /// An `e` line before the `p` line.
    EdgeBeforeProblem,
    /// A `p` line that is not `p edge V E`.
    BadProblem,
    /// An `e` line that is not `e u v` with two positive numbers.
    BadEdge,
    /// More vertices than [`MAX_VERTICES`].
    TooManyVertices(u64),
    /// An edge end outside `1..=V`.
    OutOfRange {
        /// The number given.
        vertex: u64,
        /// `V`.
        vertices: usize,
    },
    /// An edge from a vertex to itself (1-based).
    SelfLoop(usize),
    /// A line starting with something other than `c`, `p` or `e`.
    UnknownLine(String),
    /// A line too long or not valid UTF-8 ([`read`] only).
    Line(LineError),
    /// Reading failed ([`read`] only): the system's message.
    Io(String),
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            DimacsErrorKind::MissingProblem => f.write_str("no 'p edge V E' line"),
            DimacsErrorKind::DuplicateProblem => f.write_str("a second 'p' line"),
            DimacsErrorKind::EdgeBeforeProblem => {
                f.write_str("an edge before the 'p edge V E' line")
            }
            DimacsErrorKind::BadProblem => f.write_str("expected 'p edge V E'"),
            DimacsErrorKind::BadEdge => f.write_str("expected 'e U V' with vertex numbers"),
            DimacsErrorKind::TooManyVertices(n) => {
                write!(f, "{n} vertices is more than the {MAX_VERTICES} supported")
            }
            DimacsErrorKind::OutOfRange { vertex, vertices } => write!(
                f,
                "vertex {vertex} is out of range (the graph has vertices 1 to {vertices})"
            ),
            DimacsErrorKind::SelfLoop(v) => {
                write!(f, "vertex {v} is joined to itself, so no colouring exists")
            }
            DimacsErrorKind::UnknownLine(word) => {
                write!(f, "unknown line type '{word}' (expected c, p or e)")
            }
            DimacsErrorKind::Line(e) => write!(f, "{e}"),
            DimacsErrorKind::Io(e) => write!(f, "cannot read: {e}"),
        }
    }
}

impl std::error::Error for DimacsError {}

/// Parses a `.col` file's text into a graph with vertices named `1`..`V`.
///
/// ```
/// let text = "c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 3 1\n";
/// let g = csp_workspace::dimacs::parse(text).unwrap();
/// assert_eq!((g.len(), g.edges().len()), (3, 3));
/// ```
pub fn parse(text: &str) -> Result<Graph, DimacsError> {
    let mut reader = Reader::default();
    for (i, raw) in text.lines().enumerate() {
        reader.line(i + 1, raw)?;
    }
    reader.finish()
}

/// Reads a `.col` file from `input` line by line, holding at most
/// [`MAX_LINE_BYTES`] of a line: a longer line, or one that is not valid
/// UTF-8, is an error naming its line.
///
/// ```
/// use csp_workspace::dimacs::{read, DimacsErrorKind};
/// let g = read(&b"p edge 2 1\ne 1 2\n"[..]).unwrap();
/// assert_eq!(g.edges(), &[(0, 1)]);
/// let e = read(&b"c ok\np edge 2 1\nc \xff\n"[..]).unwrap_err();
/// assert_eq!(e.to_string(), "line 3: not valid UTF-8");
/// ```
pub fn read(input: impl BufRead) -> Result<Graph, DimacsError> {
    let mut reader = Reader::default();
    for (i, line) in lines(input, MAX_LINE_BYTES).enumerate() {
        let line = line.map_err(|e| DimacsError {
            line: i + 1,
            kind: DimacsErrorKind::Io(e.to_string()),
        })?;
        let text = line.text.map_err(|e| DimacsError {
            line: line.number,
            kind: DimacsErrorKind::Line(e),
        })?;
        reader.line(line.number, &text)?;
    }
    reader.finish()
}

/// The graph read so far: one line at a time, then [`Reader::finish`].
#[derive(Default)]
struct Reader {
    graph: Option<Graph>,
}

impl Reader {
    fn finish(self) -> Result<Graph, DimacsError> {
        self.graph.ok_or(DimacsError {
            line: 0,
            kind: DimacsErrorKind::MissingProblem,
        })
    }

    fn line(&mut self, line: usize, raw: &str) -> Result<(), DimacsError> {
        let graph = &mut self.graph;
        let err = |kind| DimacsError { line, kind };
        let mut fields = raw.split_whitespace();
        let Some(tag) = fields.next() else {
            return Ok(());
        };
        let rest: Vec<&str> = fields.collect();
        match tag {
            "c" => {}
            "p" => {
                if graph.is_some() {
                    return Err(err(DimacsErrorKind::DuplicateProblem));
                }
                let (kind, v, e) = match rest.as_slice() {
                    [kind, v, e] => (*kind, v.parse::<u64>(), e.parse::<u64>()),
                    _ => return Err(err(DimacsErrorKind::BadProblem)),
                };
                let (Ok(v), Ok(_)) = (v, e) else {
                    return Err(err(DimacsErrorKind::BadProblem));
                };
                if kind != "edge" && kind != "col" {
                    return Err(err(DimacsErrorKind::BadProblem));
                }
                if v > MAX_VERTICES as u64 {
                    return Err(err(DimacsErrorKind::TooManyVertices(v)));
                }
                *graph = Some(Graph::numbered(v as usize));
            }
            "e" => {
                let g = graph
                    .as_mut()
                    .ok_or_else(|| err(DimacsErrorKind::EdgeBeforeProblem))?;
                let [u, v] = rest.as_slice() else {
                    return Err(err(DimacsErrorKind::BadEdge));
                };
                let vertices = g.len();
                let index = |s: &str| -> Result<usize, DimacsError> {
                    let n: u64 = s.parse().map_err(|_| err(DimacsErrorKind::BadEdge))?;
                    match n.checked_sub(1) {
                        Some(i) if (i as usize) < vertices && i < MAX_VERTICES as u64 => {
                            Ok(i as usize)
                        }
                        _ => Err(err(DimacsErrorKind::OutOfRange {
                            vertex: n,
                            vertices,
                        })),
                    }
                };
                let (a, b) = (index(u)?, index(v)?);
                g.add_edge(a, b).map_err(|e| match e {
                    EdgeError::SelfLoop { vertex } => err(DimacsErrorKind::SelfLoop(vertex + 1)),
                    EdgeError::NoSuchVertex { vertex } => err(DimacsErrorKind::OutOfRange {
                        vertex: vertex as u64 + 1,
                        vertices,
                    }),
                })?;
            }
            other => return Err(err(DimacsErrorKind::UnknownLine(other.to_owned()))),
        }
        Ok(())
    }
}

/// Writes a graph as a `.col` file (comment lines first; edges 1-based, each once).
///
/// ```
/// use csp_workspace::{dimacs, graph::Graph};
/// let text = dimacs::write(&Graph::mycielski(1), &["one edge"]);
/// assert_eq!(text, "c one edge\np edge 2 1\ne 1 2\n");
/// assert_eq!(dimacs::parse(&text).unwrap().edges(), Graph::mycielski(1).edges());
/// ```
pub fn write(graph: &Graph, comments: &[&str]) -> String {
    let mut s = String::new();
    for c in comments {
        s.push_str(&format!("c {c}\n"));
    }
    s.push_str(&format!("p edge {} {}\n", graph.len(), graph.edges().len()));
    for &(u, v) in graph.edges() {
        s.push_str(&format!("e {} {}\n", u + 1, v + 1));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn kind(text: &str) -> (usize, DimacsErrorKind) {
        let e = parse(text).unwrap_err();
        (e.line, e.kind)
    }

    #[test]
    fn each_mistake_is_named_with_its_line() {
        assert_eq!(kind("c nothing\n"), (0, DimacsErrorKind::MissingProblem));
        assert_eq!(
            kind("e 1 2\np edge 2 1\n"),
            (1, DimacsErrorKind::EdgeBeforeProblem)
        );
        assert_eq!(
            kind("p edge 2 1\np edge 2 1\n"),
            (2, DimacsErrorKind::DuplicateProblem)
        );
        assert_eq!(kind("p edge two 1\n"), (1, DimacsErrorKind::BadProblem));
        assert_eq!(kind("p graph 2 1\n"), (1, DimacsErrorKind::BadProblem));
        assert_eq!(kind("p edge 2 1\ne 1\n"), (2, DimacsErrorKind::BadEdge));
        assert_eq!(kind("p edge 2 1\ne 1 x\n"), (2, DimacsErrorKind::BadEdge));
        assert_eq!(
            kind("p edge 2 1\n\ne 0 1\n"),
            (
                3,
                DimacsErrorKind::OutOfRange {
                    vertex: 0,
                    vertices: 2
                }
            )
        );
        assert_eq!(
            kind("p edge 2 1\ne 2 2\n"),
            (2, DimacsErrorKind::SelfLoop(2))
        );
        assert_eq!(
            kind("p edge 2 1\nx 1 2\n"),
            (2, DimacsErrorKind::UnknownLine("x".into()))
        );
        assert_eq!(
            kind("p edge 99999999999 0\n"),
            (1, DimacsErrorKind::TooManyVertices(99_999_999_999))
        );
    }

    #[test]
    fn repeated_and_reversed_edges_count_once() {
        let g = parse("p col 3 4\ne 1 2\ne 2 1\ne 2 3\ne 2 3\n").unwrap();
        assert_eq!(g.edges(), &[(0, 1), (1, 2)]);
    }

    proptest! {
        #[test]
        fn random_text_never_panics(s in "\\PC{0,200}") {
            let _ = parse(&s);
        }

        #[test]
        fn format_like_text_never_panics(lines in proptest::collection::vec("(c|p|e|x)( (edge|[0-9]{1,3})){0,4}", 0..12)) {
            let _ = parse(&lines.join("\n"));
        }

        /// Any simple graph written out parses back to the same edges.
        #[test]
        fn written_graphs_round_trip(n in 2usize..12, pairs in proptest::collection::vec((0usize..12, 0usize..12), 0..40)) {
            let mut g = Graph::numbered(n);
            for (u, v) in pairs {
                let _ = g.add_edge(u % n, v % n);
            }
            let back = parse(&write(&g, &["generated"])).unwrap();
            prop_assert_eq!(back, g);
        }
    }
}
