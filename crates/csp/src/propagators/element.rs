//! Element: an array indexed by a variable (0-based), `array[i] = z`,
//! the array of constants or of views.
//!
//! * check: the index in range and the indexed entry equal to the result;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency, constants: domain consistency directly (an index
//!   stays while the result can take its entry; a result value stays while
//!   some index gives it); views: the same with domains for entries (an
//!   index stays while its entry's domain meets the result's; a result
//!   value stays while some remaining index's entry has it; a fixed index
//!   leaves its entry only the result's values), to their fixpoint, which
//!   is domain consistency over distinct variables (index, result and
//!   entries); then the exact last-variable filter. `tests/strength.rs`
//!   and `tests/globals_values.rs` check every level against brute force.

use super::explain::{conjunction, others_fixed};
use super::{bounds, ConstraintKind, Ctx, Domains, Inferred, Lit, Posted, Prop, Propagator};
use crate::literal::Relation;
use crate::propagators::Constraint;
use crate::store::Wipeout;
use crate::var::View;

mod explain;

/// `array[scope[0]] = scope[1]` (0-based index): an array of constants.
pub(crate) struct Element {
    array: Vec<i64>,
    /// For an array of at most 64 entries: its distinct entries, ascending,
    /// each with the mask of the positions holding it (see [`by_words`]);
    /// built once with the model, not at each search's posting.
    groups: Option<Vec<(i64, u64)>>,
}

impl Element {
    pub(crate) fn new(array: Vec<i64>) -> Element {
        let groups = (array.len() <= 64).then(|| position_groups(&array));
        Element { array, groups }
    }
}

impl ConstraintKind for Element {
    fn name(&self) -> &'static str {
        "element"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        entry(&self.array, vals[0]).is_some_and(|&a| a == vals[1])
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        // (Over one variable, `a[x] = x + c`, the general filter.)
        let distinct = con.scope[0].var != con.scope[1].var;
        Box::new(Constants {
            con,
            array: &self.array,
            groups: self.groups.as_deref().filter(|_| distinct),
        })
    }
}

/// The distinct entries of an array of at most 64, ascending, each with
/// the mask of the positions holding it.
fn position_groups(array: &[i64]) -> Vec<(i64, u64)> {
    let mut groups: Vec<(i64, u64)> = Vec::new();
    for (j, &a) in array.iter().enumerate() {
        match groups.binary_search_by_key(&a, |g| g.0) {
            Ok(k) => groups[k].1 |= 1 << j,
            Err(k) => groups.insert(k, (a, 1 << j)),
        }
    }
    groups
}

/// `scope[2 + scope[0]] = scope[1]` (0-based index into the views after
/// the first two): an array of views.
pub(crate) struct ElementVar;

impl ConstraintKind for ElementVar {
    fn name(&self) -> &'static str {
        "element-var"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        entry(&vals[2..], vals[0]).is_some_and(|&a| a == vals[1])
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(Variables {
            con,
            index_vals: Vec::new(),
            vals: Vec::new(),
        })
    }
}

/// Element over constants: domain consistency directly.
struct Constants<'m> {
    con: &'m Constraint,
    array: &'m [i64],
    /// For a short array over two distinct variables: its entries with
    /// their positions' masks (see [`by_words`]).
    groups: Option<&'m [(i64, u64)]>,
}

impl Propagator for Constants<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        match self.groups {
            Some(groups) => return by_words(ctx, self.con, self.array.len(), groups),
            None => constants(ctx, self.con, self.array)?,
        }
        // Over two distinct variables the filter above is already domain
        // consistent; over one (`a[x] = x + c`) the exact check decides.
        match self.con.vars.len() {
            2 => Ok(()),
            _ => ctx.filter_last(self.con),
        }
    }

    /// An index value goes because the result lacks its entry: those
    /// entries' `[z != a]`; a result value goes because no index left
    /// gives it: `[i != j]` for each position giving it; a failure: for
    /// each position, its index value or its entry gone.
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        let (index, result) = (&self.con.scope[0], &self.con.scope[1]);
        let (i, z) = (index.var.index, result.var.index);
        let positions = self.array.iter().enumerate();
        // Position `j`'s index value, and its entry as a result value.
        let index_of = |j: usize| j as i64 - index.offset;
        let gone = |x: u32, v: i64| (!d.contains(x, v)).then_some(Lit::not_equal(x, v));
        let by_rules = match what {
            _ if i == z => None,
            Inferred::Lit(lit) if lit.var == i => positions
                .filter(|&(j, _)| lit.relation != Relation::Equal && !lit.holds(index_of(j)))
                .map(|(_, &a)| gone(z, a - result.offset))
                .collect(),
            Inferred::Lit(lit) if lit.var == z => positions
                .filter(|&(_, &a)| lit.relation != Relation::Equal && !lit.holds(a - result.offset))
                .map(|(j, _)| gone(i, index_of(j)))
                .collect(),
            Inferred::Lit(_) => None,
            Inferred::Failure => positions
                .map(|(j, &a)| gone(z, a - result.offset).or_else(|| gone(i, index_of(j))))
                .collect(),
        };
        by_rules
            .or_else(|| others_fixed(&self.con.vars, what, d))
            .map(conjunction)
    }
}

/// Removes the values of view `index` for which `keep` (on the view
/// value) is false, reusing the scratch buffer (nothing allocated per
/// node).
fn filter_view(
    ctx: &mut Ctx<'_>,
    index: &View,
    mut keep: impl FnMut(&mut Ctx<'_>, i64) -> Result<bool, Wipeout>,
) -> Result<bool, Wipeout> {
    let mut vals = std::mem::take(&mut ctx.scratch.vals);
    vals.clear();
    ctx.store.values_into(index.var.index, &mut vals);
    let mut out = Ok(false);
    for &v in &vals {
        ctx.count_check();
        let i = v as i64 + index.offset;
        let step = keep(ctx, i).and_then(|k| {
            if k {
                return Ok(false);
            }
            ctx.remove(index.var.index, v as i64).map(|()| true)
        });
        match step {
            Ok(removed) => out = out.map(|changed| changed | removed),
            Err(e) => {
                out = Err(e);
                break;
            }
        }
    }
    ctx.scratch.vals = vals;
    out
}

/// The array entry at view value `i`, if `i` is a position.
fn entry<T>(array: &[T], i: i64) -> Option<&T> {
    usize::try_from(i).ok().and_then(|i| array.get(i))
}

/// Whether the view `result` can still take the entry `a`.
fn takes(ctx: &Ctx<'_>, result: &View, a: i64) -> bool {
    a.checked_sub(result.offset)
        .is_some_and(|x| ctx.store.contains(result.var.index, x))
}

fn constants(ctx: &mut Ctx<'_>, con: &Constraint, array: &[i64]) -> Prop {
    let (index, result) = (&con.scope[0], &con.scope[1]);
    bounds::restrict(ctx, index, 0, array.len() as i128 - 1)?;
    filter_view(ctx, index, |ctx, i| {
        Ok(entry(array, i).is_some_and(|&a| takes(ctx, result, a)))
    })?;
    if let Some(prop) = result_by_mask(ctx, index, result, array) {
        return prop;
    }
    // The result keeps the values some remaining index gives: the entries
    // at the remaining indices, collected in the scratch buffer.
    let mut given = std::mem::take(&mut ctx.scratch.views);
    given.clear();
    let mut vals = std::mem::take(&mut ctx.scratch.vals);
    vals.clear();
    ctx.store.values_into(index.var.index, &mut vals);
    given.extend(
        vals.iter()
            .filter_map(|&v| entry(array, v as i64 + index.offset).copied()),
    );
    given.sort_unstable();
    vals.clear();
    if !ctx.store.listable(result.var.index) {
        // Too wide to list: the entries' hull.
        let (lo, hi) = (given.first().copied(), given.last().copied());
        ctx.scratch.vals = vals;
        ctx.scratch.views = given;
        let (Some(lo), Some(hi)) = (lo, hi) else {
            return Err(Wipeout);
        };
        bounds::restrict(ctx, result, lo as i128, hi as i128)?;
        return Ok(());
    }
    ctx.store.values_into(result.var.index, &mut vals);
    let mut out = Ok(());
    for &x in &vals {
        if given.binary_search(&(x as i64 + result.offset)).is_err()
            && let Err(e) = ctx.remove(result.var.index, x as i64)
        {
            out = Err(e);
            break;
        }
    }
    ctx.scratch.vals = vals;
    ctx.scratch.views = given;
    out
}

/// [`constants`] for an array of at most 64 entries over two distinct
/// variables, with the index's positions as one word: the positions whose
/// entry the result still holds stay (the masks of the entries it holds),
/// then a result value stays while a remaining position gives it. The same
/// removals in the same order as [`constants`], without listing the index
/// (open stacks: 840 such elements over 30 positions, woken by every
/// change of their index).
fn by_words(ctx: &mut Ctx<'_>, con: &Constraint, len: usize, groups: &[(i64, u64)]) -> Prop {
    let (index, result) = (&con.scope[0], &con.scope[1]);
    let (i, z) = (index.var.index, result.var.index);
    bounds::restrict(ctx, index, 0, len as i128 - 1)?;
    // Position `j` is the index variable's value `j - offset`.
    let from = -index.offset;
    let positions = ctx.store.bits_from(i, from);
    let allowed = groups
        .iter()
        .filter(|g| takes(ctx, result, g.0))
        .fold(0u64, |all, g| all | g.1);
    let mut gone = positions & !allowed;
    while gone != 0 {
        ctx.count_check();
        let j = gone.trailing_zeros() as i64;
        ctx.remove(i, from + j)?;
        gone &= gone - 1;
    }
    // The masks are disjoint, so a group meeting `kept` is one the result
    // takes: the values given are exactly these.
    let kept = positions & allowed;
    let given = groups.iter().filter(|g| kept & g.1 != 0).count();
    if given == ctx.store.size(z) as usize {
        return Ok(());
    }
    // Some result value no remaining position gives.
    let gives = |a: i64| {
        let kept_by = |k: usize| kept & groups[k].1 != 0;
        groups.binary_search_by_key(&a, |g| g.0).is_ok_and(kept_by)
    };
    filter_view(ctx, result, |_, a| Ok(gives(a))).map(|_| ())
}

/// The result's filter when its values span at most 64: the entries the
/// remaining indices give, as a mask over the result's values (no list,
/// no sort), read until every result value has one; `None` for a wider
/// result.
fn result_by_mask(ctx: &mut Ctx<'_>, index: &View, result: &View, array: &[i64]) -> Option<Prop> {
    let z = result.var.index;
    let (lo, hi) = (ctx.store.min(z)?, ctx.store.max(z)?);
    if hi - lo >= 64 {
        return None;
    }
    let bit = |x: i64| 1u64 << (x - lo);
    let mut wanted = 0u64;
    for x in lo..=hi {
        if ctx.store.contains(z, x) {
            wanted |= bit(x);
        }
    }
    let mut vals = std::mem::take(&mut ctx.scratch.vals);
    vals.clear();
    ctx.store.values_into(index.var.index, &mut vals);
    let mut given = 0u64;
    for &v in &vals {
        if let Some(x) = entry(array, v as i64 + index.offset)
            .and_then(|&a| a.checked_sub(result.offset))
            .filter(|x| (lo..=hi).contains(x))
        {
            given |= bit(x);
            if given & wanted == wanted {
                break;
            }
        }
    }
    ctx.scratch.vals = vals;
    let mut out = Ok(());
    for x in lo..=hi {
        if wanted & !given & bit(x) != 0
            && let Err(e) = ctx.remove(z, x)
        {
            out = Err(e);
            break;
        }
    }
    Some(out)
}

/// Element over views: domain consistency directly.
struct Variables<'m> {
    con: &'m Constraint,
    /// The index's values, then a view's (reused: nothing allocated per node).
    index_vals: Vec<i32>,
    vals: Vec<i32>,
}

impl Propagator for Variables<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        while self.round(ctx)? {}
        ctx.filter_last(self.con)
    }

    /// By the rule that made it (`element/explain.rs`).
    fn explain(&self, what: Inferred, d: &dyn Domains) -> Option<Vec<Lit>> {
        explain::explain(self.con, what, d)
    }
}

impl Variables<'_> {
    /// One round of the three rules; true if a domain changed.
    fn round(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let con = self.con;
        let (index, result, array) = (&con.scope[0], &con.scope[1], &con.scope[2..]);
        let mut changed = bounds::restrict(ctx, index, 0, array.len() as i128 - 1)?;
        let listable = |ctx: &Ctx<'_>, v: &View| ctx.store.listable(v.var.index);
        if !listable(ctx, result) || !array.iter().all(|x| listable(ctx, x)) {
            return Ok(changed | self.round_by_bounds(ctx)?);
        }
        // An index stays while its entry and the result share a value.
        let vals = &mut self.vals;
        changed |= filter_view(ctx, index, |ctx, i| {
            Ok(entry(array, i).is_some_and(|x| meet(ctx, x, result, vals)))
        })?;
        // A result value stays while some remaining index's entry has it.
        self.index_vals.clear();
        ctx.store.values_into(index.var.index, &mut self.index_vals);
        let entries = self
            .index_vals
            .iter()
            .filter_map(|&v| entry(array, v as i64 + index.offset));
        changed |= keep_supported(ctx, result, &mut self.vals, |ctx, w| {
            entries.clone().any(|x| holds_value(ctx, x, w))
        })?;
        // A fixed index makes its entry take the result's values only.
        if let Some(x) = ctx
            .store
            .single(index.var.index)
            .and_then(|i| entry(array, i + index.offset))
        {
            changed |=
                keep_supported(ctx, x, &mut self.vals, |ctx, w| holds_value(ctx, result, w))?;
        }
        Ok(changed)
    }
}

impl Variables<'_> {
    /// The same three rules on the views' bounds, for domains too wide to
    /// list (an unbounded MiniZinc variable): an index stays while its
    /// entry's bounds meet the result's; the result keeps the hull of the
    /// remaining entries; a fixed index's entry keeps the result's bounds.
    fn round_by_bounds(&mut self, ctx: &mut Ctx<'_>) -> Result<bool, Wipeout> {
        let con = self.con;
        let (index, result, array) = (&con.scope[0], &con.scope[1], &con.scope[2..]);
        let (rlo, rhi) = hull(ctx, result);
        let mut changed = filter_view(ctx, index, |ctx, i| {
            Ok(entry(array, i).is_some_and(|x| {
                let (lo, hi) = hull(ctx, x);
                lo <= rhi && rlo <= hi
            }))
        })?;
        self.index_vals.clear();
        ctx.store.values_into(index.var.index, &mut self.index_vals);
        let (mut lo, mut hi) = (i128::MAX, i128::MIN);
        for &v in &self.index_vals {
            if let Some(x) = entry(array, v as i64 + index.offset) {
                let (a, b) = hull(ctx, x);
                (lo, hi) = (lo.min(a), hi.max(b));
            }
        }
        changed |= bounds::restrict(ctx, result, lo, hi)?;
        if let Some(x) = ctx
            .store
            .single(index.var.index)
            .and_then(|i| entry(array, i + index.offset))
        {
            let (rlo, rhi) = hull(ctx, result);
            changed |= bounds::restrict(ctx, x, rlo, rhi)?;
        }
        Ok(changed)
    }
}

/// The view's least and greatest values.
fn hull(ctx: &Ctx<'_>, view: &View) -> (i128, i128) {
    let v = view.var.index;
    let (lo, hi) = (ctx.store.min(v).unwrap_or(0), ctx.store.max(v).unwrap_or(0));
    (
        lo as i128 + view.offset as i128,
        hi as i128 + view.offset as i128,
    )
}

/// Does `view` have the view value `w`?
fn holds_value(ctx: &Ctx<'_>, view: &View, w: i64) -> bool {
    w.checked_sub(view.offset)
        .is_some_and(|u| ctx.store.contains(view.var.index, u))
}

/// Do the views `a` and `b` share a value? Walks the smaller domain.
fn meet(ctx: &mut Ctx<'_>, a: &View, b: &View, vals: &mut Vec<i32>) -> bool {
    let (small, large) = if ctx.store.size(a.var.index) <= ctx.store.size(b.var.index) {
        (a, b)
    } else {
        (b, a)
    };
    vals.clear();
    ctx.store.values_into(small.var.index, vals);
    ctx.count_check();
    vals.iter()
        .any(|&u| holds_value(ctx, large, u as i64 + small.offset))
}

/// Removes the values of `view` whose view value `supported` rejects;
/// true if any went.
fn keep_supported(
    ctx: &mut Ctx<'_>,
    view: &View,
    vals: &mut Vec<i32>,
    supported: impl Fn(&Ctx<'_>, i64) -> bool,
) -> Result<bool, Wipeout> {
    vals.clear();
    ctx.store.values_into(view.var.index, vals);
    let mut changed = false;
    for &u in vals.iter() {
        ctx.count_check();
        if !supported(ctx, u as i64 + view.offset) {
            ctx.remove(view.var.index, u as i64)?;
            changed = true;
        }
    }
    Ok(changed)
}
