//! The posting context: what a builtin's mapping function uses to put
//! constraints into the engine's model. Besides the native kinds it offers
//! the two decompositions every builtin without a native propagator falls
//! back on:
//!
//! * [`Post::relation`]: any relation over a few terms, as a `table` of its
//!   satisfying tuples when the product of their domains is small (the
//!   engine then keeps it arc consistent), else as a `predicate` (checked,
//!   and filtered once the product is small);
//! * [`Post::function`]: `z = f(inputs)` as one table row per input
//!   combination.
//!
//! Native kinds take views; [`Post::view`] turns a constant argument into
//! a fixed engine variable (one per value), and [`Post::clause`] and
//! [`Post::reified_linear`] fold constants before posting the engine's
//! clause and reification.

use crate::ast::IntSet;
use crate::term::{Arg, Term};
use csp::{Cmp, Condition, Model, VarId, View};
use std::collections::HashMap;
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
/// // b <-> x + y <= 4, the engine's reification
/// post.reified_linear(&[(1, x), (1, y)], csp::Cmp::Le, 4, b, false).unwrap();
/// assert!(!post.failed);
/// // (2, 3) and (3, 2) sum to 5, so b = 0 in both
/// assert_eq!(csp::Solver::new(&model).count().solutions(), 2);
/// ```
pub struct Post<'a> {
    /// The engine model being built.
    pub model: &'a mut Model,
    vars: &'a [VarId],
    domains: &'a [IntSet],
    /// The fixed variable standing for each constant a native kind needed.
    constants: HashMap<i64, VarId>,
    /// Set when a constraint is found false while posting (no solution).
    pub failed: bool,
    /// The constraint being posted is annotated `:: domain` (a builtin
    /// with a cheaper default reads it: `int_times`).
    pub domain: bool,
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
            constants: HashMap::new(),
            failed: false,
            domain: false,
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

    /// The engine view of a term: its variable, or for a constant a fixed
    /// variable (one per value, created once); `None` for a constant
    /// beyond 32 bits, which no engine variable can hold.
    pub fn view(&mut self, t: Term) -> Option<View> {
        match t {
            Term::Var(x) => Some(self.vars[x].into()),
            Term::Const(c) => {
                if let Some(&v) = self.constants.get(&c) {
                    return Some(v.into());
                }
                let value = i32::try_from(c).ok()?;
                let v = self.model.int_var(value..=value).ok()?;
                self.constants.insert(c, v);
                Some(v.into())
            }
        }
    }

    /// [`Post::view`] of every term, or `None` if a constant does not fit.
    pub fn views(&mut self, terms: &[Term]) -> Option<Vec<View>> {
        terms.iter().map(|&t| self.view(t)).collect()
    }

    /// The engine's clause: some term of `positives` is 1 or some term of
    /// `negatives` is 0. Constants fold (a satisfied literal drops the
    /// clause, a false one drops out); a variable on both sides makes it
    /// a tautology; nothing left is a failure.
    pub fn clause(&mut self, positives: &[Term], negatives: &[Term]) -> PostResult {
        let mut pos: Vec<VarId> = Vec::with_capacity(positives.len());
        let mut neg: Vec<VarId> = Vec::with_capacity(negatives.len());
        for (terms, out, satisfied_by) in [(positives, &mut pos, 1), (negatives, &mut neg, 0)] {
            for &t in terms {
                match t {
                    Term::Const(c) if c == satisfied_by => return Ok(()),
                    Term::Const(_) => {}
                    Term::Var(x) => {
                        let v = self.vars[x];
                        if !out.contains(&v) {
                            out.push(v);
                        }
                    }
                }
            }
        }
        if pos.iter().any(|v| neg.contains(v)) {
            return Ok(());
        }
        if pos.is_empty() && neg.is_empty() {
            return self.fail();
        }
        self.model.clause(pos, neg).map_err(engine)?;
        Ok(())
    }

    /// `r <-> sum coef * term cmp rhs` (`imp`: `r -> ...`) by the engine's
    /// reification, constants folded: a fixed `r` posts the constraint or
    /// its negation, a sum without variables fixes `r`.
    pub fn reified_linear(
        &mut self,
        terms: &[(i64, Term)],
        cmp: Cmp,
        rhs: i64,
        r: Term,
        imp: bool,
    ) -> PostResult {
        let overflow = || "a reified linear constant beyond 64 bits".to_owned();
        let mut folded = rhs as i128;
        let mut views: Vec<(i64, View)> = Vec::with_capacity(terms.len());
        for &(a, t) in terms {
            match t {
                Term::Const(c) => folded -= a as i128 * c as i128,
                Term::Var(x) if a != 0 => views.push((a, self.vars[x].into())),
                Term::Var(_) => {}
            }
        }
        match r {
            Term::Const(1) => return self.linear(terms, cmp, rhs),
            Term::Const(_) if imp => return Ok(()),
            Term::Const(_) => {
                let (neg, shifted) = negation(cmp, rhs as i128).ok_or_else(overflow)?;
                let shifted = i64::try_from(shifted).map_err(|_| overflow())?;
                return self.linear(terms, neg, shifted);
            }
            Term::Var(_) if views.is_empty() => {
                let holds = cmp.holds(0, folded);
                if imp && holds {
                    return Ok(());
                }
                let value = i64::from(holds);
                return self.linear(&[(1, r)], if imp { Cmp::Le } else { Cmp::Eq }, value);
            }
            Term::Var(b) => {
                let b = self.vars[b];
                let folded = i64::try_from(folded).map_err(|_| overflow())?;
                let condition = Condition::linear(views, cmp, folded);
                let posted = if imp {
                    self.model.implies(b, condition)
                } else {
                    self.model.reify(b, condition)
                };
                posted.map_err(engine)?;
            }
        }
        Ok(())
    }

    /// The distinct variables among `terms`, in first-seen order.
    fn distinct_vars(terms: impl IntoIterator<Item = Term>) -> Vec<usize> {
        let mut seen = Vec::new();
        for t in terms {
            if let Term::Var(x) = t
                && !seen.contains(&x)
            {
                seen.push(x);
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
    /// lexicographic order of their domains.
    fn each_combination(&self, vars: &[usize], visit: impl FnMut(&[i64])) {
        let doms: Vec<Vec<i64>> = vars
            .iter()
            .map(|&x| self.domains[x].values().collect())
            .collect();
        csp::each_combination(&doms, visit);
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

/// `not (sum cmp rhs)` as `sum cmp' rhs'`.
fn negation(cmp: Cmp, rhs: i128) -> Option<(Cmp, i128)> {
    Some(match cmp {
        Cmp::Eq => (Cmp::Ne, rhs),
        Cmp::Ne => (Cmp::Eq, rhs),
        Cmp::Le => (Cmp::Ge, rhs.checked_add(1)?),
        Cmp::Ge => (Cmp::Le, rhs.checked_sub(1)?),
    })
}

/// The terms of one argument.
fn arg_terms(a: &Arg) -> impl Iterator<Item = Term> + '_ {
    match a {
        Arg::Term(t) => std::slice::from_ref(t).iter().copied(),
        Arg::Array(v) => v.iter().copied(),
        Arg::Set(_) => [].iter().copied(),
    }
}
