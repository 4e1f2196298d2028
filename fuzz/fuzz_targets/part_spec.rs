//! Fuzzes the nqueens `--part I/K` spec. The checks are `csp_fuzz::part_spec`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::part_spec(data));
