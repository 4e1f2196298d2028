//! When the learning search restarts: a failure schedule
//! ([`Restarts`]: Luby's by default under free search), Glucose's rule on
//! the learned clauses' LBD ([`LbdRestarts`]), or never (the clause
//! database is cut where the search stands).

use crate::{LbdRestarts, Restarts};

/// The learning search's restart rule and what it has counted.
pub(crate) enum Rule {
    /// None (the default while following the branching).
    Never,
    /// After the run's failure cutoff.
    Schedule(Restarts),
    /// Glucose's rule.
    Lbd(Glucose),
}

impl Rule {
    /// A conflict that learned a clause of `lbd` with `trail` literals on
    /// the trail.
    pub fn conflict(&mut self, lbd: u32, trail: u32) {
        if let Rule::Lbd(g) = self {
            g.conflict(lbd, trail);
        }
    }

    /// Is a restart due, `conflicts` into run `run`?
    pub fn due(&self, run: u64, conflicts: u64) -> bool {
        match self {
            Rule::Never => false,
            Rule::Schedule(r) => conflicts >= r.cutoff(run),
            Rule::Lbd(g) => g.due(),
        }
    }

    /// The search restarted.
    pub fn restarted(&mut self) {
        if let Rule::Lbd(g) = self {
            g.restarted();
        }
    }
}

/// The last `n` values of a series and their sum.
struct Window {
    values: Vec<u64>,
    next: usize,
    full: bool,
    sum: u64,
}

impl Window {
    fn new(n: u64) -> Window {
        Window {
            values: vec![0; n.clamp(1, 1 << 20) as usize],
            next: 0,
            full: false,
            sum: 0,
        }
    }

    fn push(&mut self, v: u64) {
        self.sum = self.sum - self.values[self.next] + v;
        self.values[self.next] = v;
        self.next += 1;
        if self.next == self.values.len() {
            self.next = 0;
            self.full = true;
        }
    }

    /// The mean, once `n` values came.
    fn mean(&self) -> Option<f64> {
        self.full
            .then(|| self.sum as f64 / self.values.len() as f64)
    }

    fn clear(&mut self) {
        self.values.fill(0);
        (self.next, self.full, self.sum) = (0, false, 0);
    }
}

/// Glucose's restart state (see [`LbdRestarts`]).
pub(crate) struct Glucose {
    settings: LbdRestarts,
    /// The recent LBDs (cleared at each restart and blocked restart).
    recent: Window,
    /// Every LBD's sum and count.
    total: (u64, u64),
    /// The recent trail sizes.
    trails: Window,
    /// Conflicts since the last restart (or blocked restart).
    since: u64,
    restarts: u64,
}

impl Glucose {
    pub fn new(settings: LbdRestarts) -> Glucose {
        Glucose {
            recent: Window::new(settings.window),
            trails: Window::new(settings.blocking_window),
            settings,
            total: (0, 0),
            since: 0,
            restarts: 0,
        }
    }

    fn conflict(&mut self, lbd: u32, trail: u32) {
        let blocks = self.may_restart()
            && (self.trails.mean())
                .is_some_and(|m| trail as f64 > self.settings.blocking_factor * m);
        self.trails.push(u64::from(trail));
        self.recent.push(u64::from(lbd));
        self.total.0 += u64::from(lbd);
        self.total.1 += 1;
        self.since += 1;
        if blocks {
            // Close to a solution, perhaps: no restart for another window.
            self.since = 0;
            self.recent.clear();
        }
    }

    /// Past the first delay and a window since the last restart.
    fn may_restart(&self) -> bool {
        let first = self.restarts == 0 && self.since < self.settings.first;
        !first && self.since >= self.settings.window.max(1)
    }

    fn due(&self) -> bool {
        let overall = self.total.0 as f64 / self.total.1.max(1) as f64;
        self.may_restart()
            && (self.recent.mean()).is_some_and(|m| m > self.settings.lbd_factor * overall)
    }

    fn restarted(&mut self) {
        self.restarts += 1;
        self.since = 0;
        self.recent.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glucose(first: u64) -> Glucose {
        Glucose::new(LbdRestarts {
            window: 4,
            lbd_factor: 1.25,
            blocking_window: 8,
            blocking_factor: 1.4,
            first,
        })
    }

    #[test]
    fn restarts_when_recent_clauses_are_worse_than_usual() {
        let mut g = glucose(0);
        for _ in 0..20 {
            g.conflict(4, 10);
        }
        assert!(!g.due(), "steady LBDs: no restart");
        for _ in 0..4 {
            g.conflict(12, 10);
        }
        assert!(g.due(), "recent LBD 12 against a mean of 5.3");
        g.restarted();
        assert!(!g.due(), "not within a window of a restart");
    }

    #[test]
    fn waits_for_the_first_delay() {
        let mut g = glucose(30);
        for _ in 0..20 {
            g.conflict(2, 10);
        }
        for _ in 0..5 {
            g.conflict(20, 10);
        }
        assert!(!g.due(), "25 conflicts of the 30 before the first restart");
        for _ in 0..5 {
            g.conflict(20, 10);
        }
        assert!(g.due());
    }

    #[test]
    fn a_long_trail_puts_a_restart_off() {
        let mut g = glucose(0);
        for _ in 0..20 {
            g.conflict(2, 10);
        }
        for _ in 0..3 {
            g.conflict(20, 10);
        }
        g.conflict(20, 100); // a trail ten times the mean
        assert!(!g.due(), "blocked: the recent LBDs cleared");
        for _ in 0..4 {
            g.conflict(20, 10);
        }
        assert!(g.due(), "a window later, still worse than usual");
    }

    #[test]
    fn the_schedule_and_never() {
        let luby = Rule::Schedule(Restarts::Luby { scale: 10 });
        assert!(!luby.due(1, 9) && luby.due(1, 10) && !luby.due(3, 19) && luby.due(3, 20));
        assert!(!Rule::Never.due(1, u64::MAX));
    }
}
