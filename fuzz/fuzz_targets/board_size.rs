//! Fuzzes the nqueens board size (`8`, `5x3`, `5 3`). The checks are `csp_fuzz::board_size`, shared with the proptests.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_fuzz::board_size(data));
