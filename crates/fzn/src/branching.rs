//! Search annotations mapped onto the engine's branching.
//!
//! `warm_start` hints (under `-f` too) go first in their variables' value
//! orders, whatever the annotations say ([`PerVariable`]; with a built-in
//! variable order, [`Branching::Hinted`]).
//!
//! `seq_search` runs its `int_search`/`bool_search` annotations in order:
//! each branches over its own variables with its own variable choice and
//! value choice until they are all assigned, then the next one starts;
//! the variables no annotation names come last, in creation order. The
//! annotated variables are created first (in annotation order), then the
//! model's own, then the ones MiniZinc introduced, so "creation order"
//! is annotation order and `input_order` is exact.
//!
//! When every annotation chooses `input_order` and they share one value
//! choice, or one `first_fail` or `dom_w_deg` annotation covers every
//! variable not fixed at the root, the engine's built-in order and that
//! value order do exactly this (and run statically dispatched, with the
//! engine's own size counts and weights). Otherwise a
//! [`SeqSelector`] ([`csp::VarSelector`]) picks the variable and a
//! [`PerVariable`] ([`csp::ValueOrdering`]) orders each variable's values
//! by the annotation it belongs to.
//!
//! | FlatZinc variable choice | among the annotation's unassigned variables, the one with | exact? |
//! | --- | --- | --- |
//! | `input_order` | first in the annotation | yes |
//! | `first_fail` | fewest values | yes |
//! | `anti_first_fail` | most values | yes |
//! | `smallest` | least smallest value | yes |
//! | `largest` | greatest largest value | yes |
//! | `occurrence` | most constraints | yes |
//! | `most_constrained` | fewest values, ties most constraints | yes |
//! | `max_regret` | greatest gap between its two smallest values ([`regret_min`]) | yes |
//! | `dom_w_deg` | least size / weighted degree (the engine's failure weights) | weights differ from Gecode's |
//!
//! Ties go to the variable first in the annotation. A variable that
//! propagation fixed is no choice: as in Gecode, the annotation's open
//! variables go first (its fixed ones are then assigned before the next
//! annotation starts), and under binary branching a level whose variable
//! was fixed is not refuted (no failure is counted for it).
//!
//! | FlatZinc value choice | engine value order | exact? |
//! | --- | --- | --- |
//! | `indomain_min`, `indomain` | `ascending` | yes |
//! | `indomain_max` | `descending` | yes |
//! | `indomain_median`, `indomain_middle` | `median` | yes (Gecode too reads `indomain_middle` as the median) |
//! | `indomain_split` | `split` | yes: `x <= mid`, then `x > mid` |
//! | `indomain_reverse_split` | `reverse-split` | yes: `x > mid`, then `x <= mid` |
//! | `indomain_random` | `random` (seeded by `-r`) | yes |
//! | `indomain_interval` | `split` (with a warning) | as Gecode: it too bisects instead |
//!
//! Under the annotations, `fzn-csp` branches as Gecode does: `x = v`, and
//! once that subtree is done `x != v` (propagated), choosing the variable
//! again, so a dynamic choice may move to another variable in between
//! ([`csp::Solver::binary_branching`]; not for `-a` projections nor
//! `--part`, nor when `--var-order`/`--value-order` override). The trees,
//! and so the first solution and the order of improvements, are Gecode's
//! for the exact variable choices above with `indomain_min`,
//! `indomain_max`, `indomain_median` (the value tried is the median of the
//! domain as it is then), `indomain_split` and `indomain_reverse_split`
//! (bisection: a level decides `x <= mid` or `x > mid`, the variable chosen
//! again after each; [`csp::ValueOrder::Split`]) (`tests/gecode_tree.rs`
//! compares them). Where binary branching does not run (`-a`
//! projections, `--part`, a look-back strategy, backtracking), the split
//! orders try the values one by one, ascending or descending. Clause
//! learning (`--strategy clause-learning`, and the `-p` portfolio's
//! learning member) follows the annotations too where their own search
//! runs ([`csp::Solver::follow_branching`] over the annotated variables):
//! the same variable and value choices (`x = v`, or `x <= mid` / `x > mid`
//! for the split choices), a refutation the learned clause's asserted
//! literal, then its activities for the variables no annotation names. Without
//! annotations, or with `-f`, the search branches on the integer
//! variables first by `first_fail` (binary too), then the booleans in
//! creation order, ascending values ([`Plan::model_ints_first`]) but for
//! the variables whose larger values improve a linear objective, which
//! try them first ([`Plan::toward_objective`]); with no
//! such variable, or a domain too wide to list, on every variable by the
//! engine's `dom-wdeg` order.

use crate::instance::{Instance, Objective, SearchAnn, Term};
use csp::{Candidates, Model, SearchView, ValueOrder, ValueOrdering, VarId, VarOrder, VarSelector};
use std::sync::Arc;

/// The variable order of a free search.
pub const FREE_VAR_ORDER: VarOrder = VarOrder::DomWDeg;
/// The value order of a free search.
pub const FREE_VALUE_ORDER: ValueOrder = ValueOrder::Ascending;

/// A FlatZinc variable choice.
///
/// ```
/// use csp_fzn::branching::{var_choice, VarChoice};
/// assert_eq!(var_choice("first_fail"), Some(VarChoice::FirstFail));
/// assert_eq!(var_choice("no_such_choice"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarChoice {
    /// `input_order`.
    InputOrder,
    /// `first_fail`.
    FirstFail,
    /// `anti_first_fail`.
    AntiFirstFail,
    /// `smallest`.
    Smallest,
    /// `largest`.
    Largest,
    /// `occurrence`.
    Occurrence,
    /// `most_constrained`.
    MostConstrained,
    /// `max_regret`.
    MaxRegret,
    /// `dom_w_deg`.
    DomWDeg,
}

/// The variable choice a FlatZinc name stands for.
///
/// ```
/// use csp_fzn::branching::{var_choice, VarChoice};
/// assert_eq!(var_choice("dom_w_deg"), Some(VarChoice::DomWDeg));
/// ```
pub fn var_choice(name: &str) -> Option<VarChoice> {
    Some(match name {
        "input_order" => VarChoice::InputOrder,
        "first_fail" => VarChoice::FirstFail,
        "anti_first_fail" => VarChoice::AntiFirstFail,
        "smallest" => VarChoice::Smallest,
        "largest" => VarChoice::Largest,
        "occurrence" => VarChoice::Occurrence,
        "most_constrained" => VarChoice::MostConstrained,
        "max_regret" => VarChoice::MaxRegret,
        "dom_w_deg" => VarChoice::DomWDeg,
        _ => return None,
    })
}

/// The engine's value order for a FlatZinc value choice, and whether it is
/// exact.
///
/// ```
/// use csp_fzn::branching::value_choice;
/// assert_eq!(value_choice("indomain_random"), Some((csp::ValueOrder::Random, true)));
/// assert_eq!(value_choice("indomain_split"), Some((csp::ValueOrder::Split, true)));
/// ```
pub fn value_choice(name: &str) -> Option<(ValueOrder, bool)> {
    Some(match name {
        "indomain_min" | "indomain" => (ValueOrder::Ascending, true),
        "indomain_max" => (ValueOrder::Descending, true),
        "indomain_median" | "indomain_middle" => (ValueOrder::Median, true),
        "indomain_split" => (ValueOrder::Split, true),
        "indomain_reverse_split" => (ValueOrder::ReverseSplit, true),
        "indomain_random" => (ValueOrder::Random, true),
        // Gecode, too, reads it as a bisection (with a warning).
        "indomain_interval" => (ValueOrder::Split, false),
        _ => return None,
    })
}

/// One search annotation: its variables (FlatZinc indices, each in the
/// first annotation naming it only) and its choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Scope {
    /// The variables, in annotation order.
    pub vars: Vec<usize>,
    /// How the next variable is chosen.
    pub var_choice: VarChoice,
    /// The order of its values.
    pub value_order: ValueOrder,
}

/// How the search will branch.
///
/// ```
/// let p = csp_fzn::branching::plan(&[], false);
/// assert!(p.first.is_empty() && p.scopes.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The variables to create first (annotation order).
    pub first: Vec<usize>,
    /// The search annotations in order (empty: free search).
    pub scopes: Vec<Scope>,
    /// What could not be followed exactly, for stderr.
    pub warnings: Vec<String>,
    /// The restart annotation's restarts, if any.
    pub restarts: Option<csp::Restarts>,
    /// The `warm_start` hints: (FlatZinc variable, value to try first),
    /// the first hint of a variable winning. Kept under `-f` too.
    pub hints: Vec<(usize, i64)>,
    /// Free search's value orders that differ from its scope's: the
    /// objective's direction ([`Plan::toward_objective`]).
    pub value_orders: Vec<(usize, ValueOrder)>,
}

/// The plan for these solve annotations (`free`: ignore them).
///
/// ```
/// use csp_fzn::branching::{plan, VarChoice};
/// use csp_fzn::{SearchAnn, Term};
/// let search = |vars: Vec<usize>, var: &str, value: &str| SearchAnn::Search {
///     kind: "int_search".into(),
///     vars: vars.into_iter().map(Term::Var).collect(),
///     var_choice: var.into(),
///     value_choice: value.into(),
/// };
/// let p = plan(&[SearchAnn::Seq(vec![
///     search(vec![2, 0], "first_fail", "indomain_max"),
///     search(vec![0, 1], "input_order", "indomain_min"),
/// ])], false);
/// assert_eq!(p.first, vec![2, 0, 1]);
/// assert_eq!(p.scopes[0].var_choice, VarChoice::FirstFail);
/// assert_eq!(p.scopes[1].vars, vec![1]); // 0 belongs to the first search
/// assert!(p.warnings.is_empty());
/// ```
pub fn plan(anns: &[SearchAnn], free: bool) -> Plan {
    let mut p = Plan {
        first: Vec::new(),
        scopes: Vec::new(),
        warnings: Vec::new(),
        restarts: None,
        hints: Vec::new(),
        value_orders: Vec::new(),
    };
    let mut searches = Vec::new();
    let mut warnings = Vec::new();
    let mut restarts = None;
    flatten(
        anns,
        &mut searches,
        &mut warnings,
        &mut restarts,
        &mut p.hints,
    );
    if free {
        return p;
    }
    (p.warnings, p.restarts) = (warnings, restarts);
    for (vars, var_c, value_c) in searches {
        let var_choice = var_choice(var_c).unwrap_or_else(|| {
            p.warnings.push(format!(
                "unknown variable choice '{var_c}': input_order used"
            ));
            VarChoice::InputOrder
        });
        let value_order = match value_choice(value_c) {
            Some((order, exact)) => {
                if !exact {
                    p.warnings.push(format!(
                        "value choice '{value_c}' is read as the engine's '{order}' order, as Gecode reads it"
                    ));
                }
                order
            }
            None => {
                p.warnings.push(format!(
                    "unknown value choice '{value_c}': indomain_min used"
                ));
                FREE_VALUE_ORDER
            }
        };
        let mut own = Vec::new();
        for &t in vars {
            if let Term::Var(x) = t
                && !p.first.contains(&x)
            {
                p.first.push(x);
                own.push(x);
            }
        }
        p.scopes.push(Scope {
            vars: own,
            var_choice,
            value_order,
        });
    }
    p
}

impl Plan {
    /// Free search's plan for a model: its integer variables first (not
    /// the booleans), by `first_fail` and ascending values, then the
    /// booleans in creation order (MiniZinc's introduced integers stay
    /// among the first: a `sort`'s permutation decides its outputs, which
    /// alone would be walked value by value). Among integers of the same
    /// size the model's own come first, the introduced after them (as
    /// Gecode branches on the model's own variables first): still life
    /// then decides on its cells rather than on their neighbourhood
    /// sums (7x7: 116,830 -> 97,173 failures), while knight's tour still
    /// takes a square variable whose domain is smaller. Unchanged when the plan follows annotations, when the model
    /// has no such variable, or has a domain too wide to list (over a
    /// million values: the per-variable value ordering would have to list
    /// it, where the built-in ascending order walks it). On scheduling models the start times are
    /// these, where dom/wdeg over every variable branches on the
    /// precedences' reified booleans. Smallest domain first rather than
    /// `dom_w_deg` over them: on the Challenge lists' models without
    /// annotations it walks the same or smaller trees, still life 7x7 half
    /// of `dom_w_deg`'s (BENCHMARKS.md, "Free search by smallest domain").
    ///
    /// ```
    /// use csp_fzn::branching::{plan, VarChoice};
    /// let inst = csp_fzn::resolve(&csp_fzn::parse(
    ///     "var 0..5: s;\nvar bool: b;\nvar 0..9: e :: is_defined_var;\nsolve minimize e;",
    /// ).unwrap()).unwrap();
    /// let p = plan(&[], false).model_ints_first(&inst.vars);
    /// assert_eq!(p.scopes[0].vars, vec![0, 2]);
    /// assert_eq!(p.scopes[0].var_choice, VarChoice::FirstFail);
    ///
    /// // The model's own integers before the introduced ones.
    /// let inst = csp_fzn::resolve(&csp_fzn::parse(
    ///     "var 0..5: t :: var_is_introduced;\nvar 0..5: s;\nsolve satisfy;",
    /// ).unwrap()).unwrap();
    /// let p = plan(&[], false).model_ints_first(&inst.vars);
    /// assert_eq!(p.scopes[0].vars, vec![1, 0]);
    /// ```
    pub fn model_ints_first(&self, vars: &[crate::instance::Var]) -> Plan {
        let mut own: Vec<usize> = (0..vars.len())
            .filter(|&x| {
                let v = &vars[x];
                let one_value = matches!(v.domain.ranges(), [(lo, hi)] if lo == hi);
                !v.is_bool && !one_value
            })
            .collect();
        // (Stable: each tier keeps creation order, which breaks ties.)
        own.sort_by_key(|&x| vars[x].introduced);
        let wide = vars.iter().any(|v| {
            let values: i64 = v.domain.ranges().iter().map(|(lo, hi)| hi - lo + 1).sum();
            values > 1 << 20
        });
        if !self.scopes.is_empty() || own.is_empty() || wide {
            return self.clone();
        }
        Plan {
            first: own.clone(),
            scopes: vec![Scope {
                vars: own,
                var_choice: VarChoice::FirstFail,
                value_order: FREE_VALUE_ORDER,
            }],
            warnings: self.warnings.clone(),
            restarts: self.restarts,
            hints: self.hints.clone(),
            value_orders: self.value_orders.clone(),
        }
    }

    /// Free search's plan ([`Plan::model_ints_first`]) with values tried
    /// toward the objective. Where the objective is defined by a linear
    /// equality (`int_lin_eq` annotated `defines_var`, as MiniZinc defines
    /// a sum, or the only one it is in; `bool2int` is one too), each variable of the sum whose
    /// larger values make the objective better (maximised with a weight of
    /// its sign, minimised with the other) tries its values from the
    /// largest, as does a maximised objective; a variable of the sum so
    /// defined passes its direction on, so a sum of sums is followed too.
    /// A variable reached both ways, and every other variable, keeps
    /// ascending values. So the first solutions are
    /// good ones and branch and bound prunes early (Fages and Prud'homme's
    /// objective-based value choice, read off the sums' signs instead of
    /// propagating each value): still life 8x8, whose cells sum to the
    /// maximised density, walks 810,905 failures instead of 2,434,473.
    /// Unchanged where the plan is not free search's own (no scope: the
    /// built-in dom/wdeg order then walks domains too wide to list), or
    /// the objective is a constant or defined by no sum.
    ///
    /// ```
    /// use csp::ValueOrder;
    /// let inst = csp_fzn::resolve(&csp_fzn::parse(
    ///     "var 0..1: a;\nvar 0..1: b;\nvar 0..9: c;\nvar 0..9: cost;\n\
    ///      constraint int_lin_eq([1, -1, 1, -2], [cost, a, b, c], 0);\nsolve maximize cost;",
    /// ).unwrap()).unwrap();
    /// let p = csp_fzn::branching::plan(&[], false).model_ints_first(&inst.vars);
    /// // cost = a - b + 2 c: cost, a and c from their largest values.
    /// let mut found = p.toward_objective(&inst).value_orders;
    /// found.sort_by_key(|&(x, _)| x);
    /// let descending = ValueOrder::Descending;
    /// assert_eq!(found, vec![(0, descending), (2, descending), (3, descending)]);
    /// ```
    pub fn toward_objective(&self, inst: &Instance) -> Plan {
        let mut plan = self.clone();
        let (objective, maximise) = match inst.objective {
            Objective::Maximize(Term::Var(o)) => (o, true),
            Objective::Minimize(Term::Var(o)) => (o, false),
            _ => return plan,
        };
        if self.scopes.is_empty() {
            return plan;
        }
        // Each equality's variables with their weights (a variable may
        // appear twice), and the equality defining each variable: the one
        // annotated `defines_var`, else the only one it is in.
        let mut sums: Vec<Vec<(usize, i64)>> = Vec::new();
        let mut defined_by: Vec<Option<usize>> = vec![None; inst.vars.len()];
        let mut only_in: Vec<Option<Option<usize>>> = vec![None; inst.vars.len()];
        for c in &inst.constraints {
            // `bool2int(b, i)` is the sum b - i = 0.
            let (ws, ts) = match c.entry.name {
                "int_lin_eq" => (c.args[0].terms(), c.args[1].terms()),
                "bool2int" => (
                    &[Term::Const(1), Term::Const(-1)][..],
                    &[c.args[0].term(), c.args[1].term()][..],
                ),
                _ => continue,
            };
            // (Sorted, then merged: a long sum costs n log n at start-up,
            // not a search of the merged terms per term.)
            let mut terms: Vec<(usize, i64)> = ws
                .iter()
                .zip(ts)
                .filter_map(|(w, t)| match (*w, *t) {
                    (Term::Const(w), Term::Var(x)) => Some((x, w)),
                    _ => None,
                })
                .collect();
            terms.sort_unstable_by_key(|&(x, _)| x);
            let mut weights: Vec<(usize, i64)> = Vec::with_capacity(terms.len());
            for (x, w) in terms {
                match weights.last_mut() {
                    Some((y, sum)) if *y == x => *sum = sum.saturating_add(w),
                    _ => weights.push((x, w)),
                }
            }
            weights.retain(|&(_, w)| w != 0);
            for &(x, _) in &weights {
                only_in[x] = Some(match only_in[x] {
                    None => Some(sums.len()),
                    Some(_) => None,
                });
            }
            if let Some(x) = c.defines {
                defined_by[x] = Some(sums.len());
            }
            sums.push(weights);
        }
        // Each variable's better direction (true: larger), None where
        // reached both ways; each reached variable's definition followed.
        let mut better: Vec<Option<Option<bool>>> = vec![None; inst.vars.len()];
        better[objective] = Some(Some(maximise));
        // (Each sum is read once: read again from one of its variables it
        // would say nothing of the others' worth.)
        let mut read = vec![false; sums.len()];
        let mut todo = vec![objective];
        while let Some(y) = todo.pop() {
            let Some(Some(larger)) = better[y] else {
                continue;
            };
            let Some(sum) = defined_by[y].or(only_in[y].flatten()) else {
                continue;
            };
            if std::mem::replace(&mut read[sum], true) {
                continue;
            }
            let own = sums[sum]
                .iter()
                .find(|&&(x, _)| x == y)
                .map_or(0, |&(_, w)| w);
            for &(x, w) in &sums[sum] {
                if x == y || own == 0 {
                    continue;
                }
                // y = (k - sum w x) / own: x's larger values raise y
                // where w and own have opposite signs.
                let direction = ((w < 0) != (own < 0)) == larger;
                match better[x] {
                    None => {
                        better[x] = Some(Some(direction));
                        todo.push(x);
                    }
                    Some(Some(d)) if d != direction => better[x] = Some(None),
                    _ => {}
                }
            }
        }
        plan.value_orders = (0..inst.vars.len())
            .filter(|&x| better[x] == Some(Some(true)))
            .map(|x| (x, ValueOrder::Descending))
            .collect();
        plan
    }

    /// The plan for enumerating the distinct values of the variables
    /// `outputs` (FlatZinc indices) among `n`: each annotation's output
    /// variables first (its own choices), then the outputs no annotation
    /// names (`first_fail`), then each annotation's other variables, then
    /// the rest (`dom_w_deg`). Creation order follows, so the first levels
    /// of every path assign exactly the outputs and the search can skip
    /// the other completions of one output assignment
    /// ([`csp::Search::skip_below`]).
    ///
    /// ```
    /// use csp_fzn::branching::{plan, VarChoice};
    /// let p = plan(&[], false).project(&[2, 0], 4);
    /// assert_eq!(p.first, vec![2, 0, 1, 3]);
    /// assert_eq!(p.scopes[0].vars, vec![2, 0]);
    /// assert_eq!(p.scopes[1].var_choice, VarChoice::DomWDeg);
    /// ```
    pub fn project(&self, outputs: &[usize], n: usize) -> Plan {
        let mut is_output = vec![false; n];
        for &x in outputs {
            is_output[x] = true;
        }
        let mut scopes: Vec<Scope> = Vec::new();
        let mut part = |vars: Vec<usize>, var_choice, value_order| {
            if !vars.is_empty() {
                scopes.push(Scope {
                    vars,
                    var_choice,
                    value_order,
                });
            }
        };
        for s in &self.scopes {
            let own = s.vars.iter().copied().filter(|&x| is_output[x]).collect();
            part(own, s.var_choice, s.value_order);
        }
        let mut named = vec![false; n];
        for &x in &self.first {
            named[x] = true;
        }
        let mut unnamed: Vec<usize> = Vec::new();
        for &x in outputs {
            if !named[x] && !unnamed.contains(&x) {
                unnamed.push(x);
            }
        }
        part(unnamed, VarChoice::FirstFail, FREE_VALUE_ORDER);
        for s in &self.scopes {
            let other = s.vars.iter().copied().filter(|&x| !is_output[x]).collect();
            part(other, s.var_choice, s.value_order);
        }
        let rest = (0..n).filter(|&x| !named[x] && !is_output[x]).collect();
        part(rest, VarChoice::DomWDeg, FREE_VALUE_ORDER);
        Plan {
            first: scopes.iter().flat_map(|s| s.vars.iter().copied()).collect(),
            scopes,
            warnings: self.warnings.clone(),
            restarts: self.restarts,
            hints: self.hints.clone(),
            value_orders: self.value_orders.clone(),
        }
    }
}

type Search<'a> = (&'a [Term], &'a str, &'a str);

fn flatten<'a>(
    anns: &'a [SearchAnn],
    out: &mut Vec<Search<'a>>,
    warnings: &mut Vec<String>,
    restarts: &mut Option<csp::Restarts>,
    hints: &mut Vec<(usize, i64)>,
) {
    for a in anns {
        match a {
            SearchAnn::Search {
                vars,
                var_choice,
                value_choice,
                ..
            } => out.push((vars, var_choice, value_choice)),
            SearchAnn::Seq(inner) => flatten(inner, out, warnings, restarts, hints),
            SearchAnn::Restart(r) => *restarts = *r,
            SearchAnn::WarmStart(pairs) => {
                for &(t, v) in pairs {
                    if let Term::Var(x) = t
                        && !hints.iter().any(|&(y, _)| y == x)
                    {
                        hints.push((x, v));
                    }
                }
            }
            SearchAnn::Other(name) => warnings.push(format!("annotation '{name}' ignored")),
        }
    }
}

/// The engine's branching for a plan: built-in orders where they are
/// exact, else a [`SeqSelector`] and a [`PerVariable`] value ordering.
#[derive(Clone)]
pub enum Branching {
    /// One built-in variable order and one value order.
    BuiltIn(VarOrder, ValueOrder),
    /// Scope by scope, then the rest in creation order.
    Sequential(SeqSelector, PerVariable),
    /// A built-in variable order, each variable's values by its
    /// annotation with its `warm_start` hint first.
    Hinted(VarOrder, PerVariable),
}

impl Branching {
    /// `solver` set to branch this way.
    ///
    /// ```
    /// use csp_fzn::branching::{plan, Branching};
    /// let model = csp::Model::new();
    /// let solver = plan(&[], false).branching(&model, &[]).apply(csp::Solver::new(&model));
    /// assert_eq!(solver.get_var_order(), csp::VarOrder::DomWDeg);
    /// ```
    pub fn apply<'m>(&self, solver: csp::Solver<'m>) -> csp::Solver<'m> {
        match self {
            Branching::BuiltIn(var, value) => solver.var_order(*var).value_order(*value),
            Branching::Sequential(select, values) => solver
                .var_selector(select.clone())
                .value_ordering(values.clone()),
            Branching::Hinted(var, values) => solver.var_order(*var).value_ordering(values.clone()),
        }
    }
}

impl Branching {
    /// Whether a search of this branching can take another path with
    /// another seed or with restarts: a dynamic built-in variable order
    /// (restarts break its ties at random, and dom/wdeg learns weights), a
    /// `dom_w_deg` annotation (its weights carry over a restart), or a
    /// random value order. Otherwise every choice is a function of the
    /// domains, and a restarted search only walks the same tree again.
    ///
    /// ```
    /// use csp::{ValueOrder, VarOrder};
    /// use csp_fzn::branching::Branching;
    /// assert!(!Branching::BuiltIn(VarOrder::Input, ValueOrder::Split).varies());
    /// assert!(Branching::BuiltIn(VarOrder::Input, ValueOrder::Random).varies());
    /// assert!(Branching::BuiltIn(VarOrder::SmallestDomain, ValueOrder::Ascending).varies());
    /// ```
    pub fn varies(&self) -> bool {
        match self {
            Branching::BuiltIn(var, value) => {
                *var != VarOrder::Input || *value == ValueOrder::Random
            }
            Branching::Sequential(select, values) => {
                select.scopes.iter().any(|(_, c)| *c == VarChoice::DomWDeg)
                    || values.orders.contains(&ValueOrder::Random)
            }
            Branching::Hinted(var, values) => {
                *var != VarOrder::Input || values.orders.contains(&ValueOrder::Random)
            }
        }
    }
}

impl Plan {
    /// The branching over the engine variables `vars` (indexed like the
    /// FlatZinc variables) of `model`.
    ///
    /// ```
    /// use csp_fzn::branching::{plan, Branching};
    /// use csp_fzn::{SearchAnn, Term};
    /// use csp::VarOrder;
    /// let mut model = csp::Model::new();
    /// let p = plan(&[], false);
    /// assert!(matches!(p.branching(&model, &[]), Branching::BuiltIn(VarOrder::DomWDeg, _)));
    /// let x = model.int_vars(3, 0..4).unwrap();
    /// let first_fail = |vars: &[usize]| plan(&[SearchAnn::Search {
    ///     kind: "int_search".into(),
    ///     vars: vars.iter().map(|&v| Term::Var(v)).collect(),
    ///     var_choice: "first_fail".into(),
    ///     value_choice: "indomain_min".into(),
    /// }], false);
    /// // Over every variable: the engine's smallest-domain order is exact.
    /// let all = first_fail(&[2, 0, 1]).branching(&model, &x);
    /// assert!(matches!(all, Branching::BuiltIn(VarOrder::SmallestDomain, _)));
    /// // Over some: only they are ranked, then the rest.
    /// let some = first_fail(&[2, 0]).branching(&model, &x);
    /// assert!(matches!(some, Branching::Sequential(..)));
    /// ```
    pub fn branching(&self, model: &Model, vars: &[VarId]) -> Branching {
        let mut hints = vec![None; model.num_vars()];
        for &(x, v) in &self.hints {
            if let Ok(v) = i32::try_from(v) {
                hints[vars[x].index()] = Some(v);
            }
        }
        let per_variable = hints.iter().any(Option::is_some) || !self.value_orders.is_empty();
        match self.built_in(model, vars) {
            Some(Branching::BuiltIn(var, value)) if per_variable => {
                let mut orders = vec![value; model.num_vars()];
                self.set_value_orders(&mut orders, vars);
                return Branching::Hinted(
                    var,
                    PerVariable {
                        orders: orders.into(),
                        hints: hints.into(),
                    },
                );
            }
            Some(order) => return order,
            None => {}
        }
        let scopes: Vec<(Vec<VarId>, VarChoice)> = self
            .scopes
            .iter()
            .map(|s| (s.vars.iter().map(|&x| vars[x]).collect(), s.var_choice))
            .collect();
        let mut orders = vec![FREE_VALUE_ORDER; model.num_vars()];
        for s in &self.scopes {
            for &x in &s.vars {
                orders[vars[x].index()] = s.value_order;
            }
        }
        self.set_value_orders(&mut orders, vars);
        Branching::Sequential(
            SeqSelector {
                scopes: scopes.into(),
            },
            PerVariable {
                orders: orders.into(),
                hints: hints.into(),
            },
        )
    }

    /// `orders` (by engine variable) with [`Plan::value_orders`] applied.
    fn set_value_orders(&self, orders: &mut [ValueOrder], vars: &[VarId]) {
        for &(x, order) in &self.value_orders {
            orders[vars[x].index()] = order;
        }
    }

    /// The built-in orders, where they branch exactly as the annotations
    /// say: no annotation (the free search); every annotation
    /// `input_order` with one value choice (creation order is annotation
    /// order); or one `first_fail` or `dom_w_deg` annotation over every
    /// variable not fixed at the root (the ranking then only meets its own
    /// variables, and ties go to creation order, which is its order).
    fn built_in(&self, model: &Model, vars: &[VarId]) -> Option<Branching> {
        let Some(first) = self.scopes.first() else {
            return Some(Branching::BuiltIn(FREE_VAR_ORDER, FREE_VALUE_ORDER));
        };
        let static_order = self
            .scopes
            .iter()
            .all(|s| s.var_choice == VarChoice::InputOrder && s.value_order == first.value_order);
        if static_order {
            return Some(Branching::BuiltIn(VarOrder::Input, first.value_order));
        }
        let order = match (&self.scopes[..], first.var_choice) {
            ([_], VarChoice::FirstFail) => VarOrder::SmallestDomain,
            ([_], VarChoice::DomWDeg) => VarOrder::DomWDeg,
            _ => return None,
        };
        let mut covered = vec![false; model.num_vars()];
        for &x in &first.vars {
            covered[vars[x].index()] = true;
        }
        let all = model
            .vars()
            .all(|v| covered[v.index()] || model.domain(v).size() <= 1);
        all.then_some(Branching::BuiltIn(order, first.value_order))
    }
}

/// `seq_search` as a [`VarSelector`]: the first scope with an unassigned
/// variable chooses among its own by its variable choice; when every
/// scope is assigned, the first unassigned variable in creation order.
///
/// ```
/// use csp::{Model, Solver};
/// use csp_fzn::branching::{plan, Branching};
/// use csp_fzn::{SearchAnn, Term};
/// let mut model = Model::new();
/// let x = model.int_vars(3, 0..3).unwrap();
/// model.all_different(&x).unwrap();
/// // First x2 by largest values first, then x0 and x1 by smallest first.
/// let search = |vars: Vec<usize>, value: &str| SearchAnn::Search {
///     kind: "int_search".into(),
///     vars: vars.into_iter().map(Term::Var).collect(),
///     var_choice: "first_fail".into(),
///     value_choice: value.into(),
/// };
/// let p = plan(&[SearchAnn::Seq(vec![search(vec![2], "indomain_max"), search(vec![0, 1], "indomain_min")])], false);
/// let Branching::Sequential(select, values) = p.branching(&model, &x) else { unreachable!() };
/// let solver = Solver::new(&model).var_selector(select).value_ordering(values);
/// assert_eq!(solver.first().0.unwrap().values(), &[0, 1, 2]);
/// ```
#[derive(Clone)]
pub struct SeqSelector {
    scopes: Arc<[(Vec<VarId>, VarChoice)]>,
}

impl SeqSelector {
    /// The best unassigned variable of `scope` by `choice`, if any. As in
    /// Gecode, a variable propagation fixed is no choice: the best open
    /// one goes first, and the fixed ones only once none is open (so the
    /// scope is still done before the next one starts).
    fn best_in(
        &self,
        view: &mut SearchView<'_>,
        scope: &[VarId],
        choice: VarChoice,
    ) -> Option<VarId> {
        let mut best: Option<(VarId, i128)> = None;
        let mut fixed = None;
        for &x in scope {
            if view.assigned_value(x).is_some() {
                continue;
            }
            if view.size(x) == 1 {
                fixed = fixed.or(Some(x));
                continue;
            }
            if choice == VarChoice::InputOrder {
                return Some(x);
            }
            // Lower is better; the first of equals wins.
            let score = self.score(view, x, choice);
            if choice == VarChoice::FirstFail && score == 2 {
                // No open variable is smaller: nothing after it can win.
                return Some(x);
            }
            if best.is_none_or(|(_, b)| score < b) {
                best = Some((x, score));
            }
        }
        best.map(|(x, _)| x).or(fixed)
    }

    fn score(&self, view: &mut SearchView<'_>, x: VarId, choice: VarChoice) -> i128 {
        let size = i128::from(view.size(x));
        match choice {
            VarChoice::InputOrder => 0,
            VarChoice::FirstFail => size,
            VarChoice::AntiFirstFail => -size,
            VarChoice::Smallest => view.min(x).map_or(0, i128::from),
            VarChoice::Largest => -view.max(x).map_or(0, i128::from),
            VarChoice::Occurrence => -i128::from(view.degree(x)),
            VarChoice::MostConstrained => (size << 64) - i128::from(view.degree(x)),
            VarChoice::MaxRegret => -i128::from(regret_min(view, x)),
            VarChoice::DomWDeg => {
                // size / wdeg, compared exactly as a fixed-point fraction.
                let w = i128::from(view.weighted_degree(x).max(1));
                (size << 64) / w
            }
        }
    }
}

/// Gecode's `regret_min`: the gap between the two smallest values of
/// `x`'s domain (0 when it has fewer than two). Walks the gap only, so a
/// wide domain is never listed.
///
/// ```
/// use csp::{Model, Solver, SearchView};
/// use csp_fzn::branching::regret_min;
/// let mut model = Model::new();
/// let x = model.int_var([2, 5, 6]).unwrap();
/// let y = model.int_var([4]).unwrap();
/// let solver = Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
///     if view.depth() == 0 {
///         assert_eq!((regret_min(view, x), regret_min(view, y)), (3, 0));
///     }
///     view.unassigned().next().unwrap()
/// });
/// assert_eq!(solver.count().solutions(), 3);
/// ```
pub fn regret_min(view: &SearchView<'_>, x: VarId) -> i64 {
    let (Some(lo), Some(hi)) = (view.min(x), view.max(x)) else {
        return 0;
    };
    if lo == hi {
        return 0;
    }
    let next = (lo + 1..=hi)
        .find(|&v| view.contains(x, v))
        .expect("the largest value is a member");
    i64::from(next) - i64::from(lo)
}

impl VarSelector for SeqSelector {
    fn select(&mut self, view: &mut SearchView<'_>) -> VarId {
        let scopes = Arc::clone(&self.scopes);
        for (vars, choice) in scopes.iter() {
            if let Some(x) = self.best_in(view, vars, *choice) {
                return x;
            }
        }
        // Every annotated variable is assigned: the rest in creation order.
        view.unassigned()
            .min_by_key(|x| x.index())
            .expect("a variable is chosen only while one is unassigned")
    }
}

/// Each variable's values in the order of the annotation it belongs to
/// (ascending for the rest), its `warm_start` hint first while the hint
/// is in its domain: a [`ValueOrdering`]. Under binary branching a hint
/// is tried as `x = hint`, then `x != hint`; a hinted variable whose
/// annotation splits its domain then takes its values one by one
/// (ascending for `indomain_split`, descending for
/// `indomain_reverse_split`), as the split orders do where bisection does
/// not run. A domain too wide to list (over a million values) is walked
/// in its order without its hint.
///
/// ```
/// use csp::{Model, Solver};
/// use csp_fzn::branching::{plan, Branching};
/// use csp_fzn::{SearchAnn, Term};
/// let mut model = Model::new();
/// let x = model.int_vars(2, 0..3).unwrap();
/// let search = |var: usize, value: &str| SearchAnn::Search {
///     kind: "int_search".into(),
///     vars: vec![Term::Var(var)],
///     var_choice: "input_order".into(),
///     value_choice: value.into(),
/// };
/// let p = plan(&[SearchAnn::Seq(vec![search(0, "indomain_max"), search(1, "indomain_median")])], false);
/// let Branching::Sequential(select, values) = p.branching(&model, &x) else { unreachable!() };
/// let first = Solver::new(&model).var_selector(select).value_ordering(values).first().0;
/// assert_eq!(first.unwrap().values(), &[2, 1]);
/// ```
#[derive(Clone)]
pub struct PerVariable {
    orders: Arc<[ValueOrder]>,
    /// Each engine variable's `warm_start` hint, if any.
    hints: Arc<[Option<i32>]>,
}

impl PerVariable {
    fn order_of(&self, var: VarId) -> ValueOrder {
        self.orders
            .get(var.index())
            .copied()
            .unwrap_or(FREE_VALUE_ORDER)
    }

    fn hint(&self, var: VarId) -> Option<i32> {
        self.hints.get(var.index()).copied().flatten()
    }
}

impl ValueOrdering for PerVariable {
    fn order(&mut self, view: &mut SearchView<'_>, var: VarId, values: &mut Candidates<'_>) {
        let mut order = self.order_of(var);
        order.order(view, var, values);
        if let Some(hint) = self.hint(var)
            && let Some(at) = values.as_slice().iter().position(|&v| v == hint)
        {
            // The hint to the front, the others keeping their order.
            for i in (1..=at).rev() {
                values.swap(i, i - 1);
            }
        }
    }

    fn built_in(&self, var: VarId) -> Option<ValueOrder> {
        let order = self.order_of(var);
        Some(match (self.hint(var), order) {
            // Bisection would never try the hint as a value.
            (Some(_), ValueOrder::Split) => ValueOrder::Ascending,
            (Some(_), ValueOrder::ReverseSplit) => ValueOrder::Descending,
            _ => order,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `max_regret` ranks by each variable's own gap at every choice: here
    /// A variable propagation fixed is no choice (as in Gecode): the open
    /// one of the scope goes first (even by size), and the fixed one
    /// still before the variables of the next scope.
    #[test]
    fn a_fixed_variable_waits_for_the_open_ones_of_its_scope() {
        let mut model = Model::new();
        let x = [
            model.int_var(4..=4).unwrap(),
            model.int_var(0..3).unwrap(),
            model.int_var(0..3).unwrap(),
        ];
        let search = |vars: Vec<usize>, choice: &str| SearchAnn::Search {
            kind: "int_search".into(),
            vars: vars.into_iter().map(Term::Var).collect(),
            var_choice: choice.into(),
            value_choice: "indomain_min".into(),
        };
        for choice in ["first_fail", "dom_w_deg"] {
            let p = plan(
                &[SearchAnn::Seq(vec![
                    search(vec![0, 1], choice),
                    search(vec![2], choice),
                ])],
                false,
            );
            let Branching::Sequential(mut select, _) = p.branching(&model, &x) else {
                panic!("two scopes have no built-in order");
            };
            let chosen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let log = chosen.clone();
            let solver = csp::Solver::new(&model).var_order_fn(move |view: &mut SearchView<'_>| {
                let var = select.select(view);
                log.lock().unwrap().push(var);
                var
            });
            assert!(solver.first().0.is_some());
            assert_eq!(chosen.lock().unwrap()[..3], [x[1], x[0], x[2]], "{choice}");
        }
    }

    /// x1 (gap 5), then x2 (gap 2), then x0 (gap 1), whatever the
    /// annotation's order, so the solutions come nested in that order.
    #[test]
    fn max_regret_ranks_every_variable_by_its_own_gap() {
        let mut model = Model::new();
        let x = [
            model.int_var(0..2).unwrap(),
            model.int_var([0, 5]).unwrap(),
            model.int_var([0, 2, 3]).unwrap(),
        ];
        let p = plan(
            &[SearchAnn::Search {
                kind: "int_search".into(),
                vars: (0..3).map(Term::Var).collect(),
                var_choice: "max_regret".into(),
                value_choice: "indomain_min".into(),
            }],
            false,
        );
        let Branching::Sequential(select, values) = p.branching(&model, &x) else {
            panic!("max_regret has no built-in order");
        };
        let solver = csp::Solver::new(&model)
            .var_selector(select)
            .value_ordering(values);
        let found: Vec<Vec<i32>> = solver.search().map(|s| s.into_values()).collect();
        let mut expected = Vec::new();
        for x1 in [0, 5] {
            for x2 in [0, 2, 3] {
                for x0 in [0, 1] {
                    expected.push(vec![x0, x1, x2]);
                }
            }
        }
        assert_eq!(found, expected);
    }
}
