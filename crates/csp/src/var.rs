//! Variables and offset views.
//!
//! A [`VarId`] is a copyable handle to a variable of one [`Model`](crate::Model).
//! A [`View`] is a variable seen through a constant offset (`x + c`), in the
//! style of Gecode's views: one constraint implementation serves both the
//! variable itself and any shifted image of it, so the n-queens diagonals are
//! plain `all_different` constraints over `q[i] + i` and `q[i] - i`.

use std::ops::{Add, Sub};

/// A handle to an integer variable of a [`Model`](crate::Model).
///
/// Handles are cheap to copy and remember which model made them, so a
/// variable passed to the wrong model is reported as
/// [`ModelError::ForeignVariable`](crate::ModelError::ForeignVariable).
///
/// ```
/// use csp::Model;
/// let mut model = Model::new();
/// let x = model.int_var(0..3).unwrap();
/// assert_eq!(x.index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId {
    pub(crate) model: u32,
    pub(crate) index: u32,
}

impl VarId {
    /// The position of the variable in its model, in creation order (0-based).
    ///
    /// ```
    /// use csp::Model;
    /// let mut model = Model::new();
    /// let vars = model.int_vars(3, 0..3).unwrap();
    /// assert_eq!(vars[2].index(), 2);
    /// ```
    pub fn index(self) -> usize {
        self.index as usize
    }
}

/// The largest offset magnitude a model accepts in a view (2^60): view
/// values, their differences and the spans of those differences (which
/// forward checking's neighbour lists compute) then always fit in an `i64`.
/// Larger offsets are refused with [`ModelError::OffsetTooLarge`](crate::ModelError::OffsetTooLarge).
///
/// ```
/// use csp::{Model, ModelError, View, MAX_OFFSET};
/// let mut model = Model::new();
/// let x = model.int_var(0..2).unwrap();
/// let far = View { var: x, offset: MAX_OFFSET + 1 };
/// assert_eq!(model.all_different([x.into(), far]), Err(ModelError::OffsetTooLarge { offset: MAX_OFFSET + 1 }));
/// ```
pub const MAX_OFFSET: i64 = 1 << 60;

/// A variable plus a constant offset: the value of the view is `var + offset`.
///
/// Build views with `+` and `-` on a [`VarId`]; a bare `VarId` converts into
/// a view with offset 0 wherever a view is expected.
///
/// ```
/// use csp::{Model, View};
/// let mut model = Model::new();
/// let x = model.int_var(0..8).unwrap();
/// let up: View = x + 3;
/// let down: View = x - 2;
/// assert_eq!((up.var, up.offset), (x, 3));
/// assert_eq!(down.offset, -2);
/// assert_eq!(View::from(x).offset, 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// The underlying variable.
    pub var: VarId,
    /// The constant added to the variable's value.
    pub offset: i64,
}

impl View {
    /// The view's value when its variable takes `value` (without overflow
    /// for the offsets a model accepts, at most [`MAX_OFFSET`] in magnitude).
    ///
    /// ```
    /// use csp::Model;
    /// let mut model = Model::new();
    /// let x = model.int_var(0..8).unwrap();
    /// assert_eq!((x - 2).value_of(5), 3);
    /// ```
    pub fn value_of(self, value: i32) -> i64 {
        value as i64 + self.offset
    }
}

impl From<VarId> for View {
    fn from(var: VarId) -> View {
        View { var, offset: 0 }
    }
}

impl From<&VarId> for View {
    fn from(var: &VarId) -> View {
        View::from(*var)
    }
}

impl From<&View> for View {
    fn from(view: &View) -> View {
        *view
    }
}

/// An integer constant operand of `+`, `-` and `*` on variables, views and
/// expressions: `i32` or `i64`, so `x + 3`, `x + i as i32` and `x + 1i64`
/// all read as written. Sealed: only those two types.
///
/// ```
/// use csp::{Model, View};
/// let mut model = Model::new();
/// let x = model.int_var(0..8).unwrap();
/// let wide: i64 = 1 << 40;
/// assert_eq!((x + 3).offset, 3);
/// assert_eq!((x + wide).offset, wide);
/// assert_eq!((x - 1i64 + 2).offset, 1);
/// ```
pub trait Constant: Copy + sealed::Sealed {
    /// The constant as 64 bits.
    fn to_i64(self) -> i64;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
}

impl Constant for i32 {
    fn to_i64(self) -> i64 {
        self as i64
    }
}

impl Constant for i64 {
    fn to_i64(self) -> i64 {
        self
    }
}

impl<C: Constant> Add<C> for VarId {
    type Output = View;
    fn add(self, offset: C) -> View {
        View::from(self) + offset
    }
}

impl<C: Constant> Sub<C> for VarId {
    type Output = View;
    fn sub(self, offset: C) -> View {
        View::from(self) - offset
    }
}

// Chained offsets saturate rather than wrap: a saturated offset is far
// beyond `MAX_OFFSET`, so the model refuses it instead of using it.
impl<C: Constant> Add<C> for View {
    type Output = View;
    fn add(self, offset: C) -> View {
        View {
            var: self.var,
            offset: self.offset.saturating_add(offset.to_i64()),
        }
    }
}

impl<C: Constant> Sub<C> for View {
    type Output = View;
    fn sub(self, offset: C) -> View {
        View {
            var: self.var,
            offset: self.offset.saturating_sub(offset.to_i64()),
        }
    }
}
