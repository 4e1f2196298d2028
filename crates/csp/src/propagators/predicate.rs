//! A user's predicate over the scope's values (the escape hatch).
//!
//! * check: the predicate on the view values;
//! * backtracking and forward checking: the shared defaults;
//! * arc consistency: supports found by enumerating the domains' product
//!   (while it is small), then the exact last-variable filter.

use super::{ConstraintKind, Ctx, Posted, Priority, Prop, Propagator};
use crate::propagators::Constraint;

/// Predicates are filtered by enumerating their domains' product only up
/// to this many tuples; larger ones wait until one variable is left.
const SUPPORT_ENUMERATION_LIMIT: u64 = 4096;

/// A user predicate over the values of a scope.
pub(crate) type PredicateFn = Box<dyn Fn(&[i64]) -> bool + Send + Sync>;

/// The user's predicate holds for the scope's values.
pub(crate) struct Predicate(pub PredicateFn);

impl ConstraintKind for Predicate {
    fn name(&self) -> &'static str {
        "predicate"
    }

    fn holds(&self, vals: &mut [i64]) -> bool {
        (self.0)(vals)
    }

    fn post<'m>(&'m self, con: &'m Constraint) -> Posted<'m> {
        Box::new(PredicatePropagator { con })
    }
}

struct PredicatePropagator<'m> {
    con: &'m Constraint,
}

impl Propagator for PredicatePropagator<'_> {
    fn constraint(&self) -> &Constraint {
        self.con
    }

    fn priority(&self) -> Priority {
        Priority::Enumeration
    }

    fn fixpoint(&mut self, ctx: &mut Ctx<'_>) -> Prop {
        enumerated_supports(ctx, self.con)?;
        ctx.filter_last(self.con)
    }
}

/// Each variable's listed values (flat, in `con.vars` order) with a flag
/// per value: used by some satisfying combination. Borrows the scratch
/// buffers (nothing allocated per node).
struct Listing {
    vals: Vec<i32>,
    starts: smallvec::SmallVec<[usize; 8]>,
    supported: Vec<bool>,
    /// How many flags are still down.
    unsupported: usize,
    /// Per view of the scope: its variable's position in `con.vars`.
    at: smallvec::SmallVec<[usize; 8]>,
}

impl Listing {
    fn new(ctx: &mut Ctx<'_>, con: &Constraint) -> Listing {
        let mut vals = std::mem::take(&mut ctx.scratch.vals);
        vals.clear();
        let mut starts = smallvec::SmallVec::new();
        for &x in &con.vars {
            starts.push(vals.len());
            ctx.store.values_into(x, &mut vals);
        }
        starts.push(vals.len());
        let mut supported = std::mem::take(&mut ctx.scratch.supported);
        supported.clear();
        supported.resize(vals.len(), false);
        let at = con
            .scope
            .iter()
            .map(|v| con.vars.iter().position(|&x| x == v.var.index).unwrap_or(0))
            .collect();
        Listing {
            unsupported: vals.len(),
            vals,
            starts,
            supported,
            at,
        }
    }

    /// The value of variable position `p` at odometer `digits`.
    fn value(&self, digits: &[usize], p: usize) -> i32 {
        self.vals[self.starts[p] + digits[p]]
    }

    fn flag(&mut self, i: usize) {
        self.unsupported -= usize::from(!self.supported[i]);
        self.supported[i] = true;
    }

    /// Advances the odometer over every position but `fixed`; false once
    /// it has gone round.
    fn advance(&self, digits: &mut [usize], fixed: Option<usize>) -> bool {
        for p in (0..digits.len()).rev() {
            if Some(p) == fixed {
                continue;
            }
            digits[p] += 1;
            if self.starts[p] + digits[p] < self.starts[p + 1] {
                return true;
            }
            digits[p] = 0;
        }
        false
    }

    /// Removes the values no satisfying combination used, and gives the
    /// buffers back.
    fn finish(self, ctx: &mut Ctx<'_>, con: &Constraint) -> Prop {
        let mut result = Ok(());
        if self.unsupported > 0 {
            'vars: for (p, &x) in con.vars.iter().enumerate() {
                for i in self.starts[p]..self.starts[p + 1] {
                    if !self.supported[i]
                        && let Err(e) = ctx.remove(x, self.vals[i] as i64)
                    {
                        result = Err(e);
                        break 'vars;
                    }
                }
            }
        }
        ctx.scratch.vals = self.vals;
        ctx.scratch.supported = self.supported;
        result
    }
}

/// Is the product of the sizes of `con.vars` at most the enumeration
/// limit?
fn small_product(ctx: &Ctx<'_>, con: &Constraint) -> bool {
    let mut product = 1u64;
    for &x in &con.vars {
        product = product.saturating_mul(ctx.store.size(x) as u64);
    }
    product <= SUPPORT_ENUMERATION_LIMIT
}

/// Generalised arc consistency by enumerating every combination of the
/// current domains (when their product is small enough), flagging the
/// values each satisfying one uses; the enumeration stops once every value
/// is flagged (nothing to remove).
pub(super) fn enumerated_supports(ctx: &mut Ctx<'_>, con: &Constraint) -> Prop {
    if !small_product(ctx, con) {
        return Ok(());
    }
    let mut list = Listing::new(ctx, con);
    let mut digits: smallvec::SmallVec<[usize; 8]> = smallvec::smallvec![0; con.vars.len()];
    let mut views = std::mem::take(&mut ctx.scratch.views);
    loop {
        ctx.count_check();
        views.clear();
        views.extend(
            con.scope
                .iter()
                .zip(&list.at)
                .map(|(v, &p)| v.value_of(list.value(&digits, p))),
        );
        if con.kind.holds(&mut views) {
            for p in 0..digits.len() {
                list.flag(list.starts[p] + digits[p]);
            }
            if list.unsupported == 0 {
                break;
            }
        }
        if !list.advance(&mut digits, None) {
            break;
        }
    }
    ctx.scratch.views = views;
    list.finish(ctx, con)
}

/// Generalised arc consistency for a kind whose last view is a function of
/// the others (`result`; `None`: no value): only the operands' product is
/// enumerated, the result looked up in the last view's domain. `None` over
/// repeated variables, or when the domains' product is too large (the
/// caller falls back, and that does nothing either).
pub(super) fn functional_supports(
    ctx: &mut Ctx<'_>,
    con: &Constraint,
    result: impl Fn(&[i64]) -> Option<i64>,
) -> Option<Prop> {
    let (last, operands) = con.scope.split_last()?;
    if con.has_repeated_vars() || con.vars.iter().any(|&x| !ctx.store.listable(x)) {
        return None;
    }
    let r = con.vars.iter().position(|&x| x == last.var.index)?;
    // The same limit as the full enumeration (counting the result too), so
    // that it runs where that one would, only faster: enumerating more
    // often costs more than the values it removes (template design).
    if !small_product(ctx, con) {
        return None;
    }
    let mut list = Listing::new(ctx, con);
    let mut digits: smallvec::SmallVec<[usize; 8]> = smallvec::smallvec![0; con.vars.len()];
    let mut views = std::mem::take(&mut ctx.scratch.views);
    let results = list.starts[r]..list.starts[r + 1];
    loop {
        ctx.count_check();
        views.clear();
        views.extend(
            operands
                .iter()
                .zip(&list.at)
                .map(|(v, &p)| v.value_of(list.value(&digits, p))),
        );
        let hit = result(&views)
            .and_then(|w| i32::try_from(w.checked_sub(last.offset)?).ok())
            .and_then(|u| list.vals[results.clone()].binary_search(&u).ok());
        if let Some(k) = hit {
            for p in (0..digits.len()).filter(|&p| p != r) {
                list.flag(list.starts[p] + digits[p]);
            }
            list.flag(results.start + k);
            if list.unsupported == 0 {
                break;
            }
        }
        if !list.advance(&mut digits, Some(r)) {
            break;
        }
    }
    ctx.scratch.views = views;
    Some(list.finish(ctx, con))
}
