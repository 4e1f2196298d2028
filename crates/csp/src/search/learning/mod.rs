//! Conflict-driven clause learning over the propagators (lazy clause
//! generation): [`Strategy::ClauseLearning`](crate::Strategy::ClauseLearning).
//!
//! * `trail.rs`: every domain change as an atomic literal at a decision
//!   level with its cause, and the domains as they were before any point
//!   (what a propagator's lazy explanation reads);
//! * `analysis.rs`: first-UIP conflict analysis and minimisation;
//! * `semantic.rs`: the learned nogood's literals minimised variable by
//!   variable (holes that leave one value become an equality, implied
//!   literals go);
//! * `cache.rs`: the propagators' reasons, asked once per literal while it
//!   stays on the trail;
//! * `nogoods.rs`: the learned (and blocking) clauses, watched literals,
//!   activity, LBD, periodic cuts;
//! * `activity.rs`: variable activity and saved phases;
//! * `follow.rs`: decisions taken from the solver's branching instead;
//! * `restarts.rs`: when to restart (a failure schedule, or Glucose's
//!   rule on the learned clauses' LBD);
//! * `search.rs`: the loop (decide, propagate with the clauses, analyse,
//!   jump back, restart), its own and not the textbook strategies' loop.
//!
//! The propagators, the store and arc consistency's queue are the
//! engine's own: a propagator's removals reach the trail through
//! `propagate.rs`'s `settle`, which hands each to [`Learning::note`].

mod activity;
mod analysis;
mod cache;
mod check;
mod follow;
mod nogoods;
mod restarts;
mod search;
mod semantic;
mod trail;
mod watches;

pub(crate) use search::run;

use crate::domain::Domain;
use crate::propagators::{Lit, Removal};
use crate::{LbdRestarts, Restarts};
use activity::Activity;
use follow::Follow;
use nogoods::Nogoods;
use trail::{Reason, Trail};

/// The restarts of a learning search unless the solver sets others (and
/// unless it follows the branching: then none).
const DEFAULT_RESTARTS: Restarts = Restarts::Luby { scale: 64 };

/// A learning search's state beside the engine's search.
pub(crate) struct Learning {
    trail: Trail,
    nogoods: Nogoods,
    activity: Activity,
    /// The branching's decisions while its variables are open, if followed.
    follow: Option<Follow>,
    /// A bound decision is being made: its removals are its literal's.
    deciding: bool,
    /// Per level above the root: the store's mark before its decision.
    marks: Vec<usize>,
    /// A bound's move by this constraint (or objective, or clause) emptied
    /// a domain: the failure is its.
    wiped_by: Option<u32>,
    /// The last propagation that failed was this one's.
    failed_by: Option<u32>,
    /// The clause being propagated (its removals carry `clause_by`).
    pending_clause: u32,
    /// The removals' `by` of a clause: past the constraints and objective.
    clause_by: u32,
    conflict: Vec<u32>,
    /// A learned clause's literal to assert first thing.
    pending_unit: Option<(u32, Lit)>,
    scratch: analysis::Scratch,
    /// The search stands at a solution it reported.
    at_solution: bool,
    /// The clause to block that solution with instead of its decisions
    /// (a projection).
    projection: Option<Vec<Lit>>,
    /// When to restart.
    restarts: restarts::Rule,
    run: u64,
    conflicts_in_run: u64,
    check: Option<check::Check>,
}

impl Learning {
    /// The state for a model of the declared `domains` and `constraints`
    /// constraints; `restarts` if the solver set them, `lbd` its Glucose
    /// restarts if set (they win); `check` the brute-force check of every
    /// learned clause (small models only); `follow` the variables the
    /// solver's branching decides; `limit` the learned clauses kept before
    /// the first cut, if the solver set it.
    pub fn new(
        domains: &[Domain],
        constraints: usize,
        (restarts, lbd): (Option<Restarts>, Option<LbdRestarts>),
        check: Option<check::Check>,
        follow: Option<&[crate::VarId]>,
        limit: Option<usize>,
    ) -> Learning {
        let vars = domains.len();
        Learning {
            trail: Trail::new(domains),
            nogoods: Nogoods::new(vars, limit),
            activity: Activity::new(vars),
            follow: follow.map(|f| Follow::new(vars, f)),
            deciding: false,
            marks: Vec::new(),
            wiped_by: None,
            failed_by: None,
            pending_clause: 0,
            clause_by: constraints as u32 + 1,
            conflict: Vec::new(),
            pending_unit: None,
            scratch: analysis::Scratch::default(),
            at_solution: false,
            projection: None,
            // Following the branching: none unless set (a restart walks
            // the same order again; on the Challenge's annotated models
            // none was as fast or faster, BENCHMARKS.md).
            restarts: match (
                lbd,
                restarts.or(follow.is_none().then_some(DEFAULT_RESTARTS)),
            ) {
                (Some(lbd), _) => restarts::Rule::Lbd(restarts::Glucose::new(lbd)),
                (None, Some(r)) => restarts::Rule::Schedule(r),
                (None, None) => restarts::Rule::Never,
            },
            run: 1,
            conflicts_in_run: 0,
            check,
        }
    }

    /// A removal a propagation made (`constraints`: the model's count; the
    /// objective's removals carry that id, a clause's the one past it).
    pub fn note(&mut self, r: &Removal, constraints: u32, domains: &[Domain]) {
        if self.deciding {
            // A bound decision's removals: its literal on the trail says
            // them all.
            return;
        }
        let reason = match r.by {
            c if c < constraints => Reason::Prop(c),
            c if c == constraints => Reason::Objective,
            _ => Reason::Clause(self.pending_clause),
        };
        if !self.trail.note(r, reason, domains) {
            self.wiped_by = Some(r.by);
        }
    }

    /// A propagation by `by` failed.
    pub fn failed(&mut self, by: u32) {
        self.failed_by = Some(by);
    }

    /// At a solution: the later ones must differ from it on one of these
    /// variables (values as they are now). False away from a solution.
    pub fn project(&mut self, values: impl Iterator<Item = (u32, i32)>) -> bool {
        if !self.at_solution {
            return false;
        }
        let lits = values.map(|(x, v)| Lit::not_equal(x, v as i64)).collect();
        self.projection = Some(lits);
        true
    }

    /// An assumption fixed at the root.
    pub fn assumed(&mut self, var: u32, value: i64) {
        let lit = Lit::equal(var, value);
        self.trail.push(lit, Reason::Decision);
    }
}

pub(crate) use check::Check;
