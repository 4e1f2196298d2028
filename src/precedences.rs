//! Random precedence networks: the core of a schedule, for bounds reasoning.
//!
//! `tasks` start times over `0..horizon` and `arcs` precedences
//! `start[a] + d <= start[b]`, each arc going from an earlier task to a
//! later one in a random order of the tasks (so the network has no cycle
//! and is satisfiable whenever the horizon covers the longest chain). Bounds
//! propagation moves each start's lower bound to its earliest start in one
//! step per arc, whatever the horizon; the first solution in input order,
//! smallest value first, is the earliest-start schedule, which
//! [`Precedences::earliest_starts`] computes independently (the longest
//! path from the sources).
//!
//! ```
//! use csp_workspace::precedences::Precedences;
//! let net = Precedences::random(50, 200, 1_000_000, 7);
//! let (model, starts) = net.model()?;
//! let (first, _) = csp::Solver::new(&model).strategy(csp::Strategy::ArcConsistency).first();
//! let first = first.expect("the horizon covers every chain");
//! let got: Vec<i64> = starts.iter().map(|&s| first[s] as i64).collect();
//! assert_eq!(got, net.earliest_starts());
//! # Ok::<(), csp::ModelError>(())
//! ```

use csp::{Model, ModelError, VarId};

/// A random acyclic precedence network (see the [module](self) docs).
#[derive(Clone, Debug)]
pub struct Precedences {
    /// The number of tasks.
    pub tasks: usize,
    /// Start times range over `0..horizon`.
    pub horizon: i32,
    /// `(a, b, d)`: task `a` starts at least `d` before task `b`.
    pub arcs: Vec<(usize, usize, i32)>,
}

impl Precedences {
    /// `tasks` tasks, `arcs` random precedences with delays in `1..=10`,
    /// drawn from `seed` (the same seed gives the same network).
    ///
    /// ```
    /// use csp_workspace::precedences::Precedences;
    /// let net = Precedences::random(10, 30, 100, 1);
    /// assert_eq!(net.arcs.len(), 30);
    /// assert!(net.arcs.iter().all(|&(a, b, d)| a != b && (1..=10).contains(&d)));
    /// ```
    pub fn random(tasks: usize, arcs: usize, horizon: i32, seed: u64) -> Precedences {
        let mut state = seed;
        let mut next = move |bound: usize| {
            // splitmix64: small, fast, and the same on every platform.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) % bound.max(1) as u64) as usize
        };
        // A random order of the tasks; arcs go forward in it.
        let mut order: Vec<usize> = (0..tasks).collect();
        for i in (1..tasks).rev() {
            order.swap(i, next(i + 1));
        }
        let mut list = Vec::with_capacity(arcs);
        while list.len() < arcs && tasks >= 2 {
            let (i, j) = (next(tasks), next(tasks));
            if i == j {
                continue;
            }
            let (i, j) = (i.min(j), i.max(j));
            list.push((order[i], order[j], 1 + next(10) as i32));
        }
        Precedences {
            tasks,
            horizon,
            arcs: list,
        }
    }

    /// The model: one start variable per task over `0..horizon`, one
    /// `start[a] + d <= start[b]` per arc. Returns the model and the starts.
    pub fn model(&self) -> Result<(Model, Vec<VarId>), ModelError> {
        let mut model = Model::new();
        let starts = model.int_vars(self.tasks, 0..self.horizon)?;
        for &(a, b, d) in &self.arcs {
            model.less_equal(starts[a] + d, starts[b])?;
        }
        Ok((model, starts))
    }

    /// Each task's earliest start: the longest chain of delays leading to
    /// it (computed in the network's topological order, without the engine).
    pub fn earliest_starts(&self) -> Vec<i64> {
        let mut into: Vec<Vec<(usize, i32)>> = vec![Vec::new(); self.tasks];
        let mut indegree = vec![0usize; self.tasks];
        for &(a, b, d) in &self.arcs {
            into[a].push((b, d));
            indegree[b] += 1;
        }
        let mut start = vec![0i64; self.tasks];
        let mut ready: Vec<usize> = (0..self.tasks).filter(|&t| indegree[t] == 0).collect();
        while let Some(a) = ready.pop() {
            for &(b, d) in &into[a] {
                start[b] = start[b].max(start[a] + d as i64);
                indegree[b] -= 1;
                if indegree[b] == 0 {
                    ready.push(b);
                }
            }
        }
        start
    }
}
