//! The colours of search-tree nodes, shared by every picture of a search
//! tree (the replay page here, n-queens' SVG tree), so a failed or a
//! solution node looks the same everywhere.

/// Fill and stroke of each kind of node, by the kind's name: `root`,
/// `inner`, `failed`, `solution`, `unexplored`.
///
/// ```
/// let (fill, stroke) = csp_front::replay::node_colours("failed").unwrap();
/// assert_eq!((fill, stroke), ("#f6c3bd", "#c0392b"));
/// assert!(csp_front::replay::node_colours("purple").is_none());
/// ```
pub fn node_colours(kind: &str) -> Option<(&'static str, &'static str)> {
    NODE_COLOURS
        .iter()
        .find(|(name, _, _)| *name == kind)
        .map(|&(_, fill, stroke)| (fill, stroke))
}

/// Every kind of node with its fill and stroke.
///
/// ```
/// assert_eq!(csp_front::replay::NODE_COLOURS.len(), 5);
/// ```
pub const NODE_COLOURS: [(&str, &str, &str); 5] = [
    ("root", "#333333", "#333333"),
    ("inner", "#ffffff", "#4a5a6a"),
    ("failed", "#f6c3bd", "#c0392b"),
    ("solution", "#9be29b", "#1e7b34"),
    ("unexplored", "#eeeeee", "#999999"),
];
