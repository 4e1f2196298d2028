//! Fuzzes the DIMACS `.col` graph parser and, for what parses, the model and a
//! bounded search. The checks are `csp_fuzz::dimacs`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::dimacs(data));
