//! Fuzzes the engine's `--time-limit` duration. The checks are `csp_fuzz::duration`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::duration(data));
