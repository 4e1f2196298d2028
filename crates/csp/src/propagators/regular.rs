//! The scope's values spell a word an automaton accepts: from the start
//! state, each value follows a transition, and the last state is final.
//! The automaton may be nondeterministic (several transitions from one
//! state on one value); a missing transition rejects.
//!
//! * check: the set of states reachable after each value;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: domain consistent, on the layered graph (layer `i`
//!   holds the states after `i` values): a forward pass marks the states
//!   reachable from the start through the current domains, a backward pass
//!   those from which a final state is reachable, and a value at position
//!   `i` stays when some transition on it joins a marked state of layer
//!   `i` to one of layer `i + 1`. Over repeated variables the positions
//!   are filtered one by one (sound, not exact), then the exact
//!   last-variable filter.

use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// An automaton over the scope's view values.
pub(crate) struct Regular {
    /// Per state: its transitions `(value, next state)`, sorted.
    pub transitions: Vec<Vec<(i64, u32)>>,
    pub start: u32,
    /// Per state: is it final?
    pub finals: Vec<bool>,
}

impl Regular {
    /// The states one step on `value` leads to from `q`.
    fn next(&self, q: usize, value: i64) -> impl Iterator<Item = usize> + '_ {
        let ts = &self.transitions[q];
        let from = ts.partition_point(|&(v, _)| v < value);
        ts[from..]
            .iter()
            .take_while(move |&&(v, _)| v == value)
            .map(|&(_, to)| to as usize)
    }
}

impl ConstraintKind for Regular {
    fn name(&self) -> &'static str {
        "regular"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let n = self.finals.len();
        let mut now = vec![false; n];
        now[self.start as usize] = true;
        for &v in vals.iter() {
            let mut next = vec![false; n];
            for q in (0..n).filter(|&q| now[q]) {
                for to in self.next(q, v) {
                    next[to] = true;
                }
            }
            now = next;
        }
        (0..n).any(|q| now[q] && self.finals[q])
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(RegularPropagator {
            con,
            kind: self,
            reach: Vec::new(),
            alive: Vec::new(),
            vals: Vec::new(),
        })
    }
}

struct RegularPropagator<'m> {
    con: &'m Constraint,
    kind: &'m Regular,
    /// Per layer and state (flat): reachable from the start.
    reach: Vec<bool>,
    /// Per layer and state (flat): reachable and leads to a final state.
    alive: Vec<bool>,
    vals: Vec<i32>,
}

impl RegularPropagator<'_> {
    /// Marks the layered graph; false if no accepted word is left.
    fn mark(&mut self, ctx: &Ctx<'_>) -> bool {
        let (n, q) = (self.con.scope.len(), self.kind.finals.len());
        let kind = self.kind;
        self.reach.clear();
        self.reach.resize((n + 1) * q, false);
        self.reach[kind.start as usize] = true;
        for (i, view) in self.con.scope.iter().enumerate() {
            let x = view.var.index;
            for s in 0..q {
                if !self.reach[i * q + s] {
                    continue;
                }
                for &(v, to) in &kind.transitions[s] {
                    if ctx.store.contains(x, v - view.offset) {
                        self.reach[(i + 1) * q + to as usize] = true;
                    }
                }
            }
        }
        self.alive.clear();
        self.alive.resize((n + 1) * q, false);
        for s in 0..q {
            self.alive[n * q + s] = self.reach[n * q + s] && kind.finals[s];
        }
        for (i, view) in self.con.scope.iter().enumerate().rev() {
            let x = view.var.index;
            for s in 0..q {
                if !self.reach[i * q + s] {
                    continue;
                }
                self.alive[i * q + s] = kind.transitions[s].iter().any(|&(v, to)| {
                    self.alive[(i + 1) * q + to as usize] && ctx.store.contains(x, v - view.offset)
                });
            }
        }
        self.alive[kind.start as usize]
    }

    /// Does value `v` (a view value) at position `i` join two live states?
    fn supported(&self, i: usize, v: i64) -> bool {
        let q = self.kind.finals.len();
        (0..q).any(|s| {
            self.alive[i * q + s] && self.kind.next(s, v).any(|to| self.alive[(i + 1) * q + to])
        })
    }
}

impl Propagator for RegularPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// An inference rests on the others' domains (the layered graph's
    /// edges that went).
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        domains_of(&self.con.vars, what, Read::Values, d)
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        loop {
            ctx.count_check();
            if !self.mark(ctx) {
                return Err(Wipeout);
            }
            let mut vals = std::mem::take(&mut self.vals);
            let pruned =
                ctx.keep_supported(&self.con.scope, &mut vals, |i, v| self.supported(i, v));
            self.vals = vals;
            let changed = pruned?;
            // Over distinct variables one pass is exact; a repeated one may
            // have lost values other positions relied on.
            if !changed || !self.con.has_repeated_vars() {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}
