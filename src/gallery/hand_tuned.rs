//! The hand-tuned baseline of each gallery family: the model an expert
//! writes for today's engine (explicit helper variables on `linear` rows,
//! pairwise disequalities where the expert can spell them out) with the
//! strategy, orders and all-different levels chosen by trying them
//! (`BENCHMARKS.md`, issue 26, has the trials). The gallery's bench runs
//! each beside the idiomatic model of [`crate::gallery`]; both give the
//! same counts and optima (`tests/gallery.rs`). No baseline states a fact
//! the idiomatic model does not get as well: the Golomb differences start
//! at `j - i`, which the modelling layer derives from the ascending marks.
//!
//! ```
//! use csp_workspace::gallery::hand_tuned;
//! assert_eq!(hand_tuned::costas(5).unwrap().count(), 40);
//! assert_eq!(hand_tuned::golomb(4, 20).unwrap().shortest(), Some(6));
//! ```

use csp::{AllDifferentLevel, Cmp, Model, ModelError, Solver, Strategy, VarId, VarOrder};

/// A baseline: its model and the settings chosen for it by hand.
#[derive(Debug)]
pub struct HandTuned {
    model: Model,
    strategy: Strategy,
    var_order: VarOrder,
    /// The variable to minimise (Golomb's last mark), if any.
    objective: Option<VarId>,
}

impl HandTuned {
    /// The model.
    ///
    /// ```
    /// let t = csp_workspace::gallery::hand_tuned::toroidal_queens(5).unwrap();
    /// assert_eq!(t.model().num_vars(), 5);
    /// ```
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// A solver with the hand-chosen settings (ascending values throughout).
    ///
    /// ```
    /// let t = csp_workspace::gallery::hand_tuned::langford(3).unwrap();
    /// assert_eq!(t.solver().count().solutions(), 2);
    /// ```
    pub fn solver(&self) -> Solver<'_> {
        Solver::new(&self.model)
            .strategy(self.strategy)
            .var_order(self.var_order)
    }

    /// The variable to minimise, if the family has one (Golomb's last mark).
    ///
    /// ```
    /// let t = csp_workspace::gallery::hand_tuned::golomb(4, 20).unwrap();
    /// let best = t.solver().minimize(t.objective().unwrap()).unwrap().last();
    /// assert_eq!(best.map(|i| i.value), Some(6));
    /// ```
    pub fn objective(&self) -> Option<VarId> {
        self.objective
    }

    /// The number of solutions.
    ///
    /// ```
    /// assert_eq!(csp_workspace::gallery::hand_tuned::magic_square(3).unwrap().count(), 8);
    /// ```
    pub fn count(&self) -> u64 {
        self.solver().count().solutions()
    }

    /// The least objective value by branch and bound (`None` without an
    /// objective or a solution).
    ///
    /// ```
    /// assert_eq!(csp_workspace::gallery::hand_tuned::golomb(5, 20).unwrap().shortest(), Some(11));
    /// ```
    pub fn shortest(&self) -> Option<i64> {
        let objective = self.objective?;
        let best = self.solver().minimize(objective).ok()?.last();
        best.map(|i| i.value)
    }
}

/// Costas arrays: the permutation, then per gap `d` explicit difference
/// variables tied by rows `p[i + d] - p[i] - dv[i] = 0`, value-level
/// all-differents; arc consistency in input order (the permutation first).
/// Tried: smallest-domain-first (2.7 times the nodes), bounds level (no
/// fewer nodes, slower per node).
pub fn costas(n: usize) -> Result<HandTuned, ModelError> {
    let mut m = Model::new();
    let top = i32::try_from(n).map_err(|_| ModelError::TooManyVariables)?;
    let p = m.int_vars(n, 0..top)?;
    m.all_different(&p)?;
    for d in 1..n.saturating_sub(1) {
        let dv = m.int_vars(n - d, -(top - 1)..=top - 1)?;
        for i in 0..n - d {
            m.linear([(1, p[i + d]), (-1, p[i]), (-1, dv[i])], Cmp::Eq, 0)?;
        }
        m.all_different(&dv)?;
    }
    Ok(HandTuned {
        model: m,
        strategy: Strategy::ArcConsistency,
        var_order: VarOrder::Input,
        objective: None,
    })
}

/// Golomb rulers: marks ascending from 0 below `length`, a difference
/// variable per pair (`x[j] - x[i]`, from `j - i`) on a row, one
/// all-different at bounds level; arc consistency in input order (the
/// marks first), minimising the last mark. Tried: value level (6.6 times
/// the nodes for 9 marks), smallest-domain-first.
pub fn golomb(marks: usize, length: i32) -> Result<HandTuned, ModelError> {
    let mut m = Model::new();
    let x = m.int_vars(marks, 0..length)?;
    if let Some(&first) = x.first() {
        m.assign(first, 0)?;
    }
    for i in 1..marks {
        m.less(x[i - 1], x[i])?;
    }
    let mut diffs = Vec::new();
    for j in 0..marks {
        for i in 0..j {
            let d = m.int_var((j - i) as i32..length)?;
            m.linear([(1, x[j]), (-1, x[i]), (-1, d)], Cmp::Eq, 0)?;
            diffs.push(d);
        }
    }
    m.all_different_with(&diffs, AllDifferentLevel::Bounds)?;
    Ok(HandTuned {
        model: m,
        strategy: Strategy::ArcConsistency,
        var_order: VarOrder::Input,
        objective: x.last().copied(),
    })
}

/// Langford pairs: the gallery's position model (first positions, twins
/// as views, one all-different) under forward checking with
/// smallest-domain-first. Tried: input order (4 times slower), arc
/// consistency, domain level.
pub fn langford(n: usize) -> Result<HandTuned, ModelError> {
    Ok(HandTuned {
        model: super::langford(n)?,
        strategy: Strategy::ForwardChecking,
        var_order: VarOrder::SmallestDomain,
        objective: None,
    })
}

/// Toroidal queens: the wrapped diagonals spelt out as pairwise
/// disequalities (`q[i] - q[j]` is neither `j - i` nor `i - j` modulo
/// `n`: four views per pair), so forward checking runs on the slot
/// backend; smallest-domain-first (input order: 1.4 times the nodes).
/// The idiomatic model's residues are now posted as the same
/// disequalities, so both search the same tree.
pub fn toroidal_queens(n: usize) -> Result<HandTuned, ModelError> {
    let mut m = Model::new();
    let top = i32::try_from(n).map_err(|_| ModelError::TooManyVariables)?;
    let q = m.int_vars(n, 0..top)?;
    m.all_different(&q)?;
    let n = i64::from(top);
    for j in 0..q.len() {
        for i in 0..j {
            let k = (j - i) as i64;
            for shift in [k, k - n, -k, n - k] {
                m.not_equal(q[i], q[j] + shift)?;
            }
        }
    }
    Ok(HandTuned {
        model: m,
        strategy: Strategy::ForwardChecking,
        var_order: VarOrder::SmallestDomain,
        objective: None,
    })
}

/// Reduced Latin squares: the repository's hand model
/// ([`crate::latin::LatinSquare`], symbols from 1) under forward checking
/// in input order.
pub fn reduced_latin(n: usize) -> Result<HandTuned, ModelError> {
    let square = crate::latin::LatinSquare::new(n, true)?;
    Ok(HandTuned {
        model: square.into_model(),
        strategy: Strategy::ForwardChecking,
        var_order: VarOrder::Input,
        objective: None,
    })
}

/// Magic squares: one `linear` row per line, one value-level
/// all-different; arc consistency with smallest-domain-first. Tried:
/// bounds and domain levels (fewer nodes, 2 to 3 times slower), dom/wdeg,
/// input order, forward checking.
pub fn magic_square(n: usize) -> Result<HandTuned, ModelError> {
    let mut m = Model::new();
    let top = i32::try_from(n * n).map_err(|_| ModelError::TooManyVariables)?;
    let cell = m.int_vars(n * n, 1..=top)?;
    m.all_different(&cell)?;
    let total = (n * (n * n + 1) / 2) as i64;
    let lines = (0..n)
        .flat_map(|k| [(k * n, 1), (k, n)])
        .chain([(0, n + 1), (n.saturating_sub(1), n.saturating_sub(1))]);
    for (start, step) in lines.filter(|_| n > 0) {
        m.linear((0..n).map(|i| cell[start + i * step]), Cmp::Eq, total)?;
    }
    Ok(HandTuned {
        model: m,
        strategy: Strategy::ArcConsistency,
        var_order: VarOrder::SmallestDomain,
        objective: None,
    })
}
