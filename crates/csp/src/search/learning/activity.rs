//! Which variable a learning search decides next, and on which value:
//! variable activity (VSIDS: bumped for each variable in a conflict's
//! analysis, every bump worth more than the last, so old conflicts fade)
//! and phase saving (a variable takes again the value it last had).

use crate::store::Store;

/// Activities and saved phases.
pub(crate) struct Activity {
    score: Vec<f64>,
    phase: Vec<Option<i64>>,
    bump: f64,
}

/// How fast old bumps fade (each conflict divides the weight of all
/// earlier ones by this).
const DECAY: f64 = 0.95;

impl Activity {
    pub fn new(vars: usize) -> Activity {
        Activity {
            score: vec![0.0; vars],
            phase: vec![None; vars],
            bump: 1.0,
        }
    }

    /// Variable `x` took part in a conflict.
    pub fn bump(&mut self, x: u32) {
        self.score[x as usize] += self.bump;
        if self.score[x as usize] > 1e100 {
            for s in &mut self.score {
                *s *= 1e-100;
            }
            self.bump *= 1e-100;
        }
    }

    /// After each conflict.
    pub fn decay(&mut self) {
        self.bump /= DECAY;
    }

    /// Remembers `x`'s value (it is being undone).
    pub fn save(&mut self, x: u32, value: i64) {
        self.phase[x as usize] = Some(value);
    }

    /// The most active variable with more than one value left (the first
    /// of equals), and the value to try: its saved phase if still there,
    /// else its least. `None` when every variable is fixed.
    pub fn decision(&self, store: &Store) -> Option<(u32, i64)> {
        let mut best: Option<(u32, f64)> = None;
        for (x, &s) in self.score.iter().enumerate() {
            let x = x as u32;
            if store.size(x) > 1 && best.is_none_or(|(_, b)| s > b) {
                best = Some((x, s));
            }
        }
        let (x, _) = best?;
        let value = match self.phase[x as usize] {
            Some(v) if store.contains(x, v) => v,
            _ => store.min(x)?,
        };
        Some((x, value))
    }
}
