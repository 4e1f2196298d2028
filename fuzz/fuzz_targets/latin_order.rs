//! Fuzzes the Latin square order. The checks are `csp_fuzz::latin_order`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::latin_order(data));
