//! The reasons already found for literals still on the trail. A literal's
//! reasons (the trail positions its explanation rests on) depend only on
//! the literals before it, so they hold for as long as it stays on the
//! trail: an expensive lazy explanation (a unary resource's relaxation
//! reruns its rules a dozen times) is asked once, however many conflicts
//! and minimisations meet the literal again.

/// Reasons by trail position, in one arena.
#[derive(Default)]
pub(crate) struct ReasonCache {
    /// Per trail position: where its reasons start in `arena` and how
    /// many (`UNKNOWN` start: not asked yet).
    spans: Vec<(u32, u32)>,
    arena: Vec<u32>,
    /// How much of `arena` the spans still use.
    live: usize,
}

/// Not asked yet.
const UNKNOWN: u32 = u32::MAX;

/// The arena is compacted when it is this much larger than its live part
/// (and past `MIN_ARENA`): amortised, each kept reason is copied a bounded
/// number of times.
const SLACK: usize = 2;
const MIN_ARENA: usize = 1 << 14;

impl ReasonCache {
    /// The reasons of the literal at `p`, if already found.
    pub fn get(&self, p: u32) -> Option<&[u32]> {
        let &(start, len) = self.spans.get(p as usize)?;
        (start != UNKNOWN).then(|| &self.arena[start as usize..(start + len) as usize])
    }

    /// Keeps `reasons` as the literal at `p`'s.
    pub fn put(&mut self, p: u32, reasons: &[u32]) {
        let p = p as usize;
        if self.spans.len() <= p {
            self.spans.resize(p + 1, (UNKNOWN, 0));
        }
        let old = self.spans[p];
        if old.0 != UNKNOWN {
            self.live -= old.1 as usize;
        }
        self.spans[p] = (self.arena.len() as u32, reasons.len() as u32);
        self.arena.extend_from_slice(reasons);
        self.live += reasons.len();
    }

    /// The trail now ends at `len`: the literals from there on are gone
    /// (a later literal at the same position is another literal).
    pub fn truncate(&mut self, len: u32) {
        let len = len as usize;
        if self.spans.len() <= len {
            return;
        }
        for &(start, n) in &self.spans[len..] {
            if start != UNKNOWN {
                self.live -= n as usize;
            }
        }
        self.spans.truncate(len);
        if self.arena.len() > MIN_ARENA && self.arena.len() > SLACK * self.live {
            self.compact();
        }
    }

    /// Copies the live spans to a fresh arena.
    fn compact(&mut self) {
        let mut arena = Vec::with_capacity(self.live * SLACK);
        for span in &mut self.spans {
            if span.0 != UNKNOWN {
                let (start, n) = (span.0 as usize, span.1 as usize);
                span.0 = arena.len() as u32;
                arena.extend_from_slice(&self.arena[start..start + n]);
            }
        }
        self.arena = arena;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_reasons_until_their_literal_goes() {
        let mut c = ReasonCache::default();
        c.put(3, &[0, 1]);
        c.put(5, &[2]);
        assert_eq!(c.get(3), Some(&[0, 1][..]));
        assert_eq!(c.get(4), None);
        c.truncate(4);
        assert_eq!(c.get(3), Some(&[0, 1][..]));
        assert_eq!(c.get(5), None);
        c.put(5, &[3, 4]);
        assert_eq!(c.get(5), Some(&[3, 4][..]));
    }

    /// Compaction keeps every live span's reasons.
    #[test]
    fn compaction_keeps_the_live_spans() {
        let mut c = ReasonCache::default();
        for round in 0..40u32 {
            for p in 0..1000u32 {
                c.put(p, &[p, round, p + round]);
            }
            c.truncate(10);
            for p in 0..10u32 {
                assert_eq!(c.get(p), Some(&[p, round, p + round][..]));
            }
        }
        assert!(c.arena.len() <= MIN_ARENA + 3000 * SLACK);
    }
}
