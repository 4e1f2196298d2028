//! Choosing the next variable: the [`VarSelector`] trait and the built-in
//! orders ([`VarOrder`]) as its implementation.

use super::view::{live_degree, BranchState, SearchView};
use crate::config::VarOrder;
use crate::var::VarId;

/// Debug builds check the counted smallest-domain choice against ranking
/// on models up to this many variables.
const CHECKED_SELECTION: usize = 1000;

/// Picks the variable the search branches on next.
///
/// Implement it to try a heuristic of your own: it runs under every
/// strategy, with the same statistics, limits, restarts and observer
/// events as the built-in orders (which implement it too: see
/// [`VarOrder`]). Register it with [`Solver::var_selector`], or pass a
/// closure to [`Solver::var_order_fn`].
///
/// The selector must return one of [`SearchView::unassigned`]; the search
/// panics otherwise (a programming error). Make it deterministic, or draw
/// from [`SearchView::rng`], so that a seed reproduces a search. Each
/// search gets its own clone of the selector, so state kept in it (counts,
/// activity) starts afresh with every search.
///
/// A user-defined heuristic, "most constrained first": the variable whose
/// unassigned neighbours have the fewest values in all, ties to the
/// smallest domain, then to the first created:
///
/// ```
/// use csp::{Model, SearchView, Solver, Strategy, VarId, VarSelector};
///
/// #[derive(Clone)]
/// struct FewestNeighbourValues;
///
/// impl VarSelector for FewestNeighbourValues {
///     fn select(&mut self, view: &mut SearchView<'_>) -> VarId {
///         let score = |x: VarId| {
///             let neighbours: u64 = view
///                 .constraints(x)
///                 .flat_map(|c| view.model().constraint_scope(c))
///                 .filter(|v| v.var != x && view.assigned_value(v.var).is_none())
///                 .map(|v| u64::from(view.size(v.var)))
///                 .sum();
///             (neighbours, view.size(x), x.index())
///         };
///         view.unassigned().min_by_key(|&x| score(x)).expect("a variable is unassigned")
///     }
/// }
///
/// // Eight queens.
/// let mut model = Model::new();
/// let q = model.int_vars(8, 0..8).unwrap();
/// model.all_different(&q).unwrap();
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// for strategy in [Strategy::ForwardChecking, Strategy::ArcConsistency] {
///     let outcome = Solver::new(&model)
///         .strategy(strategy)
///         .var_selector(FewestNeighbourValues)
///         .count();
///     assert_eq!(outcome.solutions(), 92);
///     assert!(outcome.stats.nodes > 0);
/// }
/// ```
///
/// [`Solver::var_selector`]: crate::Solver::var_selector
/// [`Solver::var_order_fn`]: crate::Solver::var_order_fn
pub trait VarSelector {
    /// The next variable to branch on: one of `view.unassigned()`, which is
    /// never empty when this is called.
    fn select(&mut self, view: &mut SearchView<'_>) -> VarId;
}

/// The built-in orders are selectors too: run through the trait they make
/// exactly the search they make when set with [`Solver::var_order`] (which
/// takes a faster, statically dispatched path to the same code).
///
/// ```
/// use csp::{Model, Solver, VarOrder};
/// let mut model = Model::new();
/// let x = model.int_vars(4, 0..4).unwrap();
/// model.all_different(&x).unwrap();
/// let built_in = Solver::new(&model).var_order(VarOrder::DomDeg).count();
/// let as_trait = Solver::new(&model).var_selector(VarOrder::DomDeg).count();
/// assert_eq!(built_in.stats.nodes, as_trait.stats.nodes);
/// ```
///
/// [`Solver::var_order`]: crate::Solver::var_order
impl VarSelector for VarOrder {
    fn select(&mut self, view: &mut SearchView<'_>) -> VarId {
        let state = view.state();
        let depth = state.depth();
        let best = select_builtin(*self, state, depth);
        let index = state.order()[best];
        view.handle(index)
    }
}

/// A closure as a [`VarSelector`] (see [`crate::Solver::var_order_fn`]).
#[derive(Clone)]
pub(crate) struct FnVarSelector<F>(pub F);

impl<F: FnMut(&mut SearchView<'_>) -> VarId> VarSelector for FnVarSelector<F> {
    fn select(&mut self, view: &mut SearchView<'_>) -> VarId {
        (self.0)(view)
    }
}

/// The position in `order()[depth..]` of the variable `order` picks.
#[inline]
pub(crate) fn select_builtin<S: BranchState + ?Sized>(
    order: VarOrder,
    state: &mut S,
    depth: usize,
) -> usize {
    if order == VarOrder::Input {
        return depth;
    }
    // Without a constrained variable left, every unassigned variable has
    // degree 0, and the degree orders rank by size alone. (`constrained_left`
    // is kept only while sizes are counted; otherwise there is no count.)
    let counted = if order == VarOrder::SmallestDomain || state.constrained_left() == 0 {
        state.min_counted_size()
    } else {
        None
    };
    match counted {
        // With restarts, ties go to a seeded random one of the smallest:
        // one draw from the counts' members, whatever their number.
        Some(smallest) if state.restarting() => {
            let len = state.counted_of_size(smallest).len() as u64;
            let pick = state.rng().below(len) as usize;
            let var = state.counted_of_size(smallest)[pick];
            let best = state.position(var);
            debug_assert!(best >= depth && state.order()[best] == var);
            if cfg!(debug_assertions) && state.order().len() <= CHECKED_SELECTION {
                assert!(
                    ties_ranking(order, state, depth, best),
                    "a variable ranking would tie for best"
                );
            }
            best
        }
        // Smallest domain, ties to the earliest: the first variable of
        // the smallest size counted (the store counts exactly the
        // unassigned variables), found without ranking the others.
        Some(smallest) => {
            let vars = state.order();
            let best = (depth..vars.len())
                .find(|&i| state.size(vars[i]) == smallest)
                .expect("the counts hold the unassigned variables' sizes");
            // Checked against ranking where that costs little (the
            // differential tests' models).
            if cfg!(debug_assertions) && vars.len() <= CHECKED_SELECTION {
                assert_eq!(
                    best,
                    ranked_best(order, state, depth),
                    "same choice as ranking"
                );
            }
            best
        }
        None => ranked_best(order, state, depth),
    }
}

/// Whether no unassigned variable ranks strictly better than the one at
/// `chosen` (a debug check of the restarted counted choice).
fn ties_ranking<S: BranchState + ?Sized>(
    order: VarOrder,
    state: &S,
    depth: usize,
    chosen: usize,
) -> bool {
    let key = |x: u32| VarKey {
        size: u64::from(state.size(x)),
        weight: match order {
            VarOrder::Input | VarOrder::SmallestDomain => 1,
            VarOrder::DomDeg => live_degree(state, x, false),
            VarOrder::DomWDeg => live_degree(state, x, true),
        },
    };
    let mine = key(state.order()[chosen]);
    state.order()[depth..state.tier_end(depth)]
        .iter()
        .all(|&x| key(x).better_than(&mine) != Some(true))
}

/// The position in `order()[depth..]` of the best-ranked variable: the
/// earliest of the best, or with restarts a seeded random one of them.
fn ranked_best<S: BranchState + ?Sized>(order: VarOrder, state: &mut S, depth: usize) -> usize {
    // One loop per order, so that each key is computed inline (a weight
    // of 1 compares sizes alone).
    match order {
        VarOrder::Input | VarOrder::SmallestDomain => best_by(state, depth, |s, x| VarKey {
            size: u64::from(s.size(x)),
            weight: 1,
        }),
        VarOrder::DomDeg => best_by(state, depth, |s, x| VarKey {
            size: u64::from(s.size(x)),
            weight: live_degree(s, x, false),
        }),
        VarOrder::DomWDeg => best_by(state, depth, |s, x| VarKey {
            size: u64::from(s.size(x)),
            weight: live_degree(s, x, true),
        }),
    }
}

#[inline(always)]
fn best_by<S, K>(state: &mut S, depth: usize, key: K) -> usize
where
    S: BranchState + ?Sized,
    K: Fn(&S, u32) -> VarKey,
{
    if !state.restarting() {
        // The common case, without draws: one pass over the unassigned
        // (the own variables first, see `BranchState::tier_end`).
        let order = &state.order()[depth..state.tier_end(depth)];
        let mut best = 0;
        let mut best_key = key(state, order[0]);
        for (i, &x) in order.iter().enumerate().skip(1) {
            let candidate = key(state, x);
            if candidate.better_than(&best_key) == Some(true) {
                best = i;
                best_key = candidate;
            }
        }
        return depth + best;
    }
    let mut best = depth;
    let mut best_key = key(state, state.order()[depth]);
    let mut ties = 1u64;
    for i in depth + 1..state.tier_end(depth) {
        let candidate = key(state, state.order()[i]);
        match candidate.better_than(&best_key) {
            Some(true) => {
                best = i;
                best_key = candidate;
                ties = 1;
            }
            None => {
                // Seeded random tie-breaking diversifies restarted runs.
                ties += 1;
                if state.rng().below(ties) == 0 {
                    best = i;
                    best_key = candidate;
                }
            }
            _ => {}
        }
    }
    best
}

/// Ranking of a variable: smaller `size / weight` first.
#[derive(Clone, Copy)]
struct VarKey {
    size: u64,
    weight: u64,
}

impl VarKey {
    /// `Some(true)` if strictly better, `None` if tied, `Some(false)` if worse.
    #[inline(always)]
    fn better_than(&self, other: &VarKey) -> Option<bool> {
        // A weight of zero (no constraint left) ranks last.
        let lhs = self.size as u128 * other.weight as u128;
        let rhs = other.size as u128 * self.weight as u128;
        match (self.weight, other.weight) {
            (0, 0) => compare(self.size as u128, other.size as u128),
            (0, _) => Some(false),
            (_, 0) => Some(true),
            _ => compare(lhs, rhs),
        }
    }
}

fn compare(a: u128, b: u128) -> Option<bool> {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => Some(true),
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(false),
    }
}
