//! Reification: a 0/1 variable `b` and a condition (a linear comparison,
//! which covers `x cmp y` and `x cmp c`, or set membership `x in S`);
//! `b <-> condition` (full) or `b -> condition` (half).
//!
//! * check: `b` is 0 or 1, and `b = 1` if and only if (or only if) the
//!   condition holds;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: `b` fixed to 1 enforces the condition (a linear one
//!   as the linear propagator does: bounds(R) consistency for `=`, domain
//!   consistency for the other comparisons; membership exactly), `b`
//!   fixed to 0 enforces its negation (full reification only); an open `b`
//!   is fixed once the condition is entailed (full) or disentailed (both),
//!   judged on the bounds for a linear one (so `b` keeps 1 while the
//!   condition has a real solution between them), exactly for membership
//!   and for a one-variable `a x = c` or `a x != c` (the value gone from
//!   `x`'s domain decides `b`, as for Gecode's `int_eq_reif`, so such a
//!   reification is domain consistent; it hears only that value of `x`);
//!   a one-variable `a x <= c` or `a x >= c` is a bound literal on `x`,
//!   imposed or decided on `x`'s bounds without the sums (domain
//!   consistent too; it hears only `x`'s bounds); then the exact
//!   last-variable filter, except where these rules are exact already
//!   with one variable left open (a linear body over distinct variables
//!   other than `b`'s). `tests/strength.rs` checks each case against
//!   brute force.

use super::explain::{conjunction, lacks, others_fixed};
use super::{
    bounds, linear, ConstraintKind, Ctx, Domains, Inferred, Lit, Posted, Prop, Propagator, Watch,
};
use crate::comparison::Cmp;
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

/// `scope[0]` is 0 or 1, and `scope[0] = 1` if and only if (`full`;
/// otherwise only if) the body holds over the rest of the scope.
pub(crate) struct Reified {
    pub body: Body,
    pub full: bool,
}

/// The condition a [`Reified`] constraint reifies, over the scope after
/// the boolean.
pub(crate) enum Body {
    /// `sum coefs[i] * scope[1 + i] cmp rhs` (offsets folded into `rhs`).
    Linear {
        coefs: Vec<i64>,
        cmp: Cmp,
        rhs: i128,
    },
    /// `scope[1]` takes a value of the (sorted, distinct) set.
    In { set: Vec<i64> },
}

impl ConstraintKind for Reified {
    fn name(&self) -> &'static str {
        if self.full {
            "reified"
        } else {
            "implication"
        }
    }

    /// `vals[0]` is 0 or 1 and agrees with the body over `vals[1..]`.
    fn holds(&self, vals: &mut [i64]) -> bool {
        let cond = match &self.body {
            Body::Linear { coefs, cmp, rhs } => linear::holds(coefs, *cmp, *rhs, &vals[1..]),
            Body::In { set } => set.binary_search(&vals[1]).is_ok(),
        };
        match vals[0] {
            1 => cond,
            0 => !self.full || !cond,
            _ => false,
        }
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        let alone = |x: u32| con.vars.len() == 2 && con.scope[0].var.index != x;
        let named = named_value(&con.scope[1..], &self.body).filter(|&(x, _)| alone(x));
        let bound = named_bound(&con.scope[1..], &self.body).filter(|&(x, _)| alone(x));
        // A linear body over distinct variables other than `b`'s: with
        // one variable left open its rules are exact, so the last-variable
        // filter (a check per value) would find nothing more. An open `b`
        // is decided on the terms' values; an open inequality's term keeps
        // an interval; an open `=` term is fixed to the one value the
        // others leave it (none: a wipe-out), an open `!=` term loses it.
        let linear = matches!(self.body, Body::Linear { .. });
        Box::new(ReifiedPropagator {
            con,
            kind: self,
            named,
            bound,
            exact: linear && con.vars.len() == con.scope.len(),
        })
    }

    /// A one-variable `a x = c` or `a x != c` hears of `x` only its value
    /// (going, or becoming the last), a one-variable `a x <= c` or `a x >=
    /// c` only its bounds: nothing else changes what they infer.
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        let alone = |x: u32| con.vars.len() == 2 && con.scope[0].var.index != x;
        let terms = &con.scope[1..];
        let heard = match (
            named_value(terms, &self.body),
            named_bound(terms, &self.body),
        ) {
            (Some((x, Some(v))), _) if alone(x) => Some((x, Watch::Value(v))),
            (_, Some((x, _))) if alone(x) => Some((x, Watch::Bounds)),
            _ => None,
        };
        let watch = |&var: &u32| match heard {
            Some((x, watch)) if var == x => watch,
            _ => Watch::Any,
        };
        con.vars.iter().map(watch).collect()
    }
}

/// For a body `a * x cmp rhs` over one view `x` (`a` not zero): the view,
/// `a`, the comparison and `rhs`.
fn one_term<'t>(terms: &'t [View], body: &Body) -> Option<(&'t View, i128, Cmp, i128)> {
    let Body::Linear { coefs, cmp, rhs } = body else {
        return None;
    };
    match (terms, &coefs[..]) {
        ([x], &[a]) if a != 0 => Some((x, i128::from(a), *cmp, *rhs)),
        _ => None,
    }
}

/// For a body `a * x <= rhs` or `a * x >= rhs` over one view of `x`: `x`'s
/// variable and the bound literal on it the comparison is (`x <= k` or
/// `x >= k`, `k` within `i64`, beyond any 32-bit domain where the
/// comparison is). `None` for any other body.
fn named_bound(terms: &[View], body: &Body) -> Option<(u32, Bound)> {
    let (x, a, cmp @ (Cmp::Le | Cmp::Ge), rhs) = one_term(terms, body)? else {
        return None;
    };
    let offset = i128::from(x.offset);
    let clamp = |k: i128| k.clamp(i64::MIN as i128 / 2, i64::MAX as i128 / 2) as i64;
    // `a * (x + offset) cmp rhs`: dividing by a negative `a` turns it.
    let bound = match (cmp == Cmp::Le) == (a > 0) {
        true => Bound::AtMost(clamp(linear::div_floor(rhs, a) - offset)),
        false => Bound::AtLeast(clamp(linear::div_ceil(rhs, a) - offset)),
    };
    Some((x.var.index, bound))
}

/// A bound literal on one variable: `x <= k` or `x >= k`.
#[derive(Clone, Copy)]
enum Bound {
    AtMost(i64),
    AtLeast(i64),
}

impl Bound {
    /// The literal's negation.
    fn negated(self) -> Bound {
        match self {
            Bound::AtMost(k) => Bound::AtLeast(k + 1),
            Bound::AtLeast(k) => Bound::AtMost(k - 1),
        }
    }

    /// Makes the literal hold on `x`.
    fn impose(self, ctx: &mut Ctx<'_>, x: u32) -> Prop {
        let (lo, hi) = match self {
            Bound::AtMost(k) => (i128::MIN, i128::from(k)),
            Bound::AtLeast(k) => (i128::from(k), i128::MAX),
        };
        ctx.restrict_bounds(x, lo, hi).map(drop)
    }

    /// What `x`'s bounds `lo..=hi` say of the literal.
    fn truth(self, (lo, hi): (i64, i64)) -> Truth {
        let (surely, never) = match self {
            Bound::AtMost(k) => (hi <= k, lo > k),
            Bound::AtLeast(k) => (lo >= k, hi < k),
        };
        match (surely, never) {
            (true, _) => Truth::Entailed,
            (_, true) => Truth::Disentailed,
            _ => Truth::Open,
        }
    }
}

/// For a body `a * x = rhs` or `a * x != rhs` over one view of `x`: `x`'s
/// variable and the value of it the comparison names (`None` when no
/// integer is one). `None` for any other body.
fn named_value(terms: &[View], body: &Body) -> Option<(u32, Option<i64>)> {
    let (x, a, Cmp::Eq | Cmp::Ne, rhs) = one_term(terms, body)? else {
        return None;
    };
    let value = (rhs % a == 0)
        .then(|| rhs / a - i128::from(x.offset))
        .and_then(|v| i64::try_from(v).ok());
    Some((x.var.index, value))
}

struct ReifiedPropagator<'m> {
    con: &'m Constraint,
    kind: &'m Reified,
    /// For a one-variable `=` or `!=` over a variable other than `b`'s:
    /// that variable and the value the body names (`named_value`).
    named: Option<(u32, Option<i64>)>,
    /// For a one-variable `<=` or `>=` over a variable other than `b`'s:
    /// that variable and the bound literal the body is (`named_bound`).
    bound: Option<(u32, Bound)>,
    /// The bounds rules are exact once one variable is open: no
    /// last-variable filter.
    exact: bool,
}

/// What the current domains say of a condition.
#[derive(PartialEq)]
enum Truth {
    Entailed,
    Disentailed,
    Open,
}

impl Propagator for ReifiedPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let con = self.con;
        let Reified { body, full } = self.kind;
        let b = &con.scope[0];
        if let Some((x, value)) = self.named {
            let equal = matches!(body, Body::Linear { cmp: Cmp::Eq, .. });
            return one_value(ctx, b, (x, value), equal, *full);
        }
        if let Some((x, bound)) = self.bound {
            return one_bound(ctx, b, (x, bound), *full);
        }
        let (lo, hi) = boolean(ctx, b)?;
        if lo == 1 {
            enforce(ctx, con, body, false)?;
        } else if hi == 0 {
            if *full {
                enforce(ctx, con, body, true)?;
            }
        } else {
            match truth(ctx, con, body)? {
                Truth::Entailed if *full => {
                    bounds::restrict(ctx, b, 1, 1)?;
                }
                Truth::Disentailed => {
                    bounds::restrict(ctx, b, 0, 0)?;
                }
                _ => {}
            }
        }
        match self.exact {
            true => Ok(()),
            false => ctx.filter_last(con),
        }
    }

    /// A linear body's inferences as the linear propagator explains them,
    /// with `b`'s value that enforced the body (`[b >= 1]`) or its
    /// negation (`[b <= 0]`); `b` fixed by the body's (dis)entailment as
    /// the body's (or its negation's) failure on the bounds; the
    /// last-variable rule by the others' values.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let scope = &self.con.scope;
        let (b, terms) = (&scope[0], &scope[1..]);
        let plain = b.offset == 0 && terms.iter().all(|t| t.var.index != b.var.index);
        if let Inferred::Lit(lit) = what
            && lit.var == b.var.index
            && b.offset == 0
            && lit.holds(0)
            && lit.holds(1)
        {
            return Some(Vec::new()); // `b` is 0 or 1
        }
        let by_rules = match &self.kind.body {
            Body::Linear { coefs, cmp, rhs } if plain => {
                self.explain_linear(b.var.index, terms, coefs, (*cmp, *rhs), what, d)
            }
            _ => None,
        };
        by_rules
            .or_else(|| others_fixed(&self.con.vars, what, d))
            .map(conjunction)
    }
}

impl ReifiedPropagator<'_> {
    /// [`Propagator::explain`] by the reification's own rules, over the
    /// body `coefs * terms (cmp, rhs)` reified by `b`.
    fn explain_linear(
        &self,
        b: u32,
        terms: &[crate::var::View],
        coefs: &[i64],
        (cmp, rhs): (Cmp, i128),
        what: Inferred,
        d: &dyn Domains,
    ) -> Option<Vec<Lit>> {
        let full = self.kind.full;
        let (not_cmp, not_rhs) = negated(cmp, rhs);
        let body = |what| linear::explain_sum(terms, coefs, cmp, rhs, what, d);
        let negation = |what| linear::explain_sum(terms, coefs, not_cmp, not_rhs, what, d);
        if let Inferred::Lit(lit) = what
            && lit.var == b
        {
            // `x`'s lack of the one value a one-variable `=` names (or a
            // `!=`) decided `b`.
            let absent = match cmp {
                Cmp::Eq => lit.holds(0) && !lit.holds(1),
                _ => full && lit.holds(1) && !lit.holds(0),
            };
            if absent && let Some((x, value)) = self.named {
                match value {
                    None => return Some(Vec::new()),
                    Some(v) => {
                        if let Some(why) = lacks(x, v, d) {
                            return Some(vec![why]);
                        }
                    }
                }
            }
            return match (lit.holds(0), lit.holds(1)) {
                (false, true) if full => negation(Inferred::Failure),
                (true, false) => body(Inferred::Failure),
                _ => None,
            };
        }
        if let (Inferred::Failure, Some(named)) = (what, self.named) {
            return self.one_value_failure(b, named, cmp == Cmp::Eq, d);
        }
        if d.min(b).is_some_and(|v| v >= 1) {
            let mut why = body(what)?;
            why.push(Lit::at_least(b, 1));
            Some(why)
        } else if full && d.max(b).is_some_and(|v| v <= 0) {
            let mut why = negation(what)?;
            why.push(Lit::at_most(b, 0));
            Some(why)
        } else {
            None
        }
    }
}

impl ReifiedPropagator<'_> {
    /// A one-variable `b <-> x = v` (`equal`) or `b <-> x != v` failed:
    /// `b`'s value asks for `x = v` while `v` is gone (or no integer), or
    /// for `x != v` while `x` is `v`.
    fn one_value_failure(
        &self,
        b: u32,
        (x, value): (u32, Option<i64>),
        equal: bool,
        d: &dyn Domains,
    ) -> Option<Vec<Lit>> {
        let side = if d.min(b).is_some_and(|v| v >= 1) {
            (Lit::at_least(b, 1), equal)
        } else if self.kind.full && d.max(b).is_some_and(|v| v <= 0) {
            (Lit::at_most(b, 0), !equal)
        } else {
            return None;
        };
        let (b_lit, must_equal) = side;
        let x_lit = match (must_equal, value) {
            (true, None) => None,
            (true, Some(v)) => Some(lacks(x, v, d)?),
            (false, Some(v)) => {
                let fixed = d.min(x) == Some(v) && d.max(x) == Some(v);
                Some(fixed.then(|| Lit::equal(x, v))?)
            }
            (false, None) => return None,
        };
        Some(std::iter::once(b_lit).chain(x_lit).collect())
    }
}

/// `b`'s range, kept within `0..=1` (no store write when it is).
fn boolean(ctx: &mut Ctx<'_>, b: &View) -> Result<(i128, i128), Wipeout> {
    let mut now = bounds::range(ctx, b)?;
    bounds::tighten(ctx, b, &mut now, 0, 1)?;
    Ok(now)
}

/// The negation of a linear comparison (integers: `< r` is `<= r - 1`).
fn negated(cmp: Cmp, rhs: i128) -> (Cmp, i128) {
    match cmp {
        Cmp::Eq => (Cmp::Ne, rhs),
        Cmp::Ne => (Cmp::Eq, rhs),
        Cmp::Le => (Cmp::Ge, rhs + 1),
        Cmp::Ge => (Cmp::Le, rhs - 1),
    }
}

/// The fixpoint of `b <-> x <= k` or `b <-> x >= k` (`->` when not
/// `full`), exact on both sides (no last-variable filter): a fixed `b`
/// imposes the literal or its negation, an open one is decided by `x`'s
/// bounds (what the general linear rules do for one term, without their
/// sums). Kept out of line: the general path's fixpoint stays small
/// enough to inline [`truth`].
#[inline(never)]
fn one_bound(ctx: &mut Ctx<'_>, b: &View, (x, bound): (u32, Bound), full: bool) -> Prop {
    ctx.count_check();
    let (lo, hi) = boolean(ctx, b)?;
    if lo == 1 {
        return bound.impose(ctx, x);
    }
    if hi == 0 {
        return match full {
            true => bound.negated().impose(ctx, x),
            false => Ok(()), // half reification, `b` false: nothing to enforce
        };
    }
    let (Some(x_lo), Some(x_hi)) = (ctx.store.min(x), ctx.store.max(x)) else {
        return Err(Wipeout);
    };
    match bound.truth((x_lo, x_hi)) {
        Truth::Entailed if full => bounds::restrict(ctx, b, 1, 1).map(drop),
        Truth::Disentailed => bounds::restrict(ctx, b, 0, 0).map(drop),
        _ => Ok(()),
    }
}

/// The fixpoint of `b <-> x = v` (`equal`) or `b <-> x != v` (`-> ` when
/// not `full`; `value` `None`: no integer is `v`), exact on both sides, so
/// the shared last-variable filter has nothing left to do: a fixed `b`
/// enforces the body or its negation (`x` fixed to `v`, or `v` gone), an
/// open one is decided by `v` leaving `x`'s domain or becoming its last.
fn one_value(
    ctx: &mut Ctx<'_>,
    b: &View,
    (x, value): (u32, Option<i64>),
    equal: bool,
    full: bool,
) -> Prop {
    ctx.count_check();
    let (lo, hi) = boolean(ctx, b)?;
    let holds = if lo == 1 {
        Some(true)
    } else if hi == 0 && full {
        Some(false)
    } else {
        None
    };
    if let Some(holds) = holds {
        // `x = v` when the body (or the negation of a `!=`) must hold.
        return match (holds == equal, value) {
            (true, Some(v)) => ctx
                .restrict_bounds(x, i128::from(v), i128::from(v))
                .map(drop),
            (true, None) => Err(Wipeout),
            (false, Some(v)) => ctx.remove(x, v),
            (false, None) => Ok(()),
        };
    }
    if hi == 0 {
        return Ok(()); // half reification, `b` false: nothing to enforce
    }
    let present = value.is_some_and(|v| ctx.store.contains(x, v));
    let alone = present && ctx.store.size(x) == 1;
    // The body's truth, once `v`'s presence decides it.
    let decided = match (present, alone) {
        (true, false) => None,
        (false, _) => Some(!equal),
        (true, true) => Some(equal),
    };
    match decided {
        Some(true) if full => bounds::restrict(ctx, b, 1, 1).map(drop),
        Some(false) => bounds::restrict(ctx, b, 0, 0).map(drop),
        _ => Ok(()),
    }
}

/// Makes the body (or its negation) hold as far as filtering can.
fn enforce(ctx: &mut Ctx<'_>, con: &Constraint, body: &Body, negate: bool) -> Prop {
    match body {
        Body::Linear { coefs, cmp, rhs } => {
            let (cmp, rhs) = if negate {
                negated(*cmp, *rhs)
            } else {
                (*cmp, *rhs)
            };
            linear::bounds(ctx, &con.scope[1..], coefs, cmp, rhs)
        }
        Body::In { set } if !ctx.store.listable(con.scope[1].var.index) => {
            // Too wide to list: walk the set instead of the domain.
            let x = &con.scope[1];
            let var = x.var.index;
            if negate {
                for &v in set {
                    ctx.remove(var, v - x.offset)?;
                }
                return Ok(());
            }
            let (Some(&first), Some(&last)) = (set.first(), set.last()) else {
                return Err(Wipeout);
            };
            ctx.restrict_bounds(
                var,
                first as i128 - x.offset as i128,
                last as i128 - x.offset as i128,
            )?;
            Ok(())
        }
        Body::In { set } => {
            let x = &con.scope[1];
            let mut vals = std::mem::take(&mut ctx.scratch.vals);
            vals.clear();
            ctx.store.values_into(x.var.index, &mut vals);
            let mut out = Ok(());
            for &v in &vals {
                let member = set.binary_search(&(v as i64 + x.offset)).is_ok();
                if member == negate
                    && let Err(e) = ctx.remove(x.var.index, v as i64)
                {
                    out = Err(e);
                    break;
                }
            }
            ctx.scratch.vals = vals;
            out
        }
    }
}

/// Is the body certain, impossible, or open under the current domains?
#[inline(always)]
fn truth(ctx: &mut Ctx<'_>, con: &Constraint, body: &Body) -> Result<Truth, Wipeout> {
    ctx.count_check();
    match body {
        Body::Linear { coefs, cmp, rhs } => {
            let (mut lo, mut hi) = (0i128, 0i128);
            for (v, &a) in con.scope[1..].iter().zip(coefs) {
                let (x_lo, x_hi) = bounds::range(ctx, v)?;
                let (p, q) = (x_lo * a as i128, x_hi * a as i128);
                lo += p.min(q);
                hi += p.max(q);
            }
            let rhs = *rhs;
            let (certain, impossible) = match cmp {
                Cmp::Eq => (lo == rhs && hi == rhs, rhs < lo || rhs > hi),
                Cmp::Ne => (rhs < lo || rhs > hi, lo == rhs && hi == rhs),
                Cmp::Le => (hi <= rhs, lo > rhs),
                Cmp::Ge => (lo >= rhs, hi < rhs),
            };
            Ok(if certain {
                Truth::Entailed
            } else if impossible {
                Truth::Disentailed
            } else {
                Truth::Open
            })
        }
        Body::In { set } if !ctx.store.listable(con.scope[1].var.index) => {
            // Too wide to list: count the set's values in the domain.
            let x = &con.scope[1];
            let members = set
                .iter()
                .filter(|&&v| ctx.store.contains(x.var.index, v - x.offset))
                .count() as u64;
            Ok(if members == u64::from(ctx.store.size(x.var.index)) {
                Truth::Entailed
            } else if members == 0 {
                Truth::Disentailed
            } else {
                Truth::Open
            })
        }
        Body::In { set } => {
            let x = &con.scope[1];
            let mut vals = std::mem::take(&mut ctx.scratch.vals);
            vals.clear();
            ctx.store.values_into(x.var.index, &mut vals);
            let members = vals
                .iter()
                .filter(|&&v| set.binary_search(&(v as i64 + x.offset)).is_ok())
                .count();
            let all = vals.len();
            ctx.scratch.vals = vals;
            Ok(if members == all {
                Truth::Entailed
            } else if members == 0 {
                Truth::Disentailed
            } else {
                Truth::Open
            })
        }
    }
}
