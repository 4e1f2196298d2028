//! The one event-to-tree builder: the search tree grown from the events,
//! one node per tried assignment. The laboratory's pictures grow it while
//! the search runs, [`Replay`](super::Replay) plays a recording through it
//! (the tests' reference for the page, whose script mirrors it in
//! `assets/page.js`, `prepare`).

use super::record::Event;

/// One node: the root, or one tried assignment (a choice).
///
/// ```
/// use csp::replay::{Event, Tree};
/// let mut tree = Tree::new();
/// tree.apply(Event::Choose { var: 0, value: 2, depth: 1 });
/// let first = &tree.nodes()[1];
/// assert_eq!((first.parent, first.choice, first.depth), (Some(0), Some((0, 2)), 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The parent's index (`None` for the root).
    pub parent: Option<usize>,
    /// The variable's index and the value tried (`None` for the root).
    pub choice: Option<(usize, i32)>,
    /// Assigned variables including this one (0 for the root).
    pub depth: usize,
    /// The check or propagation rejected this assignment.
    pub failed: bool,
    /// This assignment completed a solution.
    pub solution: bool,
    /// Values removed from other domains by this assignment's propagation.
    pub pruned: u64,
    /// Look-back: a variable below this node ran out of values and the
    /// search jumped back from there to this depth, skipping the levels
    /// in between (the latest such jump).
    pub backjump: Option<usize>,
    /// Nogood learning: nogoods recorded at dead ends right below this node.
    pub learned: u64,
    /// Children, in the order they were tried.
    pub children: Vec<usize>,
}

/// What a node shows in a picture.
///
/// ```
/// use csp::replay::NodeKind;
/// assert_eq!(NodeKind::Failed.name(), "failed");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// The root (no choice made yet).
    Root,
    /// A choice that survived and was explored further.
    Inner,
    /// A choice rejected by its check or propagation.
    Failed,
    /// A choice that completed a solution.
    Solution,
    /// A choice that survived but whose subtree was not explored because
    /// the search was stopped.
    Unexplored,
}

impl NodeKind {
    /// A short lowercase name (used as an SVG class).
    pub fn name(self) -> &'static str {
        match self {
            NodeKind::Root => "root",
            NodeKind::Inner => "inner",
            NodeKind::Failed => "failed",
            NodeKind::Solution => "solution",
            NodeKind::Unexplored => "unexplored",
        }
    }
}

impl TreeNode {
    /// What this node shows.
    ///
    /// ```
    /// use csp::replay::{Event, NodeKind, Tree};
    /// let mut tree = Tree::new();
    /// tree.apply(Event::Choose { var: 0, value: 0, depth: 1 });
    /// tree.apply(Event::Fail { var: 0, value: 0, depth: 1 });
    /// assert_eq!(tree.nodes()[0].kind(), NodeKind::Root);
    /// assert_eq!(tree.nodes()[1].kind(), NodeKind::Failed);
    /// ```
    pub fn kind(&self) -> NodeKind {
        if self.choice.is_none() {
            NodeKind::Root
        } else if self.failed {
            NodeKind::Failed
        } else if self.solution {
            NodeKind::Solution
        } else if self.children.is_empty() {
            NodeKind::Unexplored
        } else {
            NodeKind::Inner
        }
    }
}

/// The search tree grown event by event. Nodes are kept in the order they
/// were created, which is depth-first pre-order: a parent comes before its
/// children, and leaves appear left to right. Prunes, failures and
/// solutions belong to the deepest node of the current branch.
///
/// ```
/// use csp::replay::{Event::*, NodeKind, Tree};
/// let mut tree = Tree::new();
/// for event in [
///     Choose { var: 0, value: 0, depth: 1 },
///     Prune { var: 1, value: 0, constraint: 0 },
///     Choose { var: 1, value: 1, depth: 2 },
///     Solution,
///     Unchoose { var: 1, value: 1, depth: 2 },
///     Unchoose { var: 0, value: 0, depth: 1 },
///     Choose { var: 0, value: 1, depth: 1 },
/// ] {
///     tree.apply(event);
/// }
/// assert_eq!(tree.nodes()[0].children, vec![1, 3]);
/// assert_eq!(tree.nodes()[1].pruned, 1);
/// assert_eq!(tree.nodes()[2].kind(), NodeKind::Solution);
/// assert_eq!((tree.current(), tree.depth()), (3, 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<TreeNode>,
    /// Indices of the nodes on the current branch; `path[0]` is the root.
    path: Vec<usize>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::new()
    }
}

impl Tree {
    /// The tree before any event: the root alone.
    ///
    /// ```
    /// assert_eq!(csp::replay::Tree::new().nodes().len(), 1);
    /// ```
    pub fn new() -> Tree {
        let root = TreeNode {
            parent: None,
            choice: None,
            depth: 0,
            failed: false,
            solution: false,
            pruned: 0,
            backjump: None,
            learned: 0,
            children: Vec::new(),
        };
        Tree {
            nodes: vec![root],
            path: vec![0],
        }
    }

    /// All nodes; index 0 is the root.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// The deepest node of the current branch (0: the root).
    pub fn current(&self) -> usize {
        self.path.last().copied().unwrap_or(0)
    }

    /// The choices on the current branch.
    pub fn depth(&self) -> usize {
        self.path.len() - 1
    }

    /// The nodes of the current branch below `depth` choices, outermost
    /// first: what taking the branch back to `depth` undoes.
    ///
    /// ```
    /// use csp::replay::{Event, Tree};
    /// let mut tree = Tree::new();
    /// tree.apply(Event::Choose { var: 3, value: 1, depth: 1 });
    /// let undone: Vec<_> = tree.below(0).map(|n| n.choice).collect();
    /// assert_eq!(undone, vec![Some((3, 1))]);
    /// ```
    pub fn below(&self, depth: usize) -> impl Iterator<Item = &TreeNode> + '_ {
        self.path
            .get(depth + 1..)
            .unwrap_or(&[])
            .iter()
            .map(|&k| &self.nodes[k])
    }

    /// Takes the current branch back to `depth` choices.
    pub fn back_to(&mut self, depth: usize) {
        self.path.truncate(depth + 1);
    }

    /// Grows the tree by one event.
    pub fn apply(&mut self, event: Event) {
        match event {
            Event::Choose { var, value, depth } => {
                // The branch holds the root and the `depth - 1` choices above this one.
                self.back_to((depth as usize).saturating_sub(1));
                let parent = self.current();
                let index = self.nodes.len();
                self.nodes.push(TreeNode {
                    parent: Some(parent),
                    choice: Some((var as usize, value)),
                    depth: depth as usize,
                    failed: false,
                    solution: false,
                    pruned: 0,
                    backjump: None,
                    learned: 0,
                    children: Vec::new(),
                });
                self.nodes[parent].children.push(index);
                self.path.push(index);
            }
            Event::Unchoose { depth, .. } => self.back_to((depth as usize).saturating_sub(1)),
            Event::Prune { .. } => self.current_node().pruned += 1,
            Event::Fail { .. } => self.current_node().failed = true,
            Event::Solution => self.current_node().solution = true,
            Event::Restart => self.back_to(0),
            // The dead end is the current node's child level.
            Event::Backjump { to, .. } => {
                if let Some(&k) = self.path.get(to as usize) {
                    self.nodes[k].backjump = Some(to as usize);
                }
            }
            Event::Learn { .. } => self.current_node().learned += 1,
        }
    }

    fn current_node(&mut self) -> &mut TreeNode {
        let k = self.current();
        &mut self.nodes[k]
    }
}
