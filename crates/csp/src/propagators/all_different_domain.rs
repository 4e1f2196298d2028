//! Domain consistency for all-different, as in Régin's algorithm (AAAI
//! 1994): a value stays in a view's domain only if some matching of every
//! view to a distinct value uses that pair.
//!
//! 1. A maximum matching in the view-value graph, by augmenting paths
//!    (breadth-first), starting from the previous call's matching wherever
//!    it still holds, so a node usually repairs a few views only (the
//!    previous matching is a hint, checked against the current domains, so
//!    backtracking cannot make it wrong). Fewer matched views than views:
//!    failure.
//! 2. The alternating graph: matched edges view → value, the others value →
//!    view. An unmatched edge is in some maximum matching exactly when both
//!    ends are in one strongly connected component (an alternating cycle),
//!    or its value is reachable from a free value (an even alternating path).
//! 3. Every other edge goes.
//!
//! Components by Tarjan's algorithm with an explicit stack (no recursion).
//! Every buffer lives in [`Matching`] and is reused across calls; values
//! spread over a span at most about twice their count (a permutation's)
//! are numbered by one pass over it rather than sorted.

use super::{Ctx, Prop};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::View;

const NONE: u32 = u32::MAX;

/// The matching and the work arrays of the domain-consistency filter.
#[derive(Default)]
pub(crate) struct Matching {
    /// The distinct view values (sorted); values are indices into it.
    values: Vec<i64>,
    /// The view values, view after view (each view's ascending).
    flat: Vec<i64>,
    /// Dense values: per value of the span from the least, its index.
    slot: Vec<u32>,
    /// Per view, its values (indices into `values`), ascending.
    edge_start: Vec<u32>,
    edges: Vec<u32>,
    /// The previous call's matched value of each view (a warm start).
    previous: Vec<i64>,
    view_mate: Vec<u32>,
    value_mate: Vec<u32>,
    /// Breadth-first search for augmenting paths.
    queue: Vec<u32>,
    parent: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    /// Per value, the views with an unmatched edge to it.
    rev_start: Vec<u32>,
    rev: Vec<u32>,
    /// Values reachable from a free value.
    reached: Vec<bool>,
    /// Tarjan: per node (views, then values) its index, low link and
    /// component; the component stack and the explicit call stack.
    index: Vec<u32>,
    low: Vec<u32>,
    component: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    buf: Vec<i32>,
}

impl Matching {
    /// Removes from `con`'s views every value no maximum matching uses;
    /// fails if the views cannot all take distinct values.
    pub fn filter(&mut self, ctx: &mut Ctx<'_>, con: &Constraint) -> Prop {
        self.filter_views(ctx, &con.scope)
    }

    /// [`Matching::filter`] over any views (the inverse channel's first
    /// half).
    pub fn filter_views(&mut self, ctx: &mut Ctx<'_>, scope: &[View]) -> Prop {
        let n = scope.len();
        let wide = |x: u32| !ctx.assigned[x as usize] && !ctx.store.listable(x);
        if n == 0 || scope.iter().any(|v| wide(v.var.index)) {
            // A domain too wide to list: left to the bounds and the
            // assigned values until it narrows.
            return Ok(());
        }
        self.build_graph(ctx, scope);
        self.match_views(n)?;
        self.reach_from_free_values(n);
        self.components(n);
        for (x, view) in scope.iter().enumerate() {
            let comp = self.component[x];
            for e in self.edge_start[x]..self.edge_start[x + 1] {
                let v = self.edges[e as usize];
                ctx.count_check();
                if v == self.view_mate[x]
                    || self.reached[v as usize]
                    || self.component[n + v as usize] == comp
                {
                    continue;
                }
                // (Never an assigned view's: its one edge is matched.)
                ctx.remove(view.var.index, self.values[v as usize] - view.offset)?;
            }
        }
        Ok(())
    }

    /// The views' current values as edges (value indices, per view).
    fn build_graph(&mut self, ctx: &mut Ctx<'_>, scope: &[View]) {
        self.flat.clear();
        self.edge_start.clear();
        for view in scope {
            self.edge_start.push(self.flat.len() as u32);
            let x = view.var.index;
            self.buf.clear();
            if ctx.assigned[x as usize] {
                self.buf.push(ctx.values[x as usize]);
            } else {
                ctx.store.values_into(x, &mut self.buf);
            }
            self.flat
                .extend(self.buf.iter().map(|&u| u as i64 + view.offset));
        }
        self.edge_start.push(self.flat.len() as u32);
        self.values.clear();
        self.edges.clear();
        let lo = self.flat.iter().copied().min().unwrap_or(0);
        let hi = self.flat.iter().copied().max().unwrap_or(0);
        let span = (hi as i128 - lo as i128) as usize + 1;
        if span <= 2 * self.flat.len() + 64 {
            // Dense values (a permutation's): numbered by a pass over the
            // span, no sort (the same ascending numbering).
            self.slot.clear();
            self.slot.resize(span, NONE);
            for &v in &self.flat {
                self.slot[(v - lo) as usize] = 0;
            }
            for (k, slot) in self.slot.iter_mut().enumerate() {
                if *slot == 0 {
                    *slot = self.values.len() as u32;
                    self.values.push(lo + k as i64);
                }
            }
            let slot = &self.slot;
            self.edges
                .extend(self.flat.iter().map(|&v| slot[(v - lo) as usize]));
            return;
        }
        self.values.extend_from_slice(&self.flat);
        self.values.sort_unstable();
        self.values.dedup();
        let values = &self.values;
        self.edges.extend(
            self.flat
                .iter()
                .map(|v| values.binary_search(v).expect("a listed value") as u32),
        );
    }

    /// A maximum matching, repairing the previous one; fails if some view
    /// stays unmatched.
    fn match_views(&mut self, n: usize) -> Prop {
        let m = self.values.len();
        self.view_mate.clear();
        self.view_mate.resize(n, NONE);
        self.value_mate.clear();
        self.value_mate.resize(m, NONE);
        self.previous.resize(n, i64::MIN);
        for x in 0..n {
            let edges = &self.edges[self.edge_start[x] as usize..self.edge_start[x + 1] as usize];
            let values = &self.values;
            let old = self.previous[x];
            if let Ok(k) = edges.binary_search_by_key(&old, |&v| values[v as usize]) {
                let v = edges[k];
                if self.value_mate[v as usize] == NONE {
                    self.view_mate[x] = v;
                    self.value_mate[v as usize] = x as u32;
                }
            }
        }
        self.parent.resize(m, NONE);
        self.seen.resize(m, 0);
        for x in 0..n {
            if self.view_mate[x] == NONE && !self.augment(x as u32) {
                return Err(Wipeout); // more views than values they can share
            }
        }
        for x in 0..n {
            self.previous[x] = self.values[self.view_mate[x] as usize];
        }
        Ok(())
    }

    /// Breadth-first search for an alternating path from the free view
    /// `start` to a free value; flips it if found.
    fn augment(&mut self, start: u32) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.queue.clear();
        self.queue.push(start);
        let mut head = 0;
        let mut free = NONE;
        'search: while head < self.queue.len() {
            let x = self.queue[head] as usize;
            head += 1;
            for e in self.edge_start[x]..self.edge_start[x + 1] {
                let v = self.edges[e as usize] as usize;
                if self.seen[v] == self.stamp {
                    continue;
                }
                self.seen[v] = self.stamp;
                self.parent[v] = x as u32;
                if self.value_mate[v] == NONE {
                    free = v as u32;
                    break 'search;
                }
                self.queue.push(self.value_mate[v]);
            }
        }
        if free == NONE {
            return false;
        }
        let mut v = free;
        loop {
            let x = self.parent[v as usize];
            let next = self.view_mate[x as usize];
            self.view_mate[x as usize] = v;
            self.value_mate[v as usize] = x;
            if x == start {
                return true;
            }
            v = next;
        }
    }

    /// The unmatched edges by value, and the values reachable from a free
    /// value (value → view by an unmatched edge, view → its matched value).
    fn reach_from_free_values(&mut self, n: usize) {
        let m = self.values.len();
        self.rev_start.clear();
        self.rev_start.resize(m + 1, 0);
        for x in 0..n {
            for e in self.edge_start[x]..self.edge_start[x + 1] {
                let v = self.edges[e as usize];
                if v != self.view_mate[x] {
                    self.rev_start[v as usize + 1] += 1;
                }
            }
        }
        for v in 0..m {
            self.rev_start[v + 1] += self.rev_start[v];
        }
        self.rev.clear();
        self.rev.resize(self.rev_start[m] as usize, 0);
        // Fill by counting down from each value's end (`parent` as cursors).
        self.parent.clear();
        self.parent.extend_from_slice(&self.rev_start[1..]);
        for x in 0..n {
            for e in self.edge_start[x]..self.edge_start[x + 1] {
                let v = self.edges[e as usize] as usize;
                if v as u32 != self.view_mate[x] {
                    self.parent[v] -= 1;
                    self.rev[self.parent[v] as usize] = x as u32;
                }
            }
        }
        self.reached.clear();
        self.reached.resize(m, false);
        self.queue.clear();
        for v in 0..m {
            if self.value_mate[v] == NONE {
                self.reached[v] = true;
                self.queue.push(v as u32);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head] as usize;
            head += 1;
            for k in self.rev_start[v]..self.rev_start[v + 1] {
                let x = self.rev[k as usize] as usize;
                let w = self.view_mate[x] as usize;
                if !self.reached[w] {
                    self.reached[w] = true;
                    self.queue.push(w as u32);
                }
            }
        }
    }

    /// The `k`th successor of `node` in the alternating graph (views are
    /// nodes `0..n`, values `n..`), if any.
    #[inline]
    fn successor(&self, n: usize, node: u32, k: u32) -> Option<u32> {
        let node = node as usize;
        if node < n {
            (k == 0).then(|| n as u32 + self.view_mate[node])
        } else {
            let v = node - n;
            let at = self.rev_start[v] + k;
            (at < self.rev_start[v + 1]).then(|| self.rev[at as usize])
        }
    }

    /// Strongly connected components of the alternating graph (Tarjan,
    /// iterative).
    fn components(&mut self, n: usize) {
        let nodes = n + self.values.len();
        self.index.clear();
        self.index.resize(nodes, NONE);
        self.low.clear();
        self.low.resize(nodes, 0);
        self.component.clear();
        self.component.resize(nodes, NONE);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        self.stack.clear();
        let mut counter = 0;
        let mut components = 0;
        for root in 0..nodes as u32 {
            if self.index[root as usize] != NONE {
                continue;
            }
            self.open(root, &mut counter);
            while let Some(&(node, k)) = self.calls.last() {
                if let Some(next) = self.successor(n, node, k) {
                    self.calls.last_mut().expect("a call").1 += 1;
                    if self.index[next as usize] == NONE {
                        self.open(next, &mut counter);
                    } else if self.on_stack[next as usize] {
                        let low = self.low[node as usize].min(self.index[next as usize]);
                        self.low[node as usize] = low;
                    }
                    continue;
                }
                self.calls.pop();
                if let Some(&(up, _)) = self.calls.last() {
                    let low = self.low[up as usize].min(self.low[node as usize]);
                    self.low[up as usize] = low;
                }
                if self.low[node as usize] == self.index[node as usize] {
                    loop {
                        let w = self.stack.pop().expect("on the stack") as usize;
                        self.on_stack[w] = false;
                        self.component[w] = components;
                        if w == node as usize {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
    }

    /// Tarjan's visit of `node`: numbered, stacked, called.
    fn open(&mut self, node: u32, counter: &mut u32) {
        self.index[node as usize] = *counter;
        self.low[node as usize] = *counter;
        *counter += 1;
        self.stack.push(node);
        self.on_stack[node as usize] = true;
        self.calls.push((node, 0));
    }
}
