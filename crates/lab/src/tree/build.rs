//! The search tree, recorded from the engine's observer hooks as the
//! search runs (no second search): one node per tried assignment.

use csp::{ConstraintId, Limits, Observer, Outcome, Solver, VarId};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One node: the root, or one tried assignment (a choice).
///
/// ```
/// // 4 queens: one variable per row, its column the value.
/// # let mut model = csp::Model::new();
/// # let q = model.int_vars(4, 0..4).unwrap();
/// # model.all_different(&q).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let (tree, _) = csp_lab::tree::grow(&csp::Solver::new(&model), csp::Limits::default(), 100);
/// let first = &tree.nodes()[1];
/// assert_eq!((first.parent, first.choice, first.depth), (Some(0), Some((0, 0)), 1));
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
    /// Children, in the order they were tried.
    pub children: Vec<usize>,
}

/// What a node shows in a picture.
///
/// ```
/// use csp_lab::tree::NodeKind;
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
    /// use csp_lab::tree::{grow, NodeKind};
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let (tree, _) = grow(&csp::Solver::new(&model), csp::Limits::default(), 100);
    /// assert_eq!(tree.nodes()[0].kind(), NodeKind::Root);
    /// assert!(tree.nodes().iter().any(|node| node.kind() == NodeKind::Solution));
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

/// A recorded search tree. Nodes are stored in the order they were
/// created, which is depth-first pre-order: a parent comes before its
/// children, and leaves appear left to right.
///
/// ```
/// // 4 queens: one variable per row, its column the value.
/// # let mut model = csp::Model::new();
/// # let q = model.int_vars(4, 0..4).unwrap();
/// # model.all_different(&q).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let (tree, _) = csp_lab::tree::grow(&csp::Solver::new(&model), csp::Limits::default(), 100);
/// assert!(tree.nodes().iter().enumerate().skip(1).all(|(i, n)| n.parent.unwrap() < i));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchTree {
    nodes: Vec<TreeNode>,
    max_choices: usize,
    truncated: bool,
}

impl SearchTree {
    /// All nodes; index 0 is the root.
    ///
    /// ```
    /// use csp_lab::tree::grow;
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// let (tree, _) = grow(&solver, csp::Limits::default(), 1000);
    /// assert!(tree.nodes()[0].parent.is_none());
    /// ```
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// Number of choices (nodes other than the root).
    ///
    /// ```
    /// use csp_lab::tree::grow;
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// let (tree, _) = grow(&solver, csp::Limits::default(), 1000);
    /// assert_eq!(tree.choices(), tree.nodes().len() - 1);
    /// ```
    pub fn choices(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Number of choices in each kind.
    ///
    /// ```
    /// use csp_lab::tree::{grow, NodeKind};
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// let (tree, outcome) = grow(&solver, csp::Limits::default(), 1000);
    /// assert_eq!(tree.count(NodeKind::Solution), 2);
    /// assert_eq!(tree.count(NodeKind::Failed) as u64, outcome.stats.failures);
    /// ```
    pub fn count(&self, kind: NodeKind) -> usize {
        self.nodes.iter().filter(|n| n.kind() == kind).count()
    }

    /// Values pruned over the whole tree.
    ///
    /// ```
    /// use csp_lab::tree::grow;
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// let (tree, _) = grow(&solver, csp::Limits::default(), 1000);
    /// assert_eq!(tree.pruned(), 0); // backtracking only checks
    /// ```
    pub fn pruned(&self) -> u64 {
        self.nodes.iter().map(|n| n.pruned).sum()
    }

    /// The deepest node's depth.
    ///
    /// ```
    /// use csp_lab::tree::grow;
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// let (tree, _) = grow(&solver, csp::Limits::default(), 1000);
    /// assert_eq!(tree.max_depth(), 4);
    /// ```
    pub fn max_depth(&self) -> usize {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// True if recording stopped at the choice cap before the search ended.
    ///
    /// ```
    /// use csp_lab::tree::grow;
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// let (tree, _) = grow(&solver, csp::Limits::default(), 1000);
    /// assert!(!tree.is_truncated());
    /// ```
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The cap on recorded choices this tree was grown with.
    ///
    /// ```
    /// use csp_lab::tree::grow;
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// let (tree, _) = grow(&solver, csp::Limits::default(), 1000);
    /// assert_eq!(tree.max_choices(), 1000);
    /// ```
    pub fn max_choices(&self) -> usize {
        self.max_choices
    }
}

/// An [`Observer`] that records the search tree, up to a cap on choices.
/// At the cap it stops recording and raises its cancel flag; give that
/// flag to the search's [`Limits::cancel`] so the search stops too.
///
/// ```
/// use csp::{Limits, Solver};
/// use csp_lab::tree::TreeBuilder;
/// // 5 queens: one variable per row, its column the value.
/// # let mut model = csp::Model::new();
/// # let q = model.int_vars(5, 0..5).unwrap();
/// # model.all_different(&q).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let builder = TreeBuilder::new(10);
/// let limits = Limits { cancel: Some(builder.cancel_flag()), ..Limits::default() };
/// let mut search = Solver::new(&model).limits(limits).search_with(builder);
/// while search.next_values().is_some() {}
/// let tree = search.into_observer().into_tree();
/// assert!(tree.is_truncated());
/// assert_eq!(tree.choices(), 10);
/// ```
#[derive(Debug)]
pub struct TreeBuilder {
    tree: SearchTree,
    /// Indices of the nodes on the current branch; `path[0]` is the root.
    path: Vec<usize>,
    cancel: Arc<AtomicBool>,
}

impl TreeBuilder {
    /// A builder that records at most `max_choices` choices.
    ///
    /// ```
    /// let builder = csp_lab::tree::TreeBuilder::new(5);
    /// let flag = builder.cancel_flag();
    /// assert!(!flag.load(std::sync::atomic::Ordering::Relaxed));
    /// assert_eq!(builder.into_tree().choices(), 0);
    /// ```
    pub fn new(max_choices: usize) -> TreeBuilder {
        let root = TreeNode {
            parent: None,
            choice: None,
            depth: 0,
            failed: false,
            solution: false,
            pruned: 0,
            children: Vec::new(),
        };
        TreeBuilder {
            tree: SearchTree {
                nodes: vec![root],
                max_choices,
                truncated: false,
            },
            path: vec![0],
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The flag raised when the cap is reached.
    ///
    /// ```
    /// let builder = csp_lab::tree::TreeBuilder::new(5);
    /// let flag = builder.cancel_flag();
    /// assert!(!flag.load(std::sync::atomic::Ordering::Relaxed));
    /// assert_eq!(builder.into_tree().choices(), 0);
    /// ```
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// The tree recorded so far.
    ///
    /// ```
    /// let builder = csp_lab::tree::TreeBuilder::new(5);
    /// let flag = builder.cancel_flag();
    /// assert!(!flag.load(std::sync::atomic::Ordering::Relaxed));
    /// assert_eq!(builder.into_tree().choices(), 0);
    /// ```
    pub fn into_tree(self) -> SearchTree {
        self.tree
    }

    /// The node events refer to: the deepest on the current branch.
    fn current(&mut self) -> Option<&mut TreeNode> {
        if self.tree.truncated {
            return None;
        }
        let index = *self.path.last()?;
        self.tree.nodes.get_mut(index)
    }
}

impl Observer for TreeBuilder {
    fn choose(&mut self, var: VarId, value: i32, depth: usize) {
        if self.tree.truncated {
            return;
        }
        if self.tree.choices() >= self.tree.max_choices {
            self.tree.truncated = true;
            self.cancel.store(true, Ordering::Relaxed);
            return;
        }
        // The branch holds the root and the `depth - 1` choices above this one.
        self.path.truncate(depth.max(1));
        let parent = *self.path.last().unwrap_or(&0);
        let index = self.tree.nodes.len();
        self.tree.nodes.push(TreeNode {
            parent: Some(parent),
            choice: Some((var.index(), value)),
            depth,
            failed: false,
            solution: false,
            pruned: 0,
            children: Vec::new(),
        });
        self.tree.nodes[parent].children.push(index);
        self.path.push(index);
    }

    fn unchoose(&mut self, _var: VarId, _value: i32, depth: usize) {
        if !self.tree.truncated {
            self.path.truncate(depth.max(1));
        }
    }

    fn prune(&mut self, _var: VarId, _value: i32, _constraint: ConstraintId) {
        if let Some(node) = self.current() {
            node.pruned += 1;
        }
    }

    fn fail(&mut self, _var: VarId, _value: i32, _depth: usize) {
        if let Some(node) = self.current() {
            node.failed = true;
        }
    }

    fn solution(&mut self, _values: &[i32]) {
        if let Some(node) = self.current() {
            node.solution = true;
        }
    }

    fn restart(&mut self) {
        if !self.tree.truncated {
            self.path.truncate(1);
        }
    }
}

/// Runs `solver` to the end under `limits` (plus the cap), recording its
/// tree; returns the tree and the search's outcome.
///
/// ```
/// use csp::{Limits, Solver, Strategy};
/// // 4 queens: one variable per row, its column the value.
/// # let mut model = csp::Model::new();
/// # let q = model.int_vars(4, 0..4).unwrap();
/// # model.all_different(&q).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let solver = Solver::new(&model).strategy(Strategy::ForwardChecking);
/// let (tree, outcome) = csp_lab::tree::grow(&solver, Limits::default(), 1000);
/// // Every choice is a node: survivors (nodes minus the root) and failures.
/// assert_eq!(tree.choices() as u64, outcome.stats.nodes - 1 + outcome.stats.failures);
/// assert!(!tree.is_truncated());
/// ```
pub fn grow(solver: &Solver<'_>, mut limits: Limits, max_choices: usize) -> (SearchTree, Outcome) {
    let builder = TreeBuilder::new(max_choices);
    limits.cancel = Some(builder.cancel_flag());
    let mut search = solver.clone().limits(limits).search_with(builder);
    while search.next_values().is_some() {}
    let outcome = search.outcome();
    (search.into_observer().into_tree(), outcome)
}
