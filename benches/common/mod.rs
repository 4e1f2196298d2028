//! Settings shared by the benches, so every run has the same budget: ten
//! samples, one second of warm-up and at most five seconds of measurement
//! per benchmark. Command-line flags (`--measurement-time 2`, `--quick`)
//! still override them, because no group sets its own.

use criterion::Criterion;
use std::time::Duration;

/// The criterion configuration of every bench in this directory.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
}
