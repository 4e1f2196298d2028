//! Replaying a recording in Rust: the state of the search after any number
//! of events (domains, assignments, counters), exactly as the page shows it.
//! Tests compare it with the search itself and with the page.

use super::record::{Event, Recording};
use super::tree::Tree;
use std::collections::HashMap;

/// The running counters of a replay, with the meanings of [`Stats`](crate::Stats).
///
/// ```
/// let c = csp::replay::Counters::default();
/// assert_eq!(c.nodes, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// The root and every choice that survived its check or propagation
    /// (a choice is counted at its choose event and uncounted at its
    /// fail event; at the page's steps, which never split the two, this is
    /// the engine's count).
    pub nodes: u64,
    /// Choices rejected.
    pub failures: u64,
    /// Values pruned.
    pub pruned: u64,
    /// Solutions.
    pub solutions: u64,
    /// Look-back: jumps that skipped at least one level.
    pub backjumps: u64,
    /// Nogoods recorded.
    pub nogoods: u64,
    /// Variables assigned now.
    pub depth: usize,
}

/// What a cell of the grid (one variable, one value) shows.
///
/// ```
/// assert_eq!(csp::replay::CellState::Free.name(), "free");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellState {
    /// Still in the domain.
    Free,
    /// Removed by `constraint` while `depth` variables were assigned.
    Pruned {
        /// The constraint's index.
        constraint: u32,
        /// Variables assigned when it was removed (0: at the root).
        depth: u32,
    },
    /// The variable's current value.
    Assigned,
    /// The choice just rejected (shown until the next choice).
    Failed,
    /// Not pruned, but the variable has another value now.
    Taken,
    /// The variable's current value, at a level the backjump just made
    /// skips: undone next without its other values being tried.
    Skipped,
}

impl CellState {
    /// The name the page gives this state (its `data-state`).
    ///
    /// ```
    /// let s = csp::replay::CellState::Pruned { constraint: 0, depth: 1 };
    /// assert_eq!(s.name(), "pruned");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            CellState::Free => "free",
            CellState::Pruned { .. } => "pruned",
            CellState::Assigned => "assigned",
            CellState::Failed => "failed",
            CellState::Taken => "taken",
            CellState::Skipped => "skipped",
        }
    }
}

/// The positions a step of the page stops at: after the events before
/// the first choice (the root's propagation), then after each choice with
/// its prunes and its failure or solution, and after each look-back dead
/// end (a nogood learned, a backjump, or both); the last is the end.
/// Taking back earlier choices belongs to the step of the next choice.
///
/// ```
/// use csp::replay::{stops, Event::*};
/// let events = [
///     Choose { var: 0, value: 0, depth: 1 },
///     Prune { var: 1, value: 0, constraint: 0 },
///     Fail { var: 0, value: 0, depth: 1 },
///     Unchoose { var: 0, value: 0, depth: 1 },
/// ];
/// assert_eq!(stops(&events), vec![0, 3, 4]);
/// ```
pub fn stops(events: &[Event]) -> Vec<usize> {
    let mut stops = vec![events
        .iter()
        .position(|e| matches!(e, Event::Choose { .. }))
        .unwrap_or(events.len())];
    let mut i = stops[0];
    while i < events.len() {
        if matches!(events[i], Event::Choose { .. }) {
            i += 1;
            while i < events.len()
                && matches!(
                    events[i],
                    Event::Prune { .. } | Event::Fail { .. } | Event::Solution
                )
            {
                i += 1;
            }
            stops.push(i);
        } else if matches!(events[i], Event::Learn { .. } | Event::Backjump { .. }) {
            // A dead end: its nogood and its jump, shown before the
            // skipped levels are undone.
            i += 1;
            while i < events.len() && matches!(events[i], Event::Backjump { .. }) {
                i += 1;
            }
            stops.push(i);
        } else {
            i += 1;
        }
    }
    if stops.last() != Some(&events.len()) {
        stops.push(events.len());
    }
    stops
}

/// A recording played forward, event by event.
///
/// ```
/// use csp::replay::{CellState, Recorder, Replay};
/// use csp::{Model, Solver, Strategy};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2)?;
/// model.not_equal(x[0], x[1])?;
/// let solver = Solver::new(&model).strategy(Strategy::ForwardChecking);
/// let mut search = solver.search_with(Recorder::new(100));
/// while search.next_values().is_some() {}
/// let stats = search.outcome().stats;
/// let recording = search.into_observer().into_recording();
///
/// let mut replay = Replay::new(&recording, model.num_vars());
/// replay.step(); // x0 = 0
/// replay.step(); // which prunes 0 from x1
/// assert_eq!(replay.cell(0, 0), CellState::Assigned);
/// assert_eq!(replay.cell(1, 0), CellState::Pruned { constraint: 0, depth: 1 });
/// replay.run_to(recording.events().len());
/// let end = replay.counters();
/// assert_eq!((end.nodes, end.failures, end.pruned, end.solutions),
///            (stats.nodes, stats.failures, stats.pruned, stats.solutions));
/// # Ok::<(), csp::ModelError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Replay<'r> {
    events: &'r [Event],
    next: usize,
    /// Per variable: its value while assigned.
    assigned: Vec<Option<i32>>,
    /// The search tree so far; its current branch is the assignments.
    tree: Tree,
    /// Pruned values: (constraint, depth) by (variable, value).
    pruned: HashMap<(u32, i32), (u32, u32)>,
    /// Pruned values in the order removed, with their depth, for undoing.
    trail: Vec<(u32, i32, u32)>,
    failed: Option<(u32, i32)>,
    /// The backjump just made (its depths), until the next choice or undo.
    jump: Option<(u32, u32)>,
    counters: Counters,
}

impl<'r> Replay<'r> {
    /// A replay of `recording` (a search of a model with `num_vars`
    /// variables), before its first event: the root with one node.
    ///
    /// ```
    /// let recording = csp::replay::Recording::default();
    /// let replay = csp::replay::Replay::new(&recording, 3);
    /// assert_eq!(replay.counters().nodes, 1);
    /// ```
    pub fn new(recording: &'r Recording, num_vars: usize) -> Replay<'r> {
        Replay {
            events: recording.events(),
            next: 0,
            assigned: vec![None; num_vars],
            tree: Tree::new(),
            pruned: HashMap::new(),
            trail: Vec::new(),
            failed: None,
            jump: None,
            counters: Counters {
                nodes: 1,
                ..Counters::default()
            },
        }
    }

    /// Events applied so far.
    ///
    /// ```
    /// let recording = csp::replay::Recording::default();
    /// let mut replay = csp::replay::Replay::new(&recording, 0);
    /// replay.run_to(10);
    /// assert_eq!(replay.position(), 0); // no events to apply
    /// ```
    pub fn position(&self) -> usize {
        self.next
    }

    /// The counters after the events applied so far.
    ///
    /// ```
    /// let recording = csp::replay::Recording::default();
    /// let replay = csp::replay::Replay::new(&recording, 2);
    /// assert_eq!(replay.counters().depth, 0);
    /// ```
    pub fn counters(&self) -> Counters {
        Counters {
            depth: self.tree.depth(),
            ..self.counters
        }
    }

    /// What the cell of `var` and `value` shows now.
    ///
    /// ```
    /// let recording = csp::replay::Recording::default();
    /// let replay = csp::replay::Replay::new(&recording, 2);
    /// assert_eq!(replay.cell(1, 7), csp::replay::CellState::Free);
    /// ```
    pub fn cell(&self, var: u32, value: i32) -> CellState {
        let current = self.assigned.get(var as usize).copied().flatten();
        if self.failed == Some((var, value)) {
            CellState::Failed
        } else if current == Some(value) && self.skipped(var) {
            CellState::Skipped
        } else if current == Some(value) {
            CellState::Assigned
        } else if let Some(&(constraint, depth)) = self.pruned.get(&(var, value)) {
            CellState::Pruned { constraint, depth }
        } else if current.is_some() {
            CellState::Taken
        } else {
            CellState::Free
        }
    }

    /// The search tree grown by the events applied so far (the page's tree).
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// model.int_vars(2, 0..2)?;
    /// let (recording, _) = csp::replay::record(&csp::Solver::new(&model), 100);
    /// let mut replay = csp::replay::Replay::new(&recording, 2);
    /// replay.run_to(usize::MAX);
    /// assert_eq!(replay.tree().nodes().len(), 1 + 2 + 4); // the root, x0's and x1's choices
    /// # Ok::<(), csp::ModelError>(())
    /// ```
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// Every variable's value, when all are assigned (at a solution).
    ///
    /// ```
    /// let recording = csp::replay::Recording::default();
    /// assert_eq!(csp::replay::Replay::new(&recording, 2).assignment(), None);
    /// assert_eq!(csp::replay::Replay::new(&recording, 0).assignment(), Some(vec![]));
    /// ```
    pub fn assignment(&self) -> Option<Vec<i32>> {
        self.assigned.iter().copied().collect()
    }

    /// Applies the next event and returns it (`None` at the end).
    ///
    /// ```
    /// use csp::replay::{record, Event, Replay};
    /// let mut model = csp::Model::new();
    /// model.int_var(3..4)?;
    /// let (recording, _) = record(&csp::Solver::new(&model), 100);
    /// let mut replay = Replay::new(&recording, 1);
    /// assert_eq!(replay.step(), Some(Event::Choose { var: 0, value: 3, depth: 1 }));
    /// assert_eq!(replay.step(), Some(Event::Solution));
    /// assert_eq!(replay.assignment(), Some(vec![3]));
    /// # Ok::<(), csp::ModelError>(())
    /// ```
    pub fn step(&mut self) -> Option<Event> {
        let event = *self.events.get(self.next)?;
        self.next += 1;
        if !matches!(event, Event::Learn { .. }) {
            self.jump = None;
        }
        match event {
            Event::Choose { var, value, depth } => {
                self.back_to(depth.saturating_sub(1));
                self.failed = None;
                self.set(var, Some(value));
                self.counters.nodes += 1;
            }
            Event::Unchoose { depth, .. } => self.back_to(depth.saturating_sub(1)),
            Event::Prune {
                var,
                value,
                constraint,
            } => {
                let depth = self.tree.depth() as u32;
                self.pruned.insert((var, value), (constraint, depth));
                self.trail.push((var, value, depth));
                self.counters.pruned += 1;
            }
            Event::Fail { var, value, .. } => {
                self.failed = Some((var, value));
                self.counters.failures += 1;
                self.counters.nodes -= 1;
            }
            Event::Solution => self.counters.solutions += 1,
            Event::Restart => {
                self.failed = None;
                self.back_to(0);
            }
            Event::Backjump { from, to } => {
                self.jump = Some((from, to));
                self.counters.backjumps += 1;
            }
            Event::Learn { .. } => self.counters.nogoods += 1,
        }
        self.tree.apply(event);
        Some(event)
    }

    /// Applies events until `position` of them are (or the end).
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// model.int_vars(2, 0..2)?;
    /// let (recording, _) = csp::replay::record(&csp::Solver::new(&model), 100);
    /// let mut replay = csp::replay::Replay::new(&recording, 2);
    /// replay.run_to(usize::MAX);
    /// assert_eq!(replay.counters().solutions, 4);
    /// # Ok::<(), csp::ModelError>(())
    /// ```
    pub fn run_to(&mut self, position: usize) {
        while self.next < position && self.step().is_some() {}
    }

    /// Is `var` assigned at a level the backjump just made skips?
    fn skipped(&self, var: u32) -> bool {
        let Some((from, to)) = self.jump else {
            return false;
        };
        self.tree
            .below(to as usize)
            .filter(|node| node.depth < from as usize)
            .any(|node| node.choice.is_some_and(|(x, _)| x == var as usize))
    }

    fn set(&mut self, var: u32, value: Option<i32>) {
        if let Some(slot) = self.assigned.get_mut(var as usize) {
            *slot = value;
        }
    }

    /// Takes back the branch below `depth` assignments, and what their
    /// propagation pruned (the root's prunes stay).
    fn back_to(&mut self, depth: u32) {
        for node in self.tree.below(depth as usize) {
            if let Some(slot) = node.choice.and_then(|(var, _)| self.assigned.get_mut(var)) {
                *slot = None;
            }
        }
        self.tree.back_to(depth as usize);
        while let Some(&(var, value, d)) = self.trail.last() {
            if d <= depth {
                break;
            }
            self.pruned.remove(&(var, value));
            self.trail.pop();
        }
    }
}
