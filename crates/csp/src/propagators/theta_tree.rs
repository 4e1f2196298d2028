//! Vilím's Θ-Λ-tree, shared by the unary resource (`disjunctive.rs`) and
//! cumulative edge finding (`cumulative/edge_finding.rs`): tasks as leaves
//! in order of earliest start, each absent, white (in Θ) or gray (in Λ);
//! each node holds the energy of its white tasks and their envelope (the
//! greatest `C * est_Ω + e_Ω` over the sets Ω of them that start no
//! earlier than some task), and the same two with at most one gray task
//! added, with the gray task responsible. On a unary resource (`C = 1`,
//! energy the duration) the envelope is the earliest completion of Θ.
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

    fn join(l: &Node, r: &Node) -> Node {
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
            energy: l.energy + r.energy,
            envelope: r.envelope.max(l.envelope + r.energy),
            energy_bar,
            envelope_bar: bar.0,
            resp_energy,
            resp_envelope: bar.1,
        }
    }
}

/// The tree over a fixed set of tasks, leaves in order of earliest start.
#[derive(Default)]
pub(crate) struct ThetaTree {
    /// Leaves from `size`, the root at 1.
    nodes: Vec<Node>,
    size: usize,
    /// The leaf of each task.
    leaf: Vec<usize>,
}

impl ThetaTree {
    /// Empties the tree for the tasks whose order by earliest start is
    /// `by_est`.
    pub fn reset(&mut self, by_est: &[u32]) {
        self.size = by_est.len().next_power_of_two().max(1);
        self.nodes.clear();
        self.nodes.resize(2 * self.size, EMPTY);
        self.leaf.clear();
        self.leaf.resize(by_est.len(), 0);
        for (pos, &i) in by_est.iter().enumerate() {
            self.leaf[i as usize] = self.size + pos;
        }
    }

    /// Sets every task's leaf, task by task (`O(n)`).
    pub fn fill(&mut self, leaves: impl Iterator<Item = Node>) {
        for (i, node) in leaves.enumerate() {
            self.nodes[self.leaf[i]] = node;
        }
        for k in (1..self.size).rev() {
            self.nodes[k] = Node::join(&self.nodes[2 * k], &self.nodes[2 * k + 1]);
        }
    }

    /// Sets task `i`'s leaf (`O(log n)`).
    pub fn set(&mut self, i: usize, node: Node) {
        let mut k = self.leaf[i];
        self.nodes[k] = node;
        while k > 1 {
            k /= 2;
            self.nodes[k] = Node::join(&self.nodes[2 * k], &self.nodes[2 * k + 1]);
        }
    }

    /// Takes task `i` out.
    pub fn remove(&mut self, i: usize) {
        self.set(i, EMPTY);
    }

    /// The envelope of Θ without task `i`, whose white leaf is `white`.
    pub fn without(&mut self, i: usize, white: Node) -> i64 {
        if self.nodes[self.leaf[i]].envelope == NEG {
            return self.root().envelope;
        }
        self.remove(i);
        let envelope = self.root().envelope;
        self.set(i, white);
        envelope
    }

    pub fn root(&self) -> &Node {
        &self.nodes[1]
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
