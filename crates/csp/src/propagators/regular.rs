//! The scope's values spell a word an automaton accepts: from the start
//! state, each value follows a transition, and the last state is final.
//! The automaton may be nondeterministic (several transitions from one
//! state on one value); a missing transition rejects.
//!
//! * check: the set of states reachable after each value;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: domain consistent, on the layered graph (layer `i`
//!   holds the states after `i` values): the states reachable from the
//!   start through the current domains, and those from which a final state
//!   is reachable; a value at position `i` stays when some transition on it
//!   joins a reachable state of layer `i` to a live one of layer `i + 1`.
//!   The layers are kept between wake-ups and only those beside a changed
//!   domain or a moved layer are recomputed (`layers.rs`), and only the
//!   positions whose domain or neighbouring layers changed since the last
//!   filtering are checked again (`memo.rs` remembers the domains). Over
//!   repeated variables the positions are filtered one by one until
//!   nothing changes (sound, not exact), then the exact last-variable
//!   filter.

use super::explain::{domains_of, Read};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use layers::Layers;
use memo::DomainMemo;

mod layers;
mod memo;
#[cfg(test)]
mod tests;

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
        let n = con.scope.len();
        Box::new(RegularPropagator {
            con,
            kind: self,
            layers: Layers::new(self, n),
            basis: DomainMemo::new(n),
            seen: DomainMemo::new(n),
            seen_ok: false,
            dirty: vec![false; n],
            recheck: vec![false; n],
            wide: false,
            vals: Vec::new(),
        })
    }
}

struct RegularPropagator<'m> {
    con: &'m Constraint,
    kind: &'m Regular,
    /// The layered graph, as of the domains in `basis`.
    layers: Layers,
    /// Per position: the domain the layers were last computed on.
    basis: DomainMemo,
    /// Per position: the domain left by the last completed filtering, every
    /// value of which the layers then supported (trusted only while
    /// `seen_ok`: not after a failure).
    seen: DomainMemo,
    seen_ok: bool,
    /// Per position, this wake-up: the domain differs from `basis`, from
    /// `seen`.
    dirty: Vec<bool>,
    recheck: Vec<bool>,
    /// Was a position too wide to list at the last round?
    wide: bool,
    vals: Vec<i32>,
}

impl RegularPropagator<'_> {
    /// One round: the layers brought up to date, then the values checked
    /// where they can have lost their support (the domain differs from the
    /// one last filtered, or a layer beside it moved; elsewhere every value
    /// kept the support it had). True if a value went. A position too wide
    /// to list is left to the last-variable filter (`wide`).
    fn filter(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let scope = &self.con.scope;
        self.basis.align(ctx.store);
        self.seen.align(ctx.store);
        for (i, view) in scope.iter().enumerate() {
            let x = view.var.index;
            self.dirty[i] = self.basis.record(ctx.store, i, x);
            self.recheck[i] = !self.seen_ok || self.seen.differs(ctx.store, i, x);
        }
        // Until this round completes, nothing filtered is trusted.
        self.seen_ok = false;
        self.layers.sweep(self.kind, scope, ctx.store, &self.dirty);
        if !self.layers.accepts(self.kind) {
            return Err(Wipeout);
        }
        let mut changed = false;
        self.wide = false;
        for (i, view) in scope.iter().enumerate() {
            let x = view.var.index;
            if !ctx.store.listable(x) {
                self.wide = true;
            } else if self.recheck[i] || self.layers.moved_around(i) {
                // (A position not visited kept the domain `seen` holds.)
                self.vals.clear();
                ctx.store.values_into(x, &mut self.vals);
                for &u in &self.vals {
                    if !self.layers.supports(self.kind, i, u as i64 + view.offset) {
                        ctx.remove(x, u as i64)?;
                        changed = true;
                    }
                }
                self.seen.record(ctx.store, i, x);
            }
        }
        self.seen_ok = true;
        Ok(changed)
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
            let changed = self.filter(ctx)?;
            // Over distinct variables one round is exact; a repeated one may
            // have lost values other positions relied on.
            if !changed || !self.con.has_repeated_vars() {
                break;
            }
        }
        // Over distinct listed variables the round was exact, the
        // last-variable filter included.
        if self.con.has_repeated_vars() || self.wide {
            ctx.filter_last(self.con)
        } else {
            Ok(())
        }
    }
}
