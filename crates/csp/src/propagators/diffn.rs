//! Non-overlapping rectangles: rectangle `i` has its origin at
//! `(x[i], y[i])` and sizes `(dx[i], dy[i])`, all views (scope: the `x`s,
//! then the `y`s, the `dx`s, the `dy`s).
//!
//! Two rectangles do not overlap when one lies wholly left of, right of,
//! below or above the other: one of four linear inequalities
//! (`x[i] + dx[i] <= x[j]`, ...). In the non-strict form a rectangle with
//! a size 0 overlaps nothing either: four more options `dx[i] = 0`, ...
//! Both read exactly as MiniZinc's decompositions (`fzn_diffn`,
//! `fzn_diffn_nonstrict`), so a zero-size rectangle of the strict form
//! still may not lie inside another, and negative sizes mean what the
//! inequalities say.
//!
//! * check: every pair;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: constructive disjunction on each pair, by bounds.
//!   Each option still possible by the bounds narrows the pair's eight
//!   bounds as that option alone would (one pass of bounds reasoning on a
//!   three-term inequality, which is bounds(Z) consistent for it); each
//!   bound becomes the loosest over the options. No option left fails
//!   (the compulsory parts overlap); one left pushes the rectangles apart.
//!   Repeated over the pairs to a fixpoint, so each pair is bounds(Z)
//!   consistent (`tests/globals_precede_nvalue_diffn.rs` checks it against
//!   brute force), then the exact last-variable filter. `O(n^2)` per pass.
//! * explanations (clause learning): a bound moved or a failure is
//!   explained by the bounds of the one pair whose step gives it that the
//!   step still needs (`explain/relax.rs`), not by every rectangle
//!   (`explain/tests.rs` checks them against brute force).

use super::explain::{
    bounds_imply, domains_of, own_sides, relax, Domains, Inferred, Lit, Read, Side,
};
use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator, Watch};
use crate::propagators::Constraint;
use crate::store::Wipeout;

/// The rectangles of `scope` (four views each) do not overlap.
pub(crate) struct Diffn {
    /// The number of rectangles.
    pub n: usize,
    /// A rectangle with a size 0 overlaps nothing (`diffn_nonstrict`).
    pub nonstrict: bool,
}

/// Which coordinate of a rectangle: the scope holds each in a block of `n`.
const X: usize = 0;
const Y: usize = 1;
const DX: usize = 2;
const DY: usize = 3;

impl Diffn {
    /// Do rectangles `i` and `j` (values `[x, y, dx, dy]`) not overlap?
    fn apart(&self, a: [i64; 4], b: [i64; 4]) -> bool {
        let zero = self.nonstrict && [a[DX], a[DY], b[DX], b[DY]].contains(&0);
        zero || a[X] + a[DX] <= b[X]
            || b[X] + b[DX] <= a[X]
            || a[Y] + a[DY] <= b[Y]
            || b[Y] + b[DY] <= a[Y]
    }
}

impl ConstraintKind for Diffn {
    fn name(&self) -> &'static str {
        if self.nonstrict {
            "diffn-nonstrict"
        } else {
            "diffn"
        }
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        let n = self.n;
        let rect = |i: usize| [vals[i], vals[n + i], vals[2 * n + i], vals[3 * n + i]];
        (0..n).all(|i| (i + 1..n).all(|j| self.apart(rect(i), rect(j))))
    }

    /// The reasoning reads only bounds (the last-variable filter waits for
    /// fixed variables, which moves a bound).
    fn watches(&self, con: &Constraint) -> Vec<Watch> {
        vec![Watch::Bounds; con.vars.len()]
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(DiffnPropagator {
            con,
            kind: self,
            rects: vec![[(0, 0); 4]; self.n],
        })
    }
}

/// Closed bounds `[lo, hi]` of one view (`i128`: sums never overflow).
type Bounds = (i128, i128);

/// The bounds of a pair's eight views: `[coordinate][rectangle of the pair]`.
type Pair = [[Bounds; 2]; 4];

/// Narrows `pair` by `a + da <= b` (`a`, `da` of rectangle `r`, `b` of the
/// other, all along coordinate `c`: `X` or `Y`); `None` if impossible.
fn before(pair: &Pair, c: usize, r: usize) -> Option<Pair> {
    if !fits_before(pair, c, r) {
        return None;
    }
    let s = 1 - r;
    let d = c + 2; // the size along c
    let (a, da, b) = (pair[c][r], pair[d][r], pair[c][s]);
    let mut out = *pair;
    out[c][s].0 = b.0.max(a.0 + da.0);
    out[c][r].1 = a.1.min(b.1 - da.0);
    out[d][r].1 = da.1.min(b.1 - a.0);
    Some(out)
}

/// Can `a + da <= b` ([`before`]'s option) still hold within the bounds?
fn fits_before(pair: &Pair, c: usize, r: usize) -> bool {
    pair[c][r].0 + pair[c + 2][r].0 <= pair[c][1 - r].1
}

/// How many of the strict form's four options ([`before`]) can still
/// hold, and the last of them.
fn strict_options(pair: &Pair) -> (u32, (usize, usize)) {
    let mut count = 0;
    let mut last = (X, 0);
    for c in [X, Y] {
        for r in 0..2 {
            if fits_before(pair, c, r) {
                count += 1;
                last = (c, r);
            }
        }
    }
    (count, last)
}

/// Narrows `pair` by `size = 0` (coordinate `d`, `DX` or `DY`, of
/// rectangle `r`); `None` if 0 is outside its bounds.
fn empty(pair: &Pair, d: usize, r: usize) -> Option<Pair> {
    let (lo, hi) = pair[d][r];
    (lo <= 0 && 0 <= hi).then(|| {
        let mut out = *pair;
        out[d][r] = (0, 0);
        out
    })
}

/// The loosest bounds of `a` and `b`, view by view.
fn hull(a: &Pair, b: &Pair) -> Pair {
    let mut out = *a;
    for (o, q) in out.iter_mut().flatten().zip(b.iter().flatten()) {
        *o = (o.0.min(q.0), o.1.max(q.1));
    }
    out
}

struct DiffnPropagator<'m> {
    con: &'m Constraint,
    kind: &'m Diffn,
    /// Each rectangle's four bounds, read once per pass of the fixpoint
    /// (a pair's step reads them here, not sixteen times from the store).
    rects: Vec<[Bounds; 4]>,
}

impl DiffnPropagator<'_> {
    /// The bounds of the views of rectangles `i` and `j` in `d` (the
    /// store during propagation, the domains at an inference when
    /// explaining); `None` if a domain is empty.
    fn read<D: Domains + ?Sized>(&self, d: &D, i: usize, j: usize) -> Option<Pair> {
        let mut pair = [[(0, 0); 2]; 4];
        for (c, coordinate) in pair.iter_mut().enumerate() {
            for (r, k) in [i, j].into_iter().enumerate() {
                let view = self.con.scope[c * self.kind.n + k];
                let x = view.var.index;
                let off = view.offset as i128;
                coordinate[r] = (d.min(x)? as i128 + off, d.max(x)? as i128 + off);
            }
        }
        Some(pair)
    }

    /// One constructive-disjunction step on a pair's bounds `now`: the
    /// loosest bounds over the options still possible, `None` if none is.
    fn step(&self, now: &Pair) -> Option<Pair> {
        if !self.kind.nonstrict {
            // Each of the four options narrows bounds that no other one
            // does (its own coordinate's upper bound and size, the other
            // rectangle's lower bound): while two are possible, their
            // hull is the bounds as they are, so only the last one left
            // needs building.
            return match strict_options(now) {
                (0, _) => None,
                (1, (c, r)) => before(now, c, r),
                _ => Some(*now),
            };
        }
        let mut joined: Option<Pair> = None;
        let mut join = |option: Option<Pair>| {
            if let Some(p) = option {
                joined = Some(joined.map_or(p, |q| hull(&q, &p)));
            }
        };
        for c in [X, Y] {
            for r in 0..2 {
                join(before(now, c, r));
            }
        }
        if self.kind.nonstrict {
            for d in [DX, DY] {
                for r in 0..2 {
                    join(empty(now, d, r));
                }
            }
        }
        joined
    }

    /// Rectangle `k`'s four bounds in the store.
    fn read_rect(&self, ctx: &Ctx<'_>, k: usize) -> Result<[Bounds; 4], Wipeout> {
        let mut rect = [(0, 0); 4];
        for (c, bounds) in rect.iter_mut().enumerate() {
            let view = self.con.scope[c * self.kind.n + k];
            let x = view.var.index;
            let off = view.offset as i128;
            let (Some(lo), Some(hi)) = (ctx.store.min(x), ctx.store.max(x)) else {
                return Err(Wipeout);
            };
            *bounds = (lo as i128 + off, hi as i128 + off);
        }
        Ok(rect)
    }

    /// The variables of rectangles `i` and `j`.
    fn vars_of(&self, i: usize, j: usize) -> Vec<u32> {
        let n = self.kind.n;
        let mut vars: Vec<u32> = (0..4)
            .flat_map(|c| [i, j].map(|k| self.con.scope[c * n + k].var.index))
            .collect();
        vars.sort_unstable();
        vars.dedup();
        vars
    }

    /// Does one step on rectangles `i` and `j` in `d` fail, or make `lit`
    /// true (`None`: fail)?
    fn pair_implies(&self, d: &dyn Domains, i: usize, j: usize, lit: Option<Lit>) -> bool {
        let Some(now) = self.read(d, i, j) else {
            return false;
        };
        let Some(after) = self.step(&now) else {
            return true;
        };
        let Some(lit) = lit else { return false };
        let n = self.kind.n;
        (0..4).any(|c| {
            [i, j].into_iter().enumerate().any(|(r, k)| {
                let view = self.con.scope[c * n + k];
                let (lo, hi) = after[c][r];
                view.var.index == lit.var && bounds_imply(lit, view.offset as i128, lo, hi)
            })
        })
    }

    /// Constructive disjunction on rectangles `i` and `j`; true if a bound
    /// moved.
    /// Reads the pair's bounds from `self.rects` (as the pass read them,
    /// or looser where a shared variable moved since: still sound, and
    /// the next pass reads them afresh) and refreshes the two rectangles'
    /// after a move.
    fn pair(&mut self, ctx: &mut Ctx<'_>, i: usize, j: usize) -> Result<bool, Wipeout> {
        ctx.count_check();
        let mut now = [[(0, 0); 2]; 4];
        for (c, coordinate) in now.iter_mut().enumerate() {
            *coordinate = [self.rects[i][c], self.rects[j][c]];
        }
        if !self.kind.nonstrict && strict_options(&now).0 >= 2 {
            return Ok(false); // `step` would leave every bound
        }
        let joined = self.step(&now).ok_or(Wipeout)?;
        if joined == now {
            return Ok(false);
        }
        let mut changed = false;
        for (c, coordinate) in joined.iter().enumerate() {
            for (r, k) in [i, j].into_iter().enumerate() {
                let view = self.con.scope[c * self.kind.n + k];
                let off = view.offset as i128;
                let (lo, hi) = coordinate[r];
                changed |= ctx.restrict_bounds(view.var.index, lo - off, hi - off)?;
            }
        }
        if changed {
            self.rects[i] = self.read_rect(ctx, i)?;
            self.rects[j] = self.read_rect(ctx, j)?;
        }
        Ok(changed)
    }
}

impl Propagator for DiffnPropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    /// A bound moved, or a failure, is explained by the one pair whose
    /// step alone gives it: of its two rectangles' bounds, those the step
    /// still needs once the others are left open (`relax`: each tried
    /// open in turn, kept open if the step still gives it; the literal's
    /// own variable never by its bound on the other side). Anything else
    /// (the last-variable filter, a step that needed the pair's earlier
    /// moves of the same pass) by every variable's bounds.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let n = self.kind.n;
        let lit = match what {
            Inferred::Lit(lit) => Some(lit),
            Inferred::Failure => None,
        };
        let always: Vec<_> = lit.into_iter().flat_map(own_sides).collect();
        for i in 0..n {
            for j in i + 1..n {
                let vars = self.vars_of(i, j);
                if !lit.is_none_or(|lit| vars.contains(&lit.var)) {
                    continue;
                }
                let candidates = vars
                    .iter()
                    .flat_map(|&x| [(x, Side::Lower), (x, Side::Upper)]);
                let implies = |o: &dyn Domains| self.pair_implies(o, i, j, lit);
                if let Some(why) = relax(d, always.iter().copied(), candidates, implies) {
                    return Some(why);
                }
            }
        }
        domains_of(&self.con.vars, what, Read::Bounds, d)
    }

    fn priority(&self) -> Priority {
        Priority::Table
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        let n = self.kind.n;
        loop {
            for k in 0..n {
                self.rects[k] = self.read_rect(ctx, k)?;
            }
            let mut changed = false;
            for i in 0..n {
                for j in i + 1..n {
                    changed |= self.pair(ctx, i, j)?;
                }
            }
            if !changed {
                break;
            }
        }
        ctx.filter_last(self.con)
    }
}
