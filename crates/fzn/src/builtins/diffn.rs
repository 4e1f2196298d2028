//! `fzn_diffn(x, y, dx, dy)` and `fzn_diffn_nonstrict(x, y, dx, dy)`: the
//! engine's non-overlapping rectangles (MiniZinc passes them as they are).
//! With constant sizes, each projection is also posted as an implied
//! cumulative: along `x`, the rectangles over any point lie apart in `y`,
//! so their heights add up to at most the span the `y`s can cover. The
//! engine's cumulative then brings time-tabling and edge finding (always,
//! whatever `--cumulative-level` says of the model's own cumulatives, as
//! Gecode's projections do), and where the rectangles share one band (each
//! taller than half the span) the unary resource's rules: the energy
//! reasoning the pairwise reasoning alone lacks. On filters dct_2_3
//! (operations on two adders and three multipliers) the default search
//! proves the optimum in 2 conflicts, where with time-tabling alone it
//! had not proved it in 20 s (BENCHMARKS.md, "Edge finding on diffn's
//! projections").

use super::globals::engine;
use super::{Base, Param};
use crate::post::{Post, PostResult};
use crate::term::{Arg, Term};
use csp::CumulativeLevel;

/// Posts the rectangles of `args` (strict or not).
fn post_diffn(post: &mut Post, args: &[Arg], nonstrict: bool) -> PostResult {
    let n = args[0].terms().len();
    if let Some(a) = args[1..].iter().find(|a| a.terms().len() != n) {
        return Err(format!(
            "diffn: {} origins but an array of {}",
            n,
            a.terms().len()
        ));
    }
    if n == 0 {
        return Ok(());
    }
    let mut views = Vec::with_capacity(4);
    for a in &args[..4] {
        match post.views(a.terms()) {
            Some(v) => views.push(v),
            // A constant beyond 32 bits: the generic relation.
            None if nonstrict => return post.relation(args, DIFFN_NONSTRICT.holds),
            None => return post.relation(args, DIFFN.holds),
        }
    }
    let [x, y, dx, dy]: [_; 4] = views.try_into().expect("four arrays");
    post.model
        .diffn(x.clone(), y.clone(), dx, dy, nonstrict)
        .map_err(engine)?;
    let sizes = |a: &Arg| -> Option<Vec<i32>> {
        a.terms()
            .iter()
            .map(|t| match *t {
                Term::Const(c) => i32::try_from(c).ok().filter(|&c| c >= 0),
                Term::Var(_) => None,
            })
            .collect()
    };
    if let (Some(w), Some(h)) = (sizes(&args[2]), sizes(&args[3])) {
        implied_projection(post, x, &args[1], w.clone(), h.clone())?;
        implied_projection(post, y, &args[0], h, w)?;
    }
    Ok(())
}

/// The cumulative of the projection along one axis: starts `along`,
/// durations `length`, demands `width`, capacity the span the other axis'
/// origins `across` and widths can cover.
fn implied_projection(
    post: &mut Post,
    along: Vec<csp::View>,
    across: &Arg,
    length: Vec<i32>,
    width: Vec<i32>,
) -> PostResult {
    let bounds: Vec<(i64, i64)> = across.terms().iter().map(|&t| post.bounds(t)).collect();
    let low = bounds.iter().map(|b| b.0).min().unwrap_or(0);
    let high = bounds
        .iter()
        .zip(&width)
        .map(|(b, &w)| b.1 + i64::from(w))
        .max()
        .unwrap_or(0);
    post.model
        .cumulative_with(
            along,
            length,
            width,
            high - low,
            CumulativeLevel::EdgeFinding,
        )
        .map(|_| ())
        .map_err(engine)
}

/// Do no two rectangles overlap (a size 0 overlapping nothing when
/// `nonstrict`)? Arrays of unequal lengths hold for no values.
fn apart(args: &[Arg], v: &dyn Fn(Term) -> i64, nonstrict: bool) -> bool {
    let n = args[0].terms().len();
    if args[1..4].iter().any(|a| a.terms().len() != n) {
        return false;
    }
    let r = |i: usize| -> [i128; 4] { [0, 1, 2, 3].map(|c| v(args[c].terms()[i]) as i128) };
    (0..n).all(|i| {
        (i + 1..n).all(|j| {
            let (a, b) = (r(i), r(j));
            (nonstrict && [a[2], a[3], b[2], b[3]].contains(&0))
                || a[0] + a[2] <= b[0]
                || b[0] + b[2] <= a[0]
                || a[1] + a[3] <= b[1]
                || b[1] + b[3] <= a[1]
        })
    })
}

const RECTANGLES: &[Param] = &[
    Param::VarIntArr,
    Param::VarIntArr,
    Param::VarIntArr,
    Param::VarIntArr,
];

/// `fzn_diffn(x, y, dx, dy)`: no two rectangles overlap.
pub static DIFFN: Base = Base {
    params: RECTANGLES,
    post: |post, args| post_diffn(post, args, false),
    post_reif: None,
    holds: |args, v| apart(args, v, false),
    native: true,
};

/// `fzn_diffn_nonstrict(x, y, dx, dy)`: no two rectangles of non-zero
/// sizes overlap.
pub static DIFFN_NONSTRICT: Base = Base {
    params: RECTANGLES,
    post: |post, args| post_diffn(post, args, true),
    post_reif: None,
    holds: |args, v| apart(args, v, true),
    native: true,
};
