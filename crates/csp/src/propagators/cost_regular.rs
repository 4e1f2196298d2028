//! The scope's first views spell a word an automaton accepts, as in
//! `regular.rs`, and the scope's last view is the word's cost: the sum of
//! the costs of the transitions its path takes (some path, when the
//! automaton is nondeterministic).
//!
//! * check: the (state, cost so far) pairs reachable after each value;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: on `regular.rs`'s layered graph, the cheapest and
//!   dearest cost from the start to each live state and from it to a
//!   final state. The cost view is bounded by the cheapest and dearest
//!   accepted word (exactly those bounds); a value at a position stays
//!   when some transition on it between live states lies on a path whose
//!   cheapest cost is at most the cost's greatest value and whose dearest
//!   is at least its least. To a fixpoint, then the exact last-variable
//!   filter.

use super::bounds::{restrict_view, view_bounds};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// An automaton with a cost per transition over the scope's first views;
/// the last view is the cost.
pub(crate) struct CostRegular {
    /// Per state: its transitions `(value, next state, cost)`, sorted.
    pub transitions: Vec<Vec<(i64, u32, i64)>>,
    pub start: u32,
    /// Per state: is it final?
    pub finals: Vec<bool>,
}

impl ConstraintKind for CostRegular {
    fn name(&self) -> &'static str {
        "cost_regular"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let (word, cost) = vals.split_at(vals.len() - 1);
        let mut now = std::collections::BTreeSet::from([(self.start, 0i128)]);
        for &v in word {
            now = now
                .iter()
                .flat_map(|&(q, c)| {
                    self.transitions[q as usize]
                        .iter()
                        .filter(move |t| t.0 == v)
                        .map(move |&(_, to, k)| (to, c + k as i128))
                })
                .collect();
        }
        now.iter()
            .any(|&(q, c)| self.finals[q as usize] && c == cost[0] as i128)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(CostRegularPropagator {
            con,
            kind: self,
            from_start: Vec::new(),
            to_final: Vec::new(),
            vals: Vec::new(),
        })
    }
}

/// No path: the cheapest cost is `NONE.0` (above any), the dearest
/// `NONE.1` (below any).
const NONE: (i128, i128) = (i128::MAX, i128::MIN);

struct CostRegularPropagator<'m> {
    con: &'m Constraint,
    kind: &'m CostRegular,
    /// Per layer and state (flat): the cheapest and dearest cost of a path
    /// from the start through the current domains (`NONE`: unreachable).
    from_start: Vec<(i128, i128)>,
    /// Per layer and state: the same towards a final state.
    to_final: Vec<(i128, i128)>,
    vals: Vec<i32>,
}

impl CostRegularPropagator<'_> {
    /// Does the word's position `i` (a view) hold the value `v` (a view
    /// value)?
    fn allows(&self, ctx: &Ctx<'_>, i: usize, v: i64) -> bool {
        let view = self.con.scope[i];
        ctx.store.contains(view.var.index, v - view.offset)
    }

    /// The paths' cost bounds through the current domains, both ways.
    fn mark(&mut self, ctx: &Ctx<'_>) {
        let (n, q) = (self.con.scope.len() - 1, self.kind.finals.len());
        let kind = self.kind;
        self.from_start.clear();
        self.from_start.resize((n + 1) * q, NONE);
        self.from_start[kind.start as usize] = (0, 0);
        for i in 0..n {
            for s in 0..q {
                let (lo, hi) = self.from_start[i * q + s];
                if lo > hi {
                    continue;
                }
                for &(v, to, c) in &kind.transitions[s] {
                    if self.allows(ctx, i, v) {
                        let next = &mut self.from_start[(i + 1) * q + to as usize];
                        *next = (next.0.min(lo + c as i128), next.1.max(hi + c as i128));
                    }
                }
            }
        }
        self.to_final.clear();
        self.to_final.resize((n + 1) * q, NONE);
        for s in (0..q).filter(|&s| kind.finals[s]) {
            self.to_final[n * q + s] = (0, 0);
        }
        for i in (0..n).rev() {
            for s in 0..q {
                let mut best = NONE;
                for &(v, to, c) in &kind.transitions[s] {
                    let (lo, hi) = self.to_final[(i + 1) * q + to as usize];
                    if lo <= hi && self.allows(ctx, i, v) {
                        best = (best.0.min(lo + c as i128), best.1.max(hi + c as i128));
                    }
                }
                self.to_final[i * q + s] = best;
            }
        }
    }

    /// Is value `v` at position `i` on a path whose cost bounds meet
    /// `lo..=hi`?
    fn supported(&self, i: usize, v: i64, lo: i128, hi: i128) -> bool {
        let q = self.kind.finals.len();
        (0..q).any(|s| {
            let (a, b) = self.from_start[i * q + s];
            a <= b
                && self.kind.transitions[s]
                    .iter()
                    .filter(|t| t.0 == v)
                    .any(|&(_, to, c)| {
                        let (x, y) = self.to_final[(i + 1) * q + to as usize];
                        x <= y && a + c as i128 + x <= hi && b + c as i128 + y >= lo
                    })
        })
    }
}

impl Propagator for CostRegularPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let n = self.con.scope.len() - 1;
        let cost = self.con.scope[n];
        loop {
            ctx.count_check();
            self.mark(ctx);
            let (lo, hi) = self.to_final[self.kind.start as usize];
            if lo > hi {
                return Err(Wipeout);
            }
            let (clo, chi) = view_bounds(ctx, cost)?;
            // The cost's bounds: the cheapest and dearest accepted word.
            let (lo, hi) = (lo.max(clo as i128), hi.min(chi as i128));
            if lo > hi {
                return Err(Wipeout);
            }
            let mut changed = restrict_view(ctx, cost, lo as i64, hi as i64)?;
            let mut vals = std::mem::take(&mut self.vals);
            let scope = &self.con.scope[..n];
            let pruned = ctx.keep_supported(scope, &mut vals, |i, v| self.supported(i, v, lo, hi));
            self.vals = vals;
            changed |= pruned?;
            if !changed {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}
