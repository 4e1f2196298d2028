//! Decisions taken from the solver's branching
//! ([`Solver::follow_branching`](crate::Solver::follow_branching)): while
//! one of the followed variables is open, the learning search decides
//! what the variable order (or selector) and the value order would: `x =
//! v` for the value they put first, `x <= mid` / `x > mid` for the split
//! orders (Gecode's midpoint). Activity decides the rest. Conflicts are
//! analysed, clauses learned and levels jumped over as under activity:
//! the refutation of a decision is the learned clause's asserted literal.
//!
//! The branching reads the search through [`BranchState`], here a view in
//! which a variable is assigned once its domain is one value (propagation
//! fixes variables without deciding them): `order` lists the fixed
//! variables first, then the open ones in creation order, rebuilt in
//! place before each followed decision.

use crate::branching::{self, split_point, BranchState, Brancher};
use crate::config::ValueOrder;
use crate::model::Model;
use crate::propagators::Lit;
use crate::rng::SplitMix64;
use crate::store::Store;
use crate::var::VarId;

/// The followed variables and the buffers of their decisions.
pub(crate) struct Follow {
    /// The variables the branching decides, in no particular order.
    vars: Vec<u32>,
    /// Every variable, the fixed ones first (see the module's note).
    order: Vec<u32>,
    /// Each variable's place in `order`.
    order_at: Vec<u32>,
    /// The chosen variable's values, in the order the branching puts them.
    values: Vec<i32>,
}

impl Follow {
    /// Follows the branching while one of `vars` is open, for a model of
    /// `n` variables.
    pub fn new(n: usize, vars: &[VarId]) -> Follow {
        Follow {
            vars: vars.iter().map(|x| x.index).collect(),
            order: (0..n as u32).collect(),
            order_at: (0..n as u32).collect(),
            values: Vec::new(),
        }
    }

    /// The branching's next decision, or `None` when every followed
    /// variable is fixed.
    pub fn decision(
        &mut self,
        model: &Model,
        store: &Store,
        brancher: &mut Brancher,
        rng: &mut SplitMix64,
        weights: &[u64],
    ) -> Option<Lit> {
        if self.vars.iter().all(|&x| store.size(x) <= 1) {
            return None;
        }
        let depth = self.sort_fixed_first(store);
        let mut state = View {
            model,
            store,
            brancher,
            rng,
            weights,
            order: &self.order,
            order_at: &self.order_at,
            depth,
        };
        let at = branching::select_var(&mut state, depth);
        let x = self.order[at];
        let (min, max) = (store.min(x)?, store.max(x)?);
        let id = VarId {
            model: model.id(),
            index: x,
        };
        let built_in = state.brancher.built_in_order(id);
        Some(match built_in {
            Some(ValueOrder::Split) => Lit::at_most(x, split_point(min, max)),
            Some(ValueOrder::ReverseSplit) => Lit::at_least(x, split_point(min, max) + 1),
            _ if state.brancher.ascending() => Lit::equal(x, min),
            // Too wide to list: walked in its order, as the other searches do.
            Some(order) if !store.listable(x) => match order {
                ValueOrder::Descending => Lit::equal(x, max),
                _ => Lit::equal(x, min),
            },
            _ => {
                let mut values = std::mem::take(&mut self.values);
                values.clear();
                store.values_into(x, &mut values);
                branching::order_values(&mut state, x, &mut values);
                let first = values[0];
                self.values = values;
                Lit::equal(x, i64::from(first))
            }
        })
    }

    /// Puts the fixed variables first in `order` and the open ones after
    /// them in creation order (what the input order and ties read);
    /// returns how many are fixed.
    fn sort_fixed_first(&mut self, store: &Store) -> usize {
        let n = self.order.len() as u32;
        let mut fixed = 0;
        for x in 0..n {
            if store.size(x) <= 1 {
                self.order[fixed] = x;
                fixed += 1;
            }
        }
        let mut open = fixed;
        for x in 0..n {
            if store.size(x) > 1 {
                self.order[open] = x;
                open += 1;
            }
        }
        for (i, &x) in self.order.iter().enumerate() {
            self.order_at[x as usize] = i as u32;
        }
        fixed
    }
}

/// The learning search as the branching reads it.
struct View<'a> {
    model: &'a Model,
    store: &'a Store,
    brancher: &'a mut Brancher,
    rng: &'a mut SplitMix64,
    weights: &'a [u64],
    order: &'a [u32],
    order_at: &'a [u32],
    depth: usize,
}

impl BranchState for View<'_> {
    fn model(&self) -> &Model {
        self.model
    }

    fn order(&self) -> &[u32] {
        self.order
    }

    fn tier_end(&self, _depth: usize) -> usize {
        self.order.len()
    }

    fn depth(&self) -> usize {
        self.depth
    }

    fn assigned_value(&self, var: u32) -> Option<i32> {
        self.store.single(var).map(|v| v as i32)
    }

    fn size(&self, var: u32) -> u32 {
        self.store.size(var)
    }

    fn min(&self, var: u32) -> Option<i64> {
        self.store.min(var)
    }

    fn max(&self, var: u32) -> Option<i64> {
        self.store.max(var)
    }

    fn contains(&self, var: u32, value: i64) -> bool {
        self.store.contains(var, value)
    }

    fn values_into(&self, var: u32, out: &mut Vec<i32>) {
        self.store.values_into(var, out)
    }

    fn unassigned_in(&self, c: u32) -> u32 {
        let vars = &self.model.constraints()[c as usize].vars;
        vars.iter().filter(|&&x| self.store.size(x) > 1).count() as u32
    }

    fn weight(&self, c: u32) -> u64 {
        self.weights[c as usize]
    }

    fn min_counted_size(&self) -> Option<u32> {
        None // no size counts: the orders rank
    }

    fn counted_of_size(&self, _size: u32) -> &[u32] {
        &[]
    }

    fn position(&self, var: u32) -> usize {
        self.order_at[var as usize] as usize
    }

    fn constrained_left(&self) -> usize {
        // Not counted (read only beside the size counts, which are none).
        usize::MAX
    }

    fn restarting(&self) -> bool {
        // Ties to the first, as the annotation says, restarts or not.
        false
    }

    fn rng(&mut self) -> &mut SplitMix64 {
        self.rng
    }

    fn trial_prunes(&mut self, _var: u32, _value: i32) -> u64 {
        // The learning search has no forward-checking trial: the
        // least-constraining order sees every value alike (ascending).
        0
    }

    fn brancher(&mut self) -> &mut Brancher {
        self.brancher
    }
}
