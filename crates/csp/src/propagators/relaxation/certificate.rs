//! Farkas certificates in exact integers: what makes the relaxation's
//! failures sound whatever the simplex's floating point did.
//!
//! A refuting row of the simplex gives multipliers of the original rows.
//! Rounded to integers `l_r`, they add the rows up into one linear
//! constraint `g . x` (exact, in 128 bits) whose range the rows' own bounds
//! fix: `sum l_r * s_r` lies within the sum of each slack's bound on the
//! side its sign picks. If the columns' box keeps `g . x` out of that
//! range, no integer point (nor real one) satisfies the rows in the box.
//! Over integers `g . x` is a multiple of the gcd of `g`, so the bound is
//! rounded up to one: the certificate can be stronger than the relaxation.

/// The row `r`'s exact form: its coefficients over columns and its
/// slack's bounds (`None`: unbounded on that side).
pub(super) struct ExactRow {
    pub terms: Vec<(usize, i64)>,
    pub lower: Option<i128>,
    pub upper: Option<i128>,
}

/// `g . x >= bound`, implied by `rows` (the rows with a nonzero
/// multiplier); it refutes a box where `g . x` cannot reach `bound`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Certificate {
    pub coefs: Vec<(usize, i128)>,
    pub bound: i128,
    pub rows: Vec<usize>,
}

/// Scales tried for rounding the multipliers (the largest becomes this).
const SCALES: [f64; 3] = [1048576.0, 1073741824.0, 1099511627776.0];

impl Certificate {
    /// A certificate from floating multipliers `(row, multiplier)` of the
    /// rows `row(r)` gives, that refutes the columns' box `bounds`, if
    /// one of the roundings is exact enough to.
    pub fn from_multipliers(
        multipliers: &[(usize, f64)],
        row: impl Fn(usize) -> ExactRow,
        bounds: impl Fn(usize) -> Option<(i64, i64)> + Copy,
    ) -> Option<Certificate> {
        let largest = multipliers.iter().map(|m| m.1.abs()).fold(0.0, f64::max);
        if largest == 0.0 || !largest.is_finite() {
            return None;
        }
        let rows: Vec<(usize, ExactRow)> = multipliers.iter().map(|&(r, _)| (r, row(r))).collect();
        SCALES.iter().find_map(|&scale| {
            let integral: Vec<i128> = multipliers
                .iter()
                .map(|m| (m.1 / largest * scale).round() as i128)
                .collect();
            [false, true].into_iter().find_map(|negate| {
                let cert = combine(&rows, &integral, negate)?;
                cert.refutes(bounds).then_some(cert)
            })
        })
    }

    /// Does the box `bounds` keep `g . x` below the bound?
    pub fn refutes(&self, bounds: impl Fn(usize) -> Option<(i64, i64)>) -> bool {
        let mut most: i128 = 0;
        for &(j, g) in &self.coefs {
            let Some((lo, hi)) = bounds(j) else {
                return false;
            };
            let end = if g > 0 { hi } else { lo };
            let Some(m) = g.checked_mul(end as i128).and_then(|t| most.checked_add(t)) else {
                return false;
            };
            most = m;
        }
        most < self.bound
    }
}

/// `sum l_r * row_r` as `g . x >= bound` (or, `negate`d, from the upper
/// side: `-g . x >= -upper`), its coefficients divided by their gcd and
/// the bound rounded up; `None` if that side is unbounded or overflows.
fn combine(rows: &[(usize, ExactRow)], multipliers: &[i128], negate: bool) -> Option<Certificate> {
    let sign = if negate { -1 } else { 1 };
    let mut coefs: Vec<(usize, i128)> = Vec::new();
    let mut bound: i128 = 0;
    let mut used = Vec::new();
    for ((r, row), &l) in rows.iter().zip(multipliers) {
        let l = l * sign;
        if l == 0 {
            continue;
        }
        used.push(*r);
        // The slack's least value times `l`: its lower bound if `l > 0`.
        let side = if l > 0 { row.lower } else { row.upper };
        bound = bound.checked_add(l.checked_mul(side?)?)?;
        for &(j, a) in &row.terms {
            let t = l.checked_mul(a as i128)?;
            match coefs.iter_mut().find(|c| c.0 == j) {
                Some(c) => c.1 = c.1.checked_add(t)?,
                None => coefs.push((j, t)),
            }
        }
    }
    coefs.retain(|c| c.1 != 0);
    let gcd = coefs.iter().fold(0u128, |g, c| gcd(g, c.1.unsigned_abs()));
    if gcd > 1 {
        let d = gcd as i128;
        coefs.iter_mut().for_each(|c| c.1 /= d);
        bound = bound.div_euclid(d) + i128::from(bound.rem_euclid(d) != 0);
    }
    coefs.sort_unstable();
    Some(Certificate {
        coefs,
        bound,
        rows: used,
    })
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(terms: &[(usize, i64)], lower: Option<i128>, upper: Option<i128>) -> ExactRow {
        ExactRow {
            terms: terms.to_vec(),
            lower,
            upper,
        }
    }

    /// `x + y >= 5`, `x - y >= 2`: their sum `2x >= 7`, so `x >= 4`.
    fn rows(r: usize) -> ExactRow {
        match r {
            0 => row(&[(0, 1), (1, 1)], Some(5), None),
            _ => row(&[(0, 1), (1, -1)], Some(2), None),
        }
    }

    #[test]
    fn the_sum_of_two_rows_refutes_a_box_each_row_allows() {
        let box3 = |_| Some((0, 3));
        let cert = Certificate::from_multipliers(&[(0, 1.0), (1, 1.0)], rows, box3).unwrap();
        // 2x >= 7 rounded over the integers: x >= 4.
        assert_eq!(cert.coefs, vec![(0, 1)]);
        assert_eq!(cert.bound, 4);
        assert_eq!(cert.rows, vec![0, 1]);
        assert!(!cert.refutes(|_| Some((0, 4))));
    }

    #[test]
    fn multipliers_that_prove_nothing_give_no_certificate() {
        let box4 = |_| Some((0, 4));
        assert!(Certificate::from_multipliers(&[(0, 1.0), (1, 1.0)], rows, box4).is_none());
        // The wrong sign leans on a bound the rows do not have.
        let box3 = |_| Some((0, 3));
        assert!(Certificate::from_multipliers(&[(0, 1.0), (1, -1.0)], rows, box3).is_none());
    }

    #[test]
    fn slightly_wrong_multipliers_are_rounded_to_exact_ones() {
        let box3 = |_| Some((0, 3));
        let cert = Certificate::from_multipliers(&[(0, 1.0), (1, 1.0 + 1e-12)], rows, box3);
        assert_eq!(cert.map(|c| c.bound), Some(4));
    }
}
