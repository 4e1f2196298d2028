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
//! Where the views' variables are distinct, a fixed view's value is first
//! removed from the others and the fixed views left out of the graph (a
//! fixed view is matched to its value in every matching), so a deep node,
//! where most views are fixed, builds a small graph.
//!
//! Components by Tarjan's algorithm with an explicit stack (no recursion),
//! on the reversed graph, which walks the views' own edges and finds in
//! the same pass which nodes an alternating path from a free value reaches.
//! Every buffer lives in [`Matching`] and is reused across calls; values
//! spread over a span at most about twice their count (a permutation's)
//! are numbered by one pass over it rather than sorted.

use super::description::distinct_vars;
use super::{Ctx, Prop};
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::View;

const NONE: u32 = u32::MAX;

/// The matching and the work arrays of the domain-consistency filter.
#[derive(Default)]
pub(crate) struct Matching {
    /// Whether the views' variables are distinct (found at the first call:
    /// the scope never changes).
    distinct: Option<bool>,
    /// The graph's views: their positions in the scope.
    views: Vec<u32>,
    /// The fixed views' values, sorted (left out of the graph).
    fixed: Vec<i64>,
    /// The distinct view values (sorted); values are indices into it.
    values: Vec<i64>,
    /// The view values, view after view (each view's ascending).
    flat: Vec<i64>,
    /// Dense values: per value of the span from the least, its index.
    slot: Vec<u32>,
    /// Per view, its values (indices into `values`), ascending.
    edge_start: Vec<u32>,
    edges: Vec<u32>,
    /// The previous call's matched value of each view, by scope position
    /// (a warm start).
    previous: Vec<i64>,
    view_mate: Vec<u32>,
    value_mate: Vec<u32>,
    /// Breadth-first search for augmenting paths.
    queue: Vec<u32>,
    parent: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    /// Per node (views, then values), whether it is reachable from a
    /// free value.
    reaches: Vec<bool>,
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
        let distinct =
            *(self.distinct).get_or_insert_with(|| distinct_vars(scope).len() == scope.len());
        if self.previous.len() < scope.len() {
            self.previous.resize(scope.len(), i64::MIN);
        }
        self.set_fixed_aside(ctx, scope, distinct)?;
        self.build_graph(ctx, scope)?;
        let n = self.views.len();
        self.match_views(n)?;
        self.components(n);
        for (x, &at) in self.views.iter().enumerate() {
            let view = scope[at as usize];
            let comp = self.component[x];
            for e in self.edge_start[x]..self.edge_start[x + 1] {
                let v = self.edges[e as usize];
                ctx.count_check();
                if v == self.view_mate[x]
                    || self.reaches[n + v as usize]
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

    /// The graph's views (`views`): every view, or, over distinct
    /// variables, the views not fixed, with the fixed views' values in
    /// `fixed`; fails if two fixed views share a value.
    fn set_fixed_aside(&mut self, ctx: &Ctx<'_>, scope: &[View], distinct: bool) -> Prop {
        self.views.clear();
        self.fixed.clear();
        for (at, view) in scope.iter().enumerate() {
            match ctx.fixed_value(view.var.index).filter(|_| distinct) {
                Some(s) => self.fixed.push(s + view.offset),
                None => self.views.push(at as u32),
            }
        }
        self.fixed.sort_unstable();
        match self.fixed.windows(2).any(|w| w[0] == w[1]) {
            true => Err(Wipeout),
            false => Ok(()),
        }
    }

    /// The graph views' current values as edges (value indices, per view),
    /// each fixed view's value removed from their domains on the way.
    fn build_graph(&mut self, ctx: &mut Ctx<'_>, scope: &[View]) -> Prop {
        self.flat.clear();
        self.edge_start.clear();
        let (least, most) = match self.fixed[..] {
            [] => (i64::MAX, i64::MIN),
            [first, .., last] | [first @ last] => (first, last),
        };
        for &at in &self.views {
            let view = scope[at as usize];
            self.edge_start.push(self.flat.len() as u32);
            let x = view.var.index;
            self.buf.clear();
            if ctx.assigned[x as usize] {
                self.buf.push(ctx.values[x as usize]);
            } else {
                ctx.store.values_into(x, &mut self.buf);
            }
            for &u in &self.buf {
                let t = u as i64 + view.offset;
                if (least..=most).contains(&t) && self.fixed.binary_search(&t).is_ok() {
                    ctx.remove(x, i64::from(u))?;
                } else {
                    self.flat.push(t);
                }
            }
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
            return Ok(());
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
        Ok(())
    }

    /// A maximum matching, repairing the previous one; fails if some view
    /// stays unmatched.
    fn match_views(&mut self, n: usize) -> Prop {
        let m = self.values.len();
        self.view_mate.clear();
        self.view_mate.resize(n, NONE);
        self.value_mate.clear();
        self.value_mate.resize(m, NONE);
        for x in 0..n {
            let edges = &self.edges[self.edge_start[x] as usize..self.edge_start[x + 1] as usize];
            let values = &self.values;
            let old = self.previous[self.views[x] as usize];
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
            self.previous[self.views[x] as usize] = self.values[self.view_mate[x] as usize];
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

    /// The `k`th successor of `node` in the reversed alternating graph
    /// (views are nodes `0..n`, values `n..`): a view's unmatched values,
    /// a matched value's view; `None` past the last.
    #[inline]
    fn successor(&self, n: usize, node: u32, k: u32) -> Option<u32> {
        let node = node as usize;
        if node < n {
            let at = self.edge_start[node] + k;
            (at < self.edge_start[node + 1]).then(|| n as u32 + self.edges[at as usize])
        } else {
            let mate = self.value_mate[node - n];
            (k == 0 && mate != NONE).then_some(mate)
        }
    }

    /// Strongly connected components of the alternating graph, and the
    /// nodes reachable from a free value (`reaches`), both found on the
    /// reversed graph (Tarjan, iterative): its components are the same,
    /// a node is reachable from a free value exactly when it reaches one
    /// there, and its successors are read off the views' own edges, so no
    /// reverse adjacency is built. (A view's edge to its own matched value
    /// is walked too: it joins the view to that value's component, which
    /// only ever holds the matched edge, kept anyway, or an alternating
    /// cycle through both.)
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
        self.reaches.clear();
        self.reaches.resize(nodes, false);
        self.stack.clear();
        let mut counter = 0;
        let mut components = 0;
        for root in 0..nodes as u32 {
            if self.index[root as usize] != NONE {
                continue;
            }
            self.open(n, root, &mut counter);
            while let Some(&(node, k)) = self.calls.last() {
                let node = node as usize;
                if let Some(next) = self.successor(n, node as u32, k) {
                    self.calls.last_mut().expect("a call").1 += 1;
                    let next = next as usize;
                    if self.index[next] == NONE {
                        self.open(n, next as u32, &mut counter);
                    } else {
                        // Finished (its component's flag is final) or on
                        // the stack (the same component): either way.
                        self.reaches[node] |= self.reaches[next];
                        if self.on_stack[next] {
                            self.low[node] = self.low[node].min(self.index[next]);
                        }
                    }
                    continue;
                }
                self.calls.pop();
                if let Some(&(up, _)) = self.calls.last() {
                    let up = up as usize;
                    self.low[up] = self.low[up].min(self.low[node]);
                    self.reaches[up] |= self.reaches[node];
                }
                if self.low[node] == self.index[node] {
                    let from = (self.stack.iter().rposition(|&w| w as usize == node))
                        .expect("on the stack");
                    let reaches = (self.stack[from..].iter()).any(|&w| self.reaches[w as usize]);
                    for &w in &self.stack[from..] {
                        let w = w as usize;
                        self.on_stack[w] = false;
                        self.component[w] = components;
                        self.reaches[w] = reaches;
                    }
                    self.stack.truncate(from);
                    components += 1;
                }
            }
        }
    }

    /// Tarjan's visit of `node`: numbered, stacked, called; a free value
    /// reaches itself.
    fn open(&mut self, n: usize, node: u32, counter: &mut u32) {
        let at = node as usize;
        self.index[at] = *counter;
        self.low[at] = *counter;
        *counter += 1;
        self.stack.push(node);
        self.on_stack[at] = true;
        self.reaches[at] = at >= n && self.value_mate[at - n] == NONE;
        self.calls.push((node, 0));
    }
}
