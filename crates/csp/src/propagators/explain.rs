//! Explanations of propagators' inferences: what learning will stand on.
//!
//! Every removal a propagator makes is an atomic literal over one variable
//! ([`Lit`]: `[x >= v]`, `[x <= v]`, `[x != v]`); a wipe-out it reports
//! without one is a failure. [`Propagator::explain`](super::Propagator::explain)
//! gives, for either, a conjunction of literals that held before it was
//! made and that, with the constraint alone, implies it (for a failure: is
//! inconsistent with the constraint).
//!
//! Explanations are *lazy*: a propagator recomputes the reason from the
//! domains as they were when it made the inference ([`Domains`]; the
//! trail will give them to a learning search), so nothing is recorded and
//! nothing allocated while a search that asks for no explanation runs. A
//! wipe-out by a removal is explained as that removal (its variable's
//! last value was the one removed). Kinds that do not explain yet return
//! `None`: a learning search then falls back on the decisions.

use super::Ctx;
use crate::literal::Relation;
use crate::{Literal, Model, VarId};

/// An atomic literal over a variable index: the engine's twin of the
/// public [`Literal`] (over a [`VarId`]), which [`Lit::literal`] turns it
/// into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Lit {
    pub var: u32,
    pub relation: Relation,
    pub value: i64,
}

impl Lit {
    pub fn at_least(var: u32, value: i64) -> Lit {
        Lit {
            var,
            relation: Relation::AtLeast,
            value,
        }
    }

    pub fn at_most(var: u32, value: i64) -> Lit {
        Lit {
            var,
            relation: Relation::AtMost,
            value,
        }
    }

    pub fn equal(var: u32, value: i64) -> Lit {
        Lit {
            var,
            relation: Relation::Equal,
            value,
        }
    }

    pub fn not_equal(var: u32, value: i64) -> Lit {
        Lit {
            var,
            relation: Relation::NotEqual,
            value,
        }
    }

    /// Does the literal hold when its variable takes `x`?
    pub fn holds(self, x: i64) -> bool {
        self.relation.holds(x, self.value)
    }

    /// Does the literal hold for every value `domains` leave its variable?
    pub fn entailed(self, domains: &dyn Domains) -> bool {
        let x = self.var;
        match self.relation {
            Relation::AtLeast => domains.min(x).is_none_or(|m| m >= self.value),
            Relation::AtMost => domains.max(x).is_none_or(|m| m <= self.value),
            Relation::NotEqual => !domains.contains(x, self.value),
            Relation::Equal => {
                domains.min(x).is_none_or(|m| m >= self.value)
                    && domains.max(x).is_none_or(|m| m <= self.value)
            }
        }
    }

    /// The public literal over `model`'s variable.
    #[cfg_attr(not(test), allow(dead_code))] // the tests' and reports' view
    pub fn literal(self, model: &Model) -> Literal {
        Literal {
            var: VarId {
                model: model.id(),
                index: self.var,
            },
            relation: self.relation,
            value: self.value,
        }
    }
}

/// What a propagator is asked to explain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Inferred {
    /// A literal it made true (a value or a range of values it removed).
    Lit(Lit),
    /// A wipe-out it reported without a removal (its constraint cannot
    /// hold in the domains).
    Failure,
}

/// The domains an explanation reads: as they were when the inference was
/// made. Variables are indices; an empty domain has no bounds.
pub(crate) trait Domains {
    fn min(&self, x: u32) -> Option<i64>;
    fn max(&self, x: u32) -> Option<i64>;
    fn contains(&self, x: u32, value: i64) -> bool;

    /// The value of a singleton domain.
    fn single(&self, x: u32) -> Option<i64> {
        let lo = self.min(x)?;
        (self.max(x)? == lo).then_some(lo)
    }

    /// The least and greatest value (one read where the two share work).
    fn bounds(&self, x: u32) -> Option<(i64, i64)> {
        Some((self.min(x)?, self.max(x)?))
    }

    /// Bounds `x` keeps wherever the search stands (its declared
    /// domain's), if known: a literal they imply is true everywhere and
    /// explains nothing.
    fn declared(&self, _x: u32) -> Option<(i64, i64)> {
        None
    }
}

/// The domains as the search sees them now: the store's, with every
/// assigned variable at its value (forward checking may not have fixed it
/// in the store).
impl Domains for Ctx<'_> {
    fn min(&self, x: u32) -> Option<i64> {
        match self.assigned[x as usize] {
            true => Some(self.values[x as usize] as i64),
            false => self.store.min(x),
        }
    }

    fn max(&self, x: u32) -> Option<i64> {
        match self.assigned[x as usize] {
            true => Some(self.values[x as usize] as i64),
            false => self.store.max(x),
        }
    }

    fn contains(&self, x: u32, value: i64) -> bool {
        match self.assigned[x as usize] {
            true => self.values[x as usize] as i64 == value,
            false => self.store.contains(x, value),
        }
    }
}

/// The last-variable rule's reason (`Ctx::filter_last`, which every kind
/// may run, removing one value at a time): for a removed value, or a
/// failure, the values of the constraint's variables `vars` (other than
/// the literal's), when `d` fixes them all (with them, the constraint
/// alone rules out the value, or fails). `None` when one is open, and for
/// a bound (the values beyond it that went before are not the rule's).
pub(crate) fn others_fixed(vars: &[u32], what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
    let skip = match what {
        Inferred::Lit(lit) if lit.relation == Relation::NotEqual => Some(lit.var),
        Inferred::Lit(_) => return None,
        Inferred::Failure => None,
    };
    (vars.iter())
        .filter(|&&x| Some(x) != skip)
        .map(|&x| d.single(x).map(|v| Lit::equal(x, v)))
        .collect()
}

/// How much of a domain [`domains_of`] describes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Read {
    /// The bounds: enough for a propagator that reads only bounds (its
    /// inferences hold with every domain widened to its interval).
    Bounds,
    /// The bounds and the holes between them.
    Values,
}

/// Domains wider than this between their bounds are not described value
/// by value, and explanations longer than this are not given
/// ([`domains_of`] gives up): a long clause is seldom of use again, and
/// every literal of it costs its analysis.
pub(crate) const DESCRIBED: i64 = 64;

/// The reason every sound propagator's inference has: the domains of the
/// constraint's other variables `vars` (as `read` needs them) before it.
/// No value the propagator removed had a support in them, and a failure
/// had none at all; a bound's move also rests on its variable's previous
/// bound on that side (the values beyond it that went earlier were not
/// this inference's). Weaker than a kind's own reasoning, stronger than
/// the decisions on small scopes. `None` when a domain is too wide or
/// the whole too long to describe.
pub(crate) fn domains_of(
    vars: &[u32],
    what: Inferred,
    read: Read,
    d: &dyn Domains,
) -> Option<Vec<Lit>> {
    // Two bounds per other variable at least: too many, give up at once.
    if 2 * vars.len() as i64 > DESCRIBED + 2 {
        return None;
    }
    let mut why = Vec::new();
    // The holes of `x` strictly between `lo` and `hi`, if read.
    let holes = |x: u32, lo: i64, hi: i64, why: &mut Vec<Lit>| {
        if read == Read::Values && lo < hi {
            if hi - lo > DESCRIBED {
                return None;
            }
            why.extend(
                (lo + 1..hi)
                    .filter(|&v| !d.contains(x, v))
                    .map(|v| Lit::not_equal(x, v)),
            );
        }
        Some(())
    };
    let skip = match what {
        Inferred::Lit(lit) => {
            let x = lit.var;
            match lit.relation {
                Relation::AtLeast => {
                    let lo = d.min(x)?;
                    why.push(Lit::at_least(x, lo));
                    holes(x, lo, lit.value, &mut why)?;
                }
                Relation::AtMost => {
                    let hi = d.max(x)?;
                    why.push(Lit::at_most(x, hi));
                    holes(x, lit.value, hi, &mut why)?;
                }
                Relation::NotEqual => {}
                Relation::Equal => return None,
            }
            Some(x)
        }
        Inferred::Failure => None,
    };
    for &x in vars {
        if Some(x) == skip {
            continue;
        }
        let (lo, hi) = d.bounds(x)?;
        why.push(Lit::at_least(x, lo));
        why.push(Lit::at_most(x, hi));
        holes(x, lo, hi, &mut why)?;
        if why.len() as i64 > DESCRIBED {
            return None;
        }
    }
    Some(conjunction(why))
}

/// A kind's own rules (`literal`, `failure`), which assume distinct
/// views, else the last-variable rule (`others_fixed`); in canonical form.
pub(crate) fn rules_or_fixed(
    con: &crate::propagators::Constraint,
    what: Inferred,
    d: &dyn Domains,
    literal: impl FnOnce(Lit) -> Option<Vec<Lit>>,
    failure: impl FnOnce() -> Option<Vec<Lit>>,
) -> Option<Vec<Lit>> {
    let distinct = con.vars.len() == con.scope.len();
    let by_rules = match what {
        _ if !distinct => None,
        Inferred::Lit(lit) => literal(lit),
        Inferred::Failure => failure(),
    };
    by_rules
        .or_else(|| others_fixed(&con.vars, what, d))
        .map(conjunction)
}

/// An explanation in canonical form: sorted, each literal once, and of
/// two bounds on one side of a variable only the tighter (it implies the
/// other), so each rule's reasons may be joined as they come.
pub(crate) fn conjunction(mut lits: Vec<Lit>) -> Vec<Lit> {
    lits.sort_unstable();
    lits.dedup();
    // Sorted by variable, relation, value: a run of lower bounds ends with
    // the greatest (kept in the run's first place), a run of upper bounds
    // starts with the least.
    lits.dedup_by(|later, kept| {
        let bound = matches!(kept.relation, Relation::AtLeast | Relation::AtMost);
        let same_side = bound && later.var == kept.var && later.relation == kept.relation;
        if same_side && kept.relation == Relation::AtLeast {
            *kept = *later;
        }
        same_side
    });
    lits
}

/// The weakest literal over `x` that holds in `d` and rules out `u`: a
/// bound just past it when it lies beyond the domain's, else `[x != u]`;
/// `None` while `d` allows `u`.
pub(crate) fn lacks(x: u32, u: i64, d: &dyn Domains) -> Option<Lit> {
    match (d.min(x), d.max(x)) {
        (Some(lo), _) if u < lo => Some(Lit::at_least(x, u + 1)),
        (_, Some(hi)) if u > hi => Some(Lit::at_most(x, u - 1)),
        (None, _) | (_, None) => Some(Lit::not_equal(x, u)),
        _ => (!d.contains(x, u)).then_some(Lit::not_equal(x, u)),
    }
}

/// A failure because `x` has no value left: its bounds and, for each
/// value between them, that it was gone already or why it is impossible
/// (`ruled_out`, as for [`value_by_value`]).
pub(crate) fn no_value_left(
    x: u32,
    d: &dyn Domains,
    ruled_out: impl FnMut(i64, &mut Vec<Lit>) -> Option<()>,
) -> Option<Vec<Lit>> {
    let hi = d.max(x)?;
    // As a lower bound's move past the upper one (which names the lower
    // bound and each value up to the upper one), with the upper bound.
    let mut why = value_by_value(Lit::at_least(x, hi + 1), d, ruled_out)?;
    why.push(Lit::at_most(x, hi));
    Some(why)
}

/// A literal over `x` explained value by value: for `[x != v]`, why `v`
/// is impossible (`ruled_out` pushes a reason onto its vector, or says
/// `None`); for a bound's move, the bound before it, then for each value
/// it passed either that it was gone already or why it is impossible.
/// `None` for an equality, a move past more than [`DESCRIBED`] values, or
/// a value without a reason.
pub(crate) fn value_by_value(
    lit: Lit,
    d: &dyn Domains,
    mut ruled_out: impl FnMut(i64, &mut Vec<Lit>) -> Option<()>,
) -> Option<Vec<Lit>> {
    let x = lit.var;
    let mut why = Vec::new();
    let passed = match lit.relation {
        Relation::NotEqual => lit.value..=lit.value,
        Relation::AtLeast => {
            let lo = d.min(x)?;
            why.push(Lit::at_least(x, lo));
            lo..=lit.value - 1
        }
        Relation::AtMost => {
            let hi = d.max(x)?;
            why.push(Lit::at_most(x, hi));
            lit.value + 1..=hi
        }
        Relation::Equal => return None,
    };
    if passed.end() - passed.start() > DESCRIBED {
        return None;
    }
    for u in passed {
        match lit.relation != Relation::NotEqual && !d.contains(x, u) {
            true => why.push(Lit::not_equal(x, u)),
            false => ruled_out(u, &mut why)?,
        }
    }
    Some(conjunction(why))
}

mod relax;
pub(crate) use relax::{bounds_imply, far_first, own_sides, relax, Side, Window};

#[cfg(test)]
mod tests;
