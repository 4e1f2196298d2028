//! The propagation queue: one first-in-first-out lane per priority, the
//! cheapest lane served first; each propagator is queued at most once.

use crate::propagators::{Priority, PRIORITIES};
use std::collections::VecDeque;

pub(crate) struct Queue {
    lanes: [VecDeque<u32>; PRIORITIES],
    /// Per slot: its lane, and whether it is queued.
    priority: Vec<Priority>,
    queued: Vec<bool>,
}

impl Queue {
    /// An empty queue over slots with these priorities.
    pub fn new(priority: Vec<Priority>) -> Queue {
        Queue {
            lanes: Default::default(),
            queued: vec![false; priority.len()],
            priority,
        }
    }

    /// Queues `slot` unless it is queued already.
    #[inline]
    pub fn push(&mut self, slot: u32) {
        if !std::mem::replace(&mut self.queued[slot as usize], true) {
            self.lanes[self.priority[slot as usize] as usize].push_back(slot);
        }
    }

    /// The next slot: the oldest of the cheapest lane.
    #[inline]
    pub fn pop(&mut self) -> Option<u32> {
        let slot = self.lanes.iter_mut().find_map(|lane| lane.pop_front())?;
        self.queued[slot as usize] = false;
        Some(slot)
    }

    /// The queued slots in the order they would be served.
    #[cfg(test)]
    pub fn queued(&self) -> impl Iterator<Item = u32> + '_ {
        self.lanes.iter().flatten().copied()
    }

    /// Empties the queue, passing each slot to `forget`.
    pub fn drain(&mut self, mut forget: impl FnMut(u32)) {
        while let Some(slot) = self.pop() {
            forget(slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cheap_lanes_first_each_in_order_and_once() {
        let mut q = Queue::new(vec![
            Priority::Table,
            Priority::Pairwise,
            Priority::Linear,
            Priority::Pairwise,
        ]);
        for slot in [0, 1, 2, 3, 1, 0] {
            q.push(slot);
        }
        assert_eq!(q.queued().collect::<Vec<_>>(), vec![1, 3, 2, 0]);
        assert_eq!(q.pop(), Some(1));
        q.push(1);
        let mut rest = Vec::new();
        q.drain(|s| rest.push(s));
        assert_eq!(rest, vec![3, 1, 2, 0]);
        assert_eq!(q.pop(), None);
    }
}
