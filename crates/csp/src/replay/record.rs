//! The recording observer: every search event kept in order, up to a cap.

use crate::model::ConstraintId;
use crate::observer::Observer;
use crate::var::VarId;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The default cap on recorded events: a page of this many opens at once
/// (a few hundred kilobytes of data).
///
/// ```
/// assert_eq!(csp::replay::DEFAULT_MAX_EVENTS, 20_000);
/// ```
pub const DEFAULT_MAX_EVENTS: usize = 20_000;

/// The largest cap accepted by the command lines: a page of 200,000
/// events is about 4 MB and opened in about 10 s in headless Chromium on
/// a busy two-core machine (a million events: 21 MB and over a minute).
///
/// ```
/// assert!(csp::replay::MAX_EVENTS >= csp::replay::DEFAULT_MAX_EVENTS);
/// ```
pub const MAX_EVENTS: usize = 200_000;

/// One search event, as the [`Observer`] saw it (variables and
/// constraints by index).
///
/// ```
/// use csp::replay::Event;
/// let e = Event::Prune { var: 1, value: 3, constraint: 0 };
/// assert_eq!(e.kind(), "prune");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `var = value` was tried at `depth` (1 for the first choice).
    Choose {
        /// The variable's index.
        var: u32,
        /// The value tried.
        value: i32,
        /// Assigned variables including this one.
        depth: u32,
    },
    /// The assignment at `depth` was taken back.
    Unchoose {
        /// The variable's index.
        var: u32,
        /// Its value.
        value: i32,
        /// Its depth.
        depth: u32,
    },
    /// `constraint` removed `value` from `var`'s domain.
    Prune {
        /// The variable's index.
        var: u32,
        /// The value removed.
        value: i32,
        /// The constraint's index.
        constraint: u32,
    },
    /// The assignment just chosen was rejected.
    Fail {
        /// The variable's index.
        var: u32,
        /// The value rejected.
        value: i32,
        /// Its depth.
        depth: u32,
    },
    /// Every variable is assigned: a solution (its values are the
    /// assignments on the current branch).
    Solution,
    /// The search went back to the root.
    Restart,
    /// Look-back: the level at depth `from` ran out of values and the
    /// search jumps back to depth `to` (0: the search ends), skipping the
    /// levels in between (their unchoose events follow).
    Backjump {
        /// The dead end's depth.
        from: u32,
        /// The depth resumed.
        to: u32,
    },
    /// Nogood learning: the dead end just reached was recorded as a
    /// nogood, whose assignments are [`Recording::nogood`]`(first, len)`.
    Learn {
        /// Its first assignment's position among the recording's.
        first: u32,
        /// How many assignments it has.
        len: u32,
    },
}

impl Event {
    /// The event's name, as the page's data and the text tracer call it.
    ///
    /// ```
    /// assert_eq!(csp::replay::Event::Restart.kind(), "restart");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Choose { .. } => "choose",
            Event::Unchoose { .. } => "unchoose",
            Event::Prune { .. } => "prune",
            Event::Fail { .. } => "fail",
            Event::Solution => "solution",
            Event::Restart => "restart",
            Event::Backjump { .. } => "backjump",
            Event::Learn { .. } => "learn",
        }
    }
}

/// Where a recording stopped because it reached its cap: after how many
/// events, and how far the search had got by then.
///
/// ```
/// let t = csp::replay::Truncation { events: 10, nodes: 4, failures: 2, solutions: 0 };
/// assert_eq!(t.to_string(), "recording stopped at its cap of 10 events (node 4, 2 failures, 0 solutions)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Truncation {
    /// Events recorded (the cap).
    pub events: usize,
    /// Search nodes by then (the root and the surviving choices).
    pub nodes: u64,
    /// Failures by then.
    pub failures: u64,
    /// Solutions by then.
    pub solutions: u64,
}

impl std::fmt::Display for Truncation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "recording stopped at its cap of {} events (node {}, {} failures, {} solutions)",
            self.events, self.nodes, self.failures, self.solutions
        )
    }
}

/// A recorded search: its events in order, and whether the cap cut it.
///
/// ```
/// use csp::replay::Recorder;
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2)?;
/// model.not_equal(x[0], x[1])?;
/// let mut search = Solver::new(&model).search_with(Recorder::new(100));
/// while search.next_values().is_some() {}
/// let recording = search.into_observer().into_recording();
/// assert_eq!(recording.events()[0].kind(), "choose");
/// assert!(recording.truncation().is_none());
/// # Ok::<(), csp::ModelError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recording {
    events: Vec<Event>,
    truncation: Option<Truncation>,
    /// The learned nogoods' assignments, one after another.
    learned: Vec<(u32, i32)>,
}

impl Recording {
    /// The events, in the order the search made them.
    ///
    /// ```
    /// assert!(csp::replay::Recording::default().events().is_empty());
    /// ```
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Where the cap cut the recording (`None`: every event is here).
    ///
    /// ```
    /// let model = csp::Model::new();
    /// let (recording, _) = csp::replay::record(&csp::Solver::new(&model), 10);
    /// assert_eq!(recording.truncation(), None); // no variables: one solution event
    /// ```
    pub fn truncation(&self) -> Option<Truncation> {
        self.truncation
    }

    /// The assignments `(variable index, value)` of the nogood a
    /// [`Event::Learn`] with these `first` and `len` recorded (empty if
    /// they are not this recording's).
    ///
    /// ```
    /// use csp::replay::{record, Event};
    /// use csp::{Model, Solver, Strategy};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2)?;
    /// model.not_equal(x[0], x[2])?;
    /// model.not_equal(x[1], x[2])?;
    /// model.equal(x[0], x[1] + 1)?;
    /// let solver = Solver::new(&model).strategy(Strategy::NogoodLearning);
    /// let (recording, _) = record(&solver, 1000);
    /// let nogoods: Vec<_> = recording.events().iter().filter_map(|e| match *e {
    ///     Event::Learn { first, len } => Some(recording.nogood(first, len).to_vec()),
    ///     _ => None,
    /// }).collect();
    /// // x0 = 0 leaves x1 nothing; x0 = 1, x1 = 0 leave x2 nothing, and
    /// // then x0 = 1 leaves x1 nothing.
    /// assert_eq!(nogoods, vec![vec![(0, 0)], vec![(0, 1), (1, 0)], vec![(0, 1)]]);
    /// # Ok::<(), csp::ModelError>(())
    /// ```
    pub fn nogood(&self, first: u32, len: u32) -> &[(u32, i32)] {
        let (first, len) = (first as usize, len as usize);
        self.learned.get(first..first + len).unwrap_or(&[])
    }
}

/// An [`Observer`] that records the search's events, at most `max_events`
/// of them. At the cap it stops recording, notes where
/// ([`Recording::truncation`]) and raises its cancel flag: give that flag
/// to the search's [`Limits::cancel`](crate::Limits::cancel) and the
/// search stops soon after, instead of running on unrecorded.
///
/// ```
/// use csp::replay::Recorder;
/// use csp::{Limits, Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(6, 0..6)?;
/// model.all_different(&x)?;
/// let recorder = Recorder::new(50);
/// let limits = Limits { cancel: Some(recorder.cancel_flag()), ..Limits::default() };
/// let mut search = Solver::new(&model).limits(limits).search_with(recorder);
/// while search.next_values().is_some() {}
/// assert!(!search.outcome().status.is_complete());
/// let recording = search.into_observer().into_recording();
/// assert_eq!(recording.events().len(), 50);
/// assert_eq!(recording.truncation().unwrap().events, 50);
/// # Ok::<(), csp::ModelError>(())
/// ```
#[derive(Debug)]
pub struct Recorder {
    recording: Recording,
    max_events: usize,
    chooses: u64,
    failures: u64,
    solutions: u64,
    cancel: Arc<AtomicBool>,
}

impl Recorder {
    /// A recorder that keeps at most `max_events` events.
    ///
    /// ```
    /// let r = csp::replay::Recorder::new(csp::replay::DEFAULT_MAX_EVENTS);
    /// assert!(r.into_recording().events().is_empty());
    /// ```
    pub fn new(max_events: usize) -> Recorder {
        Recorder {
            recording: Recording::default(),
            max_events,
            chooses: 0,
            failures: 0,
            solutions: 0,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The flag raised when the cap is reached (see [`Recorder`]).
    ///
    /// ```
    /// let r = csp::replay::Recorder::new(5);
    /// assert!(!r.cancel_flag().load(std::sync::atomic::Ordering::Relaxed));
    /// ```
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// The recording made so far.
    ///
    /// ```
    /// let r = csp::replay::Recorder::new(5);
    /// assert!(r.into_recording().truncation().is_none());
    /// ```
    pub fn into_recording(self) -> Recording {
        self.recording
    }

    fn push(&mut self, event: Event) {
        if self.recording.truncation.is_some() {
            return;
        }
        if self.recording.events.len() >= self.max_events {
            self.recording.truncation = Some(Truncation {
                events: self.recording.events.len(),
                nodes: 1 + self.chooses - self.failures,
                failures: self.failures,
                solutions: self.solutions,
            });
            self.cancel.store(true, Ordering::Relaxed);
            return;
        }
        match event {
            Event::Choose { .. } => self.chooses += 1,
            Event::Fail { .. } => self.failures += 1,
            Event::Solution => self.solutions += 1,
            _ => {}
        }
        self.recording.events.push(event);
    }
}

/// Indices fit in `u32`: a model's variables and constraints are counted
/// in `u32` by the engine, and a depth never exceeds the variables.
fn index(i: usize) -> u32 {
    i as u32
}

impl Observer for Recorder {
    fn choose(&mut self, var: VarId, value: i32, depth: usize) {
        self.push(Event::Choose {
            var: index(var.index()),
            value,
            depth: index(depth),
        });
    }
    fn unchoose(&mut self, var: VarId, value: i32, depth: usize) {
        self.push(Event::Unchoose {
            var: index(var.index()),
            value,
            depth: index(depth),
        });
    }
    fn prune(&mut self, var: VarId, value: i32, constraint: ConstraintId) {
        self.push(Event::Prune {
            var: index(var.index()),
            value,
            constraint: index(constraint.index()),
        });
    }
    fn fail(&mut self, var: VarId, value: i32, depth: usize) {
        self.push(Event::Fail {
            var: index(var.index()),
            value,
            depth: index(depth),
        });
    }
    fn solution(&mut self, _values: &[i32]) {
        self.push(Event::Solution);
    }
    fn restart(&mut self) {
        self.push(Event::Restart);
    }
    fn backjump(&mut self, from_depth: usize, to_depth: usize) {
        self.push(Event::Backjump {
            from: index(from_depth),
            to: index(to_depth),
        });
    }
    fn learn(&mut self, nogood: &[(VarId, i32)]) {
        let first = index(self.recording.learned.len());
        self.push(Event::Learn {
            first,
            len: index(nogood.len()),
        });
        if self.recording.truncation.is_none() {
            let literals = nogood
                .iter()
                .map(|&(var, value)| (index(var.index()), value));
            self.recording.learned.extend(literals);
        }
    }
}

/// Runs `solver`'s search to its end or to the cap, recording it: the
/// recording and the search's outcome. The recorder's cancel flag takes
/// the place of the solver's own, so the search stops soon after the cap
/// (a recording is bounded by its cap; the solver's other limits stay).
///
/// ```
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3)?;
/// model.all_different(&x)?;
/// let (recording, outcome) = csp::replay::record(&Solver::new(&model), 1000);
/// assert!(outcome.status.is_complete());
/// let solutions = recording.events().iter().filter(|e| e.kind() == "solution").count();
/// assert_eq!(solutions, 6);
/// # Ok::<(), csp::ModelError>(())
/// ```
pub fn record(solver: &crate::Solver<'_>, max_events: usize) -> (Recording, crate::Outcome) {
    let recorder = Recorder::new(max_events);
    let limits = crate::Limits {
        cancel: Some(recorder.cancel_flag()),
        ..solver.get_limits().clone()
    };
    let mut search = solver.clone().limits(limits).search_with(recorder);
    while search.next_values().is_some() {}
    let outcome = search.outcome();
    (search.into_observer().into_recording(), outcome)
}
