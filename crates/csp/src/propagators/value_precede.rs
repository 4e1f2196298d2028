//! Value precedence along a chain of values: wherever `chain[k + 1]` occurs
//! in the sequence of views (the scope), `chain[k]` occurs earlier
//! (MiniZinc's `value_precede_chain`; `value_precede(s, t, x)` is the chain
//! `[s, t]`).
//!
//! With distinct chain values, a prefix of the sequence has seen exactly
//! the first `k` chain values for some `k` (its state): a value of the chain
//! before `chain[k]`, or off the chain, keeps the state, `chain[k]` moves it
//! to `k + 1`, a later chain value is forbidden. A chain value that repeats
//! an earlier one can never occur, nor can any after it, nor any between
//! the two (each would need the repeated value before it): those values
//! are forbidden everywhere, and the chain stops before the first of them.
//!
//! * check: the state walked along the sequence;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: the states reachable from the start and those from
//!   which the end is reachable, per position (the layered graph of the
//!   states, `O(n m)` for `n` views and `m` chain values); a value stays
//!   when some edge of its label joins the two. Over distinct variables
//!   that is domain consistent (`tests/globals_precede_nvalue_diffn.rs`
//!   checks it against brute force), otherwise sound, then the exact
//!   last-variable filter. The values off the chain are one class: they go
//!   together when no state stays, and a domain too wide to list keeps them.

use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// The scope's views respect the precedence of `chain`.
pub(crate) struct ValuePrecede {
    /// The values that may occur, each preceded by the one before (distinct).
    pub chain: Vec<i64>,
    /// The values that never occur, sorted.
    pub forbidden: Vec<i64>,
    /// `(value, position in chain)`, sorted by value.
    index: Vec<(i64, usize)>,
}

impl ValuePrecede {
    /// The precedence of `chain` as given (values may repeat).
    pub fn new(chain: &[i64]) -> ValuePrecede {
        let repeat = (0..chain.len()).find(|&j| chain[..j].contains(&chain[j]));
        let (mut kept, mut forbidden) = match repeat {
            None => (chain.to_vec(), Vec::new()),
            Some(j) => {
                let first = chain[..j].iter().position(|&v| v == chain[j]).unwrap_or(j);
                let forbidden: Vec<i64> = chain[first..].to_vec();
                let stop = chain[..first]
                    .iter()
                    .position(|v| forbidden.contains(v))
                    .unwrap_or(first);
                (chain[..stop].to_vec(), forbidden)
            }
        };
        forbidden.sort_unstable();
        forbidden.dedup();
        kept.retain(|v| forbidden.binary_search(v).is_err());
        let mut index: Vec<(i64, usize)> = kept.iter().enumerate().map(|(k, &v)| (v, k)).collect();
        index.sort_unstable();
        ValuePrecede {
            chain: kept,
            forbidden,
            index,
        }
    }

    /// The position of `v` in the chain.
    fn position(&self, v: i64) -> Option<usize> {
        self.index
            .binary_search_by_key(&v, |&(value, _)| value)
            .ok()
            .map(|i| self.index[i].1)
    }

    fn is_forbidden(&self, v: i64) -> bool {
        self.forbidden.binary_search(&v).is_ok()
    }
}

impl ConstraintKind for ValuePrecede {
    fn name(&self) -> &'static str {
        "value-precede"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let mut state = 0;
        vals.iter().all(|&v| {
            if self.is_forbidden(v) {
                return false;
            }
            match self.position(v) {
                Some(k) if k == state => {
                    state += 1;
                    true
                }
                Some(k) => k < state,
                None => true,
            }
        })
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(ValuePrecedePropagator {
            con,
            kind: self,
            present: Vec::new(),
            stays: Vec::new(),
            forward: Vec::new(),
            backward: Vec::new(),
            vals: Vec::new(),
        })
    }
}

struct ValuePrecedePropagator<'m> {
    con: &'m Constraint,
    kind: &'m ValuePrecede,
    // Buffers reused at every wake-up, `(m + 1)` states per position.
    /// `[i * m + k]`: `chain[k]` is in view `i`'s domain.
    present: Vec<bool>,
    /// Per view: whether it has a value off the chain, and its first chain
    /// value's position (`m` if none): state `k` can stay when the former
    /// holds or the latter is below `k`.
    stays: Vec<(bool, usize)>,
    /// `[i * (m + 1) + k]`: state `k` is reachable before view `i`.
    forward: Vec<bool>,
    /// `[i * (m + 1) + k]`: the end is reachable from state `k` before view `i`.
    backward: Vec<bool>,
    vals: Vec<i32>,
}

impl ValuePrecedePropagator<'_> {
    /// Reads which chain values each view has, and whether it has others.
    fn read(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let m = self.kind.chain.len();
        self.present.clear();
        self.stays.clear();
        for view in &self.con.scope {
            let x = view.var.index;
            let mut listed = 0u32;
            let mut first = m;
            for (k, &v) in self.kind.chain.iter().enumerate() {
                // Saturating: a chain value far outside 32 bits is in no domain.
                let here = ctx.store.contains(x, v.saturating_sub(view.offset));
                self.present.push(here);
                if here {
                    listed += 1;
                    first = first.min(k);
                }
            }
            for &v in &self.kind.forbidden {
                if ctx.store.contains(x, v.saturating_sub(view.offset)) {
                    ctx.remove(x, v.saturating_sub(view.offset))?;
                }
            }
            let size = ctx.store.size(x);
            if size == 0 {
                return Err(Wipeout);
            }
            self.stays.push((size > listed, first));
        }
        Ok(())
    }

    fn can_stay(&self, i: usize, k: usize) -> bool {
        let (other, first) = self.stays[i];
        other || first < k
    }

    /// Fills the reachable states from the start and towards the end.
    fn layers(&mut self) {
        let (n, m) = (self.con.scope.len(), self.kind.chain.len());
        let w = m + 1;
        self.forward.clear();
        self.forward.resize((n + 1) * w, false);
        self.backward.clear();
        self.backward.resize((n + 1) * w, false);
        self.forward[0] = true;
        for i in 0..n {
            for k in 0..=m {
                if !self.forward[i * w + k] {
                    continue;
                }
                if self.can_stay(i, k) {
                    self.forward[(i + 1) * w + k] = true;
                }
                if k < m && self.present[i * m + k] {
                    self.forward[(i + 1) * w + k + 1] = true;
                }
            }
        }
        self.backward[n * w..].fill(true);
        for i in (0..n).rev() {
            for k in 0..=m {
                let stay = self.can_stay(i, k) && self.backward[(i + 1) * w + k];
                let step = k < m && self.present[i * m + k] && self.backward[(i + 1) * w + k + 1];
                self.backward[i * w + k] = stay || step;
            }
        }
    }

    /// Removes view `i`'s unsupported values.
    fn prune(&mut self, ctx: &mut Ctx<'_>, i: usize) -> Prop {
        let m = self.kind.chain.len();
        let w = m + 1;
        let view = self.con.scope[i];
        let x = view.var.index;
        let on_edge = |k: usize| self.forward[i * w + k] && self.backward[(i + 1) * w + k];
        // The greatest state that stays across view `i` on a live path.
        let top = (0..=m).rev().find(|&k| self.can_stay(i, k) && on_edge(k));
        let (other, _) = self.stays[i];
        for k in 0..m {
            if !self.present[i * m + k] {
                continue;
            }
            let steps = self.forward[i * w + k] && self.backward[(i + 1) * w + k + 1];
            let stays = top.is_some_and(|t| t > k);
            if !steps && !stays {
                ctx.remove(x, self.kind.chain[k].saturating_sub(view.offset))?;
            }
        }
        // Values off the chain keep the state: they need a state that stays.
        let off_chain_ok = top.is_some();
        if other && !off_chain_ok && ctx.store.listable(x) {
            self.vals.clear();
            ctx.store.values_into(x, &mut self.vals);
            for j in 0..self.vals.len() {
                let u = self.vals[j] as i64;
                if self.kind.position(u + view.offset).is_none() {
                    ctx.remove(x, u)?;
                }
            }
        }
        Ok(())
    }
}

impl Propagator for ValuePrecedePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        ctx.count_check();
        self.read(ctx)?;
        self.layers();
        if !self.backward[0] {
            return Err(Wipeout);
        }
        for i in 0..self.con.scope.len() {
            self.prune(ctx, i)?;
        }
        ctx.filter_last(self.con)
    }
}
