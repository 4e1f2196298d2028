//! The declarative model: variables with finite domains, and constraints.
//!
//! A model knows nothing of search. Building it validates every input and
//! reports mistakes as [`ModelError`]s.

use crate::comparison::Cmp;
use crate::domain::{Domain, MAX_DOMAIN_WIDTH};
use crate::error::ModelError;
use crate::expr::{Expr, IntoExpr, LinearTerm};
use crate::propagators::reified::Body;
use crate::propagators::{self as kinds, ConstraintKind, Watch};
use crate::propagators::{Constraint, Kind};
use crate::residue::{IntoOperand, Operand};
use crate::var::{VarId, View};
use crate::AllDifferentLevel;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};

// Operands `a x + c` posted over `x` where the constraint allows.
mod operands;
// The precedences stated so far, which tighten a difference helper's domain.
mod precedence;
// The linear relaxation over the arithmetic posted so far.
mod relaxation;
// An all-different over residues: disequalities, or channelled helpers.
mod residues;

static NEXT_MODEL_ID: AtomicU32 = AtomicU32::new(1);

/// Identifies a constraint of a model (its position in creation order).
///
/// Observers receive it with every pruned value, so a tracer can say which
/// constraint removed what.
///
/// ```
/// use csp::Model;
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..2).unwrap();
/// let c = model.not_equal(x[0], x[1]).unwrap().expect("a constraint");
/// assert_eq!(c.index(), 0);
/// assert_eq!(model.constraint_name(c), "not-equal");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstraintId(pub(crate) u32);

impl ConstraintId {
    /// The position of the constraint in its model (0-based).
    ///
    /// ```
    /// # use csp::Model;
    /// # let mut model = Model::new();
    /// # let x = model.int_vars(2, 0..2).unwrap();
    /// assert_eq!(model.all_different(&x).unwrap().index(), 0);
    /// ```
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A constraint-satisfaction model: integer variables with finite domains,
/// and constraints over them (possibly through offset [`View`]s).
///
/// The eight-queens model, declaratively:
///
/// ```
/// use csp::{Model, Solver};
/// let n = 8;
/// let mut model = Model::new();
/// let q = model.int_vars(n, 0..n as i32).unwrap();
/// model.all_different(&q).unwrap();
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// assert_eq!(Solver::new(&model).count().solutions(), 92);
/// ```
pub struct Model {
    id: u32,
    domains: Vec<Domain>,
    constraints: Vec<Constraint>,
    /// For each variable, the constraints whose scope contains it (once each).
    var_constraints: Vec<Vec<u32>>,
    /// Alongside `var_constraints`: what of the variable each constraint
    /// watches, for arc consistency to wake it only then.
    var_watches: Vec<Vec<Watch>>,
    /// The variables [`Model::expr_var`] introduced for expressions, in
    /// creation order (the fitted search branches on them last).
    helpers: Vec<u32>,
}

impl Default for Model {
    fn default() -> Model {
        Model::new()
    }
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("variables", &self.domains.len())
            .field("constraints", &self.constraints.len())
            .finish()
    }
}

impl Model {
    /// An empty model.
    ///
    /// ```
    /// let model = csp::Model::new();
    /// assert_eq!(model.num_vars(), 0);
    /// ```
    pub fn new() -> Model {
        Model {
            id: NEXT_MODEL_ID.fetch_add(1, Ordering::Relaxed),
            domains: Vec::new(),
            constraints: Vec::new(),
            var_constraints: Vec::new(),
            var_watches: Vec::new(),
            helpers: Vec::new(),
        }
    }

    /// Adds an integer variable whose values are `domain` (a range such as
    /// `0..8` or `-5..=5`, or a list of values such as `vec![1, 3, 7]`).
    ///
    /// An empty domain is not a mistake but a model with no solution: the
    /// variable gets the placeholder domain `{0}` and a constraint no value
    /// satisfies (named `"empty-domain"`), so every search of the model
    /// completes with zero solutions
    /// ([`Outcome::is_unsatisfiable`](crate::Outcome::is_unsatisfiable)).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(-5..=5).unwrap();
    /// assert_eq!(model.domain(x).size(), 11);
    /// model.int_var(Vec::new()).unwrap();
    /// assert!(Solver::new(&model).count().is_unsatisfiable());
    /// ```
    pub fn int_var(&mut self, domain: impl Into<Domain>) -> Result<VarId, ModelError> {
        let domain = domain.into();
        if domain.is_empty() {
            let x = self.int_var(0..=0)?;
            self.add(kinds::fail::EmptyDomain, vec![x.into()])?;
            return Ok(x);
        }
        let var = self.domains.len();
        if domain.width() > MAX_DOMAIN_WIDTH {
            return Err(ModelError::DomainTooLarge {
                var,
                width: domain.width(),
            });
        }
        let index = u32::try_from(var).map_err(|_| ModelError::TooManyVariables)?;
        if index == u32::MAX {
            return Err(ModelError::TooManyVariables);
        }
        self.domains.push(domain);
        self.var_constraints.push(Vec::new());
        self.var_watches.push(Vec::new());
        Ok(VarId {
            model: self.id,
            index,
        })
    }

    /// Adds `n` variables, each with a copy of `domain`.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let q = model.int_vars(4, 0..4).unwrap();
    /// assert_eq!(q.len(), 4);
    /// ```
    pub fn int_vars(
        &mut self,
        n: usize,
        domain: impl Into<Domain>,
    ) -> Result<Vec<VarId>, ModelError> {
        let domain = domain.into();
        (0..n).map(|_| self.int_var(domain.clone())).collect()
    }

    /// `a != b` between expressions. Two views (`x`, `x + 3`), or two
    /// negated ones (`5 - x != 2 - y` is `x - 5 != y - 2`), make the
    /// pairwise disequality the fast paths serve; a view and a constant cut
    /// the variable's domain (`None`: no constraint is left); any other
    /// pair of expressions is one linear disequality.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// model.not_equal(x[0], x[1] + 1).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 7);
    /// model.not_equal(x[0], 2).unwrap(); // a cut of x0's domain
    /// model.not_equal(5 - x[0], 2 * x[1]).unwrap();
    /// assert_eq!(model.num_constraints(), 2);
    /// ```
    pub fn not_equal(
        &mut self,
        a: impl IntoExpr,
        b: impl IntoExpr,
    ) -> Result<Option<ConstraintId>, ModelError> {
        let (mut a, mut b) = (a.into_expr(), b.into_expr());
        // `c - x != d - y` is `x - c != y - d`.
        operands::flip_negated(&mut [&mut a, &mut b]);
        match (as_view(&a), as_view(&b)) {
            (Some(a), Some(b)) => self.add(Kind::NotEqual, vec![a, b]).map(Some),
            _ => self.compare(a, Cmp::Ne, b, 0, "not-equal"),
        }
    }

    /// All the views take pairwise different values. A variable repeated
    /// with the same offset can never differ from itself, so such a model
    /// simply has no solution. Over no views at all it holds trivially.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// model.all_different(&x).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 6);
    /// ```
    ///
    /// Operands may be expressions; one that is no view becomes a
    /// channelled helper ([`Model::expr_var`]), except where the list
    /// needs none: operands `a x + c` with one coefficient `a` throughout
    /// (`i - q[i]`, `2 * x[i] + 1`) are posted over views of the `x`s, one
    /// all-different per class of constants modulo `a` (values of
    /// different classes never meet; the id is the first class's).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let q = model.int_vars(8, 0..8).unwrap();
    /// model.all_different(&q).unwrap();
    /// model.all_different(q.iter().zip(0..).map(|(&x, i)| x + i)).unwrap();
    /// model.all_different(q.iter().zip(0..).map(|(&x, i)| i - x)).unwrap();
    /// assert_eq!(model.num_vars(), 8); // no helper: the views q[i] - i
    /// assert_eq!(Solver::new(&model).count().solutions(), 92);
    /// ```
    ///
    /// Operands may be residues (`(q[i] + i).rem_euclid(n)`, see
    /// [`Residue`](crate::Residue)): over residues of single variables by
    /// one modulus, the constraint is posted as the disequalities between
    /// the variables that keep their residues apart (`q[i] - q[j]` never
    /// congruent to `j - i`: two per pair on a toroidal board), so the
    /// model stays pairwise; other residues get a channelled helper each.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..6).unwrap();
    /// model.all_different(x.iter().map(|&v| v.rem_euclid(3))).unwrap();
    /// // x0 mod 3, x1 mod 3, x2 mod 3 a permutation of 0, 1, 2: 6 * 2^3.
    /// assert_eq!(Solver::new(&model).count().solutions(), 48);
    /// ```
    pub fn all_different<V: IntoOperand>(
        &mut self,
        views: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        self.add_all_different(views, None)
    }

    /// [`all_different`](Model::all_different) filtered at `level`, whatever
    /// the solver's default: [`AllDifferentLevel::Bounds`] (Hall intervals)
    /// or [`AllDifferentLevel::Domain`] (matching) prune more per node than
    /// value elimination, at a higher cost per node. A constraint with a
    /// stronger level runs its own propagator (it is never merged into the
    /// pairwise fast path).
    ///
    /// ```
    /// use csp::{AllDifferentLevel, Model, Solver, Strategy};
    /// // x, y in {1, 2} and z in {1, 2, 3}: only z = 3 is left for z.
    /// let mut model = Model::new();
    /// let x = model.int_var(1..=2).unwrap();
    /// let y = model.int_var(1..=2).unwrap();
    /// let z = model.int_var(1..=3).unwrap();
    /// model.all_different_with([x, y, z], AllDifferentLevel::Bounds).unwrap();
    /// let outcome = Solver::new(&model).strategy(Strategy::ArcConsistency).count();
    /// assert_eq!(outcome.solutions(), 2);
    /// assert_eq!(outcome.stats.failures, 0); // z = 1 and z = 2 never tried
    /// ```
    pub fn all_different_with<V: IntoOperand>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        level: AllDifferentLevel,
    ) -> Result<ConstraintId, ModelError> {
        self.add_all_different(views, Some(level))
    }

    fn add_all_different<V: IntoOperand>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        level: Option<AllDifferentLevel>,
    ) -> Result<ConstraintId, ModelError> {
        let mut operands: Vec<Operand> = views.into_iter().map(|v| v.into_operand()).collect();
        if operands.iter().any(|op| matches!(op, Operand::Residue(_))) {
            // `(c - x) mod n` throughout: the residues of `x - c`.
            operands::flip_negated_residues(&mut operands);
            return self.all_different_residues(operands, level);
        }
        let exprs: Vec<Expr> = (operands.into_iter())
            .filter_map(|op| match op {
                Operand::Expr(e) => Some(e),
                Operand::Residue(_) => None, // (none, as just seen)
            })
            .collect();
        // `a x + c` throughout: all-differents over views of the `x`s.
        if let Some(classes) = operands::scale_classes(&exprs) {
            let mut first = None;
            for class in classes {
                let id = self.all_different_views(class, level)?;
                first.get_or_insert(id);
            }
            return Ok(first.expect("a class per operand at least"));
        }
        self.all_different_views(exprs, level)
    }

    /// An all-different over expressions, each its view or a channelled
    /// helper.
    fn all_different_views(
        &mut self,
        exprs: Vec<Expr>,
        level: Option<AllDifferentLevel>,
    ) -> Result<ConstraintId, ModelError> {
        let kind = Kind::AllDifferent { level };
        let scope = self.views_of(exprs, "all-different")?;
        if scope.is_empty() {
            return self.add_trivial(kind);
        }
        self.add(kind, scope)
    }

    /// Keeps a constraint over no views that holds trivially (an
    /// all-different over nothing), so the caller still gets an id.
    fn add_trivial(&mut self, kind: Kind) -> Result<ConstraintId, ModelError> {
        let id = next_constraint_id(self.constraints.len())?;
        self.constraints.push(Constraint::new(kind, Vec::new()));
        Ok(ConstraintId(id))
    }

    /// `sum(coef * view) cmp rhs`. Arithmetic is exact (128-bit), so no
    /// coefficient or domain can make it overflow. Terms are variables,
    /// views, or `(coefficient, variable)` / `(coefficient, view)` pairs
    /// ([`LinearTerm`](crate::LinearTerm)).
    ///
    /// ```
    /// use csp::{Cmp, Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(0..10).unwrap();
    /// let y = model.int_var(0..10).unwrap();
    /// model.linear([(1, x), (2, y)], Cmp::Eq, 7).unwrap(); // x + 2y = 7
    /// assert_eq!(Solver::new(&model).count().solutions(), 4);
    /// ```
    pub fn linear<T: LinearTerm>(
        &mut self,
        terms: impl IntoIterator<Item = T>,
        cmp: Cmp,
        rhs: i64,
    ) -> Result<ConstraintId, ModelError> {
        let (coefs, scope, rhs) = self.linear_parts(terms, rhs as i128, "linear")?;
        self.add(Kind::Linear { coefs, cmp, rhs }, scope)
    }

    /// Merges repeated variables and folds offsets into the constant:
    /// the coefficients, the plain views, and the right-hand side.
    fn linear_parts<T: LinearTerm>(
        &self,
        terms: impl IntoIterator<Item = T>,
        rhs: i128,
        name: &'static str,
    ) -> Result<(Vec<i64>, Vec<View>, i128), ModelError> {
        let mut rhs = rhs;
        // Exact: coefficients are merged in 128 bits, and any result beyond
        // what propagation can bound exactly is refused, never saturated.
        let mut merged: Vec<(i128, View)> = Vec::new();
        // Where each variable sits in `merged`: linear in the number of terms.
        let mut position: HashMap<u32, usize> = HashMap::new();
        let mut seen_any = false;
        for term in terms {
            let (coef, view) = term.term();
            seen_any = true;
            self.own(view, name)?;
            rhs = rhs
                .checked_sub(coef as i128 * view.offset as i128)
                .ok_or(ModelError::ConstantOverflow)?;
            let plain = View::from(view.var);
            match position.get(&view.var.index).map(|&i| &mut merged[i]) {
                Some((c, _)) => *c += coef as i128,
                None => {
                    position.insert(view.var.index, merged.len());
                    merged.push((coef as i128, plain));
                }
            }
        }
        if !seen_any {
            return Err(ModelError::EmptyScope { constraint: name });
        }
        // Keep every variable in the scope even with a zero coefficient, so
        // the constraint still watches it (harmless, and keeps checks simple).
        if rhs.unsigned_abs() > crate::MAX_LINEAR_CONSTANT.unsigned_abs() {
            return Err(ModelError::ConstantOverflow);
        }
        let coefs = merged
            .iter()
            .map(|&(c, v)| {
                i64::try_from(c).map_err(|_| ModelError::CoefficientOverflow { var: v.var.index() })
            })
            .collect::<Result<_, _>>()?;
        let scope = merged.into_iter().map(|(_, v)| v).collect();
        Ok((coefs, scope, rhs))
    }

    /// The scope's values must form one of the `rows` (allowed tuples).
    /// A column over one variable, `a * x + c`, is read back onto `x`
    /// (each row's value `t` as `(t - c) / a`, a row no value of `x`
    /// gives dropped), so it needs no helper variable.
    ///
    /// ```
    /// use csp::{Model, ModelError, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// model.table(&x, [[0, 1], [1, 2], [2, 2]]).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 3);
    /// let err = model.table(&x, [vec![0, 1, 2]]).unwrap_err();
    /// assert_eq!(err, ModelError::TableArity { row: 0, expected: 2, found: 3 });
    /// ```
    pub fn table<V, R>(
        &mut self,
        scope: impl IntoIterator<Item = V>,
        rows: impl IntoIterator<Item = R>,
    ) -> Result<ConstraintId, ModelError>
    where
        V: IntoExpr,
        R: AsRef<[i32]>,
    {
        let mut exprs: Vec<Expr> = scope.into_iter().map(|e| e.into_expr()).collect();
        let mut flat = table_rows(rows, exprs.len())?;
        // `a x + c` columns read back onto `x`: no helper.
        operands::table_columns(&mut exprs, &mut flat);
        let scope = self.views_of(exprs, "table")?;
        // A domain too wide to list keeps only the values the rows give it
        // (the search leaves such a domain to the table's bounds).
        for (k, view) in scope.iter().enumerate() {
            let d = &self.domains[view.var.index()];
            if d.size() <= u64::from(crate::store::MAX_LISTED) {
                continue;
            }
            let column = flat.iter().skip(k).step_by(scope.len());
            let kept: Vec<i32> = column
                .filter_map(|&v| i32::try_from(v - view.offset).ok())
                .filter(|&v| d.contains(v))
                .collect();
            self.set_domain(view.var, Domain::from(kept))?;
        }
        self.add(kinds::table::Table { rows: flat }, scope)
    }

    /// A predicate over any scope: the escape hatch for constraints nobody
    /// foresaw. The closure receives the scope's values (views applied) in
    /// scope order. Arc consistency filters it by searching for supports.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 1..=6).unwrap();
    /// model.predicate(&x, |v| v[0] * v[1] == v[2]).unwrap();
    /// // 1*1=1 .. 1*6=6, 2*1=2, 2*2=4, 2*3=6, 3*1=3, 3*2=6, 4*1=4, 5*1=5, 6*1=6
    /// assert_eq!(Solver::new(&model).count().solutions(), 14);
    /// ```
    pub fn predicate<V: IntoExpr>(
        &mut self,
        scope: impl IntoIterator<Item = V>,
        check: impl Fn(&[i64]) -> bool + Send + Sync + 'static,
    ) -> Result<ConstraintId, ModelError> {
        let scope = self.views_of(scope, "predicate")?;
        self.add(kinds::predicate::Predicate(Box::new(check)), scope)
    }

    /// Posts a propagator of your own (see [`Propagator`](crate::Propagator)):
    /// its variables, and the events it hears of each, are read now; each
    /// search runs a clone of it. Errors: a variable of another model
    /// ([`ModelError::ForeignVariable`]), no variable at all
    /// ([`ModelError::EmptyScope`]).
    ///
    /// ```
    /// use csp::{Conflict, Event, Model, PropagationContext, Propagator, Solver, VarId};
    ///
    /// /// `x <= y`, by bounds.
    /// #[derive(Clone)]
    /// struct AtMost(VarId, VarId);
    ///
    /// impl Propagator for AtMost {
    ///     fn name(&self) -> &'static str { "at-most" }
    ///     fn variables(&self) -> Vec<(VarId, Event)> {
    ///         vec![(self.0, Event::LowerBound), (self.1, Event::UpperBound)]
    ///     }
    ///     fn propagate(&mut self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
    ///         ctx.set_max(self.0, ctx.max(self.1))?;
    ///         ctx.set_min(self.1, ctx.min(self.0))?;
    ///         Ok(())
    ///     }
    ///     fn check(&self, v: &[i64]) -> bool { v[0] <= v[1] }
    /// }
    ///
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// let c = model.post(AtMost(x[0], x[1])).unwrap();
    /// assert_eq!(model.constraint_name(c), "at-most");
    /// assert_eq!(Solver::new(&model).count().solutions(), 6);
    /// assert!(Model::new().post(AtMost(x[0], x[1])).is_err()); // another model's
    /// ```
    pub fn post<P: crate::Propagator + Clone>(
        &mut self,
        propagator: P,
    ) -> Result<ConstraintId, ModelError> {
        let scope = (propagator.variables().into_iter())
            .map(|(x, _)| View::from(x))
            .collect();
        self.add(crate::custom::Custom::new(propagator), scope)
    }

    /// Exactly `count` of the operands take `value` (a cardinality constraint:
    /// permutations of a multiset, "each digit once per row", ...). An
    /// operand `a * x + c` that can take `value` is posted as the view of
    /// `x` equal to `value` at the same points, so it needs no helper.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2).unwrap();
    /// model.count_eq(&x, 0, 2).unwrap(); // two zeros and a one
    /// assert_eq!(Solver::new(&model).count().solutions(), 3);
    /// ```
    pub fn count_eq<V: IntoExpr>(
        &mut self,
        scope: impl IntoIterator<Item = V>,
        value: i32,
        count: usize,
    ) -> Result<ConstraintId, ModelError> {
        let value = value as i64;
        let mut exprs: Vec<Expr> = scope.into_iter().map(|e| e.into_expr()).collect();
        // `a x + c` as a view equal to `value` where `a x + c` is.
        operands::count_operands(&mut exprs, value);
        let scope = self.views_of(exprs, "count")?;
        self.add(kinds::count::Count { value, count }, scope)
    }

    /// `a cmp b` between expressions (variables, views, constants, or
    /// [`Expr`]s such as `x - y`), as one linear constraint; over one
    /// variable, a cut of its domain instead (`None`: no constraint).
    fn compare(
        &mut self,
        a: impl IntoExpr,
        cmp: Cmp,
        b: impl IntoExpr,
        shift: i64,
        name: &'static str,
    ) -> Result<Option<ConstraintId>, ModelError> {
        let e = a.into_expr() - b.into_expr();
        if e.overflowed() {
            return Err(ModelError::ConstantOverflow);
        }
        let rhs = -(e.constant() as i128) + shift as i128;
        let terms = e.terms().iter().map(|&(a, x)| (a, x));
        let (coefs, scope, rhs) = self.linear_parts(terms, rhs, name)?;
        if let ([a], [x]) = (&coefs[..], &scope[..]) {
            self.cut_linear(*a, x.var, cmp, rhs)?;
            return Ok(None);
        }
        self.add(Kind::Linear { coefs, cmp, rhs }, scope).map(Some)
    }

    /// `a * x cmp rhs` compiled into `x`'s domain.
    fn cut_linear(&mut self, a: i64, x: VarId, cmp: Cmp, rhs: i128) -> Result<(), ModelError> {
        let d = &self.domains[x.index()];
        let a = a as i128;
        let bound = |v: i128| v.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
        let exact = (a != 0 && rhs % a == 0).then(|| bound(rhs / a));
        let cut = match (cmp, a.signum()) {
            (_, 0) if cmp.holds(0, rhs) => d.clone(),
            (_, 0) => Domain::from(Vec::new()),
            (Cmp::Eq, _) => exact.map_or_else(|| Domain::from(Vec::new()), |v| d.within(v, v)),
            (Cmp::Ne, _) => exact.map_or_else(|| d.clone(), |v| d.without(v)),
            (Cmp::Le, 1) | (Cmp::Ge, -1) => d.within(i64::MIN, bound(floor_div(rhs, a))),
            (Cmp::Le, _) | (Cmp::Ge, _) => d.within(bound(ceil_div(rhs, a)), i64::MAX),
        };
        self.set_domain(x, cut)
    }

    /// Replaces `x`'s declared domain by a cut of it. A cut that leaves no
    /// value makes the model unsatisfiable as an empty declared domain
    /// does (see [`Model::int_var`]): a placeholder value and a constraint
    /// that never holds.
    fn set_domain(&mut self, x: VarId, cut: Domain) -> Result<(), ModelError> {
        if cut.is_empty() {
            let placeholder = self.domains[x.index()].min().unwrap_or(0);
            self.domains[x.index()] = Domain::from([placeholder]);
            self.add(kinds::fail::EmptyDomain, vec![x.into()])?;
        } else {
            self.domains[x.index()] = cut;
        }
        Ok(())
    }

    /// `a = b`, where each side is a variable, a view, a constant or an
    /// expression (`x - y + 1`, `2 * x`).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..5).unwrap();
    /// model.equal(x[0], x[1] + 1).unwrap(); // x0 = x1 + 1
    /// assert_eq!(Solver::new(&model).count().solutions(), 4);
    /// ```
    pub fn equal(
        &mut self,
        a: impl IntoExpr,
        b: impl IntoExpr,
    ) -> Result<Option<ConstraintId>, ModelError> {
        self.compare(a, Cmp::Eq, b, 0, "equal")
    }

    /// `a < b` (sides as for [`Model::equal`]).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..4).unwrap();
    /// model.less(x[0], x[1]).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 6);
    /// ```
    ///
    /// A comparison over one variable is a cut of its domain with no
    /// constraint, so the result is an `Option`; the older form that took
    /// the id for granted no longer compiles:
    ///
    /// ```compile_fail
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..4).unwrap();
    /// let id: csp::ConstraintId = model.less(x, 3).unwrap(); // now Option<ConstraintId>
    /// ```
    pub fn less(
        &mut self,
        a: impl IntoExpr,
        b: impl IntoExpr,
    ) -> Result<Option<ConstraintId>, ModelError> {
        self.compare(a, Cmp::Le, b, -1, "less")
    }

    /// `a <= b` (sides as for [`Model::equal`]).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..4).unwrap();
    /// model.less_equal(x[0] + 1, 3).unwrap(); // x0 <= 2
    /// assert_eq!(Solver::new(&model).count().solutions(), 12);
    /// ```
    pub fn less_equal(
        &mut self,
        a: impl IntoExpr,
        b: impl IntoExpr,
    ) -> Result<Option<ConstraintId>, ModelError> {
        self.compare(a, Cmp::Le, b, 0, "less-equal")
    }

    /// `a > b` (sides as for [`Model::equal`]).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..4).unwrap();
    /// model.greater(x[0] - x[1], 1).unwrap(); // x0 >= x1 + 2
    /// assert_eq!(Solver::new(&model).count().solutions(), 3);
    /// ```
    pub fn greater(
        &mut self,
        a: impl IntoExpr,
        b: impl IntoExpr,
    ) -> Result<Option<ConstraintId>, ModelError> {
        self.compare(a, Cmp::Ge, b, 1, "greater")
    }

    /// `a >= b` (sides as for [`Model::equal`]).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(0..10).unwrap();
    /// model.greater_equal(2 * x, 15).unwrap(); // x >= 8
    /// assert_eq!(Solver::new(&model).count().solutions(), 2);
    /// ```
    pub fn greater_equal(
        &mut self,
        a: impl IntoExpr,
        b: impl IntoExpr,
    ) -> Result<Option<ConstraintId>, ModelError> {
        self.compare(a, Cmp::Ge, b, 0, "greater-equal")
    }

    /// `x = value`, as a cut of `x`'s domain: no constraint is left for
    /// the search (a value outside the domain leaves an unsatisfiable model).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// model.assign(x[0], 2).unwrap();
    /// assert_eq!(model.domain(x[0]).size(), 1);
    /// assert_eq!(model.num_constraints(), 0);
    /// assert_eq!(Solver::new(&model).count().solutions(), 3);
    /// ```
    ///
    /// There is no constraint, so no id (the older form no longer compiles):
    ///
    /// ```compile_fail
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..4).unwrap();
    /// let id: csp::ConstraintId = model.assign(x, 2).unwrap(); // now ()
    /// ```
    pub fn assign(&mut self, x: impl Into<View>, value: i64) -> Result<(), ModelError> {
        self.unary(x.into(), "assign", |d, v| d.within(v, v), value)
    }

    /// `x != value`, as a cut of `x`'s domain (no constraint is left).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(0..3).unwrap();
    /// model.forbid(x, 1).unwrap();
    /// assert_eq!(model.num_constraints(), 0);
    /// assert_eq!(Solver::new(&model).count().solutions(), 2);
    /// ```
    pub fn forbid(&mut self, x: impl Into<View>, value: i64) -> Result<(), ModelError> {
        self.unary(x.into(), "forbid", |d, v| d.without(v), value)
    }

    /// Cuts the domain of `view`'s variable with `cut`, given the value
    /// the view's `value` means for the variable.
    fn unary(
        &mut self,
        view: View,
        name: &'static str,
        cut: impl Fn(&Domain, i64) -> Domain,
        value: i64,
    ) -> Result<(), ModelError> {
        self.own(view, name)?;
        // Within MAX_OFFSET and i64: any value beyond is in no domain.
        let value = value.saturating_sub(view.offset);
        let d = cut(&self.domains[view.var.index()], value);
        self.set_domain(view.var, d)
    }

    /// A view whose value is the expression's: the view itself for `x + c`,
    /// otherwise a new variable channelled to it. Over one variable
    /// (`5 - x`, `3 * x`) the new variable takes exactly the expression's
    /// values and an affine channel ties the two value by value both ways
    /// (domain consistent, so a domain-consistent constraint over the new
    /// variable is domain consistent over `x`; by bounds beyond a million
    /// values); over several it spans the expression's range (its tight
    /// bounds) and a linear equality ties it (bounds consistent), except a
    /// difference `x - y + c`, whose channel also prunes value by value
    /// once `x` or `y` is fixed (a difference an all-different has used
    /// leaves the open variable). Usable wherever a view
    /// is; the builders call it themselves on expression operands, except
    /// where they can post `a x + c` over `x` itself (an all-different
    /// with one coefficient throughout, negated operands of symmetric
    /// constraints, table columns, element indices, counts: see each).
    ///
    /// An expression without variables ([`ModelError::ConstantOperand`]),
    /// whose range leaves 32 bits ([`ModelError::ExpressionTooLarge`]) or
    /// is wider than [`MAX_DOMAIN_WIDTH`](crate::MAX_DOMAIN_WIDTH)
    /// ([`ModelError::DomainTooLarge`]) is refused; each error names the
    /// constraint the expression was given to.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// let d1 = model.expr_var(x[1] - x[0]).unwrap();
    /// let d2 = model.expr_var(x[2] - x[1]).unwrap();
    /// model.all_different([d1, d2]).unwrap();
    /// // 27 assignments, minus the 3 where x1 - x0 = x2 - x1 = 0 and the 2
    /// // arithmetic progressions 0,1,2 and 2,1,0.
    /// assert_eq!(Solver::new(&model).count().solutions(), 22);
    /// let y = model.expr_var(4 - 2 * x[0]).unwrap();
    /// assert_eq!(model.domain(y.var).values().collect::<Vec<_>>(), [0, 2, 4]);
    /// ```
    pub fn expr_var(&mut self, e: impl IntoExpr) -> Result<View, ModelError> {
        let e = e.into_expr();
        if e.terms().is_empty() {
            return Err(ModelError::ConstantOperand {
                constraint: "expression",
            });
        }
        self.expr_view(e, "expression")
    }

    /// The view an operand of `constraint` stands for: the view itself, a
    /// variable fixed to a constant, or a channelled variable
    /// ([`Model::expr_var`]).
    fn view_of(&mut self, e: impl IntoExpr, constraint: &'static str) -> Result<View, ModelError> {
        let e = e.into_expr();
        if let Some(view) = as_view(&e) {
            self.own(view, constraint)?;
            return Ok(view);
        }
        self.expr_view(e, constraint)
    }

    fn views_of<V: IntoExpr>(
        &mut self,
        items: impl IntoIterator<Item = V>,
        constraint: &'static str,
    ) -> Result<Vec<View>, ModelError> {
        items
            .into_iter()
            .map(|e| self.view_of(e, constraint))
            .collect()
    }

    /// The three operands of an arithmetic constraint, as views.
    fn three(
        &mut self,
        x: impl IntoExpr,
        y: impl IntoExpr,
        z: impl IntoExpr,
        constraint: &'static str,
    ) -> Result<Vec<View>, ModelError> {
        Ok(vec![
            self.view_of(x, constraint)?,
            self.view_of(y, constraint)?,
            self.view_of(z, constraint)?,
        ])
    }

    fn expr_view(&mut self, e: Expr, constraint: &'static str) -> Result<View, ModelError> {
        if e.overflowed() {
            return Err(ModelError::ConstantOverflow);
        }
        if let Some(view) = as_view(&e) {
            self.own(view, constraint)?;
            return Ok(view);
        }
        let constant = e.constant() as i128;
        let live: Vec<(i64, View)> = if e.terms().is_empty() {
            Vec::new()
        } else {
            let (coefs, vars, _) = self.linear_parts(e.terms().iter().copied(), 0, constraint)?;
            coefs
                .into_iter()
                .zip(vars)
                .filter(|&(a, _)| a != 0)
                .collect()
        };
        let too_large = ModelError::ExpressionTooLarge {
            constraint,
            bits: 32,
        };
        let narrow = |v: i128| i32::try_from(v).map_err(|_| too_large.clone());
        match live[..] {
            // A constant: fixed, so no branching on it (not a helper).
            [] => Ok(self.int_var([narrow(constant)?])?.into()),
            [(1, x)] => {
                let view = View {
                    var: x.var,
                    offset: i64::try_from(constant).map_err(|_| ModelError::ConstantOverflow)?,
                };
                self.own(view, constraint)?;
                Ok(view)
            }
            // `a * x + c`: a bijection of values, channelled value by
            // value onto its exact image (bounds when too wide to list).
            [(a, x)] => {
                let c = i64::try_from(constant).map_err(|_| ModelError::ConstantOverflow)?;
                let d = &self.domains[x.var.index()];
                let image = |v: i32| narrow(a as i128 * v as i128 + constant);
                let z = match (d.min(), d.max()) {
                    (Some(min), Some(max)) if d.size() > EXACT_IMAGE => {
                        let (p, q) = (image(min)?, image(max)?);
                        self.helper_var(p.min(q)..=p.max(q))?
                    }
                    _ => {
                        let values = d.values().map(image).collect::<Result<Vec<_>, _>>()?;
                        self.helper_var(values)?
                    }
                };
                self.add(kinds::affine::Affine { a, c }, vec![x, z.into()])?;
                Ok(z.into())
            }
            _ => {
                let (mut lo, mut hi) = (constant, constant);
                for &(a, x) in &live {
                    let d = &self.domains[x.var.index()];
                    let (Some(min), Some(max)) = (d.min(), d.max()) else {
                        continue;
                    };
                    let (p, q) = (a as i128 * min as i128, a as i128 * max as i128);
                    lo += p.min(q);
                    hi += p.max(q);
                }
                // `a - b + constant`: the precedences already stated
                // between `a` and `b` bound it too.
                if let [(1, a), (-1, b)] | [(-1, b), (1, a)] = live[..] {
                    let (a, b) = (a.var.index, b.var.index);
                    if let Some(gap) = self.implied_gap(b, a) {
                        lo = lo.max(constant.saturating_add(gap));
                    }
                    if let Some(gap) = self.implied_gap(a, b) {
                        hi = hi.min(constant.saturating_sub(gap));
                    }
                }
                let z = if lo > hi {
                    // The precedences contradict each other.
                    self.helper_var(Vec::<i32>::new())?
                } else {
                    self.helper_var(narrow(lo)?..=narrow(hi)?)?
                };
                // `a - b + constant`: the difference channel, which prunes
                // value by value once `a` or `b` is fixed.
                if let [(1, a), (-1, b)] | [(-1, b), (1, a)] = live[..] {
                    let c = i64::try_from(constant).map_err(|_| ModelError::ConstantOverflow)?;
                    self.add(kinds::difference::Difference { c }, vec![a, b, z.into()])?;
                    return Ok(z.into());
                }
                // sum(a * x) - z = -constant
                let (mut coefs, mut scope): (Vec<i64>, Vec<View>) = live.into_iter().unzip();
                coefs.push(-1);
                scope.push(z.into());
                let rhs = -constant;
                self.add(
                    Kind::Linear {
                        coefs,
                        cmp: Cmp::Eq,
                        rhs,
                    },
                    scope,
                )?;
                Ok(z.into())
            }
        }
    }

    /// `|x| = y`.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(-3..=3).unwrap();
    /// let y = model.int_var(0..=2).unwrap();
    /// model.abs(x, y).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 5);
    /// ```
    pub fn abs(&mut self, x: impl IntoExpr, y: impl IntoExpr) -> Result<ConstraintId, ModelError> {
        let scope = vec![self.view_of(x, "abs")?, self.view_of(y, "abs")?];
        self.add(kinds::abs::Abs, scope)
    }

    /// `|x - y| = z`: the distance between two views (or two negated
    /// ones: `|(5 - a) - (3 - b)|` is `|(a - 5) - (b - 3)|`, no helper).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..5).unwrap();
    /// let one = model.int_var(1..=1).unwrap();
    /// model.distance(x[0], x[1], one).unwrap(); // next to each other
    /// assert_eq!(Solver::new(&model).count().solutions(), 8);
    /// ```
    pub fn distance(
        &mut self,
        x: impl IntoExpr,
        y: impl IntoExpr,
        z: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        // `|(c - x) - (d - y)|` is `|(x - c) - (y - d)|`.
        let (mut x, mut y) = (x.into_expr(), y.into_expr());
        operands::flip_negated(&mut [&mut x, &mut y]);
        let scope = self.three(x, y, z, "abs")?;
        self.add(kinds::abs::Abs, scope)
    }

    /// `x * y = z` (exact: products are computed in 128 bits).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 1..=6).unwrap();
    /// model.times(x[0], x[1], x[2]).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 14);
    /// ```
    pub fn times(
        &mut self,
        x: impl IntoExpr,
        y: impl IntoExpr,
        z: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        self.product(x, y, z, true)
    }

    /// `x * y = z` propagated by its interval reasoning alone (as Gecode,
    /// Chuffed and OR-Tools propagate `int_times` by default): bounds from
    /// the corners and the quotients, and the exact filter once one
    /// variable is open, but no enumeration of supports, which
    /// [`Model::times`] runs while the domains are small. Cheaper per node
    /// where the product feeds sums that read only bounds (FlatZinc's
    /// `int_times` posts this unless annotated `:: domain`); the same
    /// solutions.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 1..=6).unwrap();
    /// model.times_by_bounds(x[0], x[1], x[2]).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 14);
    /// ```
    pub fn times_by_bounds(
        &mut self,
        x: impl IntoExpr,
        y: impl IntoExpr,
        z: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        self.product(x, y, z, false)
    }

    /// `x * y = z`, with or without the enumeration of supports.
    fn product(
        &mut self,
        x: impl IntoExpr,
        y: impl IntoExpr,
        z: impl IntoExpr,
        supports: bool,
    ) -> Result<ConstraintId, ModelError> {
        let scope = self.three(x, y, z, "times")?;
        self.add(kinds::times::Times { supports }, scope)
    }

    /// `x / y = z`, rounding towards zero like MiniZinc's `int_div`; `y`
    /// never takes 0.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(-7..=-7).unwrap();
    /// let y = model.int_var(-2..=2).unwrap();
    /// let z = model.int_var(-10..=10).unwrap();
    /// model.div(x, y, z).unwrap();
    /// let values: Vec<_> = Solver::new(&model).search().map(|s| s.values().to_vec()).collect();
    /// assert_eq!(values, [vec![-7, -2, 3], vec![-7, -1, 7], vec![-7, 1, -7], vec![-7, 2, -3]]);
    /// ```
    pub fn div(
        &mut self,
        x: impl IntoExpr,
        y: impl IntoExpr,
        z: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        let kind = kinds::division::Division { modulo: false };
        let scope = self.three(x, y, z, kind.name())?;
        self.add(kind, scope)
    }

    /// `x mod y = z`, truncating like MiniZinc's `int_mod` (the result has
    /// the sign of `x`); `y` never takes 0.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(-7..=-7).unwrap();
    /// let y = model.int_var(3..=3).unwrap();
    /// let z = model.int_var(-5..=5).unwrap();
    /// model.modulo(x, y, z).unwrap();
    /// let (first, _) = Solver::new(&model).first();
    /// assert_eq!(first.unwrap().values(), &[-7, 3, -1]);
    /// ```
    pub fn modulo(
        &mut self,
        x: impl IntoExpr,
        y: impl IntoExpr,
        z: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        let kind = kinds::division::Division { modulo: true };
        let scope = self.three(x, y, z, kind.name())?;
        self.add(kind, scope)
    }

    /// `result = min(views)`.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// let m = model.int_var(2..=2).unwrap();
    /// model.minimum(&x, m).unwrap(); // both at least 2, one exactly
    /// assert_eq!(Solver::new(&model).count().solutions(), 1);
    /// ```
    pub fn minimum<V: IntoExpr>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        result: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        self.extremum(views, result, false)
    }

    /// `result = max(views)`.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// let m = model.int_var(0..3).unwrap();
    /// model.maximum(&x, m).unwrap(); // m is determined by x
    /// assert_eq!(Solver::new(&model).count().solutions(), 9);
    /// ```
    pub fn maximum<V: IntoExpr>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        result: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        self.extremum(views, result, true)
    }

    fn extremum<V: IntoExpr>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        result: impl IntoExpr,
        max: bool,
    ) -> Result<ConstraintId, ModelError> {
        let kind = kinds::extremum::Extremum { max };
        let mut scope = self.views_of(views, kind.name())?;
        if scope.is_empty() {
            return Err(ModelError::EmptyScope {
                constraint: kind.name(),
            });
        }
        scope.push(self.view_of(result, kind.name())?);
        self.add(kind, scope)
    }

    /// `array[index] = result`: an array of constants indexed (from 0) by
    /// a variable. An index `a * x + c` is read back onto `x` (the
    /// positions its values reach, indexed by a view of `x`), so it needs
    /// no helper variable; index values beyond the array are ruled out.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let i = model.int_var(-1..5).unwrap();
    /// let y = model.int_var(0..10).unwrap();
    /// model.element([3, 1, 4, 1], i, y).unwrap();
    /// model.assign(y, 1).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 2); // i = 1 or 3
    /// ```
    pub fn element(
        &mut self,
        array: impl IntoIterator<Item = i64>,
        index: impl IntoExpr,
        result: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        let mut array: Vec<i64> = array.into_iter().collect();
        if array.is_empty() {
            return Err(ModelError::EmptyScope {
                constraint: "element",
            });
        }
        let mut index = index.into_expr();
        // `array[a x + c]` as `array'[x - lo]`: no helper.
        if let Some((positions, view)) = operands::element_index(&index, array.len()) {
            array = positions.into_iter().map(|p| array[p]).collect();
            index = view;
        }
        let kind = kinds::element::Element::new(array);
        let scope = vec![
            self.view_of(index, "element")?,
            self.view_of(result, "element")?,
        ];
        self.add(kind, scope)
    }

    /// `views[index] = result`: an array of variables or views indexed
    /// (from 0) by a variable (an index `a * x + c` as in
    /// [`Model::element`]: no helper).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..2).unwrap();
    /// let i = model.int_var(0..3).unwrap();
    /// let one = model.int_var(1..=1).unwrap();
    /// model.element_var(&x, i, one).unwrap(); // x[i] = 1
    /// assert_eq!(Solver::new(&model).count().solutions(), 12);
    /// ```
    pub fn element_var<V: IntoExpr>(
        &mut self,
        views: impl IntoIterator<Item = V>,
        index: impl IntoExpr,
        result: impl IntoExpr,
    ) -> Result<ConstraintId, ModelError> {
        let mut views: Vec<Expr> = views.into_iter().map(|v| v.into_expr()).collect();
        let mut index = index.into_expr();
        // `views[a x + c]` as `views'[x - lo]`: no helper.
        if let Some((positions, view)) = operands::element_index(&index, views.len()) {
            views = positions.into_iter().map(|p| views[p].clone()).collect();
            index = view;
        }
        let mut scope = vec![
            self.view_of(index, "element-var")?,
            self.view_of(result, "element-var")?,
        ];
        scope.extend(self.views_of(views, "element-var")?);
        if scope.len() == 2 {
            return Err(ModelError::EmptyScope {
                constraint: "element-var",
            });
        }
        self.add(kinds::element::ElementVar, scope)
    }

    /// A boolean variable: an integer variable over `0..=1`.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let b = model.bool_var().unwrap();
    /// assert_eq!(model.domain(b).size(), 2);
    /// ```
    pub fn bool_var(&mut self) -> Result<VarId, ModelError> {
        self.int_var(0..=1)
    }

    /// `n` boolean variables.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// assert_eq!(model.bool_vars(3).unwrap().len(), 3);
    /// ```
    pub fn bool_vars(&mut self, n: usize) -> Result<Vec<VarId>, ModelError> {
        (0..n).map(|_| self.bool_var()).collect()
    }

    /// A clause: some variable of `positives` is non-zero (true), or some
    /// variable of `negatives` is zero (false). Propagated with two
    /// watched literals.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let b = model.bool_vars(3).unwrap();
    /// model.clause([b[0], b[1]], [b[2]]).unwrap(); // b0 or b1 or not b2
    /// assert_eq!(Solver::new(&model).count().solutions(), 7);
    /// ```
    pub fn clause(
        &mut self,
        positives: impl IntoIterator<Item = VarId>,
        negatives: impl IntoIterator<Item = VarId>,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope: Vec<View> = positives.into_iter().map(View::from).collect();
        let count = scope.len();
        scope.extend(negatives.into_iter().map(View::from));
        self.add(kinds::clause::Clause { positives: count }, scope)
    }

    /// `b <-> condition`: the 0/1 variable `b` is 1 exactly when the
    /// condition holds.
    ///
    /// ```
    /// use csp::{Condition, Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// let b = model.bool_var().unwrap();
    /// model.reify(b, Condition::less(x[0], x[1])).unwrap();
    /// model.assign(b, 1).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 3);
    /// ```
    pub fn reify(&mut self, b: VarId, condition: Condition) -> Result<ConstraintId, ModelError> {
        self.reified(b, condition, true)
    }

    /// `b -> condition`: when the 0/1 variable `b` is 1 the condition
    /// holds (when it is 0, anything goes).
    ///
    /// ```
    /// use csp::{Condition, Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(0..4).unwrap();
    /// let b = model.bool_var().unwrap();
    /// model.implies(b, Condition::member(x, [1, 3])).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 4 + 2);
    /// ```
    pub fn implies(&mut self, b: VarId, condition: Condition) -> Result<ConstraintId, ModelError> {
        self.reified(b, condition, false)
    }

    /// `x` takes one of `set`'s values, as a cut of `x`'s domain (no
    /// constraint is left; an empty set leaves an unsatisfiable model).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_var(0..10).unwrap();
    /// model.member(x, [2, 3, 5, 7]).unwrap();
    /// assert_eq!(model.num_constraints(), 0);
    /// assert_eq!(Solver::new(&model).count().solutions(), 4);
    /// ```
    pub fn member(
        &mut self,
        x: impl Into<View>,
        set: impl IntoIterator<Item = i64>,
    ) -> Result<(), ModelError> {
        let view = x.into();
        self.own(view, "member")?;
        let d = &self.domains[view.var.index()];
        let kept: Vec<i32> = set
            .into_iter()
            .filter_map(|v| i32::try_from(v.checked_sub(view.offset)?).ok())
            .filter(|&v| d.contains(v))
            .collect();
        self.set_domain(view.var, Domain::from(kept))
    }

    fn reified(
        &mut self,
        b: VarId,
        condition: Condition,
        full: bool,
    ) -> Result<ConstraintId, ModelError> {
        let mut scope = vec![View::from(b)];
        let body = match condition.0 {
            Cond::Linear { expr, cmp, shift } => {
                if expr.overflowed() {
                    return Err(ModelError::ConstantOverflow);
                }
                let rhs = -(expr.constant() as i128) + shift as i128;
                let terms = expr.terms().iter().map(|&(a, x)| (a, x));
                let (coefs, views, rhs) = self.linear_parts(terms, rhs, "reified")?;
                scope.extend(views);
                Body::Linear { coefs, cmp, rhs }
            }
            Cond::In { view, mut set } => {
                set.sort_unstable();
                set.dedup();
                scope.push(view);
                Body::In { set }
            }
        };
        self.add(kinds::reified::Reified { body, full }, scope)
    }

    pub(crate) fn own(&self, view: View, constraint: &'static str) -> Result<(), ModelError> {
        if view.var.model != self.id || view.var.index() >= self.domains.len() {
            return Err(ModelError::ForeignVariable { constraint });
        }
        if view.offset.unsigned_abs() > crate::MAX_OFFSET.unsigned_abs() {
            return Err(ModelError::OffsetTooLarge {
                offset: view.offset,
            });
        }
        Ok(())
    }

    pub(crate) fn add(
        &mut self,
        kind: impl Into<Kind>,
        scope: Vec<View>,
    ) -> Result<ConstraintId, ModelError> {
        let kind = kind.into();
        let name = kind.name();
        if scope.is_empty() {
            return Err(ModelError::EmptyScope { constraint: name });
        }
        for view in &scope {
            self.own(*view, name)?;
        }
        let id = next_constraint_id(self.constraints.len())?;
        let constraint = Constraint::new(kind, scope);
        let watches = kinds::watches(&constraint);
        for (&var, watch) in constraint.vars.iter().zip(watches) {
            self.var_constraints[var as usize].push(id);
            self.var_watches[var as usize].push(watch);
        }
        self.constraints.push(constraint);
        Ok(ConstraintId(id))
    }

    /// Global cardinality: each listed value is taken by a number of the
    /// views within its range (values not listed are free).
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(4, 0..3).unwrap();
    /// // One or two zeros, exactly one 1; 2 fills the rest.
    /// model.global_cardinality(&x, [(0, 1..=2), (1, 1..=1)]).unwrap();
    /// // The same count by brute force over the 81 assignments:
    /// let brute = (0..81).filter(|&n: &i32| {
    ///     let d: Vec<i32> = (0..4).map(|i| n / 3i32.pow(i) % 3).collect();
    ///     let c = |v| d.iter().filter(|&&x| x == v).count();
    ///     (1..=2).contains(&c(0)) && c(1) == 1
    /// }).count() as u64;
    /// assert_eq!(Solver::new(&model).count().solutions(), brute);
    /// ```
    pub fn global_cardinality<V: IntoExpr>(
        &mut self,
        scope: impl IntoIterator<Item = V>,
        counts: impl IntoIterator<Item = (i32, std::ops::RangeInclusive<usize>)>,
    ) -> Result<ConstraintId, ModelError> {
        let scope = self.views_of(scope, "global-cardinality")?;
        let (mut values, mut lo, mut hi) = (Vec::new(), Vec::new(), Vec::new());
        for (value, range) in counts {
            values.push(value as i64);
            lo.push(*range.start());
            hi.push(*range.end());
        }
        self.add(kinds::cardinality::Cardinality { values, lo, hi }, scope)
    }

    /// One Hamiltonian cycle in successor form: `succ[i]` is the node that
    /// follows node `i` (0-based), and following successors from any node
    /// meets every node before coming back.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let succ = model.int_vars(4, 0..4).unwrap();
    /// model.circuit(&succ).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 6); // (4 - 1)! cycles
    /// ```
    pub fn circuit<V: IntoExpr>(
        &mut self,
        succ: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        let scope = self.views_of(succ, "circuit")?;
        self.add(kinds::circuit::Circuit, scope)
    }

    /// Channels two permutations: `xs[i] = j` exactly when `ys[j] = i`
    /// (0-based; the sequences must have the same length, see
    /// [`ModelError::LengthMismatch`]). Queens by rows and by columns, or
    /// successors and predecessors, are typical pairs. Arc consistency
    /// makes it domain consistent (over distinct variables): every value
    /// left is used by some pair of inverse permutations within the
    /// domains.
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(3, 0..3).unwrap();
    /// let y = model.int_vars(3, 0..3).unwrap();
    /// model.inverse(&x, &y).unwrap();
    /// let solutions: Vec<Vec<i32>> = Solver::new(&model).search().map(|s| s.into_values()).collect();
    /// assert_eq!(solutions.len(), 6); // one y per permutation x
    /// assert!(solutions.contains(&vec![1, 2, 0, 2, 0, 1]));
    /// ```
    pub fn inverse<V: IntoExpr>(
        &mut self,
        xs: impl IntoIterator<Item = V>,
        ys: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        let (scope, _) = self.pairs(xs, ys, "inverse")?;
        self.add(kinds::inverse::Inverse, scope)
    }

    /// `xs` followed by `ys`, refused unless they have the same length;
    /// also the length.
    fn pairs<V: IntoExpr>(
        &mut self,
        xs: impl IntoIterator<Item = V>,
        ys: impl IntoIterator<Item = V>,
        constraint: &'static str,
    ) -> Result<(Vec<View>, usize), ModelError> {
        let mut scope = self.views_of(xs, constraint)?;
        let left = scope.len();
        scope.extend(self.views_of(ys, constraint)?);
        if scope.len() != 2 * left {
            return Err(ModelError::LengthMismatch {
                constraint,
                left,
                right: scope.len() - left,
            });
        }
        Ok((scope, left))
    }

    /// `xs` comes before `ys` in lexicographic order, or equals it: the
    /// usual way to break a symmetry that swaps two rows. The sequences
    /// must have the same length ([`ModelError::LengthMismatch`]).
    ///
    /// ```
    /// use csp::{Model, ModelError, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(4, 0..2).unwrap();
    /// model.lex_less_equal(&x[..2], &x[2..]).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 10); // 4 equal + 12 / 2
    /// let err = model.lex_less_equal(&x[..1], &x[1..]).unwrap_err();
    /// assert!(matches!(err, ModelError::LengthMismatch { left: 1, right: 3, .. }));
    /// ```
    pub fn lex_less_equal<V: IntoExpr>(
        &mut self,
        xs: impl IntoIterator<Item = V>,
        ys: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        self.lex(xs, ys, false)
    }

    /// `xs` comes strictly before `ys` in lexicographic order. (Either
    /// order takes negated operands throughout, `c - x`, as `x - c` with
    /// the sides swapped: no helper.)
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// let mut model = Model::new();
    /// let x = model.int_vars(4, 0..2).unwrap();
    /// model.lex_less(&x[..2], &x[2..]).unwrap();
    /// assert_eq!(Solver::new(&model).count().solutions(), 6);
    /// ```
    pub fn lex_less<V: IntoExpr>(
        &mut self,
        xs: impl IntoIterator<Item = V>,
        ys: impl IntoIterator<Item = V>,
    ) -> Result<ConstraintId, ModelError> {
        self.lex(xs, ys, true)
    }

    fn lex<V: IntoExpr>(
        &mut self,
        xs: impl IntoIterator<Item = V>,
        ys: impl IntoIterator<Item = V>,
        strict: bool,
    ) -> Result<ConstraintId, ModelError> {
        let kind = kinds::lex::Lex { strict };
        let mut xs: Vec<Expr> = xs.into_iter().map(|e| e.into_expr()).collect();
        let mut ys: Vec<Expr> = ys.into_iter().map(|e| e.into_expr()).collect();
        // `-u` before `-v` exactly when `v` before `u`: every operand
        // negated, the sides negated back and swapped.
        if xs.len() == ys.len()
            && operands::flip_negated(&mut xs.iter_mut().chain(&mut ys).collect::<Vec<_>>())
        {
            std::mem::swap(&mut xs, &mut ys);
        }
        let (scope, _) = self.pairs(xs, ys, kind.name())?;
        self.add(kind, scope)
    }

    /// The number of variables.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// model.int_vars(5, 0..2).unwrap();
    /// assert_eq!(model.num_vars(), 5);
    /// ```
    pub fn num_vars(&self) -> usize {
        self.domains.len()
    }

    /// Whether `x` is a variable the model introduced for an expression
    /// ([`Model::expr_var`], or an operand such as `x[1] - x[0]` given to a
    /// builder): functionally defined by the expression's variables, so
    /// the fitted default search branches on the model's own variables
    /// first (see [`Solver`](crate::Solver)).
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_vars(2, 0..3).unwrap();
    /// let d = model.expr_var(x[1] - x[0]).unwrap();
    /// assert!(model.is_expression_helper(d.var));
    /// assert!(!model.is_expression_helper(x[0]));
    /// ```
    pub fn is_expression_helper(&self, x: VarId) -> bool {
        x.model == self.id && self.helpers.binary_search(&x.index).is_ok()
    }

    /// The variables introduced for expressions, ascending.
    pub(crate) fn helpers(&self) -> &[u32] {
        &self.helpers
    }

    /// A new variable standing for an expression (see [`Model::is_expression_helper`]).
    fn helper_var(&mut self, domain: impl Into<Domain>) -> Result<VarId, ModelError> {
        let z = self.int_var(domain)?;
        self.helpers.push(z.index);
        Ok(z)
    }

    /// The number of constraints.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// assert_eq!(model.num_constraints(), 1);
    /// ```
    pub fn num_constraints(&self) -> usize {
        self.constraints.len()
    }

    /// The constraints' ids, in the order they were added.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// let c = model.not_equal(x[0], x[1]).unwrap().expect("two variables: a constraint");
    /// assert_eq!(model.constraint_ids().collect::<Vec<_>>(), vec![c]);
    /// ```
    pub fn constraint_ids(&self) -> impl Iterator<Item = ConstraintId> + '_ {
        (0..self.constraints.len() as u32).map(ConstraintId)
    }

    /// The variables, in creation order.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// assert_eq!(model.vars().collect::<Vec<_>>(), x);
    /// ```
    pub fn vars(&self) -> impl Iterator<Item = VarId> + '_ {
        (0..self.domains.len() as u32).map(move |index| VarId {
            model: self.id,
            index,
        })
    }

    /// The declared domain of `var`.
    ///
    /// # Panics
    /// If `var` belongs to another model (a programming error, unlike the
    /// constraint builders, which report it as an error).
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_var([2, 4, 8]).unwrap();
    /// assert_eq!(model.domain(x).size(), 3);
    /// ```
    pub fn domain(&self, var: VarId) -> &Domain {
        assert_eq!(var.model, self.id, "variable from another model");
        &self.domains[var.index()]
    }

    /// The name of a constraint's kind (`"all-different"`, `"linear"`, ...).
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// let c = model.all_different(&x).unwrap();
    /// assert_eq!(model.constraint_name(c), "all-different");
    /// ```
    pub fn constraint_name(&self, c: ConstraintId) -> &'static str {
        self.constraints[c.index()].name()
    }

    /// The views a constraint is over, in the order given.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// let c = model.not_equal(x[0], x[1] + 1).unwrap().expect("a constraint");
    /// assert_eq!(model.constraint_scope(c)[1].offset, 1);
    /// ```
    pub fn constraint_scope(&self, c: ConstraintId) -> &[View] {
        &self.constraints[c.index()].scope
    }

    /// Checks a complete assignment (one value per variable, in variable
    /// order) against every constraint: the brute-force oracle.
    ///
    /// ```
    /// let mut model = csp::Model::new();
    /// let x = model.int_vars(2, 0..2).unwrap();
    /// model.not_equal(x[0], x[1]).unwrap();
    /// assert!(model.is_solution(&[0, 1]));
    /// assert!(!model.is_solution(&[1, 1]));
    /// assert!(!model.is_solution(&[0, 5])); // 5 is outside the domain
    /// ```
    pub fn is_solution(&self, values: &[i32]) -> bool {
        if values.len() != self.domains.len() {
            return false;
        }
        if !values
            .iter()
            .zip(&self.domains)
            .all(|(&v, d)| d.contains(v))
        {
            return false;
        }
        let mut scratch = Vec::new();
        self.constraints
            .iter()
            .all(|c| c.check(|i| values[i as usize], &mut scratch))
    }

    pub(crate) fn domains(&self) -> &[Domain] {
        &self.domains
    }

    pub(crate) fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    pub(crate) fn constraints_of(&self, var: u32) -> &[u32] {
        &self.var_constraints[var as usize]
    }

    /// For each of `constraints_of(var)`, what it watches of `var`.
    pub(crate) fn watches_of(&self, var: u32) -> &[Watch] {
        &self.var_watches[var as usize]
    }

    pub(crate) fn id(&self) -> u32 {
        self.id
    }
}

/// A condition that [`Model::reify`] and [`Model::implies`] attach to a
/// boolean variable: a comparison of expressions, a linear constraint, or
/// membership of a set.
///
/// ```
/// use csp::{Cmp, Condition, Model};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..5).unwrap();
/// let _ = Condition::equal(x[0], x[1] + 1);
/// let _ = Condition::linear([(2, x[0]), (1, x[1])], Cmp::Le, 4);
/// let _ = Condition::member(x[0], [1, 2]);
/// ```
pub struct Condition(Cond);

enum Cond {
    /// `expr cmp shift`.
    Linear {
        expr: Expr,
        cmp: Cmp,
        shift: i64,
    },
    In {
        view: View,
        set: Vec<i64>,
    },
}

impl Condition {
    fn compare(a: impl IntoExpr, cmp: Cmp, b: impl IntoExpr, shift: i64) -> Condition {
        Condition(Cond::Linear {
            expr: a.into_expr() - b.into_expr(),
            cmp,
            shift,
        })
    }

    /// `a = b`.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// let _ = csp::Condition::equal(x, 3);
    /// ```
    pub fn equal(a: impl IntoExpr, b: impl IntoExpr) -> Condition {
        Condition::compare(a, Cmp::Eq, b, 0)
    }

    /// `a != b`.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_vars(2, 0..5).unwrap();
    /// let _ = csp::Condition::not_equal(x[0], x[1]);
    /// ```
    pub fn not_equal(a: impl IntoExpr, b: impl IntoExpr) -> Condition {
        Condition::compare(a, Cmp::Ne, b, 0)
    }

    /// `a < b`.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_vars(2, 0..5).unwrap();
    /// let _ = csp::Condition::less(x[0], x[1]);
    /// ```
    pub fn less(a: impl IntoExpr, b: impl IntoExpr) -> Condition {
        Condition::compare(a, Cmp::Le, b, -1)
    }

    /// `a <= b`.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_vars(2, 0..5).unwrap();
    /// let _ = csp::Condition::less_equal(x[0], x[1]);
    /// ```
    pub fn less_equal(a: impl IntoExpr, b: impl IntoExpr) -> Condition {
        Condition::compare(a, Cmp::Le, b, 0)
    }

    /// `a > b`.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_vars(2, 0..5).unwrap();
    /// let _ = csp::Condition::greater(x[0], x[1]);
    /// ```
    pub fn greater(a: impl IntoExpr, b: impl IntoExpr) -> Condition {
        Condition::compare(a, Cmp::Ge, b, 1)
    }

    /// `a >= b`.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_vars(2, 0..5).unwrap();
    /// let _ = csp::Condition::greater_equal(x[0], x[1]);
    /// ```
    pub fn greater_equal(a: impl IntoExpr, b: impl IntoExpr) -> Condition {
        Condition::compare(a, Cmp::Ge, b, 0)
    }

    /// `sum(coef * view) cmp rhs`, terms as for [`Model::linear`].
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_vars(2, 0..5).unwrap();
    /// let _ = csp::Condition::linear([(1, x[0]), (-1, x[1])], csp::Cmp::Ne, 2);
    /// ```
    pub fn linear<T: LinearTerm>(
        terms: impl IntoIterator<Item = T>,
        cmp: Cmp,
        rhs: i64,
    ) -> Condition {
        Condition(Cond::Linear {
            expr: crate::expr::sum_of(terms),
            cmp,
            shift: rhs,
        })
    }

    /// `x` takes one of `set`'s values.
    ///
    /// ```
    /// # let mut model = csp::Model::new();
    /// # let x = model.int_var(0..5).unwrap();
    /// let _ = csp::Condition::member(x, [0, 4]);
    /// ```
    pub fn member(x: impl Into<View>, set: impl IntoIterator<Item = i64>) -> Condition {
        Condition(Cond::In {
            view: x.into(),
            set: set.into_iter().collect(),
        })
    }
}

/// The largest domain whose image under `a * x + c` gets an exact-valued
/// variable (beyond, its hull; the channel then prunes by bounds, as the
/// search does not list such a domain either).
const EXACT_IMAGE: u64 = 1 << 20;

/// The view an expression is, if it is one (`x + c`, coefficient 1).
fn as_view(e: &Expr) -> Option<View> {
    match operands::one_term(e)? {
        (1, var) => Some(View {
            var,
            offset: e.constant(),
        }),
        _ => None,
    }
}

/// `n / d` rounded down (`d != 0`).
fn floor_div(n: i128, d: i128) -> i128 {
    let q = n / d;
    if n % d != 0 && (n < 0) != (d < 0) {
        q - 1
    } else {
        q
    }
}

/// `n / d` rounded up (`d != 0`).
fn ceil_div(n: i128, d: i128) -> i128 {
    -floor_div(-n, d)
}

/// The id the constraint after `count` existing ones gets: ids are 32
/// bits, and `u32::MAX` is kept free like the variables' (an error, never
/// a wrapped id).
fn next_constraint_id(count: usize) -> Result<u32, ModelError> {
    u32::try_from(count)
        .ok()
        .filter(|&id| id != u32::MAX)
        .ok_or(ModelError::TooManyConstraints)
}

/// A table's rows flattened, each checked to hold `arity` values.
pub(crate) fn table_rows<R: AsRef<[i32]>>(
    rows: impl IntoIterator<Item = R>,
    arity: usize,
) -> Result<Vec<i64>, ModelError> {
    let mut flat = Vec::new();
    for (row, values) in rows.into_iter().enumerate() {
        let values = values.as_ref();
        if values.len() != arity {
            return Err(ModelError::TableArity {
                row,
                expected: arity,
                found: values.len(),
            });
        }
        flat.extend(values.iter().map(|&v| v as i64));
    }
    Ok(flat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_variables_are_rejected() {
        let mut a = Model::new();
        let mut b = Model::new();
        let x = a.int_var(0..2).unwrap();
        let y = b.int_var(0..2).unwrap();
        assert_eq!(
            b.not_equal(x, y),
            Err(ModelError::ForeignVariable {
                constraint: "not-equal"
            })
        );
        assert!(b.all_different([x, y]).is_err());
        assert!(b.linear([(1, x)], Cmp::Eq, 0).is_err());
        assert_eq!(b.num_constraints(), 0);
    }

    #[test]
    fn empty_scopes_are_rejected() {
        let mut m = Model::new();
        assert!(matches!(
            m.linear(Vec::<VarId>::new(), Cmp::Eq, 0),
            Err(ModelError::EmptyScope { .. })
        ));
        assert!(matches!(
            m.predicate(Vec::<VarId>::new(), |_| true),
            Err(ModelError::EmptyScope { .. })
        ));
    }

    #[test]
    fn wide_domains_are_accepted_and_only_i32_min_is_refused() {
        let mut m = Model::new();
        assert!(matches!(
            m.int_var(i32::MIN..=i32::MAX),
            Err(ModelError::DomainTooLarge { .. })
        ));
        let full = m.int_var(-i32::MAX..=i32::MAX).unwrap();
        assert_eq!(m.domain(full).size(), u32::MAX as u64);
        assert!(m.int_var(0..=300_000_000).is_ok());
        assert!(m.int_var([i32::MIN, 0]).is_ok());
    }

    #[test]
    fn count_watches_single_views_by_value_and_repeated_ones_whole() {
        let mut m = Model::new();
        let x = m.int_vars(3, 0..4).unwrap();
        m.count_eq([x[0] + 1, x[1] + 0, x[2] + 0, x[1] + 2], 3, 1)
            .unwrap();
        m.all_different([x[0], x[2]]).unwrap();
        // The count repeats x[1], so its single views also wake on fixing.
        assert_eq!(m.watches_of(0), &[Watch::ValueOrFixed(2), Watch::Fixed]);
        assert_eq!(m.watches_of(1), &[Watch::Any]);
        assert_eq!(m.watches_of(2), &[Watch::ValueOrFixed(3), Watch::Fixed]);
        assert_eq!(m.constraints_of(2), &[0, 1]);
        m.count_eq([x[0], x[2]], 1, 1).unwrap();
        assert_eq!(m.watches_of(0)[2], Watch::Value(1));
    }

    /// A sum's inequality hears only the bound that moves its terms'
    /// least (`<=`) or greatest (`>=`) values: the lower bound under a
    /// positive coefficient of `<=`, the upper one under a negative one;
    /// `=` and zero coefficients hear both, `!=` the variable's fixing.
    #[test]
    fn sums_watch_the_bound_their_reasoning_reads() {
        let mut m = Model::new();
        let x = m.int_vars(3, 0..9).unwrap();
        let terms = [(2, x[0]), (-3, x[1]), (0, x[2])];
        for cmp in [Cmp::Le, Cmp::Ge, Cmp::Eq, Cmp::Ne] {
            m.linear(terms, cmp, 4).unwrap();
        }
        let (lower, upper, both) = (Watch::LowerBound, Watch::UpperBound, Watch::Bounds);
        assert_eq!(m.watches_of(0), &[lower, upper, both, Watch::Fixed]);
        assert_eq!(m.watches_of(1), &[upper, lower, both, Watch::Fixed]);
        assert_eq!(m.watches_of(2), &[both, both, both, Watch::Fixed]);
    }

    /// Building was quadratic in a constraint's scope (each variable's
    /// watch scanned the whole scope, and `linear` searched its merged terms
    /// per term): these scopes of a million took hours. Linear now.
    #[test]
    fn million_variable_scopes_build_in_linear_time() {
        let n = 1_000_000;
        let mut m = Model::new();
        let x = m.int_vars(n, 0..2).unwrap();
        m.all_different(x.iter().enumerate().map(|(i, &v)| v + i as i32))
            .unwrap();
        m.count_eq(&x, 1, 5).unwrap();
        let c = m
            .linear(x.iter().chain(&x).map(|&v| (1, v)), Cmp::Le, n as i64)
            .unwrap();
        assert_eq!(m.constraint_scope(c).len(), n);
        assert_eq!(
            m.watches_of(7),
            &[Watch::Fixed, Watch::Value(1), Watch::LowerBound]
        );
        let Kind::Linear { coefs, .. } = &m.constraints()[c.index()].kind else {
            panic!("a linear constraint");
        };
        assert!(coefs.iter().all(|&c| c == 2), "repeated terms merged");
    }

    #[test]
    fn linear_merges_repeated_variables_and_folds_offsets() {
        let mut m = Model::new();
        let x = m.int_var(0..10).unwrap();
        m.linear([(1, x + 2), (1, x - 1)], Cmp::Eq, 7).unwrap(); // 2x + 1 = 7
        assert!(m.is_solution(&[3]));
        assert!(!m.is_solution(&[4]));
        assert_eq!(m.constraint_scope(ConstraintId(0)).len(), 1);
    }

    #[test]
    fn constraint_ids_past_32_bits_are_an_error_not_a_wrap() {
        assert_eq!(next_constraint_id(0), Ok(0));
        assert_eq!(next_constraint_id(u32::MAX as usize - 1), Ok(u32::MAX - 1));
        for count in [u32::MAX as usize, u32::MAX as usize + 1, usize::MAX] {
            assert_eq!(
                next_constraint_id(count),
                Err(ModelError::TooManyConstraints)
            );
        }
        assert_eq!(
            ModelError::TooManyConstraints.to_string(),
            "too many constraints for one model"
        );
    }
}
