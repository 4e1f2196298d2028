//! The default command: solve a board, stream what is found, summarise.

use crate::progress::Progress;
use nqueens::approach::{ApproachError, Goal, Plan, Report};
use nqueens::cli::output::Printer;
use nqueens::cli::{Solve, SolveArgs};
use nqueens::files::{self, AtomicFile};
use nqueens::parts::{solve_part, Part};
use nqueens::render::Format;
use nqueens::trace::{board_trace, TraceFormat};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Boards with this many queens or more show progress while counting.
const PROGRESS_FROM_QUEENS: usize = 14;

const EXIT_WRITE_FAILED: u8 = 1;
/// The conventional status of a program stopped by SIGINT (128 + 2).
const EXIT_INTERRUPTED: u8 = 130;

/// Why a run did not finish normally.
enum Failure {
    Write(io::Error),
    Approach(ApproachError),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Write(e)
    }
}

impl From<ApproachError> for Failure {
    fn from(e: ApproachError) -> Failure {
        Failure::Approach(e)
    }
}

pub fn run(args: &SolveArgs) -> ExitCode {
    let solve = match args.resolve() {
        Ok(solve) => solve,
        Err(err) => return crate::usage_error(&err),
    };
    // A part is a fraction of the work the warning estimates.
    let warning = solve.plan.slow_warning(solve.board);
    if let Some(warning) = warning.filter(|_| solve.part.is_none()) {
        eprintln!("nqueens: warning: {warning}");
    }
    // `cancel` stops the engine (Ctrl-C, or a trace into a closed pipe);
    // `interrupted` remembers that it was Ctrl-C.
    let cancel = Arc::new(AtomicBool::new(false));
    let interrupted = Arc::new(AtomicBool::new(false));
    install_interrupt_handler(&solve.plan, cancel.clone(), interrupted.clone());
    let mut plan = solve.plan.clone();
    plan.limits.cancel = Some(cancel.clone());
    if let Some(part) = solve.part {
        return counted_part(&plan, &solve, part, &interrupted);
    }

    let out = match &solve.out {
        None => Output::Stdout(BufWriter::new(io::stdout().lock())),
        Some(path) => match AtomicFile::create(path) {
            Ok(file) => Output::File(file),
            Err(e) => {
                eprintln!("nqueens: error: cannot create {}: {e}", path.display());
                return ExitCode::from(EXIT_WRITE_FAILED);
            }
        },
    };
    let result = match solve.trace {
        Some(format) => traced(&plan, &solve, format, out, cancel),
        None => listed(&plan, &solve, out),
    }
    .and_then(|(report, to_stderr, out)| Ok((report, to_stderr, out.finish()?)));
    match result {
        Ok((report, to_stderr, ())) => {
            if let Some(text) = to_stderr {
                eprint!("{text}");
            }
            if solve.stats {
                eprint!("{}", report.work_table());
            }
            if interrupted.load(Ordering::Relaxed) {
                eprintln!("nqueens: interrupted by Ctrl-C: the count above is partial");
                ExitCode::from(EXIT_INTERRUPTED)
            } else {
                ExitCode::SUCCESS
            }
        }
        // The reader went away (`nqueens 14 | head`): nothing left to say.
        Err(Failure::Write(e)) if crate::is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(Failure::Write(e)) => {
            eprintln!("nqueens: error: cannot write the output: {e}");
            ExitCode::from(EXIT_WRITE_FAILED)
        }
        Err(Failure::Approach(e)) => {
            crate::usage_error(&nqueens::cli::CliError::Usage(e.to_string()))
        }
    }
}

/// Counts one part of the search and writes its JSON result: atomically to
/// `--out`, or to stdout. A part stopped by Ctrl-C is written as incomplete.
fn counted_part(plan: &Plan, solve: &Solve, part: Part, interrupted: &AtomicBool) -> ExitCode {
    // Found out before the count rather than after hours of it.
    let parent = solve.out.as_deref().and_then(Path::parent);
    if let Some(dir) = parent.filter(|d| !d.as_os_str().is_empty() && !d.is_dir()) {
        eprintln!(
            "nqueens: error: cannot write to {}: no such directory",
            dir.display()
        );
        return ExitCode::from(EXIT_WRITE_FAILED);
    }
    if let Some(path) = solve.out.as_deref()
        && let Err(e) = files::replaceable(path)
    {
        eprintln!("nqueens: error: cannot write {}: {e}", path.display());
        return ExitCode::from(EXIT_WRITE_FAILED);
    }
    let result = match solve_part(solve.board, plan, part) {
        Ok(result) => result,
        Err(e) => return crate::usage_error(&nqueens::cli::CliError::Usage(e.to_string())),
    };
    let written = match &solve.out {
        Some(path) => result.write_atomically(path),
        None => io::stdout().lock().write_all(result.to_json().as_bytes()),
    };
    if let Some(e) = written.err().filter(|e| !crate::is_closed_pipe(e)) {
        let to = solve
            .out
            .as_deref()
            .map_or("the part result".to_string(), |p| p.display().to_string());
        eprintln!("nqueens: error: cannot write {to}: {e}");
        return ExitCode::from(EXIT_WRITE_FAILED);
    }
    if solve.stats {
        eprint!("{}", result.stats_table());
    }
    if interrupted.load(Ordering::Relaxed) {
        eprintln!("nqueens: interrupted by Ctrl-C: part {part} is written as incomplete");
        return ExitCode::from(EXIT_INTERRUPTED);
    }
    ExitCode::SUCCESS
}

/// Ctrl-C sets the cancel flag of engine searches, which then stop with
/// their partial result; the other approaches cannot stop midway, so the
/// process ends at once.
fn install_interrupt_handler(plan: &Plan, cancel: Arc<AtomicBool>, interrupted: Arc<AtomicBool>) {
    let approach = plan.approach;
    let handler = move || {
        if approach.is_cancellable() {
            interrupted.store(true, Ordering::Relaxed);
            cancel.store(true, Ordering::Relaxed);
        } else {
            eprintln!(
                "\nnqueens: interrupted: the {approach} strategy cannot stop midway, no result"
            );
            std::process::exit(EXIT_INTERRUPTED.into());
        }
    };
    if let Err(e) = ctrlc::set_handler(handler) {
        eprintln!("nqueens: warning: Ctrl-C will not stop cleanly: {e}");
    }
}

/// Where the listing goes: stdout, or `--out FILE`, renamed into place
/// when complete (see [`AtomicFile`]).
enum Output<'a> {
    Stdout(BufWriter<io::StdoutLock<'a>>),
    File(AtomicFile),
}

impl Output<'_> {
    /// Flushes stdout, or puts the file in place.
    fn finish(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut out) => out.flush(),
            Output::File(file) => file.commit(),
        }
    }
}

impl Write for Output<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(out) => out.write(buf),
            Output::File(file) => file.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.flush(),
            Output::File(file) => file.flush(),
        }
    }
}

/// What a run returns: its report, text for stderr, and the output.
type Ran<W> = (Report, Option<String>, W);

/// Lists (or counts) solutions through a [`Printer`].
fn listed<W: Write>(plan: &Plan, solve: &Solve, out: W) -> Result<Ran<W>, Failure> {
    let listing = plan.goal != Goal::Count;
    // A spinner between solution lines on the same terminal would garble them.
    let quiet_stdout = !listing || solve.out.is_some() || !io::stdout().is_terminal();
    let progress = Progress::new(
        plan.goal != Goal::First && solve.board.queens() >= PROGRESS_FROM_QUEENS && quiet_stdout,
    );
    let mut printer = Printer::new(out, solve.format);
    let mut write_error = None;
    let report = if plan.splits_count() {
        plan.count_with_progress(solve.board, &|done, total| progress.units(done, total))
    } else {
        plan.for_each(solve.board, |found| {
            progress.solutions(found.index());
            if listing && let Err(e) = printer.solution(&found) {
                write_error = Some(e);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })
    };
    progress.clear();
    let report = report?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let (out, to_stderr) = printer.finish(&report, plan)?;
    Ok((report, to_stderr, out))
}

/// Runs the search with the board trace as its observer, then the summary.
fn traced<W: Write>(
    plan: &Plan,
    solve: &Solve,
    format: TraceFormat,
    out: W,
    cancel: Arc<AtomicBool>,
) -> Result<Ran<W>, Failure> {
    let trace = board_trace(solve.board, format, out).cancel_on_error(cancel);
    let (report, trace) = plan.run(solve.board, trace, |_| ControlFlow::Continue(()))?;
    let out = trace.finish()?;
    // The summary is written as a listing would write it.
    let summary_format = match format {
        TraceFormat::Text => Format::Columns,
        TraceFormat::Json => Format::Json,
    };
    let (out, to_stderr) = Printer::new(out, summary_format).finish(&report, plan)?;
    Ok((report, to_stderr, out))
}
