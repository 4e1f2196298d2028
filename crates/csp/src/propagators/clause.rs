//! A clause over boolean (0/1) variables: at least one positive literal is
//! non-zero or one negative literal is zero.
//!
//! * check: some literal is true;
//! * backtracking: the shared default (checked once the scope is assigned);
//! * forward checking and arc consistency: unit propagation with two
//!   watched literals. The propagator keeps two positions whose literals
//!   are not false; a wake-up (any variable of the clause becoming fixed)
//!   costs nothing while both still are not, and otherwise looks for a
//!   replacement. Watches need no undoing on backtrack: a literal that is
//!   not false stays so when domains grow back;
//! * explanations: a literal forced true because every literal over the
//!   other variables is false; a failure because every literal is.

use super::explain::conjunction;
use super::{
    ConstraintKind, Ctx, Domains, Inferred, Lit, Posted, Priority, Prop, Propagator, Watch,
};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// At least one of the first `positives` views is non-zero or one of the
/// others is zero.
pub(crate) struct Clause {
    pub positives: usize,
}

impl ConstraintKind for Clause {
    fn name(&self) -> &'static str {
        "clause"
    }

    /// Is some literal true (`vals[..positives]` non-zero, or the rest
    /// zero)?
    fn holds(&self, vals: &mut [i64]) -> bool {
        let positives = self.positives;
        vals[..positives].iter().any(|&v| v != 0) || vals[positives..].contains(&0)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(WatchedLiterals {
            con,
            positives: self.positives,
            watched: [0, 1.min(con.scope.len() - 1)],
        })
    }

    /// Its variables becoming fixed (0/1 variables change only that way).
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        vec![Watch::Fixed; con.vars.len()]
    }
}

struct WatchedLiterals<'m> {
    con: &'m Constraint,
    positives: usize,
    watched: [usize; 2],
}

impl WatchedLiterals<'_> {
    /// Literal `k`'s variable, and its value if it is assigned or fixed
    /// (forward checking's slot backend may not fix an assigned variable in
    /// the store).
    fn fixed(&self, ctx: &Ctx<'_>, k: usize) -> (u32, Option<i64>) {
        let x = self.con.scope[k].var.index;
        (x, ctx.fixed_value(x))
    }

    /// Can literal `k` no longer be true?
    fn is_false(&self, ctx: &Ctx<'_>, k: usize) -> bool {
        let (x, value) = self.fixed(ctx, k);
        if k < self.positives {
            value == Some(0)
        } else {
            value.map_or(!ctx.store.contains(x, 0), |v| v != 0)
        }
    }

    /// Is literal `k` certainly true?
    fn is_true(&self, ctx: &Ctx<'_>, k: usize) -> bool {
        let (x, value) = self.fixed(ctx, k);
        if k < self.positives {
            value.map_or(!ctx.store.contains(x, 0), |v| v != 0)
        } else {
            value == Some(0)
        }
    }

    /// Makes literal `k` true.
    fn force(&self, ctx: &mut Ctx<'_>, k: usize) -> Prop {
        let x = self.con.scope[k].var.index;
        if k < self.positives {
            if ctx.store.contains(x, 0) {
                ctx.remove(x, 0)?;
            }
            Ok(())
        } else {
            ctx.restrict_bounds(x, 0, 0).map(|_| ())
        }
    }

    /// The literal on entry `k`'s variable saying the entry is false.
    #[cfg_attr(not(test), allow(dead_code))] // explanations: called by the tests until learning
    fn falsified(&self, k: usize) -> Lit {
        let x = self.con.scope[k].var.index;
        if k < self.positives {
            Lit::equal(x, 0)
        } else {
            Lit::not_equal(x, 0)
        }
    }

    /// Does making some entry over `lit`'s variable true imply `lit`?
    /// (Positive entries say `x != 0`, negative ones `x = 0`; both: the
    /// clause holds whatever, and forces nothing.)
    #[cfg_attr(not(test), allow(dead_code))] // explanations: called by the tests until learning
    fn forces(&self, lit: Lit) -> bool {
        let entries = (self.con.scope.iter().enumerate()).filter(|(_, v)| v.var.index == lit.var);
        let (positive, negative) = entries.fold((false, false), |(p, n), (k, _)| {
            (p || k < self.positives, n || k >= self.positives)
        });
        match (positive, negative) {
            (true, false) => lit == Lit::not_equal(lit.var, 0),
            (false, true) => lit.holds(0),
            _ => false,
        }
    }

    fn unit_propagate(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let n = self.con.scope.len();
        for w in 0..2 {
            if !self.is_false(ctx, self.watched[w]) {
                continue;
            }
            let other = self.watched[1 - w];
            ctx.count_check();
            if let Some(k) = (0..n).find(|&k| k != other && !self.is_false(ctx, k)) {
                self.watched[w] = k;
            }
        }
        let [a, b] = self.watched;
        let (fa, fb) = (self.is_false(ctx, a), self.is_false(ctx, b));
        match (fa, fb) {
            (true, true) => Err(Wipeout),
            (true, false) if !self.is_true(ctx, b) => self.force(ctx, b),
            (false, true) if !self.is_true(ctx, a) => self.force(ctx, a),
            _ => Ok(()),
        }
    }
}

impl Propagator for WatchedLiterals<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Pairwise
    }

    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, _open: u32) -> Option<Prop> {
        Some(self.unit_propagate(ctx))
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        self.unit_propagate(ctx)?;
        if self.con.scope.len() > 1 && self.con.vars.len() == self.con.scope.len() {
            // Over two or more distinct variables unit propagation is
            // exact.
            return Ok(());
        }
        // One literal (both watches on it: never unit to them) and
        // repeated variables (x or not x) are where the watches are not
        // exact; the last-variable filter is.
        ctx.filter_last(self.con)
    }

    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let forced = match what {
            Inferred::Lit(lit) if self.forces(lit) => Some(lit.var),
            Inferred::Lit(_) => return None,
            Inferred::Failure => None,
        };
        let n = self.con.scope.len();
        (0..n)
            .filter(|&k| Some(self.con.scope[k].var.index) != forced)
            .map(|k| Some(self.falsified(k)).filter(|f| f.entailed(d)))
            .collect::<Option<Vec<Lit>>>()
            .map(conjunction)
    }
}
