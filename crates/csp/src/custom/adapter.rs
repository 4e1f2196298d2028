//! A user's [`Propagator`] as one of the engine's constraint kinds: the
//! model keeps the posted value (its check is the kind's), each search
//! posts a clone of it behind the internal propagator interface.

use super::{Event, Priority as Public, PropagationContext, Propagator};
use crate::propagators::{
    self as kinds, Constraint, ConstraintKind, Ctx, Posted, Priority, Prop, Watch,
};
use crate::store::Wipeout;

/// A propagator the model can clone for each search.
pub(crate) trait Cloned: Propagator {
    fn cloned(&self) -> Box<dyn Propagator>;
}

impl<P: Propagator + Clone> Cloned for P {
    fn cloned(&self) -> Box<dyn Propagator> {
        Box::new(self.clone())
    }
}

/// The kind: the posted value and what it watches of each distinct
/// variable (the union of its events on that variable).
pub(crate) struct Custom {
    posted: Box<dyn Cloned>,
    name: &'static str,
}

impl Custom {
    pub fn new<P: Propagator + Clone>(propagator: P) -> Custom {
        Custom {
            name: propagator.name(),
            posted: Box::new(propagator),
        }
    }
}

/// The one watch that hears all of `events` (a variable may be listed with
/// several).
pub(crate) fn watch(events: impl IntoIterator<Item = Event>) -> Watch {
    let (mut fixed, mut lower, mut upper) = (false, false, false);
    for e in events {
        match e {
            Event::Domain => return Watch::Any,
            Event::Fixed => fixed = true,
            Event::LowerBound => lower = true,
            Event::UpperBound => upper = true,
            Event::Bounds => (lower, upper) = (true, true),
        }
    }
    match (fixed, lower, upper) {
        (_, true, true) | (true, true, _) | (true, _, true) => Watch::Bounds,
        (_, true, false) => Watch::LowerBound,
        (_, false, true) => Watch::UpperBound,
        _ => Watch::Fixed,
    }
}

impl ConstraintKind for Custom {
    fn name(&self) -> &'static str {
        self.name
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        self.posted.check(vals)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        let model = con.scope[0].var.model;
        Box::new(Running {
            con,
            model,
            propagator: self.posted.cloned(),
        })
    }

    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        let listed = self.posted.variables();
        con.vars
            .iter()
            .map(|&x| watch(listed.iter().filter(|(v, _)| v.index == x).map(|&(_, e)| e)))
            .collect()
    }
}

/// A search's clone of the user's propagator.
struct Running<'m> {
    con: &'m Constraint,
    model: u32,
    propagator: Box<dyn Propagator>,
}

impl Running<'_> {
    /// One call of the user's `propagate`: whether it removed anything.
    fn run(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let mut context = PropagationContext::new(ctx.reborrow(), self.model);
        let result = self.propagator.propagate(&mut context);
        let (counts, failed) = context.finish();
        ctx.absorb(counts);
        if failed || result.is_err() {
            return Err(Wipeout);
        }
        Ok(counts.0 > 0)
    }
}

impl kinds::Propagator for Running<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        match self.propagator.priority() {
            Public::Cheap => Priority::Linear,
            Public::Medium => Priority::Table,
            Public::Expensive => Priority::Enumeration,
        }
    }

    /// Once after an assignment of one of its variables, then (as every
    /// n-ary kind) the exact filter of the last open variable, which makes
    /// a weak `propagate` cost nodes, never solutions.
    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        let ran = self.run(ctx).map(|_| ());
        Some(ran.and_then(|()| {
            if open <= 1 {
                ctx.filter_last(self.con)
            } else {
                Ok(())
            }
        }))
    }

    /// Until a call removes nothing (the queue does not wake the running
    /// propagator for its own removals), then the last-variable filter.
    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        while self.run(ctx)? {}
        ctx.filter_last(self.con)
    }

    fn entailed(&self, ctx: &mut Ctx<'_>) -> bool {
        let said = {
            let context = PropagationContext::new(ctx.reborrow(), self.model);
            self.propagator.entailed(&context)
        };
        said || ctx.holds_fixed(self.con)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_on_one_variable_join_into_one_watch() {
        use Event::*;
        assert_eq!(watch([Fixed]), Watch::Fixed);
        assert_eq!(watch([LowerBound]), Watch::LowerBound);
        assert_eq!(watch([UpperBound, UpperBound]), Watch::UpperBound);
        assert_eq!(watch([LowerBound, UpperBound]), Watch::Bounds);
        // Becoming fixed need not move the lower bound: both are heard.
        assert_eq!(watch([Fixed, LowerBound]), Watch::Bounds);
        assert_eq!(watch([Bounds, Domain]), Watch::Any);
    }
}
