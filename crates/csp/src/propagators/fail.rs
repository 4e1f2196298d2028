//! The constraint no assignment satisfies: what a variable declared with an
//! empty domain becomes, so that its model is simply unsatisfiable (zero
//! solutions, a complete search) rather than an error.
//!
//! * check: false;
//! * every level: a wipe-out as soon as it is asked to filter (the
//!   defaults' last-variable filter removes every value).

use super::{ConstraintKind, Ctx, Posted, Prop, Propagator};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// Never holds (scope: the variable declared empty, given a placeholder
/// value).
pub(crate) struct EmptyDomain;

impl ConstraintKind for EmptyDomain {
    fn name(&self) -> &'static str {
        "empty-domain"
    }

    fn holds(&self, _vals: &mut [i64]) -> bool {
        false
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(Fail { con })
    }
}

struct Fail<'m> {
    con: &'m Constraint,
}

impl Propagator for Fail<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, _ctx: &mut Ctx<'_>) -> Prop {
        Err(Wipeout)
    }

    fn entailed(&self, _ctx: &mut Ctx<'_>) -> bool {
        false
    }
}
