//! Fuzzes the nonogram reader (text and line by line) and, for what
//! parses, the model and a bounded search. The checks are
//! `csp_fuzz::nonogram`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::nonogram(data));
