//! Vilím's Θ-Λ-tree, shared by the unary resource (`disjunctive.rs`) and
//! cumulative edge finding (`cumulative/edge_finding.rs`): tasks as leaves
//! in order of earliest start, each absent, white (in Θ) or gray (in Λ);
//! each node holds the energy of its white tasks and their envelope (the
//! greatest `C * est_Ω + e_Ω` over the sets Ω of them that start no
//! earlier than some task), and the same two with at most one gray task
//! added, with the gray task responsible. On a unary resource (`C = 1`,
//! energy the duration) the envelope is the earliest completion of Θ.
//!
//! The rules that use Θ alone (overload checking, detectable precedences,
//! not-first/not-last) run on a Θ-tree of [`Theta`] leaves: the same
//! tree, each join a third of the work.
//!
//! The callers keep the values within `2^60` in magnitude, so that sums
//! never reach [`NEG`]'s neighbourhood of `i64::MIN`.

/// Minus infinity for envelopes: far enough from `i64::MIN` that adding
/// energies never overflows.
pub(crate) const NEG: i64 = i64::MIN / 4;
/// No gray task responsible.
pub(crate) const NONE: u32 = u32::MAX;

/// A node of the Θ-Λ-tree.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    /// Total energy of the white tasks below.
    pub energy: i64,
    /// Envelope of the white tasks below.
    pub envelope: i64,
    /// The same two with at most one gray task added.
    pub energy_bar: i64,
    pub envelope_bar: i64,
    /// The gray task responsible for `energy_bar` / `envelope_bar`, or `NONE`.
    pub resp_energy: u32,
    pub resp_envelope: u32,
}

const EMPTY: Node = Node {
    energy: 0,
    envelope: NEG,
    energy_bar: 0,
    envelope_bar: NEG,
    resp_energy: NONE,
    resp_envelope: NONE,
};

impl Node {
    /// A white leaf: a task of `energy` whose own envelope is `envelope`
    /// (`C * est + energy`).
    pub fn white(energy: i64, envelope: i64) -> Node {
        Node {
            energy,
            envelope,
            energy_bar: energy,
            envelope_bar: envelope,
            resp_energy: NONE,
            resp_envelope: NONE,
        }
    }

    /// A gray leaf: task `i` of `energy` and own `envelope`.
    pub fn gray(energy: i64, envelope: i64, i: usize) -> Node {
        Node {
            energy: 0,
            envelope: NEG,
            energy_bar: energy,
            envelope_bar: envelope,
            resp_energy: i as u32,
            resp_envelope: i as u32,
        }
    }

    /// The white half: Θ's energy and envelope.
    fn theta(&self) -> Theta {
        Theta {
            energy: self.energy,
            envelope: self.envelope,
        }
    }

    fn join(l: &Node, r: &Node) -> Node {
        let white = Theta::join(&l.theta(), &r.theta());
        let (energy_bar, resp_energy) = if l.energy_bar + r.energy >= l.energy + r.energy_bar {
            (l.energy_bar + r.energy, l.resp_energy)
        } else {
            (l.energy + r.energy_bar, r.resp_energy)
        };
        let mut bar = (r.envelope_bar, r.resp_envelope);
        if l.envelope + r.energy_bar > bar.0 {
            bar = (l.envelope + r.energy_bar, r.resp_energy);
        }
        if l.envelope_bar + r.energy > bar.0 {
            bar = (l.envelope_bar + r.energy, l.resp_envelope);
        }
        Node {
            energy: white.energy,
            envelope: white.envelope,
            energy_bar,
            envelope_bar: bar.0,
            resp_energy,
            resp_envelope: bar.1,
        }
    }
}

/// A node of the Θ-tree: [`Node`]'s white half.
#[derive(Clone, Copy)]
pub(crate) struct Theta {
    /// Total energy of the tasks below.
    pub energy: i64,
    /// Their envelope.
    pub envelope: i64,
}

impl Theta {
    /// A leaf: a task of `energy` whose own envelope is `envelope`.
    pub fn white(energy: i64, envelope: i64) -> Theta {
        Theta { energy, envelope }
    }
}

/// What a tree's nodes do: start empty, join two children, and say the
/// envelope of the tasks in Θ below.
pub(crate) trait TreeNode: Copy {
    const EMPTY: Self;
    fn join(l: &Self, r: &Self) -> Self;
    fn envelope(&self) -> i64;
}

impl TreeNode for Node {
    const EMPTY: Node = EMPTY;
    fn join(l: &Node, r: &Node) -> Node {
        Node::join(l, r)
    }
    fn envelope(&self) -> i64 {
        self.envelope
    }
}

impl TreeNode for Theta {
    const EMPTY: Theta = Theta {
        energy: 0,
        envelope: NEG,
    };
    fn join(l: &Theta, r: &Theta) -> Theta {
        Theta {
            energy: l.energy + r.energy,
            envelope: r.envelope.max(l.envelope + r.energy),
        }
    }
    fn envelope(&self) -> i64 {
        self.envelope
    }
}

/// The tree over a fixed set of tasks, leaves in order of earliest start:
/// a Θ-Λ-tree of [`Node`]s, or a Θ-tree of [`Theta`]s.
pub(crate) struct ThetaTree<N = Node> {
    /// Leaves from `size`, the root at 1.
    nodes: Vec<N>,
    size: usize,
    /// The leaf of each task.
    leaf: Vec<usize>,
}

impl<N> Default for ThetaTree<N> {
    fn default() -> Self {
        ThetaTree {
            nodes: Vec::new(),
            size: 0,
            leaf: Vec::new(),
        }
    }
}

impl<N: TreeNode> ThetaTree<N> {
    /// Empties the tree for the tasks whose order by earliest start is
    /// `by_est`.
    pub fn reset(&mut self, by_est: &[u32]) {
        self.size = by_est.len().next_power_of_two().max(1);
        self.nodes.clear();
        self.nodes.resize(2 * self.size, N::EMPTY);
        self.leaf.clear();
        self.leaf.resize(by_est.len(), 0);
        for (pos, &i) in by_est.iter().enumerate() {
            self.leaf[i as usize] = self.size + pos;
        }
    }

    /// Sets every task's leaf, task by task (`O(n)`).
    pub fn fill(&mut self, leaves: impl Iterator<Item = N>) {
        for (i, node) in leaves.enumerate() {
            self.nodes[self.leaf[i]] = node;
        }
        for k in (1..self.size).rev() {
            self.nodes[k] = N::join(&self.nodes[2 * k], &self.nodes[2 * k + 1]);
        }
    }

    /// Sets task `i`'s leaf (`O(log n)`), each node on its path to the
    /// root joined from the one below and its sibling.
    pub fn set(&mut self, i: usize, mut node: N) {
        let mut k = self.leaf[i];
        self.nodes[k] = node;
        while k > 1 {
            node = self.with_sibling(k, &node);
            k /= 2;
            self.nodes[k] = node;
        }
    }

    /// The parent of node `k` were `k` to hold `node`: `node` joined with
    /// its sibling, in their order.
    fn with_sibling(&self, k: usize, node: &N) -> N {
        if k.is_multiple_of(2) {
            N::join(node, &self.nodes[k + 1])
        } else {
            N::join(&self.nodes[k - 1], node)
        }
    }

    /// Takes task `i` out.
    pub fn remove(&mut self, i: usize) {
        self.set(i, N::EMPTY);
    }

    /// The envelope of Θ without task `i`: its path to the root joined
    /// again with an empty leaf, read only (`O(log n)` reads). Taking the
    /// task out and putting it back wrote the path twice: on la12 under
    /// clause learning, which reruns the rules in its explanations, this
    /// walk saves 12 % of the instructions.
    pub fn without(&self, i: usize) -> i64 {
        let mut k = self.leaf[i];
        if self.nodes[k].envelope() == NEG {
            return self.root().envelope();
        }
        let mut node = N::EMPTY;
        while k > 1 {
            node = self.with_sibling(k, &node);
            k /= 2;
        }
        node.envelope()
    }

    pub fn root(&self) -> &N {
        &self.nodes[1]
    }
}

/// `order` sorted by `key` from the permutation of `0..tasks.len()` it
/// holds (else from scratch): where the tasks moved little since it was
/// sorted, an insertion sort that moves few positions (`O(n)` on an order
/// still sorted); past `4n` moves, the sort from scratch.
pub(crate) fn resort_positions<T>(order: &mut Vec<u32>, tasks: &[T], key: impl Fn(&T) -> i64) {
    if order.len() != tasks.len() {
        return sort_positions(order, tasks, key);
    }
    let key_of = |i: u32| key(&tasks[i as usize]);
    let mut budget = 4 * order.len();
    for k in 1..order.len() {
        let item = order[k];
        let item_key = key_of(item);
        let mut at = k;
        while at > 0 && key_of(order[at - 1]) > item_key {
            if budget == 0 {
                order[at] = item;
                return order.sort_unstable_by_key(|&i| key_of(i));
            }
            budget -= 1;
            order[at] = order[at - 1];
            at -= 1;
        }
        order[at] = item;
    }
}

/// `order` set to the task positions `0..tasks.len()` sorted by `key` (the
/// orders the sweeps of both resources walk: by earliest start, latest
/// completion, ...), its buffer reused.
pub(crate) fn sort_positions<T>(order: &mut Vec<u32>, tasks: &[T], key: impl Fn(&T) -> i64) {
    order.clear();
    order.extend(0..tasks.len() as u32);
    order.sort_unstable_by_key(|&i| key(&tasks[i as usize]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// From any permutation it holds (or none, or one of another
        /// length), the order comes out sorted by the key: a permutation
        /// of the positions whose keys ascend, few moves or many.
        #[test]
        fn resorting_sorts_from_any_order(
            keys in proptest::collection::vec(-5i64..5, 0..40),
            shuffle in proptest::collection::vec(any::<u32>(), 0..40),
            stale in 0usize..3,
        ) {
            let n = keys.len() as u32;
            let mut order: Vec<u32> = match stale {
                0 => Vec::new(),
                1 => (0..n).rev().collect(),
                _ => {
                    let mut o: Vec<u32> = (0..n).collect();
                    for (k, &s) in shuffle.iter().enumerate().take(o.len()) {
                        o.swap(k, s as usize % n as usize);
                    }
                    o
                }
            };
            resort_positions(&mut order, &keys, |&k| k);
            let mut seen = order.clone();
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..n).collect::<Vec<u32>>());
            prop_assert!(order.windows(2).all(|w| keys[w[0] as usize] <= keys[w[1] as usize]));
        }
    }

    #[test]
    fn a_theta_tree_is_the_white_half_of_a_theta_lambda_tree() {
        // Tasks (energy, envelope) in order of earliest start; the same
        // leaves set in both trees, one by one and taken out again.
        let leaves = [(3, 5), (2, 4), (4, 11), (1, 9), (5, 20)];
        let by_est: Vec<u32> = (0..leaves.len() as u32).collect();
        let (mut full, mut theta) = (ThetaTree::<Node>::default(), ThetaTree::<Theta>::default());
        full.reset(&by_est);
        theta.reset(&by_est);
        for (i, &(e, env)) in leaves.iter().enumerate() {
            full.set(i, Node::white(e, env));
            theta.set(i, Theta::white(e, env));
            assert_eq!(full.root().envelope, theta.root().envelope);
            assert_eq!(full.root().energy, theta.root().energy);
        }
        assert_eq!(theta.root().envelope, 20);
        for i in 0..leaves.len() {
            assert_eq!(full.without(i), theta.without(i));
        }
    }

    proptest! {
        /// Θ's envelope without a task, read off its path, is the root's
        /// once the task is taken out (and the tree is as it was after).
        #[test]
        fn without_a_task_is_the_envelope_once_it_is_taken_out(
            leaves in proptest::collection::vec((0i64..20, -10i64..40, any::<bool>()), 1..12),
        ) {
            let by_est: Vec<u32> = (0..leaves.len() as u32).collect();
            let mut theta = ThetaTree::<Theta>::default();
            theta.reset(&by_est);
            for (i, &(e, env, present)) in leaves.iter().enumerate() {
                if present {
                    theta.set(i, Theta::white(e, env + e));
                }
            }
            for (i, &(e, env, present)) in leaves.iter().enumerate() {
                let read = theta.without(i);
                let before = theta.root().envelope;
                theta.remove(i);
                prop_assert_eq!(read, theta.root().envelope);
                if present {
                    theta.set(i, Theta::white(e, env + e));
                }
                prop_assert_eq!(before, theta.root().envelope);
            }
        }
    }
}
