//! The layered graph's state sets, kept between wake-ups. Per layer `i`
//! (the states after `i` values): `ahead`, the states reachable from the
//! start through the domains of positions `0..i`, and `behind`, those from
//! which a final state is reachable through the domains of positions
//! `i..n`. Each depends on the domains on its own side only, so a wake-up
//! recomputes a layer only where a domain on that side changed or the
//! neighbouring layer moved, and a sweep passes over a layer that came out
//! the same: only the changed layers are revisited (Pesant's layered graph,
//! kept incremental by comparison rather than by reversible edge counts, so
//! backtracking costs nothing here). State sets are bit sets.

use super::Regular;
use crate::store::Store;
use crate::View;

pub(super) struct Layers {
    /// Words per state set.
    words: usize,
    /// Per layer (flat, `words` each): reachable from the start.
    ahead: Vec<u64>,
    /// Per layer (flat, `words` each): a final state is reachable.
    behind: Vec<u64>,
    /// Per layer: did the last sweep change its `ahead` (or `behind`) set?
    ahead_moved: Vec<bool>,
    behind_moved: Vec<bool>,
    /// Has a sweep filled every layer yet?
    built: bool,
    /// One state set being computed.
    next: Vec<u64>,
    /// Per state: the transitions into it, `(value, from)`.
    preds: Vec<Vec<(i64, u32)>>,
}

/// Calls `f` on each state of a set, lowest first.
#[inline(always)]
fn each_member(set: &[u64], mut f: impl FnMut(usize)) {
    for (k, &word) in set.iter().enumerate() {
        let mut w = word;
        while w != 0 {
            f(k * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

/// Is some state of a set such that `f` holds?
#[inline(always)]
fn any_member(set: &[u64], mut f: impl FnMut(usize) -> bool) -> bool {
    for (k, &word) in set.iter().enumerate() {
        let mut w = word;
        while w != 0 {
            if f(k * 64 + w.trailing_zeros() as usize) {
                return true;
            }
            w &= w - 1;
        }
    }
    false
}

/// Copies `from` into `to`; true if that changed `to`.
#[inline(always)]
fn replace(to: &mut [u64], from: &[u64]) -> bool {
    let mut moved = false;
    for (t, &f) in to.iter_mut().zip(from) {
        moved |= *t != f;
        *t = f;
    }
    moved
}

#[inline(always)]
fn has(set: &[u64], q: usize) -> bool {
    set[q / 64] >> (q % 64) & 1 == 1
}

#[inline(always)]
fn put(set: &mut [u64], q: usize) {
    set[q / 64] |= 1 << (q % 64);
}

impl Layers {
    /// The layers of an automaton over a scope of `n` positions.
    pub(super) fn new(kind: &Regular, n: usize) -> Layers {
        let q = kind.finals.len();
        let words = q.div_ceil(64).max(1);
        let mut preds = vec![Vec::new(); q];
        for (from, ts) in kind.transitions.iter().enumerate() {
            for &(v, to) in ts {
                preds[to as usize].push((v, from as u32));
            }
        }
        Layers {
            words,
            ahead: vec![0; (n + 1) * words],
            behind: vec![0; (n + 1) * words],
            ahead_moved: vec![false; n + 1],
            behind_moved: vec![false; n + 1],
            built: false,
            next: vec![0; words],
            preds,
        }
    }

    #[inline(always)]
    fn layer(sets: &[u64], words: usize, i: usize) -> &[u64] {
        &sets[i * words..(i + 1) * words]
    }

    /// Brings every layer up to date with the domains, given the positions
    /// whose domain changed since the last sweep (`dirty`; all of them
    /// before the first).
    pub(super) fn sweep(&mut self, kind: &Regular, scope: &[View], store: &Store, dirty: &[bool]) {
        let (n, w, fresh) = (scope.len(), self.words, !self.built);
        if fresh {
            self.ahead[..w].fill(0);
            put(&mut self.ahead[..w], kind.start as usize);
            let last = &mut self.behind[n * w..];
            last.fill(0);
            for q in (0..kind.finals.len()).filter(|&q| kind.finals[q]) {
                put(last, q);
            }
        }
        self.ahead_moved[0] = fresh;
        for (i, view) in scope.iter().enumerate() {
            if !fresh && !dirty[i] && !self.ahead_moved[i] {
                self.ahead_moved[i + 1] = false;
                continue;
            }
            let x = view.var.index;
            self.next.fill(0);
            let next = &mut self.next;
            each_member(Self::layer(&self.ahead, w, i), |s| {
                for &(v, to) in &kind.transitions[s] {
                    if store.contains(x, v - view.offset) {
                        put(next, to as usize);
                    }
                }
            });
            let dest = &mut self.ahead[(i + 1) * w..(i + 2) * w];
            self.ahead_moved[i + 1] = replace(dest, &self.next) || fresh;
        }
        self.behind_moved[n] = fresh;
        for (i, view) in scope.iter().enumerate().rev() {
            if !fresh && !dirty[i] && !self.behind_moved[i + 1] {
                self.behind_moved[i] = false;
                continue;
            }
            let x = view.var.index;
            self.next.fill(0);
            let (next, preds) = (&mut self.next, &self.preds);
            each_member(Self::layer(&self.behind, w, i + 1), |t| {
                for &(v, from) in &preds[t] {
                    if store.contains(x, v - view.offset) {
                        put(next, from as usize);
                    }
                }
            });
            let dest = &mut self.behind[i * w..(i + 1) * w];
            self.behind_moved[i] = replace(dest, &self.next) || fresh;
        }
        self.built = true;
    }

    /// Is some word left that the automaton accepts?
    pub(super) fn accepts(&self, kind: &Regular) -> bool {
        has(
            Self::layer(&self.behind, self.words, 0),
            kind.start as usize,
        )
    }

    /// Did the last sweep change a layer around position `i` (the states
    /// before it reachable, or those after it live)?
    pub(super) fn moved_around(&self, i: usize) -> bool {
        self.ahead_moved[i] || self.behind_moved[i + 1]
    }

    /// Does value `v` (a view value) at position `i` join a reachable state
    /// before it to a live one after it?
    #[inline]
    pub(super) fn supports(&self, kind: &Regular, i: usize, v: i64) -> bool {
        let w = self.words;
        let after = Self::layer(&self.behind, w, i + 1);
        any_member(Self::layer(&self.ahead, w, i), |s| {
            kind.next(s, v).any(|t| has(after, t))
        })
    }
}
