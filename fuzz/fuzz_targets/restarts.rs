//! Fuzzes the engine's `--restarts` spec. The checks are `csp_fuzz::restarts`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::restarts(data));
