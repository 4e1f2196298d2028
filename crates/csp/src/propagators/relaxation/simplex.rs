//! The incremental simplex of SMT solvers' linear arithmetic (Dutertre and
//! de Moura, 2006), for feasibility only: is there a real point within the
//! columns' bounds on which every row's slack lies within its bounds?
//!
//! Each row `r` defines a slack column `s_r = sum a_rj x_j`. The tableau
//! keeps every basic column as a combination of the nonbasic ones, and an
//! assignment that satisfies every row; a check moves nonbasic columns to
//! their bounds and pivots (Bland's rule: smallest index first, so it
//! terminates) until every basic column is within its bounds too, or one
//! row shows that its basic column cannot reach its bound. Bounds change
//! freely between checks and nothing is undone on backtracking: any basis
//! is valid, and the last one is usually a few pivots from the next answer.
//!
//! Arithmetic is in `f64`: an answer of this module is a hint. The
//! propagator turns a refuting row into multipliers of the original rows
//! and checks them in exact integers (`certificate.rs`) before it fails.

/// What a check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Every column is within its bounds (up to the tolerance).
    Feasible,
    /// The basic column of tableau row `row` cannot reach its bounds.
    Infeasible { row: usize },
    /// The pivot budget ran out, or a pivot would have been unstable.
    GaveUp,
}

/// Values within this of a bound count as on it.
const TOLERANCE: f64 = 1e-6;
/// Coefficients smaller than this are taken for zero.
const ZERO: f64 = 1e-9;
/// Pivots after which the tableau is rebuilt from the rows, so that
/// rounding errors do not pile up.
const REBUILD_AFTER: u64 = 5_000;

/// A feasibility simplex over `columns` structural columns and one slack
/// column per row (columns `columns..columns + rows`).
pub(super) struct Simplex {
    columns: usize,
    /// The rows' coefficients over the structural columns (sparse), kept
    /// for rebuilding the tableau.
    rows: Vec<Vec<(usize, f64)>>,
    width: usize,
    /// Row-major: tableau row `i` gives `basic[i]` as the sum of
    /// `tableau[i * width + k] * x_k` over the nonbasic columns `k`.
    tableau: Vec<f64>,
    basic: Vec<usize>,
    /// Per column: its tableau row if basic.
    row_of: Vec<Option<usize>>,
    value: Vec<f64>,
    lower: Vec<f64>,
    upper: Vec<f64>,
    since_rebuild: u64,
    /// The pivot row's nonzero columns (reused).
    nonzero: Vec<usize>,
}

impl Simplex {
    /// The simplex of these rows over `columns` structural columns, every
    /// bound infinite.
    pub fn new(columns: usize, rows: Vec<Vec<(usize, f64)>>) -> Simplex {
        let width = columns + rows.len();
        let mut s = Simplex {
            columns,
            rows,
            width,
            tableau: Vec::new(),
            basic: Vec::new(),
            row_of: Vec::new(),
            value: vec![0.0; width],
            lower: vec![f64::NEG_INFINITY; width],
            upper: vec![f64::INFINITY; width],
            since_rebuild: 0,
            nonzero: Vec::new(),
        };
        s.rebuild();
        s
    }

    /// The slack column of row `r`.
    pub fn slack(&self, r: usize) -> usize {
        self.columns + r
    }

    /// Sets column `k`'s bounds (infinite for none).
    #[inline]
    pub fn bound(&mut self, k: usize, lower: f64, upper: f64) {
        self.lower[k] = lower;
        self.upper[k] = upper;
    }

    /// The tableau row `i`'s coefficient on column `k` (0 for basic ones
    /// other than its own, 1 for its own).
    pub fn coefficient(&self, i: usize, k: usize) -> f64 {
        if self.basic[i] == k {
            1.0
        } else {
            self.tableau[i * self.width + k]
        }
    }

    /// The basic column of tableau row `i`.
    pub fn basic(&self, i: usize) -> usize {
        self.basic[i]
    }

    /// Back to the slack basis, every slack the sum of its row over the
    /// structural columns' current values.
    fn rebuild(&mut self) {
        let (w, m) = (self.width, self.rows.len());
        self.tableau.clear();
        self.tableau.resize(m * w, 0.0);
        self.basic = (0..m).map(|r| self.columns + r).collect();
        self.row_of = vec![None; w];
        for (r, row) in self.rows.iter().enumerate() {
            self.row_of[self.columns + r] = Some(r);
            for &(j, a) in row {
                self.tableau[r * w + j] += a;
            }
        }
        for r in 0..m {
            self.value[self.columns + r] = self.row_value(r);
        }
        self.since_rebuild = 0;
    }

    /// Tableau row `i` over the current values.
    fn row_value(&self, i: usize) -> f64 {
        let row = &self.tableau[i * self.width..(i + 1) * self.width];
        row.iter().zip(&self.value).map(|(a, v)| a * v).sum()
    }

    /// Changes row `r`'s coefficient on structural column `j` to `a`.
    pub fn set_coefficient(&mut self, r: usize, j: usize, a: f64) {
        let Some(at) = self.rows[r].iter().position(|&(k, _)| k == j) else {
            self.rows[r].push((j, a));
            return self.set_coefficient_in_tableau(r, j, a);
        };
        let old = self.rows[r][at].1;
        if old == a {
            return;
        }
        self.rows[r][at].1 = a;
        self.set_coefficient_in_tableau(r, j, a - old);
    }

    /// Adds `delta * x_j` to row `r`'s slack in the tableau, making the
    /// slack basic first.
    fn set_coefficient_in_tableau(&mut self, r: usize, j: usize, delta: f64) {
        let s = self.slack(r);
        let i = match self.row_of[s] {
            Some(i) => i,
            None => {
                // Some row holds the nonbasic slack (the rows' span has
                // it); the largest coefficient is the stablest pivot.
                let w = self.width;
                let best = (0..self.basic.len())
                    .max_by(|&a, &b| {
                        let (x, y) = (self.tableau[a * w + s].abs(), self.tableau[b * w + s].abs());
                        x.total_cmp(&y)
                    })
                    .filter(|&i| self.tableau[i * w + s].abs() > ZERO);
                match best {
                    Some(i) => {
                        self.pivot(i, s);
                        i
                    }
                    None => {
                        // Lost to rounding: start again from the rows,
                        // which already hold the change.
                        return self.rebuild();
                    }
                }
            }
        };
        let w = self.width;
        match self.row_of[j] {
            None => self.tableau[i * w + j] += delta,
            Some(q) => {
                for k in 0..w {
                    let t = self.tableau[q * w + k];
                    if t != 0.0 {
                        self.tableau[i * w + k] += delta * t;
                    }
                }
            }
        }
        self.value[s] = self.row_value(i);
    }

    /// Moves nonbasic column `k` to `v`, the basic ones with it.
    fn update(&mut self, k: usize, v: f64) {
        let delta = v - self.value[k];
        let w = self.width;
        for i in 0..self.basic.len() {
            let t = self.tableau[i * w + k];
            if t != 0.0 {
                self.value[self.basic[i]] += t * delta;
            }
        }
        self.value[k] = v;
    }

    /// Swaps basic `basic[i]` out and nonbasic `k` in.
    fn pivot(&mut self, i: usize, k: usize) {
        let w = self.width;
        let b = self.basic[i];
        let t = self.tableau[i * w + k];
        // Row i now gives k: x_k = (b - sum_{j != k} T_ij x_j) / t.
        for j in 0..w {
            self.tableau[i * w + j] /= -t;
        }
        self.tableau[i * w + k] = 0.0;
        self.tableau[i * w + b] = 1.0 / t;
        // The other rows add multiples of row i: only its nonzero columns.
        self.nonzero.clear();
        self.nonzero
            .extend((0..w).filter(|&j| self.tableau[i * w + j] != 0.0));
        for q in 0..self.basic.len() {
            if q == i {
                continue;
            }
            let c = self.tableau[q * w + k];
            if c == 0.0 {
                continue;
            }
            self.tableau[q * w + k] = 0.0;
            for &j in &self.nonzero {
                let p = self.tableau[i * w + j];
                let e = &mut self.tableau[q * w + j];
                *e += c * p;
                if e.abs() < ZERO {
                    *e = 0.0;
                }
            }
        }
        self.basic[i] = k;
        self.row_of[k] = Some(i);
        self.row_of[b] = None;
        self.since_rebuild += 1;
    }

    /// Pivots `k` in for `basic[i]`, which goes to `target`.
    fn pivot_and_update(&mut self, i: usize, k: usize, target: f64) {
        let w = self.width;
        let b = self.basic[i];
        let theta = (target - self.value[b]) / self.tableau[i * w + k];
        self.value[b] = target;
        self.value[k] += theta;
        for q in 0..self.basic.len() {
            if q != i {
                let t = self.tableau[q * w + k];
                if t != 0.0 {
                    self.value[self.basic[q]] += t * theta;
                }
            }
        }
        self.pivot(i, k);
    }

    /// Is there a point within every bound? At most `budget` pivots;
    /// `fresh`: the basic columns' values first recomputed from the
    /// nonbasic ones, dropping what the incremental updates let drift
    /// (a drifted value can show a row infeasible that is not).
    pub fn check(&mut self, budget: u32, fresh: bool) -> Outcome {
        if self.since_rebuild > REBUILD_AFTER {
            self.rebuild();
        }
        if fresh {
            for i in 0..self.basic.len() {
                self.value[self.basic[i]] = self.row_value(i);
            }
        }
        for k in 0..self.width {
            if self.row_of[k].is_none() {
                let v = self.value[k];
                if v < self.lower[k] {
                    self.update(k, self.lower[k]);
                } else if v > self.upper[k] {
                    self.update(k, self.upper[k]);
                } else if !v.is_finite() {
                    self.update(k, 0.0);
                }
            }
        }
        let w = self.width;
        for _ in 0..budget {
            // The violated basic column of least index.
            let mut worst: Option<(usize, usize)> = None;
            for (i, &b) in self.basic.iter().enumerate() {
                let v = self.value[b];
                let off = v < self.lower[b] - TOLERANCE || v > self.upper[b] + TOLERANCE;
                if off && worst.is_none_or(|(_, c)| b < c) {
                    worst = Some((i, b));
                }
            }
            let Some((i, b)) = worst else {
                return Outcome::Feasible;
            };
            let raise = self.value[b] < self.lower[b];
            let target = if raise { self.lower[b] } else { self.upper[b] };
            // The entering column of least index that can move `b` the
            // right way.
            let entering = (0..w).find(|&k| {
                if self.row_of[k].is_some() {
                    return false;
                }
                let t = self.tableau[i * w + k];
                let up = self.value[k] < self.upper[k];
                let down = self.value[k] > self.lower[k];
                (t > ZERO && (if raise { up } else { down }))
                    || (t < -ZERO && (if raise { down } else { up }))
            });
            match entering {
                None => return Outcome::Infeasible { row: i },
                Some(k) => {
                    if self.tableau[i * w + k].abs() < 1e-6 {
                        // Too small a pivot to trust: start again.
                        self.rebuild();
                        return Outcome::GaveUp;
                    }
                    self.pivot_and_update(i, k, target)
                }
            }
        }
        Outcome::GaveUp
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `x + y` in a box, as a slack row; then `x - y`.
    fn two_rows() -> Simplex {
        Simplex::new(2, vec![vec![(0, 1.0), (1, 1.0)], vec![(0, 1.0), (1, -1.0)]])
    }

    #[test]
    fn a_box_meeting_the_rows_is_feasible() {
        let mut s = two_rows();
        s.bound(0, 0.0, 3.0);
        s.bound(1, 0.0, 3.0);
        s.bound(s.slack(0), 4.0, 4.0);
        s.bound(s.slack(1), 2.0, f64::INFINITY);
        assert_eq!(s.check(100, true), Outcome::Feasible);
    }

    #[test]
    fn rows_that_each_meet_the_box_but_not_together_are_infeasible() {
        // x + y >= 5 and x - y >= 2 with x <= 3: y >= 2 and y <= 1.
        let mut s = two_rows();
        s.bound(0, 0.0, 3.0);
        s.bound(1, 0.0, 3.0);
        s.bound(s.slack(0), 5.0, f64::INFINITY);
        s.bound(s.slack(1), 2.0, f64::INFINITY);
        assert!(matches!(s.check(100, true), Outcome::Infeasible { .. }));
        // Loosened again: feasible from the same basis.
        s.bound(0, 0.0, 4.0);
        assert_eq!(s.check(100, true), Outcome::Feasible);
    }

    #[test]
    fn a_changed_coefficient_changes_the_answer() {
        // x - a*y = 0 with x = 6, y in 0..=2: a = 2 is infeasible, 3 is not.
        let mut s = Simplex::new(2, vec![vec![(0, 1.0), (1, -2.0)]]);
        s.bound(0, 6.0, 6.0);
        s.bound(1, 0.0, 2.0);
        s.bound(s.slack(0), 0.0, 0.0);
        assert!(matches!(s.check(100, true), Outcome::Infeasible { .. }));
        s.set_coefficient(0, 1, -3.0);
        assert_eq!(s.check(100, true), Outcome::Feasible);
        s.set_coefficient(0, 1, -2.0);
        assert!(matches!(s.check(100, true), Outcome::Infeasible { .. }));
    }
}
