//! `scope[0]` counts the views among `scope[1..]` whose value is in a
//! constant set.
//!
//! * check: the count;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: the count lies between the views surely in the set
//!   and those possibly in it; when the count must be the fewest, the
//!   undecided views leave the set, when the most, they join it. Over
//!   distinct variables (the count's among them) that is domain
//!   consistent; otherwise sound, then the exact last-variable filter.
//!
//! A view once decided (surely in the set, or surely out) stays so below
//! that node, so a run sets it aside behind a reversible count, as the
//! linear sums set their fixed terms aside: a deep node reads only the
//! undecided views. A count of one value hears, in a variable that occurs
//! once, only that value going or becoming its last: magic sequences post
//! one such count per value over the same array, and any other removal
//! would wake them all.

use super::count::single_views;
use super::explain::{domains_of, Read};
use super::set_aside::SetAside;
use super::{ConstraintKind, Ctx, Posted, Prop, Propagator, Watch};
use super::{Domains, Inferred, Lit};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// `scope[0] = |{i >= 1 : scope[i] in set}|`.
pub(crate) struct Among {
    /// The set, sorted, without repeats.
    pub set: Vec<i64>,
}

impl Among {
    fn contains(&self, v: i64) -> bool {
        self.set.binary_search(&v).is_ok()
    }
}

impl ConstraintKind for Among {
    fn name(&self) -> &'static str {
        "among"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let inside = vals[1..].iter().filter(|&&v| self.contains(v)).count();
        vals[0] == inside as i64
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(AmongPropagator {
            con,
            kind: self,
            vals: Vec::new(),
            order: (1..con.scope.len() as u32).collect(),
            aside: SetAside::default(),
        })
    }

    /// Over a set of one value: the count, if it occurs only as the count,
    /// by its bounds; a variable in one view, that value (in the
    /// variable's terms) going or becoming its last, all that can decide
    /// the view; any other variable any change. Over a wider set, any
    /// change.
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        let &[value] = self.set.as_slice() else {
            return vec![Watch::Any; con.vars.len()];
        };
        let once = single_views(&con.scope);
        let count = con.scope[0].var.index;
        con.vars
            .iter()
            .map(|var| match once.get(var).copied().flatten() {
                Some(_) if *var == count => Watch::Bounds,
                Some(offset) => Watch::Value(value - offset),
                None => Watch::Any,
            })
            .collect()
    }
}

struct AmongPropagator<'m> {
    con: &'m Constraint,
    kind: &'m Among,
    /// A domain's values, kept between runs (no allocation per node).
    vals: Vec<i32>,
    /// The views' scope positions, the undecided ones on the current path
    /// first: `order[..open]`, `open` read from [`Self::aside`].
    order: Vec<u32>,
    /// The undecided views' count, and how many of the views set aside
    /// are in the set.
    aside: SetAside,
}

/// Whether a view's values are all in the set, some, or none.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    In,
    Out,
    Both,
}

impl AmongPropagator<'_> {
    fn side(&mut self, ctx: &Ctx<'_>, k: u32) -> Side {
        let view = self.con.scope[k as usize];
        let x = view.var.index;
        let set = &self.kind.set;
        if let &[value] = set.as_slice() {
            return match ctx.store.contains(x, value - view.offset) {
                false => Side::Out,
                true if ctx.store.size(x) == 1 => Side::In,
                true => Side::Both,
            };
        }
        let size = ctx.store.size(x) as usize;
        // Whichever is shorter is walked: the set, asking the domain of
        // each of its values, or the domain, asking the set.
        let inside = if set.len() < size {
            set.iter()
                .filter(|&&v| ctx.store.contains(x, v - view.offset))
                .count()
        } else if ctx.store.listable(x) {
            self.vals.clear();
            ctx.store.values_into(x, &mut self.vals);
            self.vals
                .iter()
                .filter(|&&u| self.kind.contains(u as i64 + view.offset))
                .count()
        } else {
            return Side::Both; // too wide to list: undecided
        };
        match inside {
            0 => Side::Out,
            n if n == size => Side::In,
            _ => Side::Both,
        }
    }

    /// Removes from view `k` the values in the set (`inside` false) or
    /// outside it (`inside` true).
    fn keep_side(&mut self, ctx: &mut Ctx<'_>, k: u32, inside: bool) -> Prop {
        let view = self.con.scope[k as usize];
        let x = view.var.index;
        let set = &self.kind.set;
        if let (true, &[value]) = (inside, set.as_slice()) {
            let v = (value - view.offset) as i128;
            return ctx.restrict_bounds(x, v, v).map(|_| ());
        }
        if !inside && set.len() < ctx.store.size(x) as usize {
            for &value in set {
                ctx.remove(x, value - view.offset)?;
            }
            return Ok(());
        }
        if !ctx.store.listable(x) {
            return Ok(()); // too wide to list: checked once assigned
        }
        self.vals.clear();
        ctx.store.values_into(x, &mut self.vals);
        for i in 0..self.vals.len() {
            let u = self.vals[i] as i64;
            if self.kind.contains(u + view.offset) != inside {
                ctx.remove(x, u)?;
            }
        }
        Ok(())
    }

    /// Whether two different variables still open lie among the undecided
    /// views `order[..open]`: then the last-variable filter has nothing to
    /// do, and is not asked (it would read every variable).
    fn two_open(&self, ctx: &Ctx<'_>, open: usize) -> bool {
        let mut first = None;
        for &k in &self.order[..open] {
            let x = self.con.scope[k as usize].var.index;
            if ctx.settled(x) {
                continue;
            }
            match first {
                None => first = Some(x),
                Some(y) if y != x => return true,
                Some(_) => {}
            }
        }
        false
    }
}

impl Propagator for AmongPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// An inference rests on the others' domains.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        domains_of(&self.con.vars, what, Read::Values, d)
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let (mut open, mut sure) = self.aside.read(ctx.store, self.order.len());
        let count = self.con.scope[0];
        let off = count.offset as i128;
        let cv = count.var.index;
        loop {
            ctx.count_check();
            // Set the views decided since aside.
            let mut k = 0;
            while k < open {
                match self.side(ctx, self.order[k]) {
                    Side::Both => k += 1,
                    side => {
                        sure += usize::from(side == Side::In);
                        open -= 1;
                        self.order.swap(k, open);
                    }
                }
            }
            let (least, most) = (sure as i128, (sure + open) as i128);
            let changed = ctx.restrict_bounds(cv, least - off, most - off)?;
            let (Some(lo), Some(hi)) = (ctx.store.min(cv), ctx.store.max(cv)) else {
                return Err(Wipeout);
            };
            let (lo, hi) = (lo as i128 + off, hi as i128 + off);
            // The count at its least: the undecided views leave the set;
            // at its most: they join it.
            let decide = open > 0 && (hi == least || lo == most);
            if decide {
                for i in 0..open {
                    self.keep_side(ctx, self.order[i], lo == most)?;
                }
            }
            if !changed && !decide {
                break;
            }
        }
        self.aside.write(ctx.store, open, sure);
        if !self.con.has_repeated_vars() || open == 0 || self.two_open(ctx, open) {
            // Exact over distinct variables; with every view decided the
            // count is fixed to those in the set, so the constraint holds.
            return Ok(());
        }
        ctx.filter_last(self.con)
    }
}
