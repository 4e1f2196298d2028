//! Look-back (Prosser's conflict-directed backjumping, and nogood
//! learning on top of it): each level's conflict set, what a rejected
//! value adds to it, and where a dead end jumps.
//!
//! Levels are frame indices (depth minus one). A level's conflict set
//! holds the earlier levels whose assignments took part in rejecting its
//! values: for each rejected value, the reason whose deepest level is the
//! shallowest among the constraints (and nogoods) it violates, which is
//! Prosser's earliest conflicting variable for binary constraints. A
//! pairwise disequality gives the one variable it clashes with, another
//! constraint the rest of its scope, a nogood its other assignments. When
//! the level's values run out the search jumps to the deepest level of the
//! set, which inherits the rest of it (the loop does the jump:
//! `search_loop.rs`).
//!
//! A level with a solution below it, or whose value was rejected by
//! branch and bound's objective bound (no constraint of the model), is
//! *chronological*: its set stands for every earlier level, so it goes
//! back one level and its dead end is no nogood. The flag passes to the
//! level it goes back to.

use super::nogoods::Nogoods;
use super::Search;
use crate::observer::Observer;
use crate::propagators::all_different::each_clash;
use crate::var::VarId;

/// The conflict sets of a search's levels, and the learned nogoods.
pub(crate) struct LookBack {
    /// Per level: the earlier levels of its conflict set, ascending.
    sets: Vec<Vec<u32>>,
    /// Per level: its set stands for every earlier level.
    chronological: Vec<bool>,
    /// Nogood learning's store (`None`: backjumping only).
    pub nogoods: Option<Nogoods>,
    /// The nogood being learned (reused).
    learned: Vec<(VarId, i32)>,
    /// The same, by variable index (reused).
    indices: Vec<(u32, i32)>,
}

/// Why a value was rejected, with the deepest earlier level involved
/// plus one (0: none; the value is impossible whatever came before).
#[derive(Clone, Copy)]
enum Reason {
    /// Nothing earlier: two views of the variable itself clash.
    Alone,
    /// The assignment at this level.
    Level(u32),
    /// The rest of this constraint's scope.
    Scope(u32),
    /// The other assignments of this nogood.
    Nogood(u32),
}

impl LookBack {
    /// Conflict sets for `vars` levels; with a nogood store if `learning`.
    pub fn new(vars: usize, learning: bool) -> LookBack {
        LookBack {
            sets: (0..vars).map(|_| Vec::new()).collect(),
            chronological: vec![false; vars],
            nogoods: learning.then(|| Nogoods::new(vars)),
            learned: Vec::new(),
            indices: Vec::new(),
        }
    }

    /// Forgets the nogoods (a fresh search of the same model: other
    /// assumptions may hold).
    pub fn clear(&mut self) {
        if let Some(nogoods) = &mut self.nogoods {
            nogoods.clear();
        }
    }

    /// A level opens: its conflict set starts empty.
    pub fn open(&mut self, level: usize) {
        self.sets[level].clear();
        self.chronological[level] = false;
    }

    /// `level` must go back chronologically (a solution below it, or a
    /// value the objective's bound rejected).
    pub fn make_chronological(&mut self, level: usize) {
        self.chronological[level] = true;
    }

    /// Adds `earlier` to `level`'s conflict set.
    fn add(&mut self, level: usize, earlier: u32) {
        let set = &mut self.sets[level];
        if let Err(at) = set.binary_search(&earlier) {
            set.insert(at, earlier);
        }
    }

    /// Where the dead end at `level` (values exhausted) goes back to: the
    /// deepest level of its conflict set, or `None` when the set is empty
    /// (no solution is left anywhere).
    pub fn target(&self, level: usize) -> Option<usize> {
        if self.chronological[level] {
            return level.checked_sub(1);
        }
        self.sets[level].last().map(|&h| h as usize)
    }

    /// The dead end at `level` goes back to `to`, which inherits the rest
    /// of its conflict set (and its being chronological).
    pub fn merge(&mut self, level: usize, to: usize) {
        if self.chronological[level] {
            self.chronological[to] = true;
        }
        let set = std::mem::take(&mut self.sets[level]);
        for &h in set.iter().filter(|&&h| (h as usize) < to) {
            self.add(to, h);
        }
        self.sets[level] = set;
    }
}

impl<O: Observer> Search<'_, O> {
    /// `var`, the variable of level `top`, was just rejected (its value
    /// still set): adds the reason to the level's conflict set.
    pub(crate) fn note_conflict(&mut self, top: usize, var: u32) {
        let Some(mut look_back) = self.look_back.take() else {
            return;
        };
        let model = self.model;
        let (values, assigned, order_at) = (&self.values, &self.assigned, &self.order_at);
        // The shallowest reason: (deepest level + 1, reason).
        let mut best: Option<(u32, Reason)> = None;
        let mut consider = |deepest: u32, reason: Reason| {
            if best.is_none_or(|(d, _)| deepest < d) {
                best = Some((deepest, reason));
            }
        };
        let depth_of = |x: u32| {
            if x == var {
                0
            } else {
                order_at[x as usize] + 1
            }
        };
        let mut checks = 0;
        for &c in model.constraints_of(var) {
            let con = &model.constraints()[c as usize];
            if con.decomposes_pairwise() {
                let mut earliest = None;
                each_clash(
                    con,
                    var,
                    |x| values[x as usize],
                    |x| assigned[x as usize],
                    &mut checks,
                    |x| {
                        let d = depth_of(x);
                        earliest = Some(earliest.map_or(d, |e: u32| e.min(d)));
                        false
                    },
                );
                if let Some(d) = earliest {
                    let reason = match d {
                        0 => Reason::Alone,
                        _ => Reason::Level(d - 1),
                    };
                    consider(d, reason);
                }
            } else if self.occupancy.unassigned_vars[c as usize] == 0 {
                checks += 1;
                if !self.props[c as usize].check(values, &mut self.scratch) {
                    let deepest = con.vars.iter().map(|&x| depth_of(x)).max().unwrap_or(0);
                    consider(deepest, Reason::Scope(c));
                }
            }
        }
        if let Some(nogoods) = &look_back.nogoods {
            let value = values[var as usize];
            nogoods.each_violated(var, value, values, assigned, &mut checks, |id| {
                let lits = nogoods.literals(id);
                let deepest = lits.iter().map(|&(x, _)| depth_of(x)).max().unwrap_or(0);
                consider(deepest, Reason::Nogood(id));
                false
            });
        }
        self.stats.checks += checks;
        match best {
            // The objective's bound (or nothing the model says) rejected it.
            None => look_back.make_chronological(top),
            Some((_, Reason::Alone)) => {}
            Some((_, Reason::Level(h))) => look_back.add(top, h),
            Some((_, Reason::Scope(c))) => {
                for &x in &model.constraints()[c as usize].vars {
                    if x != var {
                        look_back.add(top, order_at[x as usize]);
                    }
                }
            }
            Some((_, Reason::Nogood(id))) => {
                let nogoods = look_back.nogoods.take().expect("a nogood store");
                for &(x, _) in nogoods.literals(id) {
                    if x != var {
                        look_back.add(top, order_at[x as usize]);
                    }
                }
                look_back.nogoods = Some(nogoods);
            }
        }
        self.look_back = Some(look_back);
    }

    /// Nogood learning's check of the new assignment `var = value`: false
    /// if it completes a learned nogood.
    pub(crate) fn nogoods_allow(&mut self, var: u32) -> bool {
        let Some(nogoods) = self.look_back.as_ref().and_then(|l| l.nogoods.as_ref()) else {
            return true;
        };
        let value = self.values[var as usize];
        !nogoods.each_violated(
            var,
            value,
            &self.values,
            &self.assigned,
            &mut self.stats.checks,
            |_| true,
        )
    }

    /// The dead end at level `top` (values exhausted, its frame closed):
    /// learns its nogood (nogood learning, unless chronological) and says
    /// where it goes back to (see [`LookBack::target`]), having merged its
    /// conflict set there.
    pub(crate) fn dead_end(&mut self, top: usize) -> Option<usize> {
        let mut look_back = self.look_back.take().expect("a look-back search");
        let target = look_back.target(top);
        let learns = !look_back.chronological[top] && target.is_some();
        if let Some(nogoods) = look_back.nogoods.as_mut().filter(|_| learns) {
            look_back.learned.clear();
            look_back.indices.clear();
            for &h in &look_back.sets[top] {
                let x = self.order[h as usize];
                let value = self.values[x as usize];
                look_back.learned.push((self.var_id(x), value));
                look_back.indices.push((x, value));
            }
            if nogoods.record(&look_back.indices) {
                self.stats.nogoods += 1;
                self.observer.learn(&look_back.learned);
            }
        }
        if let Some(to) = target {
            look_back.merge(top, to);
        }
        self.look_back = Some(look_back);
        target
    }
}
