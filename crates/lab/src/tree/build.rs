//! The search tree, recorded from the engine's observer hooks as the
//! search runs (no second search): one node per tried assignment, grown by
//! the engine's one event-to-tree builder ([`Tree`]) up to a cap.

use csp::replay::{Event, Tree};
pub use csp::replay::{NodeKind, TreeNode};
use csp::{ConstraintId, Limits, Observer, Outcome, Solver, VarId};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
    tree: Tree,
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
        self.tree.nodes()
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
        self.tree.nodes().len() - 1
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
        self.nodes().iter().filter(|n| n.kind() == kind).count()
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
        self.nodes().iter().map(|n| n.pruned).sum()
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
        self.nodes().iter().map(|n| n.depth).max().unwrap_or(0)
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
        TreeBuilder {
            tree: SearchTree {
                tree: Tree::new(),
                max_choices,
                truncated: false,
            },
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

    /// Grows the tree by `event`, until the cap.
    fn apply(&mut self, event: Event) {
        if !self.tree.truncated {
            self.tree.tree.apply(event);
        }
    }
}

impl Observer for TreeBuilder {
    fn choose(&mut self, var: VarId, value: i32, depth: usize) {
        if !self.tree.truncated && self.tree.choices() >= self.tree.max_choices {
            self.tree.truncated = true;
            self.cancel.store(true, Ordering::Relaxed);
        }
        self.apply(Event::Choose {
            var: var.index() as u32,
            value,
            depth: depth as u32,
        });
    }

    fn unchoose(&mut self, var: VarId, value: i32, depth: usize) {
        self.apply(Event::Unchoose {
            var: var.index() as u32,
            value,
            depth: depth as u32,
        });
    }

    fn prune(&mut self, var: VarId, value: i32, constraint: ConstraintId) {
        self.apply(Event::Prune {
            var: var.index() as u32,
            value,
            constraint: constraint.index() as u32,
        });
    }

    fn fail(&mut self, var: VarId, value: i32, depth: usize) {
        self.apply(Event::Fail {
            var: var.index() as u32,
            value,
            depth: depth as u32,
        });
    }

    fn solution(&mut self, _values: &[i32]) {
        self.apply(Event::Solution);
    }

    fn restart(&mut self) {
        self.apply(Event::Restart);
    }

    fn backjump(&mut self, from_depth: usize, to_depth: usize) {
        self.apply(Event::Backjump {
            from: from_depth as u32,
            to: to_depth as u32,
        });
    }

    fn learn(&mut self, nogood: &[(VarId, i32)]) {
        // The tree counts nogoods; their assignments are the replay's.
        self.apply(Event::Learn {
            first: 0,
            len: nogood.len() as u32,
        });
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
