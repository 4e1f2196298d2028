//! A Python model's state: the engine's model, shared copy-on-write with
//! the searches running on it, and the recipe that rebuilds it.
//!
//! A search borrows its model for as long as it lives, and a Python
//! iterator may live as long as the user likes, while the user keeps adding
//! constraints to the model. So each search holds an `Arc` of the model as
//! it was when the search started; posting to a model that a search still
//! holds rebuilds the model from its recipe (every variable and constraint
//! so far, in order) and changes the copy, never the searched one.

use csp::{ModelError, VarId, View};
use pyo3::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// What one step of the recipe produced.
pub(crate) enum Made {
    /// A constraint (its id), or a cut of a domain (`None`).
    Constraint(Option<csp::ConstraintId>),
    /// A new variable.
    Var(VarId),
    /// A view, over a variable that may be new (`expr_var`).
    View(View),
}

/// One step of the recipe: it changes the model, given the model's
/// variables so far in creation order.
pub(crate) type Step =
    Arc<dyn Fn(&mut csp::Model, &[VarId]) -> Result<Made, ModelError> + Send + Sync>;

/// Builds the model a recipe starts from (an empty one, or the n-queens board).
pub(crate) type Base = Arc<dyn Fn() -> csp::Model + Send + Sync>;

/// The state behind a Python `Model` and every `Var` of it.
pub(crate) struct State {
    /// The current engine model; searches hold clones of the `Arc`.
    pub model: Arc<csp::Model>,
    /// The engine's handle of each variable of `model`, in creation order.
    pub vars: Vec<VarId>,
    /// Each variable's name, and the reverse map.
    pub names: Vec<String>,
    pub by_name: HashMap<String, u32>,
    base: Base,
    steps: Vec<Step>,
    /// Some constraint calls Python during the search (a predicate that
    /// was not tabulated): such a model cannot be counted on threads.
    pub calls_python: bool,
}

/// Shared by a model and its variables: variables find their names and
/// their engine handles here.
pub(crate) struct Shared {
    state: Mutex<State>,
}

impl Shared {
    /// A model built from `base` (its variables named by `name_of`).
    pub fn new(base: Base, name_of: impl Fn(usize) -> String) -> Arc<Shared> {
        let model = base();
        let vars: Vec<VarId> = model.vars().collect();
        let names: Vec<String> = (0..vars.len()).map(name_of).collect();
        let by_name = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i as u32))
            .collect();
        Arc::new(Shared {
            state: Mutex::new(State {
                model: Arc::new(model),
                vars,
                names,
                by_name,
                base,
                steps: Vec::new(),
                calls_python: false,
            }),
        })
    }

    /// The state, locked. Python holds the GIL around every call, so the
    /// lock is never contended; a poisoned lock (a panic while posting)
    /// still holds a consistent recipe.
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl State {
    /// Applies `step` to the model (a private copy if a search holds the
    /// current one) and keeps it in the recipe if the engine accepted it.
    pub fn apply(&mut self, step: Step) -> Result<Made, ModelError> {
        if Arc::get_mut(&mut self.model).is_none() {
            self.rebuild()?;
        }
        let model = Arc::get_mut(&mut self.model).expect("a model no search holds");
        let before = model.num_vars();
        let made = step(model, &self.vars)?;
        // A step may add variables (int_var, expr_var): keep their handles.
        match made {
            Made::Var(x) => self.vars.push(x),
            Made::View(v) if model.num_vars() > before => self.vars.push(v.var),
            _ => {}
        }
        debug_assert_eq!(self.vars.len(), model.num_vars());
        self.steps.push(step);
        Ok(made)
    }

    /// Names the newest variable (the one a step just made).
    pub fn name_last(&mut self, name: String) {
        let index = self.vars.len() as u32 - 1;
        self.by_name.insert(name.clone(), index);
        self.names.push(name);
    }

    /// A fresh engine model from the recipe; variables keep their indices.
    fn rebuild(&mut self) -> Result<(), ModelError> {
        let mut model = (self.base)();
        let mut vars: Vec<VarId> = model.vars().collect();
        for step in &self.steps {
            let before = model.num_vars();
            match step(&mut model, &vars)? {
                Made::Var(x) => vars.push(x),
                Made::View(v) if model.num_vars() > before => vars.push(v.var),
                _ => {}
            }
        }
        self.model = Arc::new(model);
        self.vars = vars;
        Ok(())
    }

    /// The model as it is now, for a search to hold.
    pub fn snapshot(&self) -> Arc<csp::Model> {
        Arc::clone(&self.model)
    }
}

/// A constraint model: integer and boolean variables with finite domains,
/// and constraints over them (or over offset views `x + c`).
///
/// ```python
/// from csp_engine import Model
/// m = Model()
/// q = m.int_vars(8, range(8), name="q")
/// m.all_different(q)
/// m.all_different([x + i for i, x in enumerate(q)])
/// m.all_different([x - i for i, x in enumerate(q)])
/// assert m.count().solutions == 92
/// ```
///
/// Every builder returns the new constraint's id (its position in the
/// model) and raises `ModelError` (a `ValueError`) with the engine's
/// message when the engine refuses it, or `TypeError` for arguments of the
/// wrong kind. A model may keep growing while searches of it run: each
/// search sees the model as it was when it started.
#[pyclass(frozen, module = "csp_engine", name = "Model")]
pub(crate) struct Model {
    pub shared: Arc<Shared>,
}
