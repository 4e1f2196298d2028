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

/// An explanation in canonical form: sorted, each literal once.
pub(crate) fn conjunction(mut lits: Vec<Lit>) -> Vec<Lit> {
    lits.sort_unstable();
    lits.dedup();
    lits
}

#[cfg(test)]
mod tests;
