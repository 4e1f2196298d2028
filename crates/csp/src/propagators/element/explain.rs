//! Explanations of element over views (`array[i] = z`, view values),
//! one per rule of `Variables::round`:
//!
//! * an index value `j` goes because entry `j` and the result share no
//!   value: their bounds apart (`[x_j <= t - 1]`, `[z >= t]`), else the
//!   bounds of their overlap and, in it, each value one of them lacks;
//! * a result value `w` goes because no index left gives it: for each
//!   position, its index value gone or its entry lacking `w`; a result's
//!   bound `[z >= t]` because every remaining entry lies above it (as
//!   Pumpkin explains it): `[i != j]` or `[x_j >= t]` per position;
//! * entry `j`'s value goes with the index fixed to `j`: `[i = j]` and the
//!   result lacking it (by bounds the same way);
//! * the last-variable rule, and every scope that repeats a variable:
//!   the others' values.

use crate::literal::Relation;
use crate::propagators::explain::{
    lacks, no_value_left, rules_or_fixed, value_by_value, DESCRIBED,
};
use crate::propagators::{Constraint, Domains, Inferred, Lit};
use crate::var::View;

/// The views' domains before an inference.
struct Views<'a> {
    con: &'a Constraint,
    d: &'a dyn Domains,
}

/// Explains an inference of element over views.
pub(super) fn explain(con: &Constraint, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
    let v = Views { con, d };
    rules_or_fixed(con, what, d, |lit| v.literal(lit), || v.failure())
}

impl Views<'_> {
    fn index(&self) -> &View {
        &self.con.scope[0]
    }

    fn result(&self) -> &View {
        &self.con.scope[1]
    }

    fn entries(&self) -> &[View] {
        &self.con.scope[2..]
    }

    /// The weakest literal saying `view` lacks the view value `w`.
    fn lacks(&self, view: &View, w: i64) -> Option<Lit> {
        lacks(view.var.index, w - view.offset, self.d)
    }

    /// The view's bounds, as view values.
    fn bounds(&self, view: &View) -> Option<(i64, i64)> {
        let x = view.var.index;
        let (lo, hi) = self.d.bounds(x)?;
        Some((lo + view.offset, hi + view.offset))
    }

    fn literal(&self, lit: Lit) -> Option<Vec<Lit>> {
        let (index, result) = (self.index(), self.result());
        if lit.var == index.var.index {
            let entries = self.entries();
            return value_by_value(lit, self.d, |u, why| {
                match usize::try_from(u + index.offset)
                    .ok()
                    .and_then(|j| entries.get(j))
                {
                    Some(x) => self.apart(x, result, why),
                    None => Some(()), // not a position
                }
            });
        }
        if lit.var == result.var.index {
            return self.beyond_entries(lit).or_else(|| {
                value_by_value(lit, self.d, |u, why| {
                    self.given_by_none(u + result.offset, why)
                })
            });
        }
        let j = self.entries().iter().position(|x| x.var.index == lit.var)?;
        let i = self.d.single(index.var.index)?;
        if i + index.offset != j as i64 {
            return None;
        }
        let x = &self.entries()[j];
        let mut why = self.bound_of(result, lit, x.offset).or_else(|| {
            value_by_value(lit, self.d, |u, why| {
                why.push(self.lacks(result, u + x.offset)?);
                Some(())
            })
        })?;
        why.push(Lit::equal(index.var.index, i));
        Some(why)
    }

    /// `[view >= t]` (or `<=`) when `lit` is a bound over a variable with
    /// view offset `offset` and `view`'s own bound implies it.
    fn bound_of(&self, view: &View, lit: Lit, offset: i64) -> Option<Vec<Lit>> {
        let (lo, hi) = self.bounds(view)?;
        let t = lit.value + offset;
        let x = view.var.index;
        match lit.relation {
            Relation::AtLeast if lo >= t => Some(vec![Lit::at_least(x, t - view.offset)]),
            Relation::AtMost if hi <= t => Some(vec![Lit::at_most(x, t - view.offset)]),
            _ => None,
        }
    }

    /// A result's bound: every position's index value gone or its entry
    /// beyond the bound.
    fn beyond_entries(&self, lit: Lit) -> Option<Vec<Lit>> {
        if !matches!(lit.relation, Relation::AtLeast | Relation::AtMost) {
            return None;
        }
        let (index, offset) = (self.index(), self.result().offset);
        let mut why = Vec::new();
        for (j, x) in self.entries().iter().enumerate() {
            match self.lacks(index, j as i64) {
                Some(gone) => why.push(gone),
                None => why.extend(self.bound_of(x, lit, offset)?),
            }
        }
        Some(why)
    }

    /// Pushes why no position gives the result value `w`.
    fn given_by_none(&self, w: i64, why: &mut Vec<Lit>) -> Option<()> {
        let index = self.index();
        for (j, x) in self.entries().iter().enumerate() {
            why.push(self.lacks(index, j as i64).or_else(|| self.lacks(x, w))?);
        }
        Some(())
    }

    /// Pushes why views `a` and `b` share no value.
    fn apart(&self, a: &View, b: &View, why: &mut Vec<Lit>) -> Option<()> {
        let ((alo, ahi), (blo, bhi)) = (self.bounds(a)?, self.bounds(b)?);
        let below = |hi: View, t: i64| Lit::at_most(hi.var.index, t - 1 - hi.offset);
        let above = |lo: View, t: i64| Lit::at_least(lo.var.index, t - lo.offset);
        if ahi < blo {
            why.extend([below(*a, blo), above(*b, blo)]);
            return Some(());
        }
        if bhi < alo {
            why.extend([below(*b, alo), above(*a, alo)]);
            return Some(());
        }
        let (lo, hi) = (alo.max(blo), ahi.min(bhi));
        if hi - lo > DESCRIBED {
            return None;
        }
        // The overlap's bounds (each from the view that sets it), then in
        // it each value one of them lacks.
        why.push(match alo >= blo {
            true => above(*a, lo),
            false => above(*b, lo),
        });
        why.push(match ahi <= bhi {
            true => below(*a, hi + 1),
            false => below(*b, hi + 1),
        });
        for w in lo..=hi {
            why.push(self.lacks(a, w).or_else(|| self.lacks(b, w))?);
        }
        Some(())
    }

    /// A failure: every index value's entry apart from the result.
    fn failure(&self) -> Option<Vec<Lit>> {
        let (index, result) = (self.index(), self.result());
        let entries = self.entries();
        no_value_left(index.var.index, self.d, |u, why| {
            match usize::try_from(u + index.offset)
                .ok()
                .and_then(|j| entries.get(j))
            {
                Some(e) => self.apart(e, result, why),
                None => Some(()),
            }
        })
    }
}
