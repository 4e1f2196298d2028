//! An all-different over residues (`(q[i] + i).rem_euclid(n)`, see
//! [`Residue`]). Two residues of single variables, `(x + a) mod n` and
//! `(y + b) mod n`, are equal exactly when `x - y` is congruent to
//! `b - a`: a few differences, each one `x != y + s`. So when every pair
//! forbids at most [`MAX_SHIFTS`] of them the constraint is posted as
//! those disequalities, which the pairwise fast path (merged neighbour
//! lists, the slot backend) runs in O(1) per value, as it runs the
//! hand-written toroidal queens. Any other residue becomes a helper
//! variable channelled to its dividend (a table for a small domain,
//! `d = n k + r` otherwise) under an ordinary all-different.

use super::{as_view, ConstraintId, Model};
use crate::comparison::Cmp;
use crate::error::ModelError;
use crate::propagators::Kind;
use crate::residue::{Operand, Residue};
use crate::var::View;
use crate::AllDifferentLevel;

/// The largest domain whose residues get an exact-valued helper and a
/// table channel (beyond, `d = n k + r` by bounds).
const TABULATED_RESIDUE: u64 = 1 << 12;

/// The most differences one pair may forbid for the all-different to be
/// posted as disequalities (toroidal queens: 2 per pair and diagonal
/// direction). Wider domains against a small modulus stay channelled.
const MAX_SHIFTS: i128 = 4;

const NAME: &str = "all-different";

impl Model {
    /// `all_different` over operands of which at least one is a residue.
    pub(super) fn all_different_residues(
        &mut self,
        operands: Vec<Operand>,
        level: Option<AllDifferentLevel>,
    ) -> Result<ConstraintId, ModelError> {
        for op in &operands {
            if let Operand::Residue(r) = op
                && r.modulus < 1
            {
                return Err(ModelError::ModulusNotPositive { modulus: r.modulus });
            }
        }
        let pairwise = matches!(level, None | Some(AllDifferentLevel::Value));
        if pairwise && let Some((modulus, views)) = self.single_variable_residues(&operands)? {
            return self.residue_disequalities(modulus, &views, level);
        }
        let scope = operands
            .into_iter()
            .map(|op| match op {
                Operand::Expr(e) => self.view_of(e, NAME),
                Operand::Residue(r) => self.residue_view(r),
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.add(Kind::AllDifferent { level }, scope)
    }

    /// The dividends' views, if every operand is a residue of one view by
    /// one modulus and every pair forbids at most [`MAX_SHIFTS`] differences.
    fn single_variable_residues(
        &self,
        operands: &[Operand],
    ) -> Result<Option<(i64, Vec<View>)>, ModelError> {
        let Some(Operand::Residue(first)) = operands.first() else {
            return Ok(None);
        };
        let modulus = first.modulus;
        let mut views = Vec::with_capacity(operands.len());
        for op in operands {
            let Operand::Residue(r) = op else {
                return Ok(None);
            };
            let Some(view) = as_view(&r.dividend).filter(|_| r.modulus == modulus) else {
                return Ok(None);
            };
            self.own(view, NAME)?;
            views.push(view);
        }
        for (j, &b) in views.iter().enumerate() {
            for &a in &views[..j] {
                let (first, count) = self.clashing_differences(a, b, modulus);
                let last = first + (count - 1).max(0) * modulus as i128;
                let fits = |s: i128| s.unsigned_abs() <= crate::MAX_OFFSET.unsigned_abs() as u128;
                if count > MAX_SHIFTS || !(fits(first) && fits(last)) {
                    return Ok(None);
                }
            }
        }
        Ok(Some((modulus, views)))
    }

    /// The differences `a.var - b.var` that give the two views equal
    /// residues: the first of them within the variables' ranges and how
    /// many (spaced `modulus` apart).
    fn clashing_differences(&self, a: View, b: View, modulus: i64) -> (i128, i128) {
        let n = modulus as i128;
        // (x + a) - (y + b) = 0 mod n  <=>  x - y = b - a mod n.
        let residue = (b.offset as i128 - a.offset as i128).rem_euclid(n);
        let (lo, hi) = if a.var == b.var {
            (0, 0)
        } else {
            let (x, y) = (&self.domains[a.var.index()], &self.domains[b.var.index()]);
            match (x.min(), x.max(), y.min(), y.max()) {
                (Some(x0), Some(x1), Some(y0), Some(y1)) => {
                    (x0 as i128 - y1 as i128, x1 as i128 - y0 as i128)
                }
                _ => return (0, 0), // an empty domain: nothing to forbid
            }
        };
        let first = lo + (residue - lo).rem_euclid(n);
        let count = if first > hi { 0 } else { (hi - first) / n + 1 };
        (first, count)
    }

    /// Posts `a.var != b.var + s` for every clashing difference `s` of
    /// every pair; the id is the first disequality's.
    fn residue_disequalities(
        &mut self,
        modulus: i64,
        views: &[View],
        level: Option<AllDifferentLevel>,
    ) -> Result<ConstraintId, ModelError> {
        let mut first_id = None;
        for (j, &b) in views.iter().enumerate() {
            for &a in &views[..j] {
                let (first, count) = self.clashing_differences(a, b, modulus);
                for k in 0..count {
                    let shift = (first + k * modulus as i128) as i64;
                    let pair = vec![
                        View::from(a.var),
                        View {
                            var: b.var,
                            offset: shift,
                        },
                    ];
                    let id = self.add(Kind::NotEqual, pair)?;
                    first_id.get_or_insert(id);
                }
            }
        }
        match first_id {
            Some(id) => Ok(id),
            None => self.add_trivial(Kind::AllDifferent { level }),
        }
    }

    /// A helper variable equal to the residue: a table channel from a
    /// single variable with a small domain, else `d = n k + r` with `r` in
    /// `0..n` over the dividend's view `d` and a helper quotient `k`.
    fn residue_view(&mut self, r: Residue) -> Result<View, ModelError> {
        let n = r.modulus;
        let too_large = || ModelError::ExpressionTooLarge {
            constraint: NAME,
            bits: 32,
        };
        if let Some(v) = as_view(&r.dividend) {
            self.own(v, NAME)?;
            if self.domains[v.var.index()].size() <= TABULATED_RESIDUE {
                let rows = self.domains[v.var.index()]
                    .values()
                    .map(|x| {
                        let residue = (x as i64 + v.offset).rem_euclid(n);
                        Ok([x, i32::try_from(residue).map_err(|_| too_large())?])
                    })
                    .collect::<Result<Vec<_>, ModelError>>()?;
                let z = self.helper_var(rows.iter().map(|row| row[1]).collect::<Vec<_>>())?;
                self.table([v.var, z], rows)?;
                return Ok(z.into());
            }
        }
        let d = self.view_of(r.dividend, NAME)?;
        let domain = &self.domains[d.var.index()];
        let (Some(min), Some(max)) = (domain.min(), domain.max()) else {
            return Ok(self.helper_var(Vec::<i32>::new())?.into());
        };
        let (lo, hi) = (
            min as i128 + d.offset as i128,
            max as i128 + d.offset as i128,
        );
        let n128 = n as i128;
        let narrow = |v: i128| i32::try_from(v).map_err(|_| too_large());
        let quotient =
            self.helper_var(narrow(lo.div_euclid(n128))?..=narrow(hi.div_euclid(n128))?)?;
        // A dividend that never reaches a multiple of n below or above it
        // keeps its residue under its own maximum.
        let top = if lo >= 0 { hi.min(n128 - 1) } else { n128 - 1 };
        let residue = self.helper_var(0..=narrow(top)?)?;
        self.linear(
            [(1, d), (-n, quotient.into()), (-1, residue.into())],
            Cmp::Eq,
            0,
        )?;
        Ok(residue.into())
    }
}
