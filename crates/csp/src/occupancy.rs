//! What forward checking needs to know about the constraints: how many
//! variables of each constraint are still unassigned, and, for pairwise
//! constraints (not-equal, all-different), which values of which other
//! variable each assignment rules out (precomputed).
//!
//! The *neighbour lists* are the fast path: for each variable `x`, its
//! neighbours `y` grouped together, each with the bit offsets (`delta`) such
//! that `x = v` removes bit `v + delta` from `y`'s domain. For n-queens that
//! is three bits per neighbour (column and both diagonals), which forward
//! checking clears in one word operation: the same work a bit-mask counter
//! does, computed by the generic machinery. Huge scopes (an all-different
//! over thousands of variables) would make these lists quadratic, so they
//! are built only for one-word domains and below a size bound; otherwise the
//! constraints' scopes are walked instead.

use crate::constraint::Constraint;
use crate::model::ConstraintId;
use crate::observer::Observer;
use crate::var::VarId;

/// Neighbour lists are built only while they stay below this many entries.
const NEIGHBOUR_LIMIT: usize = 1 << 22;

/// A neighbour `y` of a variable, with its run of deltas. When the deltas
/// span less than a word, `pattern` holds them as bits relative to `low`
/// (the smallest delta), so `x = v` rules out `pattern` shifted by `v + low`:
/// one shift for all of them.
#[derive(Clone, Copy)]
pub(crate) struct Group {
    pub y: u32,
    pub first: u32,
    pub len: u32,
    pub low: i64,
    /// 0 when the deltas span a word or more (walk them one by one).
    pub pattern: u64,
}

impl Group {
    /// The bits of `y`'s domain that `x = v` rules out, for one-word domains.
    #[inline(always)]
    pub fn mask(&self, v: i64, deltas: &[Delta]) -> usize {
        if self.pattern != 0 {
            // Branch-free for shifts of either sign: the pattern sits in the
            // high half of a double word, which shifts right by 64 - s.
            let s = v.wrapping_add(self.low);
            if !(-63..64).contains(&s) {
                return 0;
            }
            return (((self.pattern as u128) << 64) >> (64 - s)) as usize;
        }
        let mut mask: usize = 0;
        for d in deltas {
            let bit = v.wrapping_add(d.delta) as u64;
            if bit < usize::BITS as u64 {
                mask |= 1 << bit;
            }
        }
        mask
    }
}

/// `x = v` rules out bit `v + delta` of the group's variable, on behalf of `constraint`.
#[derive(Clone, Copy)]
pub(crate) struct Delta {
    pub delta: i64,
    pub constraint: u32,
}

pub(crate) struct Occupancy {
    /// Per constraint: how many of its distinct variables are unassigned
    /// (kept only when something reads it: see `counting`).
    pub unassigned_vars: Vec<u32>,
    /// False when no n-ary constraint and no degree-based variable order
    /// needs `unassigned_vars`, so the hot loop skips its upkeep.
    counting: bool,
    /// Per variable: `groups[group_start[x]..group_start[x + 1]]`; `None`
    /// when the lists would be too large.
    pub neighbours: Option<Neighbours>,
}

pub(crate) struct Neighbours {
    group_start: Vec<u32>,
    pub groups: Vec<Group>,
    pub deltas: Vec<Delta>,
}

impl Neighbours {
    /// `x`'s neighbour groups.
    #[inline(always)]
    pub fn of(&self, x: u32) -> &[Group] {
        &self.groups[self.range(x)]
    }

    /// Where `x`'s neighbour groups are in `groups` (sorted by neighbour).
    #[inline(always)]
    pub fn range(&self, x: u32) -> std::ops::Range<usize> {
        self.group_start[x as usize] as usize..self.group_start[x as usize + 1] as usize
    }

    /// A group's deltas.
    #[inline(always)]
    pub fn deltas_of(&self, group: &Group) -> &[Delta] {
        &self.deltas[group.first as usize..(group.first + group.len) as usize]
    }

    /// The bits of `group`'s variable that `x = v` rules out (one-word
    /// domains): its pattern shifted, or its deltas walked when they span
    /// a word or more.
    #[inline(always)]
    pub fn mask(&self, group: &Group, v: i64) -> usize {
        if group.pattern != 0 {
            group.mask(v, &[])
        } else {
            group.mask(v, self.deltas_of(group))
        }
    }
}

/// Reports to `observer` each value of `y` (bit 0 standing for `base`) in
/// `removed`, which `x = v` just ruled out through `deltas` (a group's
/// run), naming the constraint behind it. Compiles away for observers that
/// ignore prunes.
#[inline(always)]
pub(crate) fn report_prunes<O: Observer>(
    observer: &mut O,
    y: VarId,
    base: i64,
    v: i64,
    removed: usize,
    deltas: &[Delta],
) {
    let mut left = removed;
    for d in deltas {
        let bit = v.wrapping_add(d.delta) as u64;
        if bit < usize::BITS as u64 && left & (1 << bit) != 0 {
            left &= !(1 << bit);
            let value = (base + bit as i64) as i32;
            observer.prune(y, value, ConstraintId(d.constraint));
        }
    }
}

impl Occupancy {
    /// `bases[v]` is variable `v`'s lowest declared value; `one_word` says
    /// every domain fits a word (the neighbour lists serve only that case:
    /// wider domains are walked value by value either way).
    pub fn new(
        bases: &[i64],
        constraints: &[Constraint],
        one_word: bool,
        degree_order: bool,
    ) -> Occupancy {
        let pair_entries: usize = constraints
            .iter()
            .filter(|c| c.is_pairwise())
            .map(|c| c.scope.len() * c.scope.len())
            .sum();
        let neighbours = (one_word && pair_entries <= NEIGHBOUR_LIMIT)
            .then(|| Neighbours::new(bases, constraints));
        Occupancy {
            counting: degree_order || constraints.iter().any(|c| !c.is_pairwise()),
            unassigned_vars: constraints.iter().map(|c| c.vars.len() as u32).collect(),
            neighbours,
        }
    }

    /// Marks a variable assigned; `distinct` lists its constraints once each.
    #[inline]
    pub fn assign(&mut self, distinct: &[u32]) {
        if !self.counting {
            return;
        }
        for &c in distinct {
            self.unassigned_vars[c as usize] -= 1;
        }
    }

    /// Undoes `assign`.
    #[inline]
    pub fn unassign(&mut self, distinct: &[u32]) {
        if !self.counting {
            return;
        }
        for &c in distinct {
            self.unassigned_vars[c as usize] += 1;
        }
    }
}

impl Neighbours {
    fn new(bases: &[i64], constraints: &[Constraint]) -> Neighbours {
        // (x, y, delta, constraint) for every ordered pair of positions of a
        // pairwise constraint with different variables: x = v makes view
        // value v + off_x, which y must not take: y != v + off_x - off_y.
        let mut pairs: Vec<(u32, u32, i64, u32)> = Vec::new();
        for (c, con) in constraints.iter().enumerate() {
            if !con.is_pairwise() {
                continue;
            }
            for a in &con.scope {
                for b in &con.scope {
                    if a.var != b.var {
                        let delta = a.offset - b.offset - bases[b.var.index()];
                        pairs.push((a.var.index, b.var.index, delta, c as u32));
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup_by_key(|p| (p.0, p.1, p.2));
        let mut group_start = vec![0u32; bases.len() + 1];
        let mut groups: Vec<Group> = Vec::new();
        let mut deltas = Vec::with_capacity(pairs.len());
        let mut x_next = 0usize;
        for &(x, y, delta, constraint) in &pairs {
            while x_next <= x as usize {
                group_start[x_next] = groups.len() as u32;
                x_next += 1;
            }
            let new_group = groups.last().is_none_or(|g| g.y != y)
                || group_start[x as usize] as usize == groups.len();
            if new_group {
                groups.push(Group {
                    y,
                    first: deltas.len() as u32,
                    len: 0,
                    low: delta,
                    pattern: 0,
                });
            }
            groups.last_mut().expect("group").len += 1;
            deltas.push(Delta { delta, constraint });
        }
        while x_next <= bases.len() {
            group_start[x_next] = groups.len() as u32;
            x_next += 1;
        }
        // Deltas are sorted within a group, so the first is the lowest.
        for g in &mut groups {
            let run = &deltas[g.first as usize..(g.first + g.len) as usize];
            let span = run.last().map_or(0, |d: &Delta| d.delta - g.low);
            if span < 64 {
                g.pattern = run.iter().fold(0u64, |p, d| p | 1 << (d.delta - g.low));
            }
        }
        Neighbours {
            group_start,
            groups,
            deltas,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Model;

    #[test]
    fn neighbour_lists_group_the_deltas_per_neighbour() {
        let mut m = Model::new();
        let q = m.int_vars(3, 0..3).unwrap();
        m.all_different(&q).unwrap();
        m.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32))
            .unwrap();
        m.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32))
            .unwrap();
        let o = Occupancy::new(&[0, 0, 0], m.constraints(), true, false);
        let nb = o.neighbours.as_ref().unwrap();
        assert_eq!(nb.of(0).len(), 2, "row 0 has two neighbours");
        let g = nb.of(0)[0];
        assert_eq!(g.y, 1);
        let mut deltas: Vec<i64> = nb.deltas[g.first as usize..(g.first + g.len) as usize]
            .iter()
            .map(|d| d.delta)
            .collect();
        deltas.sort();
        // Row 0 in column v attacks row 1 in columns v - 1, v and v + 1.
        assert_eq!(deltas, vec![-1, 0, 1]);
        let run = &nb.deltas[g.first as usize..(g.first + g.len) as usize];
        assert_eq!(g.mask(1, run), 0b111);
        assert_eq!(g.mask(0, run), 0b11);
        assert_eq!(g.mask(70, run), 0);
    }

    #[test]
    fn deltas_carry_offsets_and_bases_and_counters_follow_assignments() {
        let mut m = Model::new();
        let x = m.int_var(3..6).unwrap();
        let y = m.int_var(-2..2).unwrap();
        m.all_different([x + 1, y - 1]).unwrap();
        let mut o = Occupancy::new(&[3, -2], m.constraints(), true, true);
        let nb = o.neighbours.as_ref().unwrap();
        let g = nb.of(0)[0];
        // x = v makes x + 1 = v + 1, so y != v + 2: bit v + 2 - (-2) = v + 4.
        assert_eq!((g.y, nb.deltas[g.first as usize].delta), (1, 4));
        o.assign(&[0]);
        assert_eq!(o.unassigned_vars[0], 1);
        o.unassign(&[0]);
        assert_eq!(o.unassigned_vars[0], 2);
    }
}
