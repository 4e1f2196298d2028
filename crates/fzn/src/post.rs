//! The posting context: what a builtin's mapping function uses to put
//! constraints into the engine's model. Besides the native kinds it offers
//! the two decompositions every builtin without a native propagator falls
//! back on:
//!
//! * [`Post::relation`]: any relation over a few terms, as a `table` of its
//!   satisfying tuples when the product of their domains is small (the
//!   engine then keeps it arc consistent), else as a `predicate` (checked,
//!   and filtered once the product is small);
//! * [`Post::implied_linear`]: `b -> sum <= c` (or `>=`) as one big-M
//!   linear constraint, exact for integers, so reified and half-reified
//!   linear builtins get the engine's bounds reasoning in both directions.

use crate::ast::IntSet;
use crate::instance::{Arg, Term};
use csp::{Cmp, Model, VarId, View};
use std::sync::Arc;

/// A relation over at most this many tuples of its variables' domains is
/// posted as a table of its solutions; larger ones as a predicate.
pub const TABLE_LIMIT: u64 = 4096;

/// A builtin's semantics: does it hold when each term takes `value(term)`?
pub type Holds = fn(&[Arg], &dyn Fn(Term) -> i64) -> bool;

/// Where mapping functions post their constraints.
///
/// ```
/// use csp_fzn::post::Post;
/// use csp_fzn::{Arg, IntSet, Term};
/// let mut model = csp::Model::new();
/// let vars = vec![
///     model.int_var(0..4).unwrap(),
///     model.int_var(0..4).unwrap(),
///     model.int_var(0..2).unwrap(),
/// ];
/// let domains = vec![IntSet::range(0, 3), IntSet::range(0, 3), IntSet::range(0, 1)];
/// let mut post = Post::new(&mut model, &vars, &domains);
/// let (x, y, b) = (Term::Var(0), Term::Var(1), Term::Var(2));
/// // x * y = 6, as a table of its satisfying tuples (16 combinations)
/// post.relation(&[Arg::Term(x), Arg::Term(y)], |a, v| v(a[0].term()) * v(a[1].term()) == 6).unwrap();
/// // b -> x + y <= 4, as one big-M linear constraint
/// post.implied_linear(&[(1, x), (1, y)], csp::Cmp::Le, 4, b, true).unwrap();
/// assert!(!post.failed);
/// // (2, 3) and (3, 2) sum to 5, so b = 0 in both
/// assert_eq!(csp::Solver::new(&model).count().solutions(), 2);
/// ```
pub struct Post<'a> {
    /// The engine model being built.
    pub model: &'a mut Model,
    vars: &'a [VarId],
    domains: &'a [IntSet],
    /// Set when a constraint is found false while posting (no solution).
    pub failed: bool,
}

/// Why posting failed: the message names the problem (the caller adds the line).
pub type PostResult = Result<(), String>;

fn engine(e: csp::ModelError) -> String {
    e.to_string()
}

impl<'a> Post<'a> {
    /// A context over `model`, whose variable `i` is `vars[i]` with the
    /// values `domains[i]`.
    pub fn new(model: &'a mut Model, vars: &'a [VarId], domains: &'a [IntSet]) -> Post<'a> {
        Post {
            model,
            vars,
            domains,
            failed: false,
        }
    }

    /// The engine variable of a variable term.
    pub fn var(&self, x: usize) -> VarId {
        self.vars[x]
    }

    /// The smallest and largest value a term can take.
    pub fn bounds(&self, t: Term) -> (i64, i64) {
        match t {
            Term::Const(c) => (c, c),
            Term::Var(x) => self.domains[x].bounds().unwrap_or((0, 0)),
        }
    }

    /// The values a term can take.
    pub fn values(&self, t: Term) -> IntSet {
        match t {
            Term::Const(c) => IntSet::range(c, c),
            Term::Var(x) => self.domains[x].clone(),
        }
    }

    /// Records that the model has no solution.
    pub fn fail(&mut self) -> PostResult {
        self.failed = true;
        Ok(())
    }

    /// `sum coef * term cmp rhs`, constants folded; a sum with no variable
    /// left is decided here.
    pub fn linear(&mut self, terms: &[(i64, Term)], cmp: Cmp, rhs: i64) -> PostResult {
        let mut rhs = rhs as i128;
        let mut views: Vec<(i64, View)> = Vec::with_capacity(terms.len());
        for &(a, t) in terms {
            match t {
                Term::Const(c) => rhs -= a as i128 * c as i128,
                Term::Var(x) if a != 0 => views.push((a, self.vars[x].into())),
                Term::Var(_) => {}
            }
        }
        if views.is_empty() {
            return if cmp.holds(0, rhs) {
                Ok(())
            } else {
                self.fail()
            };
        }
        let rhs = i64::try_from(rhs).map_err(|_| "a linear constant beyond 64 bits".to_owned())?;
        self.model.linear(views, cmp, rhs).map_err(engine)?;
        Ok(())
    }

    /// The smallest and largest value of `sum coef * term`.
    pub fn sum_bounds(&self, terms: &[(i64, Term)]) -> (i128, i128) {
        terms.iter().fold((0, 0), |(lo, hi), &(a, t)| {
            let (l, h) = self.bounds(t);
            let (x, y) = (a as i128 * l as i128, a as i128 * h as i128);
            (lo + x.min(y), hi + x.max(y))
        })
    }

    /// `(b == when) -> sum cmp rhs` for `cmp` `Le` or `Ge`, as one big-M
    /// linear constraint: with `M` the largest possible violation, `b`
    /// switched off relaxes the sum to what it can take anyway.
    pub fn implied_linear(
        &mut self,
        terms: &[(i64, Term)],
        cmp: Cmp,
        rhs: i64,
        b: Term,
        when: bool,
    ) -> PostResult {
        match b {
            Term::Const(v) if (v == 1) == when => return self.linear(terms, cmp, rhs),
            Term::Const(_) => return Ok(()),
            Term::Var(_) => {}
        }
        let (lo, hi) = self.sum_bounds(terms);
        let (big_m, sign) = match cmp {
            Cmp::Le => (hi - rhs as i128, 1i128),
            Cmp::Ge => (rhs as i128 - lo, -1),
            _ => unreachable!("implied_linear takes Le or Ge"),
        };
        if big_m <= 0 {
            return Ok(()); // the sum can never violate it
        }
        let Ok(m) = i64::try_from(big_m) else {
            return Err("a reified linear constraint with a range beyond 64 bits".to_owned());
        };
        // when = true:  sum + sign*M*b cmp rhs + sign*M  (b = 0 relaxes)
        // when = false: sum - sign*M*b cmp rhs          (b = 1 relaxes)
        let mut all = terms.to_vec();
        let coef = if when {
            sign * m as i128
        } else {
            -sign * m as i128
        };
        all.push((coef as i64, b));
        let shift = if when { sign * m as i128 } else { 0 };
        let rhs = i64::try_from(rhs as i128 + shift)
            .map_err(|_| "a reified linear constant beyond 64 bits".to_owned())?;
        self.linear(&all, cmp, rhs)
    }

    /// The distinct variables among `terms`, in first-seen order.
    fn distinct_vars(terms: impl IntoIterator<Item = Term>) -> Vec<usize> {
        let mut seen = Vec::new();
        for t in terms {
            if let Term::Var(x) = t {
                if !seen.contains(&x) {
                    seen.push(x);
                }
            }
        }
        seen
    }

    /// Any relation over the terms of `args`: `holds` is its semantics.
    /// Posted as a table of its solutions when the variables' domains are
    /// small, else as a predicate.
    pub fn relation(
        &mut self,
        args: &[Arg],
        holds: impl Fn(&[Arg], &dyn Fn(Term) -> i64) -> bool + Send + Sync + 'static,
    ) -> PostResult {
        let vars = Self::distinct_vars(args.iter().flat_map(arg_terms));
        let args: Arc<[Arg]> = args.into();
        if vars.is_empty() {
            let ok = holds(&args, &|t| match t {
                Term::Const(c) => c,
                Term::Var(_) => unreachable!("no variables"),
            });
            return if ok { Ok(()) } else { self.fail() };
        }
        // Where each variable's value sits in the scope's values.
        let mut slot: Vec<(usize, usize)> = vars.iter().enumerate().map(|(p, &x)| (x, p)).collect();
        slot.sort_unstable();
        let lookup = move |vals: &[i64], t: Term| match t {
            Term::Const(c) => c,
            Term::Var(x) => {
                vals[slot[slot
                    .binary_search_by_key(&x, |&(v, _)| v)
                    .expect("in scope")]
                .1]
            }
        };
        let scope: Vec<VarId> = vars.iter().map(|&x| self.vars[x]).collect();
        if self.product(&vars) <= TABLE_LIMIT {
            let mut rows: Vec<Vec<i32>> = Vec::new();
            self.each_combination(&vars, |vals| {
                if holds(&args, &|t| lookup(vals, t)) {
                    rows.push(vals.iter().map(|&v| v as i32).collect());
                }
            });
            self.model.table(scope, rows).map_err(engine)?;
        } else {
            self.model
                .predicate(scope, move |vals| holds(&args, &|t| lookup(vals, t)))
                .map_err(engine)?;
        }
        Ok(())
    }

    /// The number of combinations of the distinct variables' values in `args`.
    pub fn scope_size(&self, args: &[Arg]) -> u64 {
        self.product(&Self::distinct_vars(args.iter().flat_map(arg_terms)))
    }

    /// The number of combinations of `vars`' values (saturating).
    fn product(&self, vars: &[usize]) -> u64 {
        vars.iter()
            .fold(1u64, |p, &x| p.saturating_mul(self.domains[x].len()))
    }

    /// Calls `visit` with every combination of `vars`' values, in
    /// lexicographic order of their domains (an odometer: no recursion).
    fn each_combination(&self, vars: &[usize], mut visit: impl FnMut(&[i64])) {
        let doms: Vec<Vec<i64>> = vars
            .iter()
            .map(|&x| self.domains[x].values().collect())
            .collect();
        let mut digits = vec![0usize; vars.len()];
        let mut vals = vec![0i64; vars.len()];
        'odometer: loop {
            for (p, d) in digits.iter().enumerate() {
                vals[p] = doms[p][*d];
            }
            visit(&vals);
            for p in (0..digits.len()).rev() {
                digits[p] += 1;
                if digits[p] < doms[p].len() {
                    continue 'odometer;
                }
                digits[p] = 0;
            }
            break;
        }
    }

    /// `out = f(inputs)` where `f` reads the input terms (`None`: undefined,
    /// no solution). Posted as a table of one row per combination of the
    /// inputs' values when there are few of them (so `x * y = z` is small
    /// whatever `z`'s range), else as a relation checking `holds`.
    pub fn function(
        &mut self,
        args: &[Arg],
        inputs: &[Term],
        out: Term,
        f: impl Fn(&dyn Fn(Term) -> i64) -> Option<i64>,
        holds: Holds,
    ) -> PostResult {
        let ins = Self::distinct_vars(inputs.iter().copied());
        let out_is_input = matches!(out, Term::Var(z) if ins.contains(&z));
        if out_is_input || self.product(&ins) > TABLE_LIMIT {
            return self.relation(args, holds);
        }
        let out_values = self.values(out);
        let mut rows: Vec<Vec<i32>> = Vec::new();
        self.each_combination(&ins, |vals| {
            let value = |t: Term| match t {
                Term::Const(c) => c,
                Term::Var(x) => vals[ins.iter().position(|&y| y == x).expect("an input")],
            };
            if let Some(z) = f(&value).filter(|&z| out_values.contains(z)) {
                let mut row: Vec<i32> = vals.iter().map(|&v| v as i32).collect();
                if matches!(out, Term::Var(_)) {
                    row.push(z as i32);
                }
                rows.push(row);
            }
        });
        let mut scope: Vec<VarId> = ins.iter().map(|&x| self.vars[x]).collect();
        if let Term::Var(z) = out {
            scope.push(self.vars[z]);
        }
        if scope.is_empty() {
            return if rows.is_empty() { self.fail() } else { Ok(()) };
        }
        self.model.table(scope, rows).map_err(engine)?;
        Ok(())
    }

    /// `r <-> holds(args)` (or `r -> holds(args)` when `imp`), as one relation.
    pub fn reified_relation(
        &mut self,
        args: &[Arg],
        r: Term,
        imp: bool,
        holds: Holds,
    ) -> PostResult {
        let mut all = args.to_vec();
        all.push(Arg::Term(r));
        self.relation(&all, move |a, v| {
            let (base, last) = a.split_at(a.len() - 1);
            let on = v(last[0].term()) == 1;
            if imp {
                !on || holds(base, v)
            } else {
                on == holds(base, v)
            }
        })
    }
}

/// The terms of one argument.
fn arg_terms(a: &Arg) -> impl Iterator<Item = Term> + '_ {
    match a {
        Arg::Term(t) => std::slice::from_ref(t).iter().copied(),
        Arg::Array(v) => v.iter().copied(),
        Arg::Set(_) => [].iter().copied(),
    }
}
