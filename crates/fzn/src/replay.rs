//! `--replay FILE`: the engine's replay page of a FlatZinc model's search
//! (variables × values, the search tree and the counters, stepped in a
//! browser), written by the one page writer every program shares, with the
//! variables named as in the FlatZinc file.

use crate::build::Built;
use crate::error::FznError;
use crate::instance::Instance;
use csp::Solver;
use csp_front::cli::ReplayArgs;
use csp_front::replay::PageError;

/// With `--replay FILE` in `args`: records `solver`'s search of `built` (a
/// run of its own, stopped after `--max-events` events; with an objective,
/// the search for a first solution) and writes the page, the variables
/// named as in the FlatZinc file. Without it: nothing.
///
/// ```
/// let text = "var 1..3: x;\nvar 1..3: y;\nconstraint int_lt(x, y);\nsolve satisfy;";
/// let inst = csp_fzn::resolve(&csp_fzn::parse(text).unwrap()).unwrap();
/// let built = csp_fzn::build(&inst, &[]).unwrap();
/// let dir = std::env::temp_dir().join(format!("fzn-replay-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("replay.html");
/// let args = csp_front::cli::ReplayArgs { replay: Some(path.clone()), max_events: 1000 };
/// let solver = csp::Solver::new(&built.model);
/// csp_fzn::replay::write_page(&inst, &built, &solver, &args).unwrap();
/// let page = std::fs::read_to_string(&path).unwrap();
/// assert!(page.contains("<html") && page.contains("\"x\""));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_page(
    inst: &Instance,
    built: &Built,
    solver: &Solver<'_>,
    args: &ReplayArgs,
) -> Result<(), FznError> {
    let Some(path) = &args.replay else {
        return Ok(());
    };
    let names = crate::lab::var_names(inst, built);
    args.write(solver, "FlatZinc search", names).map_err(|e| {
        let why = match e {
            PageError::TooLarge(grid) => grid.to_string(),
            PageError::File { source, .. } => source.to_string(),
        };
        FznError::new(0, format!("--replay {}: {why}", path.display()))
    })
}
