//! `nqueens merge`: add up the results of `--part` runs.

use nqueens::parts::{merge_files, MergeArgs};
use std::process::ExitCode;

/// Exit status when the parts cannot be merged (missing, duplicated,
/// incomplete, mismatched or unreadable).
const EXIT_BAD_PARTS: u8 = 1;

pub fn run(args: &MergeArgs) -> ExitCode {
    match merge_files(&args.files) {
        Ok(merged) => {
            println!("{}", merged.summary());
            if args.stats {
                eprint!("{}", merged.stats_table());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("nqueens: error: {e}");
            ExitCode::from(EXIT_BAD_PARTS)
        }
    }
}
