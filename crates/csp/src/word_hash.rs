//! A hasher for the engine's own integer keys (variable indices and
//! sides, values): one rotate, xor and multiply per word, as rustc's
//! `FxHasher`. The keys never come from outside, so SipHash's defence
//! against chosen keys buys nothing, and its cost showed: 3 % of clause
//! learning's time on job shops, in the relaxation's set of open bounds.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher: a running word, mixed by multiplication.
#[derive(Default, Clone, Copy)]
pub(crate) struct WordHasher(u64);

/// An odd constant with well-spread bits (rustc's `FxHasher`'s).
const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(SEED);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(n.into());
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n.into());
    }

    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash set of the engine's own keys, hashed by [`WordHasher`].
pub(crate) type WordHashSet<K> = HashSet<K, BuildHasherDefault<WordHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    fn hash(key: impl Hash) -> u64 {
        let mut h = WordHasher::default();
        key.hash(&mut h);
        h.finish()
    }

    #[test]
    fn distinct_small_keys_hash_apart_and_equal_keys_alike() {
        let keys: Vec<(u32, bool)> = (0..1000).flat_map(|x| [(x, false), (x, true)]).collect();
        let mut hashes: Vec<u64> = keys.iter().map(hash).collect();
        assert_eq!(hash((7u32, true)), hash((7u32, true)));
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), keys.len());
    }

    #[test]
    fn a_set_finds_what_it_holds() {
        let mut set = WordHashSet::default();
        for x in (0..500u32).step_by(3) {
            set.insert((x, x % 2 == 0));
        }
        for x in 0..500u32 {
            assert_eq!(set.contains(&(x, x % 2 == 0)), x % 3 == 0);
        }
    }
}
