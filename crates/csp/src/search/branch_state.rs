//! The search as the state branching reads (a part of the search
//! module: branching itself knows only the `BranchState` trait).

use super::Search;
use crate::branching::{BranchState, Brancher};
use crate::model::Model;
use crate::observer::Observer;
use crate::rng::SplitMix64;

impl<O: Observer> BranchState for Search<'_, O> {
    #[inline(always)]
    fn model(&self) -> &Model {
        self.model
    }

    #[inline(always)]
    fn order(&self) -> &[u32] {
        &self.order
    }

    #[inline(always)]
    fn tier_end(&self, depth: usize) -> usize {
        if depth < self.own_vars {
            self.own_vars
        } else {
            self.order.len()
        }
    }

    #[inline(always)]
    fn depth(&self) -> usize {
        // (Bisection levels assign no variable.)
        self.frames.len() - self.splits
    }

    #[inline]
    fn assigned_value(&self, var: u32) -> Option<i32> {
        self.assigned[var as usize].then(|| self.values[var as usize])
    }

    #[inline(always)]
    fn size(&self, var: u32) -> u32 {
        self.store.size(var)
    }

    #[inline]
    fn min(&self, var: u32) -> Option<i64> {
        self.store.min(var)
    }

    #[inline]
    fn max(&self, var: u32) -> Option<i64> {
        self.store.max(var)
    }

    #[inline]
    fn contains(&self, var: u32, value: i64) -> bool {
        self.store.contains(var, value)
    }

    #[inline]
    fn values_into(&self, var: u32, out: &mut Vec<i32>) {
        self.store.values_into(var, out)
    }

    #[inline(always)]
    fn unassigned_in(&self, c: u32) -> u32 {
        self.occupancy.unassigned_vars[c as usize]
    }

    #[inline(always)]
    fn weight(&self, c: u32) -> u64 {
        self.weights[c as usize]
    }

    #[inline(always)]
    fn min_counted_size(&self) -> Option<u32> {
        self.store.min_counted_size()
    }

    #[inline(always)]
    fn counted_of_size(&self, size: u32) -> &[u32] {
        self.store.counted_of_size(size)
    }

    #[inline(always)]
    fn position(&self, var: u32) -> usize {
        self.order_at[var as usize] as usize
    }

    #[inline(always)]
    fn constrained_left(&self) -> usize {
        self.constrained_left
    }

    #[inline(always)]
    fn restarting(&self) -> bool {
        self.restarts.is_some()
    }

    #[inline(always)]
    fn rng(&mut self) -> &mut SplitMix64 {
        &mut self.rng
    }

    fn trial_prunes(&mut self, var: u32, value: i32) -> u64 {
        Search::trial_prunes(self, var, value)
    }

    #[inline(always)]
    fn brancher(&mut self) -> &mut Brancher {
        &mut self.branching
    }
}
