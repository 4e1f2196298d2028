//! What each position's domain was when last recorded, so that a wake-up
//! finds the positions that changed since without trail hooks: a
//! comparison per position, a word each on one-word stores, the listed
//! values otherwise. Backtracking needs no care: a restored domain simply
//! differs from the recorded one.

use crate::store::Store;

/// Per position of a scope: the domain last recorded.
pub(super) struct DomainMemo {
    /// Whether the words (true) or the lists (false) hold the record; `None`
    /// until the first record.
    one_word: Option<bool>,
    /// Per position: is a record held at all?
    known: Vec<bool>,
    words: Vec<usize>,
    lists: Vec<Vec<i32>>,
    scratch: Vec<i32>,
}

impl DomainMemo {
    pub(super) fn new(n: usize) -> DomainMemo {
        DomainMemo {
            one_word: None,
            known: vec![false; n],
            words: vec![0; n],
            lists: vec![Vec::new(); n],
            scratch: Vec::new(),
        }
    }

    /// Every position counts as changed at its next comparison.
    fn forget(&mut self) {
        self.known.fill(false);
    }

    /// Records position `i`'s current domain (variable `x`); true if it
    /// differs from the record it replaces (or there was none).
    #[inline]
    pub(super) fn record(&mut self, store: &Store, i: usize, x: u32) -> bool {
        if store.one_word() {
            let w = store.word(x);
            let same = self.known[i] && self.words[i] == w;
            self.words[i] = w;
            self.known[i] = true;
            return !same;
        }
        if !store.listable(x) {
            // Too wide to list: never trusted, always changed.
            self.known[i] = false;
            return true;
        }
        self.scratch.clear();
        store.values_into(x, &mut self.scratch);
        let same = self.known[i] && self.lists[i] == self.scratch;
        if !same {
            std::mem::swap(&mut self.lists[i], &mut self.scratch);
        }
        self.known[i] = true;
        !same
    }

    /// Does position `i`'s current domain differ from its record?
    #[inline]
    pub(super) fn differs(&mut self, store: &Store, i: usize, x: u32) -> bool {
        if !self.known[i] {
            return true;
        }
        if store.one_word() {
            return self.words[i] != store.word(x);
        }
        if !store.listable(x) {
            return true;
        }
        self.scratch.clear();
        store.values_into(x, &mut self.scratch);
        self.lists[i] != self.scratch
    }

    /// Called before the records of a wake-up: a record made on a store
    /// of the other layout is forgotten.
    pub(super) fn align(&mut self, store: &Store) {
        let now = Some(store.one_word());
        if self.one_word != now {
            self.one_word = now;
            self.forget();
        }
    }
}
