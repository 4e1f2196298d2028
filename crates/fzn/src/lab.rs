//! The strategy laboratory on a FlatZinc model: `--study` (the matrix of
//! strategies × variable orders × value orders, as a table, CSV, JSON and
//! a chart) and `--tree FILE` (the search tree per strategy as SVG), both
//! the shared [`csp_lab`] code run on the model read from the file.

use crate::build::Built;
use crate::error::FznError;
use crate::instance::{Instance, Objective};
use crate::options::Options;
use csp::{Limits, Solver};
use csp_lab::study::{
    default_limit, report, Axis, Choices, Label, Matrix, Mode, Outputs, Subjects,
};
use csp_lab::tree::{draw_trees, max_choices, Named, Trees};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The study's subject column: the model file.
const MODEL_COLUMN: &str = "model";

/// True when the options ask for the laboratory.
///
/// ```
/// let o = csp_fzn::options::parse(["--tree", "t.svg"]).unwrap();
/// assert!(csp_fzn::lab::wanted(&o));
/// assert!(!csp_fzn::lab::wanted(&Default::default()));
/// ```
pub fn wanted(opts: &Options) -> bool {
    opts.study || opts.tree.is_some()
}

/// Each engine variable's name in the FlatZinc file (aliases, which share
/// one engine variable, joined by ` = `).
///
/// ```
/// let text = "var 1..3: x;\nvar 1..3: y;\nconstraint int_lt(x, y);\nsolve satisfy;";
/// let inst = csp_fzn::resolve(&csp_fzn::parse(text).unwrap()).unwrap();
/// let built = csp_fzn::build(&inst, &[]).unwrap();
/// assert_eq!(csp_fzn::lab::var_names(&inst, &built), ["x", "y"]);
/// ```
pub fn var_names(inst: &Instance, built: &Built) -> Vec<String> {
    let mut names = vec![String::new(); built.model.num_vars()];
    for (x, var) in built.vars.iter().enumerate() {
        let name = &mut names[var.index()];
        if !name.is_empty() {
            name.push_str(" = ");
        }
        name.push_str(&inst.vars[x].name);
    }
    // The fixed variables standing for constant arguments: their value.
    for (var, name) in built.model.vars().zip(names.iter_mut()) {
        if name.is_empty()
            && let Some(v) = built.model.domain(var).min()
        {
            *name = v.to_string();
        }
    }
    names
}

/// Runs what the options ask of the laboratory on `built`, `solver`
/// holding the settings a plain run would search with: writes `--tree`'s
/// file, and runs `--study` (its table to `out`, a note on an ignored
/// objective to `err`). True when the study ran (the model is then not
/// solved).
///
/// ```
/// let text = "array [1..3] of var 1..3: q;\nconstraint fzn_all_different_int(q);\nsolve satisfy;";
/// let inst = csp_fzn::resolve(&csp_fzn::parse(text).unwrap()).unwrap();
/// let built = csp_fzn::build(&inst, &[]).unwrap();
/// let opts = csp_fzn::options::parse(["--study", "--strategies", "backtracking,arc-consistency"]).unwrap();
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let solver = csp::Solver::new(&built.model);
/// assert!(csp_fzn::lab::run(&inst, &built, &solver, &opts, &mut out, &mut err).unwrap());
/// let table = String::from_utf8(out).unwrap();
/// assert_eq!(table.lines().filter(|l| l.contains(" complete ")).count(), 2);
/// assert!(table.lines().all(|l| !l.contains("complete") || l.contains(" 6 ")));
/// ```
pub fn run(
    inst: &Instance,
    built: &Built,
    solver: &Solver<'_>,
    opts: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<bool, FznError> {
    if built.failed {
        return Err(FznError::new(
            0,
            "the model was found unsatisfiable while posting its constraints: \
             there is no search to study or draw",
        ));
    }
    if let Some(path) = &opts.tree {
        tree(inst, built, solver, opts, Path::new(path))?;
    }
    if !opts.study {
        return Ok(false);
    }
    if inst.objective != Objective::Satisfy {
        let _ = writeln!(
            err,
            "note: --study searches the constraints alone; the objective is not optimised"
        );
    }
    study(built, solver, opts, out)?;
    Ok(true)
}

/// The limits each study run or tree search has (the node limit: the
/// study's only; a tree's is the number of nodes drawn).
fn limits(opts: &Options, nodes: Option<u64>) -> Limits {
    Limits {
        nodes,
        failures: opts.fail_limit,
        time: opts.time,
        memory: opts.memory_limit,
        ..Limits::default()
    }
}

fn study(
    built: &Built,
    solver: &Solver<'_>,
    opts: &Options,
    out: &mut dyn Write,
) -> Result<(), FznError> {
    let mut matrix = Matrix::new(
        if opts.first { Mode::First } else { Mode::All },
        limits(opts, opts.node_limit),
    );
    default_limit(&mut matrix.limits);
    matrix.strategies = opts.strategies.clone().unwrap_or_else(Choices::all);
    let var_order = Choices::one(solver.get_var_order());
    matrix.var_orders = opts.var_orders.clone().unwrap_or(var_order);
    let value_order = Choices::one(solver.get_value_order());
    matrix.value_orders = opts.value_orders.clone().unwrap_or(value_order);
    matrix.seed = opts.seed;
    matrix.restarts = opts.restarts;
    let name = opts
        .file
        .as_deref()
        .filter(|f| *f != "-")
        .and_then(|f| Path::new(f).file_name())
        .map_or("-".into(), |f| f.to_string_lossy().into_owned());
    let subjects = Subjects::new(MODEL_COLUMN, vec![Label::Name(name)]);
    let outputs = Outputs {
        csv: opts.csv.as_ref().map(PathBuf::from),
        json: opts.json.as_ref().map(PathBuf::from),
        plot: opts.plot.as_ref().map(PathBuf::from),
    };
    let runs = matrix.runs(&subjects, |_| &built.model);
    report(&matrix, &subjects, runs, &outputs, Axis::Orders, out)
        .map_err(|e| FznError::new(0, format!("--study: {e}")))
}

fn tree(
    inst: &Instance,
    built: &Built,
    solver: &Solver<'_>,
    opts: &Options,
    path: &Path,
) -> Result<(), FznError> {
    let refuse =
        |e: &dyn std::fmt::Display| FznError::new(0, format!("--tree {}: {e}", path.display()));
    let max_choices = max_choices(opts.node_limit).map_err(|e| refuse(&e))?;
    let one = [solver.get_strategy()];
    let strategies = opts.strategies.as_ref().map_or(&one[..], Choices::as_slice);
    let mut solver = solver.clone();
    if let Some(r) = opts.restarts {
        solver = solver.restarts(r);
    }
    let trees = Trees {
        solver,
        strategies,
        limits: limits(opts, None),
        max_choices,
    };
    let names = Named(var_names(inst, built));
    // The summary lines would break the FlatZinc output: the picture says it all.
    draw_trees(&trees, &names, Some(path), &mut std::io::sink()).map_err(|e| refuse(&e))
}
