//! `sum coefs[i] * x[i] cmp rhs` (offsets folded into `rhs`, repeated
//! variables merged when the model builds it).
//!
//! * check: the sum, exactly, in 128 bits;
//! * backtracking: the shared default (checked once the scope is assigned);
//! * forward checking: the last open variable filtered exactly (by
//!   enumeration on a small domain; on a wide one by the filtering below,
//!   exact once one variable is open);
//! * arc consistency: for `=`, bounds(R) consistency to its own fixpoint
//!   (each bound has a support with the other variables real between
//!   their bounds; integer supports, bounds(Z), would be NP-hard to
//!   guarantee), but over two variables with unit coefficients (`x - y =
//!   c`, `x + y = c`) domain consistency while both domains can be listed
//!   (`linear/pair.rs`); for `<=` and `>=` the same filtering is domain
//!   consistency (a bound's support supports every value short of it);
//!   for `!=`, the one value left open to the last variable whose
//!   coefficient is not zero goes, which is domain consistency. Once at
//!   most one term is open each of these is exact, so no last-variable
//!   filter runs after them; terms fixed on the current path are set
//!   aside (`Linear::order`), so a deep node reads only the open ones.
//!   `tests/strength.rs` checks each against brute force;
//! * explanations: `linear/explain.rs` (a pair's: `linear/pair.rs`).

mod explain;
mod pair;

use super::set_aside::SetAside;
use super::unit_channel::unit_channel;
use super::{Ctx, Domains, Inferred, Lit, Posted, Prop, Propagator, Scratch, Watch};
use crate::comparison::Cmp;
use crate::propagators::{Constraint, Kind};
use crate::store::Wipeout;
use pair::UnitPair;

/// Does `sum coefs[i] * vals[i] cmp rhs` hold?
pub(crate) fn holds(coefs: &[i64], cmp: Cmp, rhs: i128, vals: &[i64]) -> bool {
    let sum: i128 = coefs
        .iter()
        .zip(vals.iter())
        .map(|(&a, &x)| a as i128 * x as i128)
        .sum();
    cmp.holds(sum, rhs)
}

pub(super) fn post(con: &Constraint) -> Posted<'_> {
    let Kind::Linear { coefs, cmp, rhs } = &con.kind else {
        unreachable!("a linear propagator over a linear constraint");
    };
    Box::new(Linear {
        con,
        narrow: fits_in_64(coefs, *rhs),
        order: (0..coefs.len() as u32).collect(),
        aside: SetAside::default(),
        pair: UnitPair::of(con, coefs, *cmp, *rhs),
    })
}

struct Linear<'m> {
    con: &'m Constraint,
    /// The sum [`fits_in_64`] (decided once, not at every run).
    narrow: bool,
    /// The term indices, those still open on the current path first:
    /// `order[..open]`, `open` read from [`Linear::aside`]; the rest were
    /// fixed when a run set them aside. Fixed terms are what most of a
    /// deep node's terms are (still life's objective sums 64 cells): a run
    /// reads the open ones only.
    order: Vec<u32>,
    /// The open terms' count and the set-aside terms' sum (an `i64`).
    aside: SetAside,
    /// Two variables with unit coefficients under `=`: channelled value
    /// by value while both domains can be listed (`linear/pair.rs`).
    pair: Option<UnitPair>,
}

/// What a sum's bounds reasoning must hear of each of `con.vars`: under
/// `<=` a term's cut reads only the other terms' least values, so a term
/// with a positive coefficient matters only when its lower bound rises,
/// one with a negative coefficient when its upper bound falls (its own
/// greatest value is cut, never read); `>=` the other way round; `=`
/// both. A variable repeated with both signs hears both bounds. A
/// two-variable equality with unit coefficients (a [`UnitPair`]) hears
/// every change: its channel moves holes across.
pub(super) fn watches(con: &Constraint, coefs: &[i64], cmp: Cmp, rhs: i128) -> Vec<Watch> {
    // A pair's channel reads every value.
    if UnitPair::of(con, coefs, cmp, rhs).is_some() {
        return vec![Watch::Any; con.vars.len()];
    }
    let at: std::collections::HashMap<u32, usize> =
        con.vars.iter().enumerate().map(|(i, &x)| (x, i)).collect();
    // Per variable: which of its bounds moves a term's least (`<=`) or
    // greatest (`>=`) value toward the right-hand side.
    let mut sides = vec![(false, false); con.vars.len()];
    for (view, &a) in con.scope.iter().zip(coefs) {
        let (lower, upper) = &mut sides[at[&view.var.index]];
        match (cmp, a.signum()) {
            (_, 0) => {}
            (Cmp::Le, 1) | (Cmp::Ge, -1) => *lower = true,
            (Cmp::Le, _) | (Cmp::Ge, _) => *upper = true,
            _ => (*lower, *upper) = (true, true),
        }
    }
    let watch = |(lower, upper)| match (lower, upper) {
        (true, false) => Watch::LowerBound,
        (false, true) => Watch::UpperBound,
        // Both, or zero coefficients only: either bound's move (fixing
        // the variable included), as for `=`.
        _ => Watch::Bounds,
    };
    sides.into_iter().map(watch).collect()
}

/// Whether `sum coefs[i] * x[i]` over any values of 32 bits, and `rhs`,
/// stay far inside 64 bits (the coefficients' magnitudes summing to at
/// most 2^30, so every partial sum is within 2^61, and `rhs` within 2^61):
/// then [`bounds`] computes its sums and slacks in `i64`, which cannot
/// overflow there, instead of `i128`.
fn fits_in_64(coefs: &[i64], rhs: i128) -> bool {
    let mass: u128 = coefs.iter().map(|a| a.unsigned_abs() as u128).sum();
    mass <= 1 << 30 && rhs.unsigned_abs() <= 1 << 61
}

/// The integers [`bounds`] sums in: `i64` where the sum [`fits_in_64`]
/// (a machine word, nearly every model's sums), else `i128`. `MIN` and
/// `MAX` stand for an unbounded side, which no sum that fits reaches.
pub(super) trait SumInt:
    Copy
    + Ord
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::AddAssign
{
    const ZERO: Self;
    const MIN: Self;
    const MAX: Self;
    fn of(v: i64) -> Self;
    fn wide(self) -> i128;
    /// `a / b` rounded towards minus infinity, an unbounded `a` kept
    /// unbounded.
    fn div_floor(a: Self, b: Self) -> Self;
    /// `a / b` rounded towards plus infinity, likewise.
    fn div_ceil(a: Self, b: Self) -> Self;
    /// The propagators' buffer of term ranges in `Self`.
    fn ranges(scratch: &mut Scratch) -> &mut Vec<(Self, Self)>;
}

impl SumInt for i128 {
    const ZERO: i128 = 0;
    const MIN: i128 = i128::MIN;
    const MAX: i128 = i128::MAX;
    fn of(v: i64) -> i128 {
        v as i128
    }
    fn wide(self) -> i128 {
        self
    }
    fn div_floor(a: i128, b: i128) -> i128 {
        div_floor(a, b)
    }
    fn div_ceil(a: i128, b: i128) -> i128 {
        div_ceil(a, b)
    }
    fn ranges(scratch: &mut Scratch) -> &mut Vec<(i128, i128)> {
        &mut scratch.ranges_128
    }
}

impl SumInt for i64 {
    const ZERO: i64 = 0;
    const MIN: i64 = i64::MIN;
    const MAX: i64 = i64::MAX;
    fn of(v: i64) -> i64 {
        v
    }
    fn wide(self) -> i128 {
        // An unbounded side stays unbounded at 128 bits.
        match self {
            i64::MIN => i128::MIN,
            i64::MAX => i128::MAX,
            v => v as i128,
        }
    }
    fn div_floor(a: i64, b: i64) -> i64 {
        narrowed(div_floor(a.wide(), b as i128))
    }
    fn div_ceil(a: i64, b: i64) -> i64 {
        narrowed(div_ceil(a.wide(), b as i128))
    }
    fn ranges(scratch: &mut Scratch) -> &mut Vec<(i64, i64)> {
        &mut scratch.ranges_64
    }
}

/// A quotient of a sum that fits in 64 bits, back in 64 bits (an
/// unbounded side staying unbounded; any other quotient is at most the
/// dividend).
fn narrowed(q: i128) -> i64 {
    match q {
        i128::MIN => i64::MIN,
        i128::MAX => i64::MAX,
        q => q as i64,
    }
}

impl Propagator for Linear<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let Kind::Linear { coefs, cmp, rhs } = &self.con.kind else {
            unreachable!("a linear propagator over a linear constraint");
        };
        let sum = (self.con.scope.as_slice(), coefs.as_slice());
        if let (Some(pair), [p, q]) = (self.pair, sum.0)
            && ctx.store.listable(p.var.index)
            && ctx.store.listable(q.var.index)
        {
            return unit_channel(ctx, p, q, pair.sign, pair.k);
        }
        if self.narrow && *cmp != Cmp::Ne {
            if ctx.store.is_entailed(ctx.by) {
                return Ok(());
            }
            // Sums in 64 bits set fixed terms aside (a sum in `i64` fits a
            // cell).
            let (len, fixed) = self.aside.read(ctx.store, self.order.len());
            let mut open = Open {
                order: Some(&mut self.order),
                len,
                fixed: fixed as i64,
                entailed: false,
            };
            let result = bounds_in(ctx, sum, &mut open, *cmp, *rhs as i64);
            if result.is_ok() {
                self.aside.write(ctx.store, open.len, open.fixed as usize);
                if open.entailed {
                    // Holds whatever the domains become below this node:
                    // no run until the search backtracks past it.
                    ctx.store.entail(ctx.by);
                }
            }
            result
        } else {
            // (Exact once at most one term is open, so no last-variable
            // filter after it: see `last`.)
            sum_bounds(ctx, sum, *cmp, *rhs, self.narrow)
        }
    }

    fn filter_assigned(&mut self, ctx: &mut Ctx<'_>, _var: u32, open: u32) -> Option<Prop> {
        let Kind::Linear { coefs, cmp, rhs } = &self.con.kind else {
            unreachable!("a linear propagator over a linear constraint");
        };
        (open <= 1).then(|| last(ctx, self.con, coefs, *cmp, *rhs))
    }

    fn explain(&self, what: Inferred, domains: &dyn Domains) -> Option<Vec<Lit>> {
        let Kind::Linear { coefs, cmp, rhs } = &self.con.kind else {
            unreachable!("a linear propagator over a linear constraint");
        };
        if let (Some(pair), &[p, q]) = (self.pair, &self.con.vars[..]) {
            return pair.explain([p, q], what, domains);
        }
        explain_sum(&self.con.scope, coefs, *cmp, *rhs, what, domains)
    }
}

/// Explains an inference of `sum coefs[i] * scope[i] cmp rhs` (the
/// objective's bound is such a sum too).
pub(super) fn explain_sum(
    scope: &[crate::var::View],
    coefs: &[i64],
    cmp: Cmp,
    rhs: i128,
    what: Inferred,
    domains: &dyn Domains,
) -> Option<Vec<Lit>> {
    let terms = explain::Terms {
        scope,
        coefs,
        cmp,
        rhs,
    };
    terms.explain(what, domains)
}

/// Domains of at most this many values get the shared last-variable filter
/// (a check per value, as the textbook counts them); wider ones the direct
/// rule, which is as exact and does not enumerate a horizon of 10^6.
const ENUMERATED: u32 = 64;

/// Forward checking's exact filter once at most one variable is open: by
/// enumeration on a small domain; on a wide one, [`bounds`] (with the
/// others fixed, bounds for `<=`, `>=` and `==`, and the one value `!=`
/// rules out, are exact).
fn last(ctx: &mut Ctx<'_>, con: &Constraint, coefs: &[i64], cmp: Cmp, rhs: i128) -> Prop {
    let mut open =
        (con.vars.iter().copied()).filter(|&x| !ctx.assigned[x as usize] && ctx.store.size(x) != 1);
    match (open.next(), open.next()) {
        (Some(x), None) if ctx.store.size(x) > ENUMERATED => {
            bounds(ctx, &con.scope, coefs, cmp, rhs)
        }
        _ => ctx.filter_last(con),
    }
}

/// Filtering for `sum coefs[i] * scope[i] cmp rhs` (views of offset 0; a
/// variable may repeat, which keeps it sound but weaker): bounds(R)
/// consistency for `=`, domain consistency for the other comparisons.
pub(super) fn bounds(
    ctx: &mut Ctx<'_>,
    scope: &[crate::var::View],
    coefs: &[i64],
    cmp: Cmp,
    rhs: i128,
) -> Prop {
    sum_bounds(ctx, (scope, coefs), cmp, rhs, fits_in_64(coefs, rhs))
}

/// [`bounds`] with whether the sum [`fits_in_64`] already known.
fn sum_bounds(
    ctx: &mut Ctx<'_>,
    (scope, coefs): (&[crate::var::View], &[i64]),
    cmp: Cmp,
    rhs: i128,
    narrow: bool,
) -> Prop {
    if cmp == Cmp::Ne {
        return not_equal(ctx, scope, coefs, rhs);
    }
    if narrow {
        bounds_in(
            ctx,
            (scope, coefs),
            &mut Open::every(scope),
            cmp,
            rhs as i64,
        )
    } else {
        bounds_in(ctx, (scope, coefs), &mut Open::every(scope), cmp, rhs)
    }
}

/// The terms of a sum that [`bounds_in`] reads.
struct Open<'o, T> {
    /// The term indices, the open ones first (see `Linear::order`); a
    /// round sets aside the terms it finds fixed. `None`: every term, in
    /// scope order, none set aside.
    order: Option<&'o mut [u32]>,
    /// How many terms are open (`order[..len]`, or the first `len`).
    len: usize,
    /// The sum of the terms set aside.
    fixed: T,
    /// Set by [`bounds_in`] when the comparison holds for every value
    /// left (the sum's greatest value within `<=`'s bound, its least
    /// within `>=`'s): nothing can be cut below this node.
    entailed: bool,
}

impl<T: SumInt> Open<'_, T> {
    /// Every term of `scope`, none set aside.
    fn every(scope: &[crate::var::View]) -> Self {
        Open {
            order: None,
            len: scope.len(),
            fixed: T::ZERO,
            entailed: false,
        }
    }

    /// The index of open term `j`.
    #[inline(always)]
    fn term(&self, j: usize) -> usize {
        match &self.order {
            Some(order) => order[j] as usize,
            None => j,
        }
    }
}

/// [`bounds`] for `<=`, `>=` and `=`, summing in `T`, the terms' ranges
/// read into the propagators' scratch buffer (no allocation per run) at
/// the first round. Over distinct variables (a model's sums) a round
/// updates the ranges it cut, so later rounds read the store only for
/// those; otherwise every later round reads every term again, and a
/// variable repeated in the scope may be read stale within a round, which
/// only weakens that round's cut.
fn bounds_in<T: SumInt>(
    ctx: &mut Ctx<'_>,
    (scope, coefs): (&[crate::var::View], &[i64]),
    open: &mut Open<'_, T>,
    cmp: Cmp,
    rhs: T,
) -> Prop {
    let mut ranges = std::mem::take(T::ranges(ctx.scratch));
    // Where the scope's variables are distinct (a model's sums, merged
    // when built), a round's cuts update the ranges they move in place:
    // the next round needs no reading of every term again.
    let distinct = open.order.is_some();
    let mut rounds = || -> Prop {
        let (mut lo_sum, mut hi_sum, mut widest) =
            read_terms(ctx, (scope, coefs), open, &mut ranges);
        loop {
            ctx.count_check();
            if (matches!(cmp, Cmp::Le | Cmp::Eq) && lo_sum > rhs)
                || (matches!(cmp, Cmp::Ge | Cmp::Eq) && hi_sum < rhs)
            {
                return Err(Wipeout);
            }
            // A term is cut only if it is wider than the slack the others
            // leave it (`hi - lo > rhs - lo_sum` for `<=`, `hi - lo > hi_sum -
            // rhs` for `>=`): when none is, nothing moves (the common case).
            let slack = match cmp {
                Cmp::Le => rhs - lo_sum,
                Cmp::Ge => hi_sum - rhs,
                _ => (rhs - lo_sum).min(hi_sum - rhs),
            };
            if widest <= slack {
                open.entailed = match cmp {
                    Cmp::Le => hi_sum <= rhs,
                    Cmp::Ge => lo_sum >= rhs,
                    _ => false,
                };
                return Ok(());
            }
            let (mut next_lo, mut next_hi, mut next_widest) = (lo_sum, hi_sum, T::ZERO);
            let mut changed = false;
            for (j, range) in ranges.iter_mut().enumerate() {
                let (lo, hi) = *range;
                let t = open.term(j);
                let a = coefs[t];
                // Bounds on a * x implied by the other terms.
                let mut term_hi = T::MAX;
                let mut term_lo = T::MIN;
                if matches!(cmp, Cmp::Le | Cmp::Eq) {
                    term_hi = rhs - (lo_sum - lo);
                }
                if matches!(cmp, Cmp::Ge | Cmp::Eq) {
                    term_lo = rhs - (hi_sum - hi);
                }
                if a == 0 || (term_lo <= lo && hi <= term_hi) {
                    // The others leave the term its whole range: nothing to
                    // cut (the common case, and no division).
                    next_widest = next_widest.max(hi - lo);
                    continue;
                }
                let x = scope[t].var.index;
                let a = T::of(a);
                let (x_lo, x_hi) = if a > T::ZERO {
                    (T::div_ceil(term_lo, a), T::div_floor(term_hi, a))
                } else {
                    (T::div_ceil(term_hi, a), T::div_floor(term_lo, a))
                };
                if ctx.restrict_bounds(x, x_lo.wide(), x_hi.wide())? {
                    changed = true;
                    if distinct {
                        let (new_lo, new_hi) = term_range::<T>(ctx, x, coefs[t]);
                        next_lo += new_lo - lo;
                        next_hi += new_hi - hi;
                        *range = (new_lo, new_hi);
                    }
                }
                next_widest = next_widest.max(range.1 - range.0);
            }
            if !changed {
                return Ok(());
            }
            (lo_sum, hi_sum, widest) = match distinct {
                true => (next_lo, next_hi, next_widest),
                // A repeated variable's other terms may have moved too.
                false => read_terms(ctx, (scope, coefs), open, &mut ranges),
            };
        }
    };
    let result = rounds();
    *T::ranges(ctx.scratch) = ranges;
    result
}

/// Reads each open term's range into `ranges` (setting aside the terms
/// now fixed, where `open` keeps an order): the sum's least and greatest
/// values and the widest open range.
#[inline(always)]
fn read_terms<T: SumInt>(
    ctx: &Ctx<'_>,
    (scope, coefs): (&[crate::var::View], &[i64]),
    open: &mut Open<'_, T>,
    ranges: &mut Vec<(T, T)>,
) -> (T, T, T) {
    let (mut lo_sum, mut hi_sum, mut widest) = (open.fixed, open.fixed, T::ZERO);
    ranges.clear();
    let mut j = 0;
    while j < open.len {
        let t = open.term(j);
        let (lo, hi) = term_range::<T>(ctx, scope[t].var.index, coefs[t]);
        lo_sum += lo;
        hi_sum += hi;
        if lo == hi
            && let Some(order) = &mut open.order
        {
            // Fixed: set aside (the last open term takes its place, read
            // next).
            open.len -= 1;
            order.swap(j, open.len);
            open.fixed += lo;
            continue;
        }
        widest = widest.max(hi - lo);
        ranges.push((lo, hi));
        j += 1;
    }
    (lo_sum, hi_sum, widest)
}

/// Domain consistency for `sum coefs[i] * scope[i] != rhs`: nothing to
/// do while two terms with a non-zero coefficient are open (each value of
/// one is supported by a value of the other), else the open one loses the
/// value that would make the sum `rhs` (zero coefficients are why the
/// last-variable filter, which counts every variable, is not enough).
fn not_equal(ctx: &mut Ctx<'_>, scope: &[crate::var::View], coefs: &[i64], rhs: i128) -> Prop {
    let mut open = None;
    let mut sum = 0i128;
    for (view, &a) in scope.iter().zip(coefs) {
        if a == 0 {
            continue;
        }
        let x = view.var.index;
        match ctx.fixed_value(x) {
            Some(v) => sum += a as i128 * v as i128,
            None if open.is_some() => return Ok(()),
            None => open = Some((x, a as i128)),
        }
    }
    ctx.count_check();
    match open {
        None if sum == rhs => Err(Wipeout),
        None => Ok(()),
        Some((x, a)) => {
            let rest = rhs - sum;
            match i64::try_from(rest / a) {
                Ok(v) if rest % a == 0 && ctx.store.contains(x, v) => ctx.remove(x, v),
                _ => Ok(()),
            }
        }
    }
}

/// The smallest and largest value of `a * x` over `x`'s domain.
fn term_range<T: SumInt>(ctx: &Ctx<'_>, x: u32, a: i64) -> (T, T) {
    let lo = T::of(ctx.store.min(x).unwrap_or(0)) * T::of(a);
    let hi = T::of(ctx.store.max(x).unwrap_or(0)) * T::of(a);
    (lo.min(hi), lo.max(hi))
}

/// `i128::MAX` / `i128::MIN` stand for an unbounded side; dividing keeps
/// them unbounded, with the sign of the quotient.
fn unbounded_quotient(a: i128, b: i128) -> Option<i128> {
    let q = if (a > 0) == (b > 0) {
        i128::MAX
    } else {
        i128::MIN
    };
    (a == i128::MAX || a == i128::MIN).then_some(q)
}

/// `a / b` rounded towards minus infinity.
pub(super) fn div_floor(a: i128, b: i128) -> i128 {
    if let Some(q) = unbounded_quotient(a, b) {
        return q;
    }
    if let (Ok(a), Ok(b)) = (i64::try_from(a), i64::try_from(b)) {
        // Within 64 bits (nearly always): a machine division, not a
        // 128-bit one in software.
        if let Some(q) = a.checked_div(b) {
            let q = if a % b != 0 && (a < 0) != (b < 0) {
                q - 1
            } else {
                q
            };
            return q as i128;
        }
    }
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded towards plus infinity.
pub(super) fn div_ceil(a: i128, b: i128) -> i128 {
    match unbounded_quotient(a, b) {
        Some(q) => q,
        None => -div_floor(-a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_division() {
        assert_eq!(div_floor(7, 2), 3);
        assert_eq!(div_floor(-7, 2), -4);
        assert_eq!(div_ceil(7, 2), 4);
        assert_eq!(div_ceil(-7, 2), -3);
        assert_eq!(div_floor(7, -2), -4);
        assert_eq!(div_ceil(7, -2), -3);
        assert_eq!(div_floor(i128::MAX, -3), i128::MIN);
    }

    /// The sums in 64 bits round as those in 128 bits, an unbounded side
    /// staying unbounded.
    #[test]
    fn sums_in_64_bits_divide_as_in_128() {
        let big = 1i64 << 61;
        for a in [
            -big,
            -13,
            -12,
            -7,
            -1,
            0,
            1,
            6,
            7,
            13,
            big,
            i64::MIN,
            i64::MAX,
        ] {
            for b in [-(1i64 << 30), -9, -2, -1, 1, 2, 3, 9, 1 << 30] {
                let (wa, wb) = (a.wide(), b as i128);
                assert_eq!(
                    <i64 as SumInt>::div_floor(a, b).wide(),
                    div_floor(wa, wb),
                    "{a} / {b}"
                );
                assert_eq!(
                    <i64 as SumInt>::div_ceil(a, b).wide(),
                    div_ceil(wa, wb),
                    "{a} / {b} up"
                );
            }
        }
        assert!(fits_in_64(&[1 << 29, -(1 << 29)], 1 << 61));
        assert!(!fits_in_64(&[1 << 29, 1 << 29, 1], 0));
        assert!(!fits_in_64(&[1], (1 << 61) + 1));
    }

    /// The 64-bit path and the 128-bit one agree with the definition on
    /// both sides of the boundary, `i64::MIN / -1` included.
    #[test]
    fn rounding_division_across_widths() {
        let big = i64::MAX as i128;
        let cases = [
            (i64::MIN as i128, -1),
            (i64::MIN as i128, 1),
            (i64::MIN as i128, 7),
            (big, -2),
            (big + 1, 2),
            (-big - 5, 3),
            (big * 9 + 4, -9),
            (-13, 5),
            (13, -5),
            (12, 4),
        ];
        for (a, b) in cases {
            let floor = a.div_euclid(b) - if b < 0 && a.rem_euclid(b) != 0 { 1 } else { 0 };
            assert_eq!(div_floor(a, b), floor, "{a} / {b}");
            assert!(b * div_floor(a, b) <= a || b < 0, "{a} / {b}");
            let ceil = -(-a).div_euclid(b)
                + if b < 0 && (-a).rem_euclid(b) != 0 {
                    1
                } else {
                    0
                };
            assert_eq!(div_ceil(a, b), ceil, "{a} / {b} up");
        }
    }
}
