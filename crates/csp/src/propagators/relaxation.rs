//! The linear relaxation: one redundant constraint that checks the
//! model's linear constraints and products *together*, as real numbers,
//! where every other propagator reads one constraint at a time.
//!
//! Its rows are the linear constraints (sums, and the two- and
//! three-variable channels that are linear: `affine`, `difference`),
//! each product `x * y = z` once a factor is fixed (`z = v * y` is then
//! linear), and each equality multiplied by a variable that multiplies
//! all of its variables (`multiplied_equalities`). Bounds reasoning on
//! each row alone can leave a box in which every row has a point but no
//! point satisfies them all (template design: the demand rows of the
//! slots fixed so far against one production); the relaxation fails
//! there.
//!
//! * check: none of its own (it is implied by the constraints it was built
//!   from, so every assignment passes): generate-and-test, backtracking
//!   and forward checking never see it;
//! * arc consistency and clause learning: a feasibility check by the
//!   incremental simplex (`simplex.rs`) over the domains' bounds; no value
//!   is removed. A failure is reported only once the refuting row's
//!   multipliers, rounded to integers, are checked exactly
//!   (`certificate.rs`): floating point can miss a failure, never invent
//!   one;
//! * explanation of a failure: the bounds the certificate read (one side of
//!   each of its columns), and the fixed factor of each product row it
//!   used;
//! * cost: a check is a few pivots from the last basis (the basic values
//!   recomputed every [`FRESH_EVERY`]th check, or before a failure is
//!   dropped for want of a certificate); after
//!   [`QUIET`] checks in a row without a failure it runs at every second
//!   call, then every fourth, up to every [`LONGEST_PERIOD`]th, and back
//!   to every call at its next failure (a model where it never fails pays
//!   little for it).
//!
//! `relaxation/tests.rs` checks it against Fourier-Motzkin elimination
//! (it misses no infeasible relaxation) and brute force (its failures and
//! their explanations lose no solution); `tests/learning.rs` runs clause
//! learning over it, every learned clause checked.

mod certificate;
mod simplex;
#[cfg(test)]
mod tests;

use self::certificate::{Certificate, ExactRow};
use self::simplex::{Outcome, Simplex};
use super::{Constraint, ConstraintKind, Ctx, Domains, Inferred, Kind, Lit, Posted, Priority};
use super::{Prop, Propagator, Watch};
use crate::comparison::Cmp;
use crate::store::Wipeout;
use crate::var::View;

/// How a constraint reads as rows of the relaxation
/// ([`ConstraintKind::relaxed`](super::ConstraintKind::relaxed)).
pub(crate) enum Relaxed {
    /// `lower <= sum coef * view <= upper` (`None`: no bound that side).
    Linear {
        terms: Vec<(i64, View)>,
        lower: Option<i128>,
        upper: Option<i128>,
    },
    /// `x * y = z`, over views: linear once `x` or `y` is fixed.
    Product { x: View, y: View, z: View },
}

/// A product row over columns: `z + oz = (x + ox) * (y + oy)`.
#[derive(Clone, Copy)]
struct Product {
    x: (usize, i64),
    y: (usize, i64),
    z: (usize, i64),
}

impl Product {
    /// Its distinct columns, `z`'s first: the first `n` of the array.
    fn columns(self) -> ([usize; 3], usize) {
        let mut cols = [self.z.0; 3];
        let mut n = 1;
        for j in [self.x.0, self.y.0] {
            if !cols[..n].contains(&j) {
                cols[n] = j;
                n += 1;
            }
        }
        (cols, n)
    }
}

/// The relaxation of a model's arithmetic: its columns (model variables),
/// static rows and product rows.
pub(crate) struct Relaxation {
    rows: Vec<ExactRow>,
    products: Vec<Product>,
}

/// Consecutive checks without a failure after which the period doubles.
const QUIET: u32 = 256;
/// The longest period between checks.
const LONGEST_PERIOD: u32 = 64;
/// Checks between recomputations of the simplex's basic values.
const FRESH_EVERY: u32 = 32;
/// The largest dense tableau (rows times columns and slacks) built: 32 MB
/// of `f64`, and a pivot's worst case of 4M operations.
const MOST_ENTRIES: usize = 1 << 22;
/// Largest magnitude of a coefficient or bound the rows may hold (so the
/// certificates' sums stay far from 128-bit overflow).
const LARGEST: i128 = 1 << 40;

impl Relaxation {
    /// The relaxation of `constraints`, over the variables they mention
    /// (the scope, in first-seen order); `None` if fewer than two rows
    /// (one row alone is its propagator's business) or a dense tableau
    /// over more than [`MOST_ENTRIES`] entries.
    pub fn gather<'a>(
        constraints: impl IntoIterator<Item = &'a Constraint>,
    ) -> Option<(Relaxation, Vec<View>)> {
        let mut columns: Vec<View> = Vec::new();
        let mut column_of = std::collections::HashMap::new();
        let mut column = |v: &View| {
            *column_of.entry(v.var.index).or_insert_with(|| {
                columns.push(View::from(v.var));
                columns.len() - 1
            })
        };
        let mut linear = Vec::new();
        let mut multiplications = Vec::new();
        for con in constraints {
            match relaxed(con) {
                Some(Relaxed::Linear {
                    terms,
                    lower,
                    upper,
                }) => linear.push((terms, lower, upper)),
                Some(Relaxed::Product { x, y, z }) => multiplications.push([x, y, z]),
                None => {}
            }
        }
        let multiplied = multiplied_equalities(&linear, &multiplications);
        let rows: Vec<ExactRow> = (linear.iter().chain(&multiplied))
            .filter_map(|(terms, lower, upper)| linear_row(terms, *lower, *upper, &mut column))
            .collect();
        let products: Vec<Product> = (multiplications.iter())
            .map(|[x, y, z]| {
                let mut at = |v: &View| (column(v), v.offset);
                Product {
                    x: at(x),
                    y: at(y),
                    z: at(z),
                }
            })
            .collect();
        let m = rows.len() + products.len();
        if m < 2 || m.saturating_mul(columns.len() + m) > MOST_ENTRIES {
            return None;
        }
        Some((Relaxation { rows, products }, columns))
    }
}

/// A linear row over views: terms and the bounds of their sum.
type Terms = (Vec<(i64, View)>, Option<i128>, Option<i128>);

/// The equalities multiplied by a variable the model multiplies each of
/// their variables by: `sum a_i x_i = b` and `z_i = x_i * y` for every
/// `i` give `sum a_i z_i = b * y`, a row no sum of the others gives (in
/// template design, the slots of a template times its run length: the
/// whole production). Over views without offsets; at most a few per
/// original row.
fn multiplied_equalities(linear: &[Terms], multiplications: &[[View; 3]]) -> Vec<Terms> {
    use std::collections::HashMap;
    let plain = |v: &View| v.offset == 0;
    let mut product_of: HashMap<(u32, u32), View> = HashMap::new();
    let mut partners: HashMap<u32, Vec<View>> = HashMap::new();
    for [x, y, z] in multiplications {
        if plain(x) && plain(y) && plain(z) {
            let (a, b) = (x.var.index, y.var.index);
            product_of.insert((a, b), *z);
            product_of.insert((b, a), *z);
            partners.entry(a).or_default().push(*y);
            partners.entry(b).or_default().push(*x);
        }
    }
    let limit = 4 * linear.len() + 64;
    let mut out = Vec::new();
    for (terms, lower, upper) in linear {
        let (Some(b), true) = (lower, lower == upper) else {
            continue;
        };
        let Ok(b) = i64::try_from(*b) else { continue };
        if terms.is_empty() || !terms.iter().all(|t| plain(&t.1)) {
            continue;
        }
        let mut seen = Vec::new();
        for y in partners.get(&terms[0].1.var.index).into_iter().flatten() {
            if seen.contains(&y.var.index) {
                continue;
            }
            seen.push(y.var.index);
            let products: Option<Vec<(i64, View)>> = (terms.iter())
                .map(|&(a, x)| Some((a, *product_of.get(&(x.var.index, y.var.index))?)))
                .collect();
            if let (Some(mut row), Some(minus_b)) = (products, b.checked_neg()) {
                row.push((minus_b, *y));
                out.push((row, Some(0), Some(0)));
                if out.len() >= limit {
                    return out;
                }
            }
        }
    }
    out
}

/// How `con` reads as rows, if it does.
fn relaxed(con: &Constraint) -> Option<Relaxed> {
    match &con.kind {
        Kind::Linear { coefs, cmp, rhs } => {
            let (lower, upper) = match cmp {
                Cmp::Eq => (Some(*rhs), Some(*rhs)),
                Cmp::Le => (None, Some(*rhs)),
                Cmp::Ge => (Some(*rhs), None),
                Cmp::Ne => return None,
            };
            let terms = coefs.iter().copied().zip(con.scope.iter().copied());
            Some(Relaxed::Linear {
                terms: terms.collect(),
                lower,
                upper,
            })
        }
        Kind::Opaque(kind) => kind.relaxed(con),
        _ => None,
    }
}

/// A linear row over columns, offsets folded into its bounds; `None` if a
/// number is too large for exact certificates.
fn linear_row(
    terms: &[(i64, View)],
    lower: Option<i128>,
    upper: Option<i128>,
    column: &mut impl FnMut(&View) -> usize,
) -> Option<ExactRow> {
    let mut shift: i128 = 0;
    let mut merged: Vec<(usize, i64)> = Vec::new();
    for (a, v) in terms {
        shift += *a as i128 * v.offset as i128;
        let j = column(v);
        match merged.iter_mut().find(|t| t.0 == j) {
            Some(t) => t.1 = t.1.checked_add(*a)?,
            None => merged.push((j, *a)),
        }
    }
    let small = |b: &i128| b.abs() <= LARGEST;
    let fold = |b: Option<i128>| b.map(|b| b - shift);
    let (lower, upper) = (fold(lower), fold(upper));
    let fits = merged.iter().all(|t| small(&(t.1 as i128)))
        && lower.as_ref().is_none_or(small)
        && upper.as_ref().is_none_or(small);
    fits.then_some(ExactRow {
        terms: merged,
        lower,
        upper,
    })
}

impl ConstraintKind for Relaxation {
    fn name(&self) -> &'static str {
        "linear_relaxation"
    }

    /// Implied by the constraints it was built from: it adds nothing to a
    /// complete assignment's check.
    fn holds(&self, _vals: &mut [i64]) -> bool {
        true
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(Check {
            con,
            kind: self,
            simplex: None,
            fixed: vec![None; self.products.len()],
            bounds: Vec::new(),
            last: None,
            period: 1,
            calls: 0,
            quiet: 0,
        })
    }

    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        vec![Watch::Bounds; con.vars.len()]
    }
}

/// Which factor of a product row is fixed, and to what view value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fixed {
    X(i64),
    Y(i64),
}

struct Check<'m> {
    con: &'m Constraint,
    kind: &'m Relaxation,
    /// Built at the first check.
    simplex: Option<Simplex>,
    /// Per product row: the factor its row is linear in, if any.
    fixed: Vec<Option<Fixed>>,
    /// The columns' bounds at the last check.
    bounds: Vec<(i64, i64)>,
    /// The last failure's certificate and product fixings.
    last: Option<(Certificate, Vec<(usize, Fixed)>)>,
    period: u32,
    calls: u32,
    quiet: u32,
}

impl Check<'_> {
    /// The products' rows come after the static ones.
    fn product_row(&self, p: usize) -> usize {
        self.kind.rows.len() + p
    }

    /// The exact row `r`, the products with their factors as last synced.
    fn exact_row(&self, r: usize) -> ExactRow {
        match r.checked_sub(self.kind.rows.len()) {
            None => {
                let row = &self.kind.rows[r];
                ExactRow {
                    terms: row.terms.clone(),
                    lower: row.lower,
                    upper: row.upper,
                }
            }
            Some(p) => product_exact(self.kind.products[p], self.fixed[p]),
        }
    }

    fn build(&self) -> Simplex {
        let columns = self.con.vars.len();
        let mut rows: Vec<Vec<(usize, f64)>> = (self.kind.rows.iter())
            .map(|r| r.terms.iter().map(|&(j, a)| (j, a as f64)).collect())
            .collect();
        for p in &self.kind.products {
            let (cols, n) = p.columns();
            rows.push(cols[..n].iter().map(|&j| (j, 0.0)).collect());
        }
        let mut s = Simplex::new(columns, rows);
        for (r, row) in self.kind.rows.iter().enumerate() {
            let k = s.slack(r);
            s.bound(k, float(row.lower, -1.0), float(row.upper, 1.0));
        }
        s
    }

    /// Brings the product rows in line with their factors now.
    fn sync_products(&mut self, s: &mut Simplex) {
        for (p, &prod) in self.kind.products.iter().enumerate() {
            let (x, y) = (self.bounds[prod.x.0], self.bounds[prod.y.0]);
            let now = if x.0 == x.1 {
                Some(Fixed::X(x.0 + prod.x.1))
            } else if y.0 == y.1 {
                Some(Fixed::Y(y.0 + prod.y.1))
            } else {
                None
            };
            if self.fixed[p] == now {
                continue;
            }
            self.fixed[p] = now;
            let r = self.product_row(p);
            let k = s.slack(r);
            let Some(f) = now else {
                s.bound(k, f64::NEG_INFINITY, f64::INFINITY);
                continue;
            };
            let (terms, c) = product_form(prod, f);
            // Every column `build` gave the row: those the form leaves
            // out go back to 0.
            let (cols, n) = prod.columns();
            for &j in &cols[..n] {
                let a = terms.iter().find(|t| t.0 == j).map_or(0, |t| t.1);
                s.set_coefficient(r, j, a as f64);
            }
            s.bound(k, c as f64, c as f64);
        }
    }

    /// The multipliers of the original rows behind tableau row `i`: the
    /// slacks' coefficients in it (its basic slack's is 1, a nonbasic
    /// one's is minus its tableau coefficient).
    fn multipliers(s: &Simplex, i: usize, rows: usize) -> Vec<(usize, f64)> {
        (0..rows)
            .filter_map(|r| {
                let k = s.slack(r);
                let m = if s.basic(i) == k {
                    1.0
                } else {
                    -s.coefficient(i, k)
                };
                (m != 0.0).then_some((r, m))
            })
            .collect()
    }

    /// Is this call one the period lets through?
    fn due(&mut self) -> bool {
        self.calls = self.calls.wrapping_add(1);
        self.calls.is_multiple_of(self.period)
    }
}

/// A product row with factor `fixed` (inactive, unbounded, if none).
fn product_exact(p: Product, fixed: Option<Fixed>) -> ExactRow {
    match fixed {
        Some(f) => {
            let (terms, c) = product_form(p, f);
            let mut merged: Vec<(usize, i64)> = Vec::with_capacity(2);
            for (j, a) in terms {
                match merged.iter_mut().find(|t| t.0 == j) {
                    Some(t) => t.1 += a,
                    None => merged.push((j, a)),
                }
            }
            ExactRow {
                terms: merged,
                lower: Some(c),
                upper: Some(c),
            }
        }
        None => ExactRow {
            terms: Vec::new(),
            lower: None,
            upper: None,
        },
    }
}

/// `z - v * y = v * oy - oz` with `x`'s view fixed to `v` (or the same
/// with the roles swapped): the terms over columns (`z`'s first; one
/// column twice at most, merged into the first) and the constant.
fn product_form(p: Product, fixed: Fixed) -> ([(usize, i64); 2], i128) {
    let (v, (other, o)) = match fixed {
        Fixed::X(v) => (v, p.y),
        Fixed::Y(v) => (v, p.x),
    };
    let terms = if other == p.z.0 {
        [(p.z.0, 1 - v), (p.z.0, 0)]
    } else {
        [(p.z.0, 1), (other, -v)]
    };
    (terms, v as i128 * o as i128 - p.z.1 as i128)
}

/// A bound as a float: `None` is infinite on side `sign`.
fn float(b: Option<i128>, sign: f64) -> f64 {
    b.map_or(sign * f64::INFINITY, |b| b as f64)
}

impl Propagator for Check<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Enumeration
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        if !self.due() {
            return Ok(());
        }
        self.bounds.clear();
        for &x in &self.con.vars {
            match (ctx.store.min(x), ctx.store.max(x)) {
                (Some(lo), Some(hi)) => self.bounds.push((lo, hi)),
                _ => return Err(Wipeout),
            }
        }
        let mut s = self.simplex.take().unwrap_or_else(|| self.build());
        self.sync_products(&mut s);
        for (j, &(lo, hi)) in self.bounds.iter().enumerate() {
            s.bound(j, lo as f64, hi as f64);
        }
        let rows = self.kind.rows.len() + self.kind.products.len();
        let budget = 100 + 4 * rows as u32;
        // Values recomputed now and then, and before a failure is given
        // up for want of a certificate (rounding may have shown it).
        let mut fresh = self.calls.is_multiple_of(FRESH_EVERY);
        let mut failed = false;
        while let Outcome::Infeasible { row } = s.check(budget, fresh) {
            let multipliers = Self::multipliers(&s, row, rows);
            let bounds = &self.bounds;
            let cert = Certificate::from_multipliers(
                &multipliers,
                |r| self.exact_row(r),
                |j| Some(bounds[j]),
            );
            if let Some(cert) = cert {
                let fixings = (cert.rows.iter())
                    .filter_map(|&r| r.checked_sub(self.kind.rows.len()))
                    .map(|p| (p, self.fixed[p].expect("a used product row is active")))
                    .collect();
                self.last = Some((cert, fixings));
                failed = true;
                break;
            }
            if fresh {
                break;
            }
            fresh = true;
        }
        self.simplex = Some(s);
        if failed {
            self.quiet = 0;
            self.period = 1;
            return Err(Wipeout);
        }
        self.quiet += 1;
        if self.quiet >= QUIET {
            self.quiet = 0;
            self.period = (self.period * 2).min(LONGEST_PERIOD);
        }
        Ok(())
    }

    /// A failure: the side of each column's bounds the certificate read,
    /// and the fixed factor of each product row it used; `None` if the
    /// last certificate does not refute `d` (it was not this failure).
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let (Inferred::Failure, Some((cert, fixings))) = (what, &self.last) else {
            return None;
        };
        let vars = &self.con.vars;
        let bounds = |j: usize| Some((d.min(vars[j])?, d.max(vars[j])?));
        if !cert.refutes(bounds) {
            return None;
        }
        let mut lits = Vec::with_capacity(cert.coefs.len() + 2 * fixings.len());
        for &(j, g) in &cert.coefs {
            let (lo, hi) = bounds(j)?;
            lits.push(match g > 0 {
                true => Lit::at_most(vars[j], hi),
                false => Lit::at_least(vars[j], lo),
            });
        }
        for &(p, f) in fixings {
            let prod = self.kind.products[p];
            let (j, value) = match f {
                Fixed::X(v) => (prod.x.0, v - prod.x.1),
                Fixed::Y(v) => (prod.y.0, v - prod.y.1),
            };
            if d.single(vars[j]) != Some(value) {
                return None;
            }
            lits.push(Lit::at_least(vars[j], value));
            lits.push(Lit::at_most(vars[j], value));
        }
        Some(super::explain::conjunction(lits))
    }
}
