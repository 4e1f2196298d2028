//! Edge finding for a cumulative resource (Vilím, "Edge Finding Filtering
//! Algorithm for Discrete Cumulative Resources in O(kn log n)", CP 2009),
//! on the busy tasks' bounds: each task's earliest start, latest
//! completion, least energy (least duration times least demand) and least
//! demand, and the capacity's greatest value (all of which only weaken the
//! rules, so variable amounts stay sound).
//!
//! * Overload: the tasks that must end by some task's latest completion
//!   (a prefix Θ in that order) need no more energy than the capacity
//!   gives from their earliest start on: `Env(Θ) <= C * lct_Θ`, where the
//!   envelope `Env(Θ)` is the greatest `C * est_Ω + e_Ω` over the sets Ω
//!   of Θ's tasks starting from some time.
//! * Detection: a task `i` outside Θ with `Env(Θ ∪ {i}) > C * lct_Θ` ends
//!   after every task of Θ (Θ ⋖ i). The Θ-Λ-tree (`theta_tree.rs`) finds,
//!   for each task, the largest such Θ in `O(n log n)` overall: the tasks
//!   leave Θ by decreasing latest completion, turning gray, and a gray
//!   task whose envelope overflows is the one responsible.
//! * Adjustment: then for every Ω ⊆ Θ whose energy leaves
//!   `rest(Ω, c_i) = e_Ω - (C - c_i)(lct_Ω - est_Ω) > 0` over for `i`'s
//!   demand, `i` starts no earlier than `est_Ω + ceil(rest / c_i)`. The
//!   best Ω is a task interval (the tasks of Θ within `[a, b]` for some
//!   earliest start `a` and latest completion `b`): per distinct demand
//!   among the detected tasks, one `O(n^2)` sweep of the intervals, its
//!   running maximum over the prefixes Θ.
//!
//! Run on the tasks and on their mirror image (time reversed), which gives
//! the latest completions. The caller keeps the values small enough for
//! `i64` ([`fits`]).

use crate::propagators::theta_tree::{sort_positions, Node, ThetaTree, NONE};
use crate::store::Wipeout;

/// A busy task as edge finding reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Task {
    /// Earliest start.
    pub est: i64,
    /// Latest completion.
    pub lct: i64,
    /// Least energy (least duration times least demand), positive.
    pub energy: i64,
    /// Least demand, positive.
    pub demand: i64,
}

impl Task {
    /// The same task with time reversed.
    fn mirror(&self) -> Task {
        Task {
            est: -self.lct,
            lct: -self.est,
            ..*self
        }
    }
}

/// Is edge finding over `tasks` with `capacity` safe in `i64`? Every
/// envelope and bound it computes stays below `2^60` in magnitude.
pub(crate) fn fits(tasks: &[Task], capacity: i64) -> bool {
    let limit = 1i128 << 58;
    let time = tasks
        .iter()
        .map(|t| (t.est as i128).abs().max((t.lct as i128).abs()))
        .max()
        .unwrap_or(0);
    let energy: i128 = tasks.iter().map(|t| t.energy as i128).sum();
    capacity >= 0 && (capacity as i128) * time < limit && energy < limit
}

/// Edge finding's reused buffers: `tasks` and the capacity in, `est` and
/// `lct` out.
#[derive(Default)]
pub(crate) struct EdgeFinding {
    pub tasks: Vec<Task>,
    /// The earliest starts and latest completions found.
    pub est: Vec<i64>,
    pub lct: Vec<i64>,
    mirror: Vec<Task>,
    tree: ThetaTree,
    by_est: Vec<u32>,
    by_lct: Vec<u32>,
    /// Each task's position in `by_lct`.
    rank: Vec<u32>,
    /// (demand, task, the last position of its Θ in `by_lct`).
    detected: Vec<(i64, u32, u32)>,
    /// Per position of `by_lct`: the best bound over its prefix.
    best: Vec<i64>,
}

impl EdgeFinding {
    /// Both directions' rules once on `tasks`: the earliest starts raised
    /// into `est`, the latest completions lowered into `lct`; fails on an
    /// overload.
    pub fn filter(&mut self, capacity: i64) -> Result<(), Wipeout> {
        debug_assert!(fits(&self.tasks, capacity));
        let tasks = std::mem::take(&mut self.tasks);
        let mut mirror = std::mem::take(&mut self.mirror);
        mirror.clear();
        mirror.extend(tasks.iter().map(Task::mirror));
        let (mut est, mut lct) = (std::mem::take(&mut self.est), std::mem::take(&mut self.lct));
        est.clear();
        est.extend(tasks.iter().map(|t| t.est));
        lct.clear();
        lct.extend(mirror.iter().map(|t| t.est));
        let outcome = self
            .side(&tasks, capacity, &mut est)
            .and_then(|()| self.side(&mirror, capacity, &mut lct));
        for v in &mut lct {
            *v = -*v;
        }
        (self.tasks, self.mirror, self.est, self.lct) = (tasks, mirror, est, lct);
        outcome
    }

    /// The rules in one direction of time: raises `est`.
    fn side(&mut self, tasks: &[Task], capacity: i64, est: &mut [i64]) -> Result<(), Wipeout> {
        let n = tasks.len();
        let order = |v: &mut Vec<u32>, key: &dyn Fn(&Task) -> i64| sort_positions(v, tasks, key);
        order(&mut self.by_est, &|t| t.est);
        order(&mut self.by_lct, &|t| t.lct);
        self.rank.clear();
        self.rank.resize(n, 0);
        for (pos, &i) in self.by_lct.iter().enumerate() {
            self.rank[i as usize] = pos as u32;
        }
        let envelope = |t: &Task| capacity * t.est + t.energy;

        // Overload and detection: Θ shrinks by decreasing latest
        // completion, the tasks leaving it turning gray.
        self.tree.reset(&self.by_est);
        self.tree
            .fill(tasks.iter().map(|t| Node::white(t.energy, envelope(t))));
        self.detected.clear();
        for k in (0..n).rev() {
            let j = self.by_lct[k] as usize;
            let bound = capacity * tasks[j].lct;
            if self.tree.root().envelope > bound {
                return Err(Wipeout);
            }
            while self.tree.root().envelope_bar > bound {
                let i = self.tree.root().resp_envelope;
                debug_assert!(i != NONE, "Θ alone fits, so a gray task overflows");
                if i == NONE {
                    return Err(Wipeout);
                }
                // Every bound the adjustment can give is at most Θ's
                // latest completion: a task starting there already
                // gains nothing.
                let t = &tasks[i as usize];
                if t.est < tasks[j].lct {
                    self.detected.push((t.demand, i, k as u32));
                }
                self.tree.remove(i as usize);
            }
            let t = &tasks[j];
            self.tree.set(j, Node::gray(t.energy, envelope(t), j));
        }

        // Adjustment, per distinct demand of the detected tasks.
        self.detected.sort_unstable();
        let mut from = 0;
        while from < self.detected.len() {
            let c = self.detected[from].0;
            let to = from + self.detected[from..].partition_point(|d| d.0 == c);
            let group = &self.detected[from..to];
            let last = group.iter().map(|d| d.2).max().unwrap_or(0);
            let earliest = group.iter().map(|d| tasks[d.1 as usize].est).min();
            let earliest = earliest.unwrap_or(i64::MIN);
            self.prefix_bounds(tasks, capacity, c, last as usize, earliest);
            for &(_, i, k) in &self.detected[from..to] {
                let i = i as usize;
                est[i] = est[i].max(self.best[k as usize]);
            }
            from = to;
        }
        Ok(())
    }

    /// Into `best[m]` for `m <= last`: the greatest
    /// `a + ceil(rest / c)` over the task intervals `[a, b]` (`b` a latest
    /// completion, the tasks among the first `m + 1` by latest completion)
    /// whose `rest = e - (C - c)(b - a)` is positive; `i64::MIN` if none.
    /// No prefix overloads, so `rest <= c (b - a)` and the bound is at most
    /// `b`: the prefixes ending by `earliest` (the least earliest start of
    /// the tasks to adjust) are skipped, as their bounds raise nothing.
    fn prefix_bounds(&mut self, tasks: &[Task], capacity: i64, c: i64, last: usize, earliest: i64) {
        self.best.clear();
        let mut running = i64::MIN;
        for m in 0..=last {
            let b = tasks[self.by_lct[m] as usize].lct;
            if b <= earliest {
                self.best.push(running);
                continue;
            }
            let mut energy = 0;
            for &l in self.by_est.iter().rev() {
                let l = l as usize;
                if self.rank[l] as usize > m {
                    continue;
                }
                energy += tasks[l].energy;
                let a = tasks[l].est;
                let rest = energy - (capacity - c) * (b - a);
                if rest > 0 {
                    running = running.max(a + div_ceil(rest, c));
                }
            }
            self.best.push(running);
        }
    }
}

/// `ceil(a / b)` for `a > 0`, `b > 0`.
fn div_ceil(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(est: i64, lct: i64, p: i64, c: i64) -> Task {
        Task {
            est,
            lct,
            energy: p * c,
            demand: c,
        }
    }

    fn run(tasks: &[Task], capacity: i64) -> Result<(Vec<i64>, Vec<i64>), Wipeout> {
        let mut ef = EdgeFinding {
            tasks: tasks.to_vec(),
            ..EdgeFinding::default()
        };
        ef.filter(capacity)?;
        Ok((ef.est, ef.lct))
    }

    #[test]
    fn a_task_that_overflows_with_a_set_goes_after_it() {
        // Two tasks filling capacity 2 for 2 each within [0, 5); a third of
        // demand 1 and duration 3 cannot end before them: 8 + 3 > 2 * 5.
        let tasks = [task(0, 5, 2, 2), task(0, 5, 2, 2), task(0, 10, 3, 1)];
        let (est, lct) = run(&tasks, 2).unwrap();
        // rest = 8 - (2 - 1) * 5 = 3: it starts at 3 or later.
        assert_eq!(est, vec![0, 0, 3]);
        assert_eq!(lct, vec![5, 5, 10]);
    }

    #[test]
    fn overload_fails() {
        let tasks = [task(0, 5, 2, 2), task(0, 5, 2, 2), task(0, 5, 3, 1)];
        assert!(run(&tasks, 2).is_err());
        assert!(run(&tasks, 3).is_ok());
    }

    #[test]
    fn the_mirror_lowers_latest_completions() {
        // The same as the first case with time reversed.
        let tasks = [task(5, 10, 2, 2), task(5, 10, 2, 2), task(0, 10, 3, 1)];
        let (est, lct) = run(&tasks, 2).unwrap();
        assert_eq!(est, vec![5, 5, 0]);
        assert_eq!(lct, vec![10, 10, 7]);
    }

    #[test]
    fn fits_refuses_what_could_overflow() {
        assert!(fits(&[task(0, 10, 2, 2)], 1 << 40));
        assert!(!fits(&[task(0, 1 << 30, 2, 2)], 1 << 40));
    }
}
