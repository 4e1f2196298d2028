//! The units of work of a count: sub-problems (the whole board, its
//! mirror halves, or one frame of each class), split further into the engine's partition
//! prefixes when there are fewer sub-problems than units wanted.

use super::frame::{frames, Frame};
use super::part::Part;
use super::Symmetry;
use crate::model::board::Board;
use csp::{Cmp, Model, Partition, PREFIXES_PER_PART};
use std::sync::atomic::AtomicBool;

/// Boards whose longer side exceeds this are counted without symmetry:
/// their frames would number millions (about `side⁴ / 8`), and no complete
/// count of such a board is within reach anyway.
pub const MAX_FRAMED_SIDE: usize = 32;

/// What a sub-problem searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubProblem {
    /// The board's model with the first lines' values bounded (`line cmp
    /// bound`, see [`QueensModel::restrict_line`](crate::model::board::QueensModel::restrict_line)),
    /// each solution standing for `weight`: the whole board (no bound,
    /// weight 1), or half of it under the mirror.
    Lines {
        /// The bounds on the first lines.
        bounds: Vec<(usize, Cmp, i64)>,
        /// How many solutions each solution found stands for.
        weight: u64,
    },
    /// The solutions with this frame, each standing for the frame's weight.
    Framed(Frame),
}

impl SubProblem {
    /// How many solutions each solution of this sub-problem stands for.
    ///
    /// ```
    /// use nqueens::count::SubProblem;
    /// assert_eq!(SubProblem::Lines { bounds: vec![], weight: 1 }.weight(), 1);
    /// ```
    pub fn weight(&self) -> u64 {
        match self {
            SubProblem::Lines { weight, .. } => *weight,
            SubProblem::Framed(frame) => frame.weight(),
        }
    }

    /// The engine model of this sub-problem, unless `cancel` is set while
    /// it is built; `Ok(None)`: the sub-problem has no solution.
    pub(super) fn model(
        &self,
        board: Board,
        cancel: &AtomicBool,
    ) -> Result<Option<Model>, Cancelled> {
        match self {
            SubProblem::Lines { bounds, .. } => {
                let mut queens = board.model_unless_cancelled(cancel).ok_or(Cancelled)?;
                for &(line, cmp, bound) in bounds {
                    queens.restrict_line(line, cmp, bound);
                }
                Ok(Some(queens.model))
            }
            SubProblem::Framed(frame) => Ok(frame.model(board)),
        }
    }

    /// The sub-problems of `board` under `symmetry`.
    fn of(board: Board, symmetry: Symmetry) -> Vec<SubProblem> {
        match symmetry {
            Symmetry::None => vec![SubProblem::Lines {
                bounds: Vec::new(),
                weight: 1,
            }],
            Symmetry::Mirror => mirror_halves(board),
            Symmetry::Full => frames(board, symmetry)
                .into_iter()
                .map(SubProblem::Framed)
                .collect(),
        }
    }
}

/// The mirror that maps each line's value `v` to `long - 1 - v`: the
/// solutions whose first line is in the lower half stand for themselves
/// and their mirror images; on an odd long side, those with the first line
/// in the middle are halved the same way by the second line (a solution of
/// one line in the middle is its own image). Searching half the board's
/// tree this way visits fewer nodes than frames under the mirror would.
fn mirror_halves(board: Board) -> Vec<SubProblem> {
    let (lines, long) = board.model_shape();
    let long = long as i64;
    let mid = (long - 1) / 2;
    let mut halves = vec![SubProblem::Lines {
        bounds: vec![(0, Cmp::Le, long / 2 - 1)],
        weight: 2,
    }];
    if long % 2 == 1 {
        let bounds = [(0, Cmp::Eq, mid), (1, Cmp::Le, mid - 1)];
        halves.push(SubProblem::Lines {
            bounds: bounds.into_iter().take(lines).collect(),
            weight: if lines == 1 { 1 } else { 2 },
        });
    }
    halves
}

/// Building a split was stopped by the cancel flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cancelled;

/// One unit of work: a sub-problem, or one prefix of it (the values of its
/// model's first variables, from [`Partition::prefixes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The sub-problem (an index into [`Split::sub_problems`]).
    pub sub_problem: usize,
    /// The unit's place in the split's order of all units.
    pub index: usize,
    /// The values of the model's first variables (empty: the whole
    /// sub-problem).
    pub prefix: Vec<i32>,
}

/// A count cut into units of work that depend only on the board, the
/// symmetry and how many units were asked for (see the [module
/// documentation](super)).
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::count::{Split, Symmetry};
/// let split = Split::new(Board::square(16)?, Symmetry::Full, 1024);
/// assert!(split.units().len() >= 1024);
/// assert_eq!(split.symmetry(), Symmetry::Full);
/// // Boards beyond 32 columns are counted without symmetry.
/// assert_eq!(Split::new(Board::new(3, 40)?, Symmetry::Full, 8).symmetry(), Symmetry::None);
/// # Ok::<(), nqueens::board::BoardError>(())
/// ```
pub struct Split {
    pub(super) board: Board,
    symmetry: Symmetry,
    sub_problems: Vec<SubProblem>,
    /// The models of the sub-problems cut into several units, built once
    /// and shared (`None` for the others, built by the unit that needs it).
    pub(super) shared: Vec<Option<Model>>,
    units: Vec<Unit>,
    total_units: usize,
    prefix_depth: usize,
}

impl Split {
    /// Every unit of `board`'s count under `symmetry`, at least
    /// `min_units` of them where the board has that many prefixes.
    ///
    /// ```
    /// use nqueens::board::Board;
    /// use nqueens::count::{Split, Symmetry};
    /// let split = Split::new(Board::square(8)?, Symmetry::None, 16);
    /// assert_eq!(split.units().len(), split.total_units());
    /// assert_eq!(split.sub_problems().len(), 1);
    /// # Ok::<(), nqueens::board::BoardError>(())
    /// ```
    pub fn new(board: Board, symmetry: Symmetry, min_units: usize) -> Split {
        Split::build(board, symmetry, min_units, None, &AtomicBool::new(false))
            .expect("never cancelled")
    }

    /// The units of `part`: of all units (at least [`PREFIXES_PER_PART`]
    /// per part where the board has that many), those whose index is the
    /// part's modulo the number of parts. Without symmetry this is the
    /// engine's own [`Partition`] of the board's model into that many parts.
    ///
    /// ```
    /// use nqueens::board::Board;
    /// use nqueens::count::{Split, Symmetry};
    /// use nqueens::parts::Part;
    /// let board = Board::square(10)?;
    /// let units: usize = (0..4)
    ///     .map(|i| Split::part(board, Symmetry::Full, Part::new(i, 4).unwrap()).units().len())
    ///     .sum();
    /// assert_eq!(units, Split::part(board, Symmetry::Full, Part::new(0, 4).unwrap()).total_units());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn part(board: Board, symmetry: Symmetry, part: Part) -> Split {
        Split::build_part(board, symmetry, part, &AtomicBool::new(false)).expect("never cancelled")
    }

    /// [`Split::part`], unless `cancel` is set while the board's model is
    /// built.
    pub(crate) fn build_part(
        board: Board,
        symmetry: Symmetry,
        part: Part,
        cancel: &AtomicBool,
    ) -> Result<Split, Cancelled> {
        let min_units = part.parts().saturating_mul(PREFIXES_PER_PART);
        Split::build(board, symmetry, min_units, Some(part), cancel)
    }

    /// The split; with `select`, only that part's units are kept.
    pub(crate) fn build(
        board: Board,
        symmetry: Symmetry,
        min_units: usize,
        select: Option<Part>,
        cancel: &AtomicBool,
    ) -> Result<Split, Cancelled> {
        let symmetry = if board.model_shape().1 > MAX_FRAMED_SIDE {
            Symmetry::None
        } else {
            symmetry
        };
        let sub_problems = SubProblem::of(board, symmetry);
        let kept = |index: usize| select.is_none_or(|p| index % p.parts() == p.index());
        let per_sub_problem = min_units.div_ceil(sub_problems.len().max(1));
        let mut split = Split {
            board,
            symmetry,
            shared: Vec::with_capacity(sub_problems.len()),
            units: Vec::new(),
            total_units: 0,
            prefix_depth: 0,
            sub_problems: Vec::new(),
        };
        for (sub, problem) in sub_problems.iter().enumerate() {
            if per_sub_problem <= 1 {
                // A whole sub-problem per unit; its model is built by the unit.
                if kept(split.total_units) {
                    split.units.push(Unit {
                        sub_problem: sub,
                        index: split.total_units,
                        prefix: Vec::new(),
                    });
                }
                split.total_units += 1;
                split.shared.push(None);
                continue;
            }
            let Some(model) = problem.model(board, cancel)? else {
                split.shared.push(None);
                continue; // no solution: no unit
            };
            let partition = Partition::with_min_prefixes(&model, 1, per_sub_problem)
                .expect("one part is a valid partition");
            split.prefix_depth = split.prefix_depth.max(partition.depth());
            for prefix in partition.prefixes() {
                if kept(split.total_units) {
                    split.units.push(Unit {
                        sub_problem: sub,
                        index: split.total_units,
                        prefix: prefix.into_iter().map(|(_, value)| value).collect(),
                    });
                }
                split.total_units += 1;
            }
            split.shared.push(Some(model));
        }
        split.sub_problems = sub_problems;
        Ok(split)
    }

    /// The symmetry used: the one asked for, or [`Symmetry::None`] on a
    /// board longer than [`MAX_FRAMED_SIDE`].
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// The board counted.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The sub-problems, in the split's order.
    pub fn sub_problems(&self) -> &[SubProblem] {
        &self.sub_problems
    }

    /// The units kept (all of them, or one part's), in the split's order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// How many units the whole split has (every part's).
    pub fn total_units(&self) -> usize {
        self.total_units
    }

    /// The deepest prefix any unit fixes (0 when every unit is a whole
    /// sub-problem).
    pub fn prefix_depth(&self) -> usize {
        self.prefix_depth
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_symmetry_the_parts_are_the_engines_partition() {
        let board = Board::square(9).unwrap();
        let model = board.model().model;
        for k in [1, 3, 7] {
            let partition = Partition::new(&model, k).unwrap();
            for i in 0..k {
                let split = Split::part(board, Symmetry::None, Part::new(i, k).unwrap());
                let ours: Vec<Vec<i32>> = split.units().iter().map(|u| u.prefix.clone()).collect();
                let engine: Vec<Vec<i32>> = partition
                    .part(i)
                    .unwrap()
                    .into_iter()
                    .map(|p| p.into_iter().map(|(_, v)| v).collect())
                    .collect();
                assert_eq!(ours, engine, "part {i} of {k}");
                assert_eq!(split.prefix_depth(), partition.depth());
            }
        }
    }

    #[test]
    fn many_frames_are_units_of_their_own() {
        let split = Split::new(Board::square(12).unwrap(), Symmetry::Full, 64);
        assert_eq!(split.prefix_depth(), 0);
        assert_eq!(split.units().len(), split.sub_problems().len());
        assert!(split.shared.iter().all(Option::is_none));
    }
}
