//! A Python callable as a predicate constraint: called by the engine with
//! the scope's values, or tabulated once when it is posted.
//!
//! Tabulating calls the function once per combination of the scope's
//! domains and gives the engine a truth table to read, so the search never
//! calls Python: for the binary constraints of a python-constraint script
//! (12 × 12 = 144 calls per pair of queens) that is the difference between
//! a Python call per check and a table lookup.

use crate::interrupt;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::Arc;

/// Tabulated by default while the domains' product is at most this many
/// combinations (the engine's own limit for enumerating supports).
pub(crate) const AUTO_TABULATE: u64 = 4096;

/// Tabulated on request up to this many combinations.
pub(crate) const MAX_TABULATE: u64 = 1 << 22;

/// The engine's check: calls `f(*values)` and reads its truth. An
/// exception stops the search (the engine call re-raises it) and answers
/// "no" meanwhile.
pub(crate) fn calling(f: Arc<Py<PyAny>>) -> impl Fn(&[i64]) -> bool + Send + Sync + 'static {
    move |values: &[i64]| {
        if interrupt::pending() {
            return false;
        }
        Python::attach(|py| {
            let result =
                PyTuple::new(py, values).and_then(|args| f.bind(py).call1(args)?.is_truthy());
            result.unwrap_or_else(|e| {
                interrupt::raised(e);
                false
            })
        })
    }
}

/// The truth table of a predicate over views with these values: a dense
/// bit per combination of `lo[i]..lo[i] + width[i]`.
pub(crate) struct Table {
    lo: Vec<i64>,
    stride: Vec<u64>,
    width: Vec<u64>,
    bits: Vec<u64>,
}

impl Table {
    /// Reads the table (values outside the declared domains are false).
    pub fn holds(&self, values: &[i64]) -> bool {
        let mut at = 0u64;
        for (i, &v) in values.iter().enumerate() {
            let d = v.wrapping_sub(self.lo[i]);
            if d < 0 || d as u64 >= self.width[i] {
                return false;
            }
            at += d as u64 * self.stride[i];
        }
        self.bits[(at / 64) as usize] >> (at % 64) & 1 == 1
    }
}

/// The scope as tabulation sees it: each view's variable (by position in
/// `domains`) and offset, and each distinct variable's declared values.
pub(crate) struct Scope {
    pub slots: Vec<(usize, i64)>,
    pub domains: Vec<Vec<i32>>,
}

impl Scope {
    /// Combinations of the distinct variables' values (saturating).
    pub fn combinations(&self) -> u64 {
        self.domains
            .iter()
            .fold(1u64, |p, d| p.saturating_mul(d.len() as u64))
    }
}

/// Calls `f` once per combination of the scope's values and keeps the
/// answers; an exception from `f` is returned as it is.
pub(crate) fn tabulate(py: Python<'_>, f: &Bound<'_, PyAny>, scope: &Scope) -> PyResult<Table> {
    let k = scope.slots.len();
    let mut lo = Vec::with_capacity(k);
    let mut width = Vec::with_capacity(k);
    for &(var, offset) in &scope.slots {
        let d = &scope.domains[var];
        let (min, max) = (
            *d.first().unwrap_or(&0) as i64,
            *d.last().unwrap_or(&0) as i64,
        );
        lo.push(min + offset);
        width.push((max - min + 1) as u64);
    }
    let mut stride = vec![1u64; k];
    for i in (0..k.saturating_sub(1)).rev() {
        stride[i] = stride[i + 1].saturating_mul(width[i + 1]);
    }
    let cells = stride.first().map_or(1, |s| s.saturating_mul(width[0]));
    if cells > MAX_TABULATE * 64 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "the predicate's domains span too many values to tabulate",
        ));
    }
    let mut table = Table {
        lo,
        stride,
        width,
        bits: vec![0u64; cells.div_ceil(64) as usize],
    };
    // An odometer over the distinct variables' values.
    let n = scope.domains.len();
    let mut digits = vec![0usize; n];
    let mut values = vec![0i64; k];
    if scope.domains.iter().any(|d| d.is_empty()) {
        return Ok(table);
    }
    loop {
        for (i, &(var, offset)) in scope.slots.iter().enumerate() {
            values[i] = scope.domains[var][digits[var]] as i64 + offset;
        }
        let args = PyTuple::new(py, &values)?;
        if f.call1(args)?.is_truthy()? {
            let at: u64 = (0..k)
                .map(|i| (values[i] - table.lo[i]) as u64 * table.stride[i])
                .sum();
            table.bits[(at / 64) as usize] |= 1 << (at % 64);
        }
        let mut p = n;
        loop {
            if p == 0 {
                return Ok(table);
            }
            p -= 1;
            digits[p] += 1;
            if digits[p] < scope.domains[p].len() {
                break;
            }
            digits[p] = 0;
        }
    }
}

/// At most this many differences make a binary predicate disequalities.
const MAX_DIFFERENCES: usize = 16;

/// A binary predicate over two distinct variables that forbids exactly the
/// pairs of view values whose difference is in a small set C (`a != b`,
/// the queens' `a != b and |a - b| != d`, graph colouring's `a != b`): C,
/// so that it can be posted as the disequalities `a != b + c`, which the
/// engine's pairwise fast path propagates as bit masks. The same solutions:
/// the relation is checked on every pair of the domains.
pub(crate) fn forbidden_differences(scope: &Scope, table: &Table) -> Option<Vec<i64>> {
    let [(x, ox), (y, oy)] = scope.slots.as_slice() else {
        return None;
    };
    if x == y {
        return None;
    }
    let pairs = || {
        scope.domains[*x].iter().flat_map(move |&a| {
            scope.domains[*y]
                .iter()
                .map(move |&b| (a as i64 + ox, b as i64 + oy))
        })
    };
    let mut differences: Vec<i64> = Vec::new();
    for (a, b) in pairs() {
        if !table.holds(&[a, b]) && !differences.contains(&(a - b)) {
            if differences.len() == MAX_DIFFERENCES {
                return None;
            }
            differences.push(a - b);
        }
    }
    let exact = pairs().all(|(a, b)| table.holds(&[a, b]) != differences.contains(&(a - b)));
    (exact && !differences.is_empty()).then(|| {
        differences.sort_unstable();
        differences
    })
}
