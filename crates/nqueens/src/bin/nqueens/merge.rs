//! `nqueens merge`: add up the results of `--part` runs.

use nqueens::parts::{merge_files, MergeArgs};
use std::io::Write;
use std::process::ExitCode;

/// Exit status when the parts cannot be merged (missing, duplicated,
/// incomplete, mismatched or unreadable).
const EXIT_BAD_PARTS: u8 = 1;

pub fn run(args: &MergeArgs) -> ExitCode {
    match merge_files(&args.files) {
        Ok(merged) => {
            let printed = writeln!(std::io::stdout(), "{}", merged.summary());
            if let Some(e) = printed.err().filter(|e| !crate::is_closed_pipe(e)) {
                eprintln!("nqueens: error: cannot write the total: {e}");
                return ExitCode::from(EXIT_BAD_PARTS);
            }
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
