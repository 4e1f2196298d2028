//! Builds the engine model from a resolved instance: creates the variables
//! in branching order, then posts each constraint through its builtin's
//! mapping function, and the unary resources that pairwise no-overlaps
//! imply (`no_overlap.rs`).

use crate::ast::IntSet;
use crate::deadline::Deadline;
use crate::error::FznError;
use crate::instance::Instance;
use crate::no_overlap;
use crate::post::Post;
use csp::{Domain, Model, VarId};

/// An engine model and how FlatZinc variables map onto it.
///
/// ```
/// let fzn = csp_fzn::parse("var 1..3: x;\nconstraint int_le(5, 3);\nsolve satisfy;").unwrap();
/// let built = csp_fzn::build(&csp_fzn::resolve(&fzn).unwrap(), &[]).unwrap();
/// assert!(built.failed); // 5 <= 3 was decided while posting
/// ```
#[derive(Debug)]
pub struct Built {
    /// The engine model.
    pub model: Model,
    /// The engine variable of each FlatZinc variable (by index).
    pub vars: Vec<VarId>,
    /// A constraint was decided false while posting: no solution.
    pub failed: bool,
}

fn domain(set: &IntSet) -> Domain {
    match set.ranges() {
        &[(lo, hi)] => Domain::from(lo as i32..=hi as i32),
        _ => Domain::from(set.values().map(|v| v as i32).collect::<Vec<_>>()),
    }
}

/// Builds the model, creating the variables of `first` before the others
/// (model variables before introduced ones).
///
/// ```
/// let fzn = csp_fzn::parse("var 1..3: x;\nvar 1..3: y;\nconstraint int_lt(x, y);\nsolve satisfy;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// let built = csp_fzn::build(&inst, &[1]).unwrap();
/// assert_eq!(built.vars[1].index(), 0); // y first
/// assert_eq!(csp::Solver::new(&built.model).count().solutions(), 3);
/// ```
pub fn build(inst: &Instance, first: &[usize]) -> Result<Built, FznError> {
    build_until(inst, first, &mut Deadline::none())
}

/// [`build`], stopping with [`FznError::time_limit`] once `deadline`
/// passes (polled per variable and per constraint).
///
/// ```
/// use csp_fzn::deadline::Deadline;
/// let fzn = csp_fzn::parse("var 1..3: x;\nsolve satisfy;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// let past = &mut Deadline::at(Some(std::time::Instant::now()));
/// assert!(csp_fzn::build_until(&inst, &[], past).unwrap_err().is_time_limit());
/// ```
pub fn build_until(
    inst: &Instance,
    first: &[usize],
    deadline: &mut Deadline,
) -> Result<Built, FznError> {
    deadline.check()?;
    let n = inst.vars.len();
    let mut order: Vec<usize> = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    let model_vars = (0..n).filter(|&x| !inst.vars[x].introduced);
    let introduced = (0..n).filter(|&x| inst.vars[x].introduced);
    for x in first.iter().copied().chain(model_vars).chain(introduced) {
        if !placed[x] {
            placed[x] = true;
            order.push(x);
        }
    }
    let mut model = Model::new();
    let mut vars: Vec<Option<VarId>> = vec![None; n];
    let mut failed = inst.inconsistent;
    let placeholder = IntSet::range(0, 0);
    for &x in &order {
        deadline.check()?;
        let dom = &inst.vars[x].domain;
        // An empty domain (contradicted by an alias) makes the model
        // unsatisfiable; the variable still needs a handle.
        let d = if dom.is_empty() { &placeholder } else { dom };
        let v = model
            .int_var(domain(d))
            .map_err(|e| FznError::new(0, format!("variable {}: {e}", inst.vars[x].name)))?;
        vars[x] = Some(v);
    }
    let vars: Vec<VarId> = vars
        .into_iter()
        .map(|v| v.expect("every variable placed"))
        .collect();
    let domains: Vec<IntSet> = inst.vars.iter().map(|v| v.domain.clone()).collect();
    if failed {
        // An empty domain: nothing to post (decompositions enumerate domains).
        return Ok(Built {
            model,
            vars,
            failed,
        });
    }
    let mut post = Post::new(&mut model, &vars, &domains);
    for c in &inst.constraints {
        deadline.check()?;
        post.domain = c.domain;
        c.entry
            .post(&mut post, &c.args)
            .map_err(|m| FznError::new(c.line, format!("{}: {m}", c.entry.name)))?;
    }
    failed |= post.failed;
    if !failed {
        implied_unary(inst, &mut model, &vars);
        if has_product(inst) {
            model
                .linear_relaxation()
                .map_err(|e| FznError::new(0, format!("linear relaxation: {e}")))?;
        }
    }
    Ok(Built {
        model,
        vars,
        failed,
    })
}

/// Does the instance multiply two variables (`int_times`)? Then bounds
/// reasoning row by row can miss what the rows' products say together,
/// and the model gets its linear relaxation
/// ([`Model::linear_relaxation`]); without one the rows are what arc
/// consistency already reads.
fn has_product(inst: &Instance) -> bool {
    use crate::term::{Arg, Term};
    inst.constraints.iter().any(|c| {
        c.entry.name == "int_times"
            && matches!(
                c.args.as_slice(),
                [Arg::Term(Term::Var(_)), Arg::Term(Term::Var(_)), ..]
            )
    })
}

/// Posts a `disjunctive` for each unary resource the pairwise no-overlaps
/// imply (redundant: the pairs stay). One whose durations do not fit the
/// engine is left out.
fn implied_unary(inst: &Instance, model: &mut Model, vars: &[VarId]) {
    for unary in no_overlap::implied_unary(inst) {
        let Ok(durations) = unary
            .durations
            .iter()
            .map(|&d| i32::try_from(d))
            .collect::<Result<Vec<i32>, _>>()
        else {
            continue;
        };
        let starts = unary.starts.iter().map(|&x| vars[x]);
        // Positive durations and equal lengths: the builder cannot refuse.
        let _ = model.disjunctive(starts, durations);
    }
}
