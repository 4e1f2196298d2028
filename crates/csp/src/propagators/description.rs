//! The declarative constraint descriptions a model keeps: a kind, a scope
//! of views, and the distinct variables. A search posts each one as its
//! propagator (one file per kind in this folder), which also holds the
//! kind's complete-assignment check.

use super::ConstraintKind;
use crate::comparison::Cmp;
use crate::var::View;
use crate::AllDifferentLevel;

/// What a constraint is. Only the kinds other parts of the engine take
/// apart are variants; every other kind is described by its own file in
/// `propagators/` (see [`ConstraintKind`]) and kept opaque.
pub(crate) enum Kind {
    /// `scope[0] != scope[1]`.
    NotEqual,
    /// All views in the scope take pairwise different values, filtered at
    /// `level` (`None`: the solver's default).
    AllDifferent { level: Option<AllDifferentLevel> },
    /// `sum coefs[i] * scope[i] cmp rhs`; offsets are folded into `rhs` and
    /// repeated variables merged when the constraint is built, so every view
    /// has offset 0 and a distinct variable.
    Linear {
        coefs: Vec<i64>,
        cmp: Cmp,
        rhs: i128,
    },
    /// A kind only its propagator file knows (`abs`, `table`, `circuit`, ...).
    Opaque(Box<dyn ConstraintKind>),
}

impl<K: ConstraintKind + 'static> From<K> for Kind {
    fn from(kind: K) -> Kind {
        Kind::Opaque(Box::new(kind))
    }
}

/// A constraint as the engine stores it.
pub(crate) struct Constraint {
    pub kind: Kind,
    pub scope: Vec<View>,
    /// The distinct variable indices of the scope, in first-seen order.
    pub vars: Vec<u32>,
    /// A pairwise constraint that repeats a view (`x != x`): never satisfiable.
    pub self_conflict: bool,
}

impl Constraint {
    pub fn new(kind: Kind, scope: Vec<View>) -> Constraint {
        let vars = distinct_vars(&scope);
        let pairwise = matches!(kind, Kind::NotEqual | Kind::AllDifferent { .. });
        let self_conflict = pairwise && vars.len() < scope.len() && {
            let mut views: Vec<(u32, i64)> =
                scope.iter().map(|v| (v.var.index, v.offset)).collect();
            views.sort_unstable();
            views.windows(2).any(|w| w[0] == w[1])
        };
        Constraint {
            kind,
            scope,
            vars,
            self_conflict,
        }
    }

    /// A short name for messages and traces.
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// Does some variable appear in more than one view of the scope?
    pub fn has_repeated_vars(&self) -> bool {
        self.vars.len() < self.scope.len()
    }

    /// True for the constraints that can be checked pairwise on a partial
    /// assignment and propagate by value elimination (not-equal, and
    /// all-different unless it chose a stronger level: then it runs its own
    /// propagator, never the merged pairwise one).
    pub fn is_pairwise(&self) -> bool {
        matches!(
            self.kind,
            Kind::NotEqual
                | Kind::AllDifferent {
                    level: None | Some(AllDifferentLevel::Value)
                }
        )
    }

    /// Not-equal, and all-different at any level: a conjunction of `!=`
    /// pairs (what local search counts conflicts of, and the partition's
    /// prefix check tests), whatever the propagator.
    pub fn decomposes_pairwise(&self) -> bool {
        matches!(self.kind, Kind::NotEqual | Kind::AllDifferent { .. })
    }

    /// An all-different that left its level to the solver's default.
    pub fn follows_default_level(&self) -> bool {
        matches!(self.kind, Kind::AllDifferent { level: None })
    }

    /// Is this posted as pairwise disequalities (`all_different.rs`'s
    /// value elimination), rather than as a stronger all-different
    /// (`strong_default`: some all-different follows a stronger default
    /// level)?
    #[inline]
    pub(crate) fn posts_disequalities(&self, strong_default: bool) -> bool {
        self.is_pairwise() && !(strong_default && self.follows_default_level())
    }

    /// Checks a complete assignment of the scope. `value(var_index)` gives
    /// each variable's value; `scratch` is reused to avoid allocating.
    pub fn check(&self, value: impl Fn(u32) -> i32, scratch: &mut Vec<i64>) -> bool {
        scratch.clear();
        scratch.extend(self.scope.iter().map(|v| v.value_of(value(v.var.index))));
        self.kind.holds(scratch)
    }
}

impl Kind {
    pub fn name(&self) -> &'static str {
        match self {
            Kind::NotEqual => "not-equal",
            Kind::AllDifferent { .. } => "all-different",
            Kind::Linear { .. } => "linear",
            Kind::Opaque(kind) => kind.name(),
        }
    }

    /// Does the constraint hold for these view values (one per scope entry)?
    /// May reorder `vals` (all-different sorts it). Each kind's check
    /// lives with its propagator.
    pub fn holds(&self, vals: &mut [i64]) -> bool {
        super::holds(self, vals)
    }
}

/// The scope's variables in order of first occurrence, each once. A scope
/// already in increasing variable order (the usual case: one view per
/// variable, made in order) is copied in one pass; otherwise the positions
/// are sorted by variable, which stays sequential in memory (a hash set over
/// a million variables spends most of its time on cache misses).
pub(super) fn distinct_vars(scope: &[View]) -> Vec<u32> {
    if scope.windows(2).all(|w| w[0].var.index < w[1].var.index) {
        return scope.iter().map(|v| v.var.index).collect();
    }
    let mut order: Vec<(u32, u32)> = scope
        .iter()
        .enumerate()
        .map(|(i, v)| (v.var.index, i as u32))
        .collect();
    order.sort_unstable();
    order.dedup_by_key(|&mut (var, _)| var);
    let mut firsts: Vec<u32> = order.iter().map(|&(_, i)| i).collect();
    firsts.sort_unstable();
    firsts
        .into_iter()
        .map(|i| scope[i as usize].var.index)
        .collect()
}
