//! Fuzzes the nqueens part files that `merge` reads. The checks are `csp_fuzz::part_file`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::part_file(data));
