//! What a propagator that sets decided items aside keeps on the trail:
//! how many of its items are still open (a prefix of its own order of
//! them), and what the items set aside add up to. The linear sums set
//! fixed terms aside (their sum), among its decided views (how many are
//! in the set), so that a deep node reads only the open ones.
//!
//! A run only swaps items within the open prefix, so backtracking (which
//! restores the count) finds behind it only items set aside at that node
//! too, as in compact table's row index.

use crate::store::Store;

/// The two reversible cells, allocated at a search's first run (every
/// item open, nothing set aside: a state true at any node).
#[derive(Default)]
pub(crate) struct SetAside {
    cells: Option<u32>,
}

impl SetAside {
    /// The open items' count and the set-aside total on the current path,
    /// of `items` items in all.
    #[inline]
    pub fn read(&mut self, store: &mut Store, items: usize) -> (usize, usize) {
        let c = *self.cells.get_or_insert_with(|| {
            let c = store.new_cells(1, items);
            store.new_cells(1, 0);
            c
        });
        (store.cell(c), store.cell(c + 1))
    }

    /// Records a run's open count and total (after [`SetAside::read`]);
    /// a run that set nothing aside writes nothing to the trail.
    #[inline]
    pub fn write(&self, store: &mut Store, open: usize, total: usize) {
        let c = self.cells.expect("read before written");
        if open != store.cell(c) {
            store.set_cell(c, open);
            store.set_cell(c + 1, total);
        }
    }
}
