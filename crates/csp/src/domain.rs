//! Declared domains: the finite set of values a variable may take.
//!
//! A [`Domain`] is what a model declares; the search keeps its own working
//! copy (see `store.rs`) so a model is never changed by searching it.

use fixedbitset::FixedBitSet;
use std::ops::{Range, RangeInclusive};

/// The widest domain (largest `max - min + 1`) a variable may declare: the
/// full 32-bit range but for `i32::MIN`, i.e. `-i32::MAX..=i32::MAX`
/// (2^32 - 1 values, so a size fits 32 bits and negating a value never
/// overflows).
///
/// A range is held by its bounds (the search reasons on them and gives it
/// bits only at its first hole, see [`MAX_TOTAL_VALUES`](crate::MAX_TOTAL_VALUES)),
/// so `0..=300_000_000`, or the whole range, is an ordinary variable. Parts
/// of the engine that would list such a domain value by value either work
/// on its bounds or stop with
/// [`StopReason::TooLarge`](crate::StopReason::TooLarge).
///
/// ```
/// use csp::{Model, ModelError, MAX_DOMAIN_WIDTH};
/// let mut model = Model::new();
/// assert!(model.int_var(-i32::MAX..=i32::MAX).is_ok());
/// assert_eq!(
///     model.int_var(i32::MIN..=i32::MAX),
///     Err(ModelError::DomainTooLarge { var: 1, width: MAX_DOMAIN_WIDTH + 1 })
/// );
/// ```
pub const MAX_DOMAIN_WIDTH: u64 = u32::MAX as u64;

/// A value set wider than this is kept as a sorted list rather than bits.
const MAX_BITS_WIDTH: u64 = 1 << 26;

/// A finite set of `i32` values: a contiguous range, or an explicit set.
///
/// Build one from a range (`0..8`, `-3..=3`) or a list of values
/// (`vec![1, 5, 9]`, `[2, 4]`). Duplicates in a list are ignored. An empty
/// domain is representable here; [`Model::int_var`](crate::Model::int_var)
/// turns it into an unsatisfiable model.
///
/// ```
/// use csp::Domain;
/// let d = Domain::from(vec![5, -1, 3, 5]);
/// assert_eq!(d.size(), 3);
/// assert_eq!((d.min(), d.max()), (Some(-1), Some(5)));
/// assert_eq!(d.values().collect::<Vec<_>>(), vec![-1, 3, 5]);
/// assert!(Domain::from(0..0).is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domain {
    lo: i64,
    hi: i64,
    members: Members,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Members {
    /// Every value in `lo..=hi`.
    All,
    /// Members relative to `lo`.
    Bits(FixedBitSet),
    /// Sorted, distinct values of a set too wide for bits.
    Sparse(Vec<i32>),
}

impl Domain {
    /// The number of values.
    ///
    /// ```
    /// assert_eq!(csp::Domain::from(-2..=2).size(), 5);
    /// ```
    pub fn size(&self) -> u64 {
        match &self.members {
            Members::All => (self.hi - self.lo + 1).max(0) as u64,
            Members::Bits(bits) => bits.count_ones(..) as u64,
            Members::Sparse(values) => values.len() as u64,
        }
    }

    /// True when the domain holds no value.
    ///
    /// ```
    /// assert!(csp::Domain::from(Vec::new()).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.size() == 0
    }

    /// The smallest value, if any.
    ///
    /// ```
    /// assert_eq!(csp::Domain::from([7, 3]).min(), Some(3));
    /// ```
    pub fn min(&self) -> Option<i32> {
        // Not `values().next()`: that boxes an iterator, and building a
        // solver asks every variable's minimum.
        match &self.members {
            Members::All if self.hi >= self.lo => Some(self.lo as i32),
            Members::All => None,
            Members::Bits(bits) => bits.minimum().map(|b| (self.lo + b as i64) as i32),
            Members::Sparse(values) => values.first().copied(),
        }
    }

    /// The largest value, if any.
    ///
    /// ```
    /// assert_eq!(csp::Domain::from(0..10).max(), Some(9));
    /// ```
    pub fn max(&self) -> Option<i32> {
        match &self.members {
            Members::All if self.hi >= self.lo => Some(self.hi as i32),
            Members::All => None,
            Members::Bits(bits) => bits.maximum().map(|b| (self.lo + b as i64) as i32),
            Members::Sparse(values) => values.last().copied(),
        }
    }

    /// `max - min + 1`: how many bits a working copy of the domain needs.
    ///
    /// ```
    /// assert_eq!(csp::Domain::from([0, 99]).width(), 100);
    /// ```
    pub fn width(&self) -> u64 {
        match (self.min(), self.max()) {
            (Some(lo), Some(hi)) => (hi as i64 - lo as i64 + 1) as u64,
            _ => 0,
        }
    }

    /// True when `value` is in the domain.
    ///
    /// ```
    /// let d = csp::Domain::from([1, 4]);
    /// assert!(d.contains(4) && !d.contains(2));
    /// ```
    pub fn contains(&self, value: i32) -> bool {
        let v = value as i64;
        if v < self.lo || v > self.hi {
            return false;
        }
        match &self.members {
            Members::All => true,
            Members::Bits(bits) => bits.contains((v - self.lo) as usize),
            Members::Sparse(values) => values.binary_search(&value).is_ok(),
        }
    }

    /// The values in ascending order.
    ///
    /// ```
    /// let d = csp::Domain::from(1..4);
    /// assert_eq!(d.values().collect::<Vec<_>>(), vec![1, 2, 3]);
    /// ```
    pub fn values(&self) -> Box<dyn Iterator<Item = i32> + '_> {
        let lo = self.lo;
        match &self.members {
            Members::All => Box::new((self.lo..=self.hi).map(|v| v as i32)),
            Members::Bits(bits) => Box::new(bits.ones().map(move |b| (lo + b as i64) as i32)),
            Members::Sparse(values) => Box::new(values.iter().copied()),
        }
    }
}

/// Unary constraints compiled into a declared domain at model building
/// (`Model::assign`, `Model::less_equal(x, 3)`, ...): the domain that is
/// left, possibly empty.
impl Domain {
    /// The first member from `v` on, upward (`up`) or downward.
    pub(crate) fn member_from(&self, v: i64, up: bool) -> Option<i64> {
        let mut v = if up { v.max(self.lo) } else { v.min(self.hi) };
        match &self.members {
            Members::Sparse(values) => {
                let i = values.partition_point(|&m| (m as i64) < v);
                if up {
                    values.get(i).map(|&m| m as i64)
                } else if values.get(i).is_some_and(|&m| m as i64 == v) {
                    Some(v)
                } else {
                    i.checked_sub(1).map(|j| values[j] as i64)
                }
            }
            _ => {
                while self.lo <= v && v <= self.hi {
                    if self.contains(v as i32) {
                        return Some(v);
                    }
                    v += if up { 1 } else { -1 };
                }
                None
            }
        }
    }

    /// The values within `lo..=hi`.
    pub(crate) fn within(&self, lo: i64, hi: i64) -> Domain {
        match &self.members {
            Members::All => {
                let (lo, hi) = (lo.max(self.lo), hi.min(self.hi));
                if lo > hi {
                    return Domain::from(Vec::new());
                }
                Domain {
                    lo,
                    hi,
                    members: Members::All,
                }
            }
            _ => self.retained(|v| (lo..=hi).contains(&(v as i64))),
        }
    }

    /// The values other than `value`.
    pub(crate) fn without(&self, value: i64) -> Domain {
        if i32::try_from(value).map_or(true, |v| !self.contains(v)) {
            return self.clone();
        }
        match &self.members {
            Members::All if value == self.lo => self.within(value + 1, self.hi),
            Members::All if value == self.hi => self.within(self.lo, value - 1),
            Members::All => {
                let width = (self.hi - self.lo + 1) as usize;
                let mut bits = FixedBitSet::with_capacity(width);
                bits.insert_range(..);
                bits.set((value - self.lo) as usize, false);
                Domain {
                    lo: self.lo,
                    hi: self.hi,
                    members: Members::Bits(bits),
                }
            }
            _ => self.retained(|v| v as i64 != value),
        }
    }

    /// The values `keep` accepts (a walk over the values: for domains that
    /// are sets already, or values given one by one).
    pub(crate) fn retained(&self, keep: impl Fn(i32) -> bool) -> Domain {
        Domain::from(self.values().filter(|&v| keep(v)).collect::<Vec<_>>())
    }
}

impl From<RangeInclusive<i32>> for Domain {
    fn from(range: RangeInclusive<i32>) -> Domain {
        Domain {
            lo: *range.start() as i64,
            hi: *range.end() as i64,
            members: Members::All,
        }
    }
}

impl From<Range<i32>> for Domain {
    fn from(range: Range<i32>) -> Domain {
        Domain {
            lo: range.start as i64,
            hi: range.end as i64 - 1,
            members: Members::All,
        }
    }
}

impl From<&[i32]> for Domain {
    fn from(values: &[i32]) -> Domain {
        let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
            return Domain {
                lo: 0,
                hi: -1,
                members: Members::All,
            };
        };
        let width = (hi as i64 - lo as i64 + 1) as u64;
        if width > MAX_BITS_WIDTH {
            // Too wide to hold as bits: a sorted list, not gigabytes.
            let mut sorted = values.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            return Domain {
                lo: lo as i64,
                hi: hi as i64,
                members: Members::Sparse(sorted),
            };
        }
        let mut bits = FixedBitSet::with_capacity(width as usize);
        for &v in values {
            bits.insert((v as i64 - lo as i64) as usize);
        }
        Domain {
            lo: lo as i64,
            hi: hi as i64,
            members: Members::Bits(bits),
        }
    }
}

impl From<Vec<i32>> for Domain {
    fn from(values: Vec<i32>) -> Domain {
        Domain::from(values.as_slice())
    }
}

impl<const N: usize> From<[i32; N]> for Domain {
    fn from(values: [i32; N]) -> Domain {
        Domain::from(values.as_slice())
    }
}

impl From<&Vec<i32>> for Domain {
    fn from(values: &Vec<i32>) -> Domain {
        Domain::from(values.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_sets_agree() {
        let a = Domain::from(-3..=3);
        let b = Domain::from((-3..=3).collect::<Vec<_>>());
        assert_eq!(
            a.values().collect::<Vec<_>>(),
            b.values().collect::<Vec<_>>()
        );
        assert_eq!(a.size(), 7);
        assert_eq!(a.width(), 7);
        assert!(a.contains(-3) && a.contains(3) && !a.contains(4));
    }

    #[test]
    fn empty_domains() {
        assert!(Domain::from(5..5).is_empty());
        assert!(Domain::from(Vec::<i32>::new()).is_empty());
        assert_eq!(Domain::from(5..5).min(), None);
        assert_eq!(Domain::from(5..5).max(), None);
    }

    #[test]
    fn cuts_keep_exactly_the_values_asked_for() {
        let all = Domain::from(0..10);
        let set = Domain::from(vec![0, 2, 3, 5, 9]);
        for d in [&all, &set] {
            let values: Vec<i32> = d.values().collect();
            let kept = |c: &Domain| c.values().collect::<Vec<_>>();
            for v in -1..=10 {
                let expected: Vec<i32> = values.iter().copied().filter(|&w| w != v).collect();
                assert_eq!(kept(&d.without(v as i64)), expected);
                assert_eq!(d.without(v as i64).size(), expected.len() as u64);
                for hi in -1..=10 {
                    let expected: Vec<i32> = values
                        .iter()
                        .copied()
                        .filter(|&w| (v..=hi).contains(&w))
                        .collect();
                    assert_eq!(kept(&d.within(v as i64, hi as i64)), expected);
                }
            }
        }
        assert!(Domain::from(0..1).without(0).is_empty());
        assert_eq!(
            Domain::from(0..5).within(i64::MIN, i64::MAX),
            Domain::from(0..5)
        );
    }

    #[test]
    fn extreme_values_do_not_overflow() {
        let d = Domain::from([i32::MIN, i32::MAX]);
        assert_eq!(d.size(), 2);
        assert!(d.width() > MAX_DOMAIN_WIDTH);
        let r = Domain::from(i32::MAX - 1..=i32::MAX);
        assert_eq!(r.values().collect::<Vec<_>>(), vec![i32::MAX - 1, i32::MAX]);
    }
}
