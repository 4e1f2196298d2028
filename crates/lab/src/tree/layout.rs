//! A tidy tree layout: leaves side by side one slot apart, in the order
//! they were reached; each parent centred over its first and last child.

use crate::tree::build::SearchTree;

/// Each node's horizontal position in leaf slots (its depth is its row).
///
/// ```
/// use csp_lab::tree::{grow, tidy_layout};
/// // 4 queens: one variable per row, its column the value.
/// # let mut model = csp::Model::new();
/// # let q = model.int_vars(4, 0..4).unwrap();
/// # model.all_different(&q).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let (tree, _) = grow(&csp::Solver::new(&model), csp::Limits::default(), 1000);
/// let x = tidy_layout(&tree);
/// let root = &tree.nodes()[0];
/// let (first, last) = (root.children[0], *root.children.last().unwrap());
/// assert_eq!(x[0], (x[first] + x[last]) / 2.0);
/// ```
pub fn tidy_layout(tree: &SearchTree) -> Vec<f64> {
    let nodes = tree.nodes();
    let mut x = vec![0.0; nodes.len()];
    // Nodes are in depth-first pre-order, so leaves come left to right...
    let mut slot = 0.0;
    for (i, node) in nodes.iter().enumerate() {
        if node.children.is_empty() {
            x[i] = slot;
            slot += 1.0;
        }
    }
    // ...and every child comes after its parent: walk backwards to centre parents.
    for i in (0..nodes.len()).rev() {
        if let (Some(&first), Some(&last)) = (nodes[i].children.first(), nodes[i].children.last()) {
            x[i] = (x[first] + x[last]) / 2.0;
        }
    }
    x
}

/// Number of leaves (the width of the layout in slots).
///
/// ```
/// use csp_lab::tree::{grow, leaves};
/// // 1 queens: one variable per row, its column the value.
/// # let mut model = csp::Model::new();
/// # let q = model.int_vars(1, 0..1).unwrap();
/// # model.all_different(&q).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let (tree, _) = grow(&csp::Solver::new(&model), csp::Limits::default(), 10);
/// assert_eq!(leaves(&tree), 1);
/// ```
pub fn leaves(tree: &SearchTree) -> usize {
    tree.nodes()
        .iter()
        .filter(|n| n.children.is_empty())
        .count()
}
