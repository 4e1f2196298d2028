//! Operands `a x + c` posted over `x` itself where the constraint allows.
//!
//! `c - x` and `a x + c` are no views (a view adds a constant only), so
//! as an operand each becomes a helper variable channelled to `x`
//! ([`Model::expr_var`]). Some constraints need no helper:
//!
//! * An all-different over `a x + c` with one coefficient throughout is
//!   all-differents over views of the `x`s, one per class of constants
//!   modulo `a` ([`scale_classes`]): `all_different(i - q[i])` is the
//!   pairwise constraint `all_different(q[i] - i)` is, with the fast
//!   paths' speed.
//! * Those that negating every operand leaves unchanged, when every
//!   operand is negated ([`flip_negated`]): a disequality or a distance
//!   over `c1 - x1, c2 - x2` holds exactly when it holds over `x1 - c1,
//!   x2 - c2`, and an all-different over residues by one modulus of `c -
//!   x` exactly when over those of `x - c`; a lexicographic order over
//!   negated sides is the order over the sides negated back, swapped.
//! * A table: a column over `a x + c` is the column over `x` with each
//!   row's value `t` read back as `(t - c) / a`, a row no value of `x`
//!   gives dropped ([`table_columns`]).
//! * An element's index: `array[a x + c]` is `array'[x - lo]` over the
//!   positions the values of `x` reach ([`element_index`]).
//! * A count of one value: `a x + c = v` exactly when `x + o = v` for one
//!   offset `o` ([`count_operands`]).
//!
//! [`Model::expr_var`]: super::Model::expr_var

use super::{ceil_div, floor_div};
use crate::expr::{Expr, IntoExpr};
use crate::residue::Operand;
use crate::var::VarId;

/// `a` and `x` when `e` is `a x + c`: one term, built without overflow.
/// Every operand this file rewrites, and a view (`a` = 1), is one.
pub(super) fn one_term(e: &Expr) -> Option<(i64, VarId)> {
    match e.terms() {
        [(a, x)] if !e.overflowed() => Some((*a, *x)),
        _ => None,
    }
}

/// Whether `e` is `c - x` (one variable with coefficient -1) whose
/// negation `x - c` is a view (`c` negates within 64 bits).
fn negated_view(e: &Expr) -> bool {
    one_term(e).is_some_and(|(a, _)| a == -1) && e.constant() != i64::MIN
}

/// `a` and `x` when `e` is `a x + c` with `a` neither 0 nor 1 (no view).
fn scaled_variable(e: &Expr) -> Option<(i64, VarId)> {
    one_term(e).filter(|&(a, _)| a != 0 && a != 1)
}

/// Negates every expression when each is a negated view ([`negated_view`]);
/// whether it did.
pub(super) fn flip_negated(exprs: &mut [&mut Expr]) -> bool {
    if exprs.is_empty() || !exprs.iter().all(|e| negated_view(e)) {
        return false;
    }
    for e in exprs.iter_mut() {
        **e = -std::mem::take(&mut **e);
    }
    true
}

/// [`flip_negated`] over an all-different's residues when all are by one
/// modulus: `(c - x) mod n` throughout is `(x - c) mod n` throughout. Any
/// other list is left as it is.
pub(super) fn flip_negated_residues(operands: &mut [Operand]) -> bool {
    let Some(Operand::Residue(first)) = operands.first() else {
        return false;
    };
    let modulus = first.modulus;
    let mut dividends = Vec::with_capacity(operands.len());
    for op in operands.iter_mut() {
        match op {
            Operand::Residue(r) if r.modulus == modulus => dividends.push(&mut r.dividend),
            _ => return false,
        }
    }
    flip_negated(&mut dividends)
}

/// An all-different over `a x1 + c1, ..., a xk + ck` (one coefficient
/// `a` throughout, not 0 or 1) as all-differents over views: two operands
/// can be equal only when their constants agree modulo `a`, and then
/// exactly when `x_i + c_i div a` and `x_j + c_j div a` are (`div`
/// rounding down; a negative `a` after negating every operand, so `c - x`
/// throughout is one all-different over `x - c`). The classes of
/// constants, in the order they first appear, each as those views; `None`
/// when the operands do not share such a coefficient. Values of different
/// classes never meet, so each class's matching is the whole's.
pub(super) fn scale_classes(exprs: &[Expr]) -> Option<Vec<Vec<Expr>>> {
    let (a, _) = scaled_variable(exprs.first()?)?;
    // a x + c, or |a| x - c for a negative a.
    let (modulus, sign) = (a.unsigned_abs() as i128, a.signum() as i128);
    let mut classes: Vec<(i128, Vec<Expr>)> = Vec::new();
    for e in exprs {
        let x = match one_term(e)? {
            (b, x) if b == a => x,
            _ => return None,
        };
        let c = sign * e.constant() as i128;
        let (q, r) = (c.div_euclid(modulus), c.rem_euclid(modulus));
        let view = x.into_expr() + i64::try_from(q).ok()?;
        match classes.iter_mut().find(|(s, _)| *s == r) {
            Some((_, class)) => class.push(view),
            None => classes.push((r, vec![view])),
        }
    }
    Some(classes.into_iter().map(|(_, class)| class).collect())
}

/// An element's index over `a x + c` (`a` neither 0 nor 1) read back onto
/// `x`: the array's positions `a k + c` for the values `k` from the least
/// to the greatest that reach a position, and the view `x - lo` (`lo` the
/// least of them) that indexes that list from 0. `None` when no `k`
/// reaches a position or the view's offset is too large (the index then
/// keeps its helper).
pub(super) fn element_index(index: &Expr, len: usize) -> Option<(Vec<usize>, Expr)> {
    let (a, x) = scaled_variable(index)?;
    let (a, c, last) = (a as i128, index.constant() as i128, len as i128 - 1);
    // 0 <= a k + c <= last.
    let (from, to) = if a > 0 {
        (-c, last - c)
    } else {
        (last - c, -c)
    };
    let (lo, hi) = (ceil_div(from, a), floor_div(to, a));
    if lo > hi || lo.unsigned_abs() > crate::MAX_OFFSET as u128 {
        return None;
    }
    let positions = (lo..=hi).map(|k| (a * k + c) as usize).collect();
    Some((positions, x.into_expr() - i64::try_from(lo).ok()?))
}

/// The table's columns over one variable each with a coefficient other
/// than 1 (`a x + c`, `a` not 0) read back onto that variable: in each
/// row the column's value `t` becomes `(t - c) / a`, and rows where no
/// value of `x` gives `t` (not a multiple, or beyond 32 bits) are
/// dropped; the operand becomes `x`. `flat` holds the rows, `exprs.len()`
/// values each.
pub(super) fn table_columns(exprs: &mut [Expr], flat: &mut Vec<i64>) {
    let arity = exprs.len();
    for (k, e) in exprs.iter_mut().enumerate() {
        let Some((a, x)) = scaled_variable(e).map(|(a, x)| (a as i128, x)) else {
            continue;
        };
        let c = e.constant() as i128;
        let mut kept = 0;
        for row in 0..flat.len() / arity {
            let t = flat[row * arity + k] as i128 - c;
            let Some(value) = (t % a == 0)
                .then(|| t / a)
                .and_then(|v| i32::try_from(v).ok())
            else {
                continue;
            };
            flat.copy_within(row * arity..(row + 1) * arity, kept * arity);
            flat[kept * arity + k] = value as i64;
            kept += 1;
        }
        flat.truncate(kept * arity);
        *e = x.into_expr();
    }
}

/// A count's operands over one variable with a coefficient other than 1
/// (`a x + c`, `a` not 0) for which some `x` gives `value`: the view `x +
/// o` that equals `value` exactly when `a x + c` does (the count reads
/// nothing but equality with `value`). The others are left as they are.
pub(super) fn count_operands(exprs: &mut [Expr], value: i64) {
    for e in exprs {
        let Some((a, x)) = scaled_variable(e).map(|(a, x)| (a as i128, x)) else {
            continue;
        };
        let t = value as i128 - e.constant() as i128;
        if t % a != 0 {
            continue; // never equal to `value`: a helper with no such value
        }
        let Ok(offset) = i32::try_from(value as i128 - t / a) else {
            continue;
        };
        *e = x.into_expr() + offset;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{IntoExpr, Model};

    #[test]
    fn only_an_all_negated_list_is_flipped() {
        let mut model = Model::new();
        let x = model.int_vars(2, 0..5).unwrap();
        let (mut a, mut b) = ((3 - x[0]).into_expr(), (-x[1]).into_expr());
        assert!(flip_negated(&mut [&mut a, &mut b]));
        assert_eq!((a.terms(), a.constant()), (&[(1, x[0])][..], -3));
        assert_eq!((b.terms(), b.constant()), (&[(1, x[1])][..], 0));
        let (mut c, mut d) = ((3 - x[0]).into_expr(), (x[1] + 1).into_expr());
        assert!(!flip_negated(&mut [&mut c, &mut d]));
        assert_eq!(c, (3 - x[0]).into_expr());
        let mut e = (i64::MIN - x[0]).into_expr();
        assert!(!flip_negated(&mut [&mut e]));
        let mut f = (1 - 2 * x[0]).into_expr();
        assert!(!flip_negated(&mut [&mut f]));
        assert!(!flip_negated(&mut []));
    }

    #[test]
    fn table_columns_read_back_and_drop_rows_no_value_gives() {
        let mut model = Model::new();
        let x = model.int_vars(2, 0..5).unwrap();
        // Columns 2 x + 1 and 3 - x1 (and a plain third column).
        let mut exprs = vec![2 * x[0] + 1, 3 - x[1], x[0].into_expr()];
        let mut flat = vec![5, 0, 7, /* 4 is even: dropped */ 4, 1, 8, -1, 9, 2];
        table_columns(&mut exprs, &mut flat);
        assert_eq!(flat, [2, 3, 7, -1, -6, 2]);
        assert_eq!(
            exprs,
            [x[0].into_expr(), x[1].into_expr(), x[0].into_expr()]
        );
    }

    #[test]
    fn count_operands_equal_the_value_at_the_same_points() {
        let mut model = Model::new();
        let x = model.int_vars(2, -5..5).unwrap();
        let mut exprs = vec![3 - 2 * x[0], 2 * x[1], 7 - x[0]];
        count_operands(&mut exprs, 5);
        // 3 - 2 x0 = 5 at x0 = -1: x0 + 6; 2 x1 is never 5; 7 - x0 = 5 at 2.
        assert_eq!(
            exprs,
            [(x[0] + 6).into_expr(), 2 * x[1], (x[0] + 3).into_expr()]
        );
    }

    #[test]
    fn one_coefficient_splits_into_classes_of_constants() {
        let mut model = Model::new();
        let x = model.int_vars(4, -5..5).unwrap();
        let view = |i: usize, q: i64| (x[i] + q).into_expr();
        // 2x0 + 3, 2x1 - 1, 2x2 + 4, 2x3: odd constants 3 = 2*1 + 1 and
        // -1 = 2*(-1) + 1, even 4 and 0.
        let scaled = [2 * x[0] + 3, 2 * x[1] - 1, 2 * x[2] + 4, 2 * x[3]];
        assert_eq!(
            scale_classes(&scaled),
            Some(vec![
                vec![view(0, 1), view(1, -1)],
                vec![view(2, 2), view(3, 0)]
            ])
        );
        // Negated: 5 - x0 and -x1 are x0 - 5 and x1.
        assert_eq!(
            scale_classes(&[5 - x[0], -x[1]]),
            Some(vec![vec![view(0, -5), view(1, 0)]])
        );
        assert_eq!(scale_classes(&[2 * x[0], 3 * x[1]]), None);
        assert_eq!(scale_classes(&[2 * x[0], x[1].into_expr()]), None);
        assert_eq!(scale_classes(&[x[0].into_expr(), x[1].into_expr()]), None);
        assert_eq!(scale_classes(&[]), None);
    }

    #[test]
    fn element_indices_list_the_positions_reached() {
        let mut model = Model::new();
        let x = model.int_var(-9..9).unwrap();
        // 2 x + 1 within 0..=6: x in 0..=2, positions 1, 3, 5.
        assert_eq!(
            element_index(&(2 * x + 1), 7),
            Some((vec![1, 3, 5], (x - 0).into_expr()))
        );
        // 5 - x within 0..=3: x in 2..=5, positions 3, 2, 1, 0.
        assert_eq!(
            element_index(&(5 - x), 4),
            Some((vec![3, 2, 1, 0], (x - 2).into_expr()))
        );
        // -2 x - 1 within 0..=4: x in -2..=-1, positions 3, 1.
        assert_eq!(
            element_index(&(-2 * x - 1), 5),
            Some((vec![3, 1], (x + 2).into_expr()))
        );
        // 3 x + 1 within 0..=0: no x.
        assert_eq!(element_index(&(3 * x + 1), 1), None);
        assert_eq!(element_index(&(x + 1).into_expr(), 3), None); // a view
    }

    #[test]
    fn residues_flip_only_under_one_modulus() {
        let mut model = Model::new();
        let x = model.int_vars(2, 0..5).unwrap();
        let mut same = [
            Operand::Residue((2 - x[0]).rem_euclid(5)),
            Operand::Residue((4 - x[1]).rem_euclid(5)),
        ];
        assert!(flip_negated_residues(&mut same));
        let Operand::Residue(r) = &same[1] else {
            unreachable!()
        };
        assert_eq!(
            (r.dividend.terms(), r.dividend.constant()),
            (&[(1, x[1])][..], -4)
        );
        let mut mixed = [
            Operand::Residue((2 - x[0]).rem_euclid(5)),
            Operand::Residue((4 - x[1]).rem_euclid(3)),
        ];
        assert!(!flip_negated_residues(&mut mixed));
        let mut kinds = [
            Operand::Expr((2 - x[0]).into_expr()),
            Operand::Residue((4 - x[1]).rem_euclid(5)),
        ];
        assert!(!flip_negated_residues(&mut kinds));
    }
}
