//! Fuzzes the FlatZinc reader (`fzn-csp`) and, for what it accepts, the
//! model and a bounded search. The checks are `csp_fuzz::flatzinc`, shared
//! with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::flatzinc(data));
