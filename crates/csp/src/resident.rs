//! The process's resident memory, for [`Limits::memory`](crate::Limits::memory):
//! read from `/proc/self/status` on Linux (elsewhere unknown, and the
//! limit never stops a search), at most once per [`EVERY`] however many
//! searches poll, since the limits are polled every few dozen
//! propagations and a read costs microseconds.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How old a reading may be.
const EVERY: Duration = Duration::from_millis(10);

/// When the first reading was asked for: the readings' clock.
static EPOCH: OnceLock<Instant> = OnceLock::new();
/// When the last reading was taken, in microseconds since [`EPOCH`]
/// (`u64::MAX`: never).
static READ_AT: AtomicU64 = AtomicU64::new(u64::MAX);
/// The last reading in bytes (`u64::MAX`: the system does not say).
static BYTES: AtomicU64 = AtomicU64::new(u64::MAX);

/// Polls between two looks at the clock in [`over`]: a poll comes every
/// 64 propagations, so most cost one counter increment.
const POLLS_PER_LOOK: u32 = 64;
static POLLS: AtomicU32 = AtomicU32::new(0);

/// Does the resident set pass `limit` bytes? Looks at the clock every
/// [`POLLS_PER_LOOK`] calls (the first included), and reads the system
/// when the reading is [`EVERY`] old; between looks, the last reading.
pub(crate) fn over(limit: u64) -> bool {
    let bytes = if POLLS
        .fetch_add(1, Ordering::Relaxed)
        .is_multiple_of(POLLS_PER_LOOK)
    {
        resident_bytes()
    } else {
        last_reading()
    };
    bytes.is_some_and(|b| b > limit)
}

/// The resident set in bytes, at most [`EVERY`] old; `None` where the
/// system does not say. (Racing threads may both read: harmless.)
pub(crate) fn resident_bytes() -> Option<u64> {
    let now = EPOCH.get_or_init(Instant::now).elapsed().as_micros() as u64;
    let at = READ_AT.load(Ordering::Relaxed);
    if at == u64::MAX || now.saturating_sub(at) >= EVERY.as_micros() as u64 {
        BYTES.store(read().unwrap_or(u64::MAX), Ordering::Relaxed);
        READ_AT.store(now, Ordering::Relaxed);
    }
    last_reading()
}

/// The last reading, if the system gave one.
fn last_reading() -> Option<u64> {
    Some(BYTES.load(Ordering::Relaxed)).filter(|&b| b != u64::MAX)
}

/// `VmRSS` of `/proc/self/status`, in bytes.
fn read() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn the_resident_set_counts_touched_memory() {
        assert!(resident_bytes().expect("Linux says") > 0);
        // 64 MiB written, then read again past the reading's age: the
        // block alone is resident (whatever other tests free meanwhile).
        let block = vec![1u8; 64 << 20];
        std::thread::sleep(EVERY * 2);
        let after = resident_bytes().expect("Linux says");
        assert!(after >= 64 << 20, "{after}");
        assert_eq!(block.iter().map(|&b| b as usize).sum::<usize>(), 64 << 20);
    }
}
