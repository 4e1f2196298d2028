//! Fuzzes the capped line reader (sudoku stdin, DIMACS files). The checks are `csp_fuzz::lines_capped`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::lines_capped(data));
