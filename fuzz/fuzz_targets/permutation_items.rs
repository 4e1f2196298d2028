//! Fuzzes the permutation items. The checks are `csp_fuzz::permutation_items`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::permutation_items(data));
