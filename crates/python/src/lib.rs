//! The `csp_engine._native` extension module: the engine's model and
//! search, observers, the replay page, the strategy study and n-queens,
//! for the Python package in `python/csp_engine` (see README.md there).
//!
//! Every search runs holding the GIL and stops cleanly on Ctrl-C or on an
//! exception from a Python callable (`interrupt`); models are shared with
//! their searches copy-on-write (`core`).

mod callbacks;
mod core;
mod errors;
mod interrupt;
mod model;
mod outcome;
mod predicate;
mod queens;
mod replay;
mod settings;
mod solver;
mod study;
mod terms;

use pyo3::prelude::*;

#[pymodule(gil_used = true)]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<core::Model>()?;
    m.add_class::<terms::Var>()?;
    m.add_class::<terms::Expr>()?;
    m.add_class::<terms::Relation>()?;
    m.add_class::<terms::Membership>()?;
    m.add_class::<solver::Solver>()?;
    m.add_class::<solver::SolutionIterator>()?;
    m.add_class::<solver::Optimization>()?;
    m.add_class::<solver::Improvement>()?;
    m.add_class::<outcome::Solution>()?;
    m.add_class::<outcome::Outcome>()?;
    m.add_class::<outcome::Event>()?;
    m.add_class::<callbacks::SearchView>()?;
    m.add_class::<replay::ReplayPage>()?;
    m.add_class::<study::Study>()?;
    m.add_class::<study::Chart>()?;
    m.add("ModelError", py.get_type::<errors::ModelError>())?;
    m.add(
        "SearchInterrupted",
        py.get_type::<errors::SearchInterrupted>(),
    )?;
    m.add_class::<solver::DictSolutions>()?;
    m.add_function(wrap_pyfunction!(solver::solution_dicts, m)?)?;
    m.add_function(wrap_pyfunction!(solver::replay_page, m)?)?;
    m.add_function(wrap_pyfunction!(study::run_study, m)?)?;
    m.add_function(wrap_pyfunction!(queens::board_model, m)?)?;
    m.add_function(wrap_pyfunction!(queens::approaches, m)?)?;
    m.add_function(wrap_pyfunction!(queens::solve, m)?)?;
    m.add_function(wrap_pyfunction!(queens::render, m)?)?;
    m.add("DEFAULT_MAX_EVENTS", csp::replay::DEFAULT_MAX_EVENTS)?;
    Ok(())
}
