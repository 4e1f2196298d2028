//! The exceptions the package raises.

use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

create_exception!(
    csp_engine,
    ModelError,
    PyValueError,
    "A model the engine refuses (a domain too wide, a variable of another model, a \
     table row of the wrong length, ...), with the engine's own message."
);

create_exception!(
    csp_engine,
    SearchInterrupted,
    PyKeyboardInterrupt,
    "Ctrl-C (or a KeyboardInterrupt raised in a callback) stopped a search. It is a \
     KeyboardInterrupt, so an uncaught one ends a script as usual; its `outcome` \
     attribute holds the partial result (solutions and statistics so far)."
);

/// The engine's error as a Python `ModelError`.
pub(crate) fn model_error(e: csp::ModelError) -> PyErr {
    ModelError::new_err(e.to_string())
}

/// A `SearchInterrupted` carrying `outcome` (any Python object: an
/// `Outcome`, a study's rows so far), chained to the original interrupt.
pub(crate) fn interrupted(
    py: Python<'_>,
    cause: Option<PyErr>,
    message: String,
    outcome: Py<PyAny>,
) -> PyErr {
    let err = SearchInterrupted::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("outcome", outcome);
    if let Some(cause) = cause {
        err.set_cause(py, Some(cause));
    }
    err
}
