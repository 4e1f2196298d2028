//! Conflict analysis: from a conflict (the trail positions whose literals
//! together contradict the model) to the first unique implication point,
//! resolving the literals of the current level with their reasons; then
//! minimisation (a literal whose reasons are all in the clause or implied
//! by it goes; then `semantic.rs`, variable by variable) and the level to
//! jump back to.
//!
//! Reasons are lazy: a propagator's is its `explain` over the domains as
//! they were before the literal ([`Trail::at`]), each literal of the
//! explanation traced to the trail literals that make it hold
//! ([`Trail::support`]). A propagator that does not explain falls back on
//! the decisions of the levels up to its literal's (sound, weak).

use super::cache::ReasonCache;
use super::nogoods::{negated, Nogoods};
use super::semantic;
use super::trail::{Reason, Trail};
use crate::domain::Domain;
use crate::propagators::objective::Objective;
use crate::propagators::{Inferred, Lit, Posted};

/// What reasons are read from: the propagators, the objective's bound,
/// the declared domains.
pub(crate) struct Explainer<'a, 'm> {
    pub props: &'a [Posted<'m>],
    pub objective: Option<&'a Objective>,
    pub domains: &'a [Domain],
}

/// A learned clause: its literals (the asserting one first, then one of
/// the jump level's), the level to jump back to, its LBD.
pub(crate) struct Learned {
    pub lits: Vec<Lit>,
    pub level: u32,
    pub lbd: u32,
}

/// Buffers the analysis reuses.
#[derive(Default)]
pub(crate) struct Scratch {
    seen: Vec<bool>,
    touched: Vec<u32>,
    reasons: Vec<u32>,
    out: Vec<u32>,
    /// The nogood's literals with their levels, and the semantic
    /// minimisation's buffers.
    nogood: Vec<semantic::Held>,
    semantic: semantic::Buffers,
    /// The propagators' reasons for the literals still on the trail.
    pub cache: ReasonCache,
}

impl Explainer<'_, '_> {
    /// The trail positions that made the literal at `p` hold.
    pub fn reasons(&self, trail: &Trail, nogoods: &Nogoods, p: u32, out: &mut Vec<u32>) {
        let e = trail.entries[p as usize];
        let at = trail.at(p, self.domains);
        let lits = match e.reason {
            Reason::Decision => return,
            Reason::Bound => return trail.support(e.lit, p, self.domains, out),
            Reason::Prop(c) => self.props[c as usize].explain(Inferred::Lit(e.lit), &at),
            Reason::Objective => {
                (self.objective).and_then(|o| o.explain(Inferred::Lit(e.lit), &at))
            }
            Reason::Clause(k) => {
                for &l in &nogoods.clauses[k as usize].lits {
                    let n = negated(l);
                    if n.entailed(&at) {
                        trail.support(n, p, self.domains, out);
                    }
                }
                return;
            }
        };
        match lits {
            Some(lits) => lits
                .into_iter()
                .for_each(|l| trail.support(l, p, self.domains, out)),
            None => decisions(trail, e.level, out),
        }
    }

    /// [`reasons`](Self::reasons), a propagator's asked once for as long
    /// as its literal stays on the trail (`cache` forgets what a jump back
    /// undoes).
    fn reasons_cached(
        &self,
        trail: &Trail,
        nogoods: &Nogoods,
        cache: &mut ReasonCache,
        p: u32,
        out: &mut Vec<u32>,
    ) {
        if !matches!(trail.entries[p as usize].reason, Reason::Prop(_)) {
            return self.reasons(trail, nogoods, p, out);
        }
        if let Some(known) = cache.get(p) {
            out.extend_from_slice(known);
            return;
        }
        let from = out.len();
        self.reasons(trail, nogoods, p, out);
        cache.put(p, &out[from..]);
    }

    /// The trail positions behind a failure reported by `by` (a
    /// constraint, the objective at `constraints`, or clause `clause`
    /// past it) at the end of the trail.
    pub fn failure(
        &self,
        trail: &Trail,
        nogoods: &Nogoods,
        by: u32,
        clause: u32,
        out: &mut Vec<u32>,
    ) {
        let end = trail.len();
        let at = trail.at(end, self.domains);
        let constraints = self.props.len() as u32;
        let lits = if by < constraints {
            self.props[by as usize].explain(Inferred::Failure, &at)
        } else if by == constraints {
            (self.objective).and_then(|o| o.explain(Inferred::Failure, &at))
        } else {
            self.clause_false(trail, nogoods, clause, out);
            return;
        };
        match lits {
            Some(lits) => lits
                .into_iter()
                .for_each(|l| trail.support(l, end, self.domains, out)),
            None => decisions(trail, trail.level(), out),
        }
    }

    /// The trail positions that make every literal of clause `k` false.
    pub fn clause_false(&self, trail: &Trail, nogoods: &Nogoods, k: u32, out: &mut Vec<u32>) {
        let end = trail.len();
        for &l in &nogoods.clauses[k as usize].lits {
            trail.support(negated(l), end, self.domains, out);
        }
    }
}

/// The decisions of levels `1..=level`.
pub(crate) fn decisions(trail: &Trail, level: u32, out: &mut Vec<u32>) {
    out.extend((1..=level).map(|l| trail.decision_at(l)));
}

/// The highest level among `positions` (0 if none).
pub(crate) fn top_level(trail: &Trail, positions: &[u32]) -> u32 {
    (positions.iter())
        .map(|&p| trail.entries[p as usize].level)
        .max()
        .unwrap_or(0)
}

/// First-UIP analysis of `conflict`, whose highest level must be the
/// trail's current one (above the root). Bumps the variables and clauses
/// taking part (through `bump_var`).
pub(crate) fn analyze(
    ex: &Explainer<'_, '_>,
    trail: &Trail,
    nogoods: &mut Nogoods,
    conflict: &[u32],
    scratch: &mut Scratch,
    mut bump_var: impl FnMut(u32),
) -> Learned {
    let level = trail.level();
    debug_assert!(level > 0 && top_level(trail, conflict) == level);
    scratch.seen.resize(trail.len() as usize, false);
    scratch.out.clear();
    let mut counter = 0u32;
    // Marks `p` seen: counted if at the current level, kept for the
    // clause if below (the root's literals are facts).
    let add = |p: u32, s: &mut Scratch, counter: &mut u32| {
        let l = trail.entries[p as usize].level;
        if l == 0 || s.seen[p as usize] {
            return;
        }
        s.seen[p as usize] = true;
        s.touched.push(p);
        if l == level {
            *counter += 1;
        } else {
            s.out.push(p);
        }
    };
    for &p in conflict {
        add(p, scratch, &mut counter);
    }
    let mut i = trail.len();
    let uip = loop {
        i -= 1;
        if !scratch.seen[i as usize] {
            continue;
        }
        counter -= 1;
        if counter == 0 {
            break i;
        }
        let mut reasons = std::mem::take(&mut scratch.reasons);
        reasons.clear();
        if let Reason::Clause(k) = trail.entries[i as usize].reason {
            nogoods.bump(k);
        }
        ex.reasons_cached(trail, nogoods, &mut scratch.cache, i, &mut reasons);
        for &q in &reasons {
            add(q, scratch, &mut counter);
        }
        scratch.reasons = reasons;
    };
    // Minimisation: a literal whose reasons are all seen (in the clause,
    // or implied by its literals) or at the root adds nothing.
    let mut out = std::mem::take(&mut scratch.out);
    let mut reasons = std::mem::take(&mut scratch.reasons);
    out.retain(|&q| {
        if trail.entries[q as usize].reason == Reason::Decision {
            return true;
        }
        reasons.clear();
        ex.reasons_cached(trail, nogoods, &mut scratch.cache, q, &mut reasons);
        !reasons
            .iter()
            .all(|&r| scratch.seen[r as usize] || trail.entries[r as usize].level == 0)
    });
    scratch.reasons = reasons;
    for &p in &scratch.touched {
        scratch.seen[p as usize] = false;
        bump_var(trail.entries[p as usize].lit.var);
    }
    scratch.touched.clear();
    // The nogood: the first UIP's literal, then the kept ones below.
    let mut nogood = std::mem::take(&mut scratch.nogood);
    let held = |p: u32| {
        let e = &trail.entries[p as usize];
        (e.lit, e.level)
    };
    nogood.clear();
    nogood.extend(std::iter::once(uip).chain(out.iter().copied()).map(held));
    let root = trail.at(trail.decision_at(1), ex.domains);
    semantic::minimise(&mut nogood, &root, &mut scratch.semantic);
    // The conflict level's literal first (asserting; the minimisation
    // keeps it the only one at that level, as nothing implies the first
    // UIP's literal below its level), then one of the jump level's: the
    // two watched.
    let mut asserting = nogood.iter().position(|&(_, l)| l == level);
    debug_assert!(asserting.is_some());
    if asserting.is_none() {
        // Unreachable; should it happen, the clause as analysed.
        nogood.clear();
        nogood.extend(std::iter::once(uip).chain(out.iter().copied()).map(held));
        asserting = Some(0);
    }
    scratch.out = out;
    nogood.swap(0, asserting.unwrap_or(0));
    if let Some(best) = (1..nogood.len()).max_by_key(|&j| nogood[j].1) {
        nogood.swap(1, best);
    }
    let jump = nogood.get(1).map_or(0, |&(_, l)| l);
    let mut levels: Vec<u32> = nogood[1..].iter().map(|&(_, l)| l).collect();
    levels.sort_unstable();
    levels.dedup();
    let lits = nogood.iter().map(|&(lit, _)| negated(lit)).collect();
    scratch.nogood = nogood;
    Learned {
        lits,
        level: jump,
        lbd: levels.len() as u32 + 1,
    }
}
