//! The command-line plumbing every example shares: the engine's search
//! options (strategy, orders, limits) plus `--stats`, each puzzle's default
//! settings, the error type with its exit status, buffered stdout that
//! treats a closed pipe (`| head`) as a normal end, and Ctrl-C, which stops
//! the search and keeps what it found (exit status 130, as `nqueens`).

use clap::Args;
use csp::{
    Limits, Model, ModelError, Observer, Outcome, Search, Solver, Stats, Status, StopReason,
    Strategy, ValueOrder, VarOrder,
};
use csp_front::cli::{LimitArgs, OrderArgs, StrategyArg};
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Stdout, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The search options of every example: `--strategy`, the ordering options,
/// the limits and `--stats`.
///
/// ```
/// use clap::Parser;
/// use csp_workspace::cli::{Defaults, SearchArgs};
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] search: SearchArgs }
///
/// let cli = Cli::parse_from(["prog", "--strategy", "backtracking", "--stats"]);
/// assert!(cli.search.stats);
/// let model = csp::Model::new();
/// let solver = cli.search.solver(&model, Defaults::default());
/// assert_eq!(solver.get_strategy(), csp::Strategy::Backtracking);
/// ```
#[derive(Args, Clone, Debug, Default)]
pub struct SearchArgs {
    /// `--strategy` (the engine's shared option).
    #[command(flatten)]
    pub strategy: StrategyArg,
    /// `--var-order`, `--value-order`, `--seed`, `--restarts`.
    #[command(flatten)]
    pub order: OrderArgs,
    /// `--node-limit`, `--fail-limit`, `--time-limit`.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print the search statistics on stderr
    #[arg(long)]
    pub stats: bool,
    /// `--replay FILE`, `--max-events N`: the search as a page for the browser.
    #[command(flatten)]
    pub replay: csp_front::cli::ReplayArgs,
}

/// A puzzle's own choice of strategy and orders, used for whatever the
/// command line leaves unsaid.
///
/// ```
/// let d = csp_workspace::cli::Defaults::default();
/// assert_eq!(d.strategy, csp::Strategy::ArcConsistency);
/// assert_eq!(d.var_order, csp::VarOrder::SmallestDomain);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defaults {
    /// Pruning strategy.
    pub strategy: Strategy,
    /// Variable order.
    pub var_order: VarOrder,
    /// Value order.
    pub value_order: ValueOrder,
}

impl Default for Defaults {
    /// Arc consistency with smallest-domain-first and ascending values: the
    /// strongest general-purpose setting.
    fn default() -> Defaults {
        Defaults {
            strategy: Strategy::ArcConsistency,
            var_order: VarOrder::SmallestDomain,
            value_order: ValueOrder::Ascending,
        }
    }
}

impl fmt::Display for Defaults {
    /// `arc-consistency, smallest-domain, ascending`.
    ///
    /// ```
    /// let d = csp_workspace::cli::Defaults::default();
    /// assert_eq!(d.to_string(), "--strategy arc-consistency --var-order smallest-domain --value-order ascending");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--strategy {} --var-order {} --value-order {}",
            self.strategy, self.var_order, self.value_order
        )
    }
}

/// Parses the command line into `C`, with the program's default search
/// settings shown at the end of `--help` (clap exits with status 2 on
/// usage errors, 0 after `--help`).
///
/// ```no_run
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] search: csp_workspace::cli::SearchArgs }
/// let cli: Cli = csp_workspace::cli::parse(&csp_workspace::cli::Defaults::default().to_string());
/// ```
pub fn parse<C: clap::Parser>(defaults: &str) -> C {
    let command = C::command();
    let _ = PROGRAM.set(command.get_name().to_owned());
    let parsed = command
        .after_help(format!(
            "Default search: {defaults}\n\
             Ctrl-C stops the search and prints what it found, marked partial (exit status 130)."
        ))
        .try_get_matches()
        .and_then(|matches| C::from_arg_matches(&matches));
    parsed.unwrap_or_else(|e| {
        if !e.use_stderr() {
            e.exit() // --help and --version print to stdout and succeed
        }
        error(csp_front::cli::usage_message(&e));
        std::process::exit(2)
    })
}

/// An example's whole `main`: parses `C` (with `defaults` shown in
/// `--help`, as [`parse`]), then runs `body` through [`run`].
///
/// ```no_run
/// use clap::Parser;
/// use csp_workspace::cli::{self, CliError, Defaults, Out, SearchArgs};
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] search: SearchArgs }
/// fn body(cli: &Cli, out: &mut Out) -> Result<(), CliError> { Ok(()) }
/// fn main() -> std::process::ExitCode { cli::main(Defaults::default(), body) }
/// ```
pub fn main<C: clap::Parser>(
    defaults: Defaults,
    body: impl FnOnce(&C, &mut Out) -> Result<(), CliError>,
) -> ExitCode {
    let cli: C = parse(&defaults.to_string());
    run(|out| body(&cli, out))
}

/// The program's name, set by [`parse`] (`sudoku`, `coloring`, ...).
static PROGRAM: OnceLock<String> = OnceLock::new();

/// The name errors are prefixed with: the one [`parse`] was given, or the
/// executable's file name.
///
/// ```
/// assert!(!csp_workspace::cli::program().is_empty());
/// ```
pub fn program() -> &'static str {
    PROGRAM.get_or_init(|| {
        std::env::args_os()
            .next()
            .map(std::path::PathBuf::from)
            .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "error".to_owned())
    })
}

/// Prints `<program>: error: <message>` on stderr, the form every command
/// of the project uses (`nqueens: error: ...`), on one line: line breaks
/// the message quotes from the input are shown as `\n` and `\r`.
///
/// ```
/// csp_workspace::cli::error("line 3: not valid UTF-8");
/// ```
pub fn error(message: impl fmt::Display) {
    eprintln!("{}: error: {}", program(), one_line(&message.to_string()));
}

/// `text` with its line breaks written as `\n` and `\r`.
///
/// ```
/// assert_eq!(csp_workspace::cli::one_line("bad 'A\nB'"), "bad 'A\\nB'");
/// ```
pub fn one_line(text: &str) -> String {
    text.replace('\r', "\\r").replace('\n', "\\n")
}

impl SearchArgs {
    /// A solver for `model`: the puzzle's defaults, overridden by the
    /// options given, with the limits asked for.
    ///
    /// ```
    /// use csp_workspace::cli::{Defaults, SearchArgs};
    /// let model = csp::Model::new();
    /// let args = SearchArgs::default();
    /// let solver = args.solver(&model, Defaults { var_order: csp::VarOrder::Input, ..Defaults::default() });
    /// assert_eq!(solver.get_var_order(), csp::VarOrder::Input);
    /// ```
    pub fn solver<'m>(&self, model: &'m Model, defaults: Defaults) -> Solver<'m> {
        let solver = Solver::new(model)
            .strategy(self.strategy.or(defaults.strategy))
            .var_order(defaults.var_order)
            .value_order(defaults.value_order)
            .limits(self.limits());
        self.order.apply(solver)
    }

    /// The limits from the command line (no solution limit), with the
    /// program's Ctrl-C flag ([`cancel_flag`]) as the cancel flag.
    ///
    /// ```
    /// let args = csp_workspace::cli::SearchArgs::default();
    /// assert!(args.limits().nodes.is_none());
    /// assert!(args.limits().cancel.is_some());
    /// ```
    pub fn limits(&self) -> Limits {
        self.limits.limits(Some(cancel_flag()))
    }

    /// Runs a search to its end, streaming each solution through `render`
    /// (unless `count_only`), then a summary line made by `summary` from
    /// the count, marked `(partial: interrupted)` after Ctrl-C. Then reports as
    /// [`SearchArgs::report`] does, and notes on stderr if a limit stopped
    /// the search.
    ///
    /// ```
    /// use std::io::Write;
    /// use csp_workspace::cli::{counted, SearchArgs};
    /// let mut model = csp::Model::new();
    /// model.int_vars(2, 0..2).unwrap();
    /// let args = SearchArgs::default();
    /// let mut out = std::io::BufWriter::new(std::io::stdout());
    /// let outcome = args
    ///     .enumerate(&mut out, csp::Solver::new(&model).search(), false,
    ///         |out, values| writeln!(out, "{values:?}"),
    ///         |n| counted(n, "pair"))
    ///     .unwrap();
    /// assert_eq!(outcome.solutions(), 4);
    /// ```
    pub fn enumerate<O: Observer>(
        &self,
        out: &mut Out,
        mut search: Search<'_, O>,
        count_only: bool,
        mut render: impl FnMut(&mut Out, &[i32]) -> io::Result<()>,
        summary: impl FnOnce(u64) -> String,
    ) -> Result<Outcome, CliError> {
        refuse_too_large(&search.outcome())?;
        if count_only {
            while search.next_values().is_some() {}
        } else {
            while let Some(values) = search.next_values() {
                render(out, values)?;
            }
        }
        let outcome = search.outcome();
        let partial = if outcome.status == Status::Stopped(StopReason::Cancelled) {
            " (partial: interrupted)"
        } else {
            ""
        };
        writeln!(out, "{}{partial}", summary(outcome.solutions()))?;
        self.report(None, &outcome);
        note_if_stopped(&outcome);
        Ok(outcome)
    }

    /// After a search: the statistics on stderr if `--stats` was given
    /// (headed by `label` when there is one).
    ///
    /// ```
    /// let args = csp_workspace::cli::SearchArgs::default();
    /// args.report(Some("puzzle 1"), &csp::Solver::new(&csp::Model::new()).count());
    /// ```
    pub fn report(&self, label: Option<&str>, outcome: &Outcome) {
        self.report_stats(label, &outcome.stats);
    }

    /// [`SearchArgs::report`] for searches that end with statistics alone
    /// (branch and bound's [`csp::Optimize`]).
    ///
    /// ```
    /// let args = csp_workspace::cli::SearchArgs::default();
    /// args.report_stats(None, &csp::Stats::default());
    /// ```
    pub fn report_stats(&self, label: Option<&str>, stats: &Stats) {
        if self.stats {
            let mut err = io::stderr().lock();
            // Statistics are a courtesy: a closed stderr must not stop the program.
            if let Some(label) = label {
                let _ = writeln!(err, "{label}:");
            }
            let _ = write!(err, "{}", stats.table());
        }
    }
}

/// Says on stderr when a limit stopped the search, so a count is not taken
/// for a complete one. Returns true when the search was complete.
///
/// ```
/// let outcome = csp::Solver::new(&csp::Model::new()).count();
/// assert!(csp_workspace::cli::note_if_stopped(&outcome));
/// ```
pub fn note_if_stopped(outcome: &Outcome) -> bool {
    match outcome.status {
        // [`run`] says so itself, once, at the end.
        Status::Stopped(StopReason::Cancelled) => false,
        Status::Stopped(reason) => {
            eprintln!(
                "{}: note: search stopped by the {reason}; there may be more solutions",
                program()
            );
            false
        }
        _ => true,
    }
}

/// Refuses a model the engine will not search systematically (a domain
/// wider than its bit sets): a usage error, not "no solutions". The engine
/// says so before the search starts.
///
/// ```
/// let outcome = csp::Solver::new(&csp::Model::new()).count();
/// assert!(csp_workspace::cli::refuse_too_large(&outcome).is_ok());
/// ```
pub fn refuse_too_large(outcome: &Outcome) -> Result<(), CliError> {
    match outcome.status {
        Status::Stopped(reason @ StopReason::TooLarge) => Err(CliError::Usage(format!(
            "cannot search: {reason} (too many variables or values)"
        ))),
        _ => Ok(()),
    }
}

/// What stopped a search, for a sentence: `Ctrl-C` or `the node limit`.
///
/// ```
/// use csp::StopReason;
/// use csp_workspace::cli::stopped_by;
/// assert_eq!(stopped_by(StopReason::Cancelled), "Ctrl-C");
/// assert_eq!(stopped_by(StopReason::Nodes), "the node limit");
/// ```
pub fn stopped_by(reason: StopReason) -> String {
    match reason {
        StopReason::Cancelled => "Ctrl-C".to_owned(),
        other => format!("the {other}"),
    }
}

/// The status of a program stopped by Ctrl-C (128 + SIGINT), as `nqueens`.
pub const EXIT_INTERRUPTED: u8 = 130;

/// The cancel flag Ctrl-C sets; every search of the program polls it
/// through [`SearchArgs::limits`].
///
/// ```
/// assert!(!csp_workspace::cli::cancel_flag().load(std::sync::atomic::Ordering::Relaxed));
/// ```
pub fn cancel_flag() -> Arc<AtomicBool> {
    static CANCEL: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    CANCEL.get_or_init(Arc::default).clone()
}

/// Whether Ctrl-C has been pressed: a batch stops starting new searches.
///
/// ```
/// assert!(!csp_workspace::cli::interrupted());
/// ```
pub fn interrupted() -> bool {
    cancel_flag().load(Ordering::Relaxed)
}

/// Set while the program blocks on its input, where no search can notice
/// the cancel flag: Ctrl-C then ends the program at once.
static WAITING_FOR_INPUT: AtomicBool = AtomicBool::new(false);

/// Runs `read` (a blocking read of the program's input) so that Ctrl-C
/// during it ends the program at once with status 130: everything printed
/// before must already be flushed.
///
/// ```
/// let line = csp_workspace::cli::waiting_for_input(|| "read".to_owned());
/// assert_eq!(line, "read");
/// ```
pub fn waiting_for_input<T>(read: impl FnOnce() -> T) -> T {
    WAITING_FOR_INPUT.store(true, Ordering::SeqCst);
    // A Ctrl-C that came just before would find no search to stop, and
    // the read might block for ever.
    if interrupted() {
        exit_interrupted();
    }
    let value = read();
    WAITING_FOR_INPUT.store(false, Ordering::SeqCst);
    value
}

/// Ends the program at once after Ctrl-C (from whichever thread gets
/// here first; another one waits for the end).
fn exit_interrupted() -> ! {
    static EXITING: AtomicBool = AtomicBool::new(false);
    if EXITING.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
    eprintln!("\n{}: interrupted by Ctrl-C", program());
    std::process::exit(EXIT_INTERRUPTED.into())
}

/// Ctrl-C sets the cancel flag, so the search stops and the program
/// prints what it found; while it waits for input, or on a second Ctrl-C,
/// it ends at once.
fn install_interrupt_handler() {
    let cancel = cancel_flag();
    let handler = move || {
        let again = cancel.swap(true, Ordering::SeqCst);
        if again || WAITING_FOR_INPUT.load(Ordering::SeqCst) {
            exit_interrupted();
        }
    };
    if let Err(e) = ctrlc::set_handler(handler) {
        eprintln!("{}: warning: Ctrl-C will not stop cleanly: {e}", program());
    }
}

/// A count with its noun, plural unless it is one: `6 permutations`, `1 solution`.
///
/// ```
/// use csp_workspace::cli::counted;
/// assert_eq!(counted(6, "permutation"), "6 permutations");
/// assert_eq!(counted(1, "solution"), "1 solution");
/// assert_eq!(counted(0, "Latin square"), "0 Latin squares");
/// ```
pub fn counted(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Why an example failed, and so its exit status.
///
/// ```
/// use csp_workspace::cli::CliError;
/// let e = CliError::Usage("no such file".into());
/// assert_eq!(e.to_string(), "no such file");
/// assert_eq!(e.exit_code(), 2);
/// ```
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or bad input (a malformed puzzle, graph or expression): exit 2.
    Usage(String),
    /// Some puzzles of a batch were malformed (already reported): exit 2.
    Reported,
    /// Reading or writing failed: exit 1.
    Io(io::Error),
}

impl CliError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::Reported => 2,
            CliError::Io(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(msg) => f.write_str(msg),
            CliError::Reported => f.write_str("some inputs were malformed"),
            CliError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CliError {}

/// A model the puzzle's input cannot make is bad input.
impl From<ModelError> for CliError {
    fn from(e: ModelError) -> CliError {
        CliError::Usage(e.to_string())
    }
}

/// Reads the input file `path` with `read`, a reader of its format
/// (line by line with a cap, see [`crate::lines`]): a file that cannot be
/// opened is `cannot read PATH: ...`, a malformed one `PATH: ...` (with
/// the line the reader names), both usage errors.
///
/// ```
/// use csp_workspace::cli::read_file;
/// let missing = std::path::Path::new("no/such/file.txt");
/// let e = read_file(missing, csp_workspace::knapsack::Knapsack::read).unwrap_err();
/// assert!(e.to_string().starts_with("cannot read no/such/file.txt: "));
/// ```
pub fn read_file<T, E: fmt::Display>(
    path: &Path,
    read: impl FnOnce(BufReader<File>) -> Result<T, E>,
) -> Result<T, CliError> {
    let shown = path.display();
    let file =
        File::open(path).map_err(|e| CliError::Usage(format!("cannot read {shown}: {e}")))?;
    read(BufReader::new(file)).map_err(|e| CliError::Usage(format!("{shown}: {e}")))
}

/// `--replay`: a model too large for the page is a usage error; a file
/// that cannot be written, an I/O error naming it.
impl From<csp_front::replay::PageError> for CliError {
    fn from(e: csp_front::replay::PageError) -> CliError {
        use csp_front::replay::PageError;
        match &e {
            PageError::TooLarge(grid) => CliError::Usage(format!("--replay: {grid}")),
            PageError::File { source, .. } => {
                CliError::Io(io::Error::new(source.kind(), e.to_string()))
            }
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}

/// Buffered standard output for streaming results.
pub type Out = BufWriter<Stdout>;

/// Runs an example's body with buffered stdout, then turns its result into
/// an exit status: errors become one `<program>: error: ...` line on stderr, a
/// closed output pipe ends the program quietly with success, and after
/// Ctrl-C (which stops the searches, see [`cancel_flag`]) it says the
/// results are partial and exits with status 130.
///
/// ```no_run
/// use std::io::Write;
/// fn main() -> std::process::ExitCode {
///     csp_workspace::cli::run(|out| Ok(writeln!(out, "hello")?))
/// }
/// ```
pub fn run(body: impl FnOnce(&mut Out) -> Result<(), CliError>) -> ExitCode {
    install_interrupt_handler();
    let mut out = BufWriter::new(io::stdout());
    let result = body(&mut out).and_then(|()| Ok(out.flush()?));
    let code = match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(e) => {
            // Whatever was printed before the error still belongs on stdout.
            let _ = out.flush();
            if !matches!(e, CliError::Reported) {
                error(&e);
            }
            ExitCode::from(e.exit_code())
        }
    };
    if interrupted() {
        eprintln!(
            "{}: interrupted by Ctrl-C: the results above are partial",
            program()
        );
        return ExitCode::from(EXIT_INTERRUPTED);
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        search: SearchArgs,
    }

    #[test]
    fn options_override_defaults_and_the_rest_stay() {
        let cli = Cli::parse_from(["p", "--value-order", "descending", "--node-limit", "7"]);
        let model = Model::new();
        let d = Defaults {
            strategy: Strategy::ForwardChecking,
            ..Defaults::default()
        };
        let solver = cli.search.solver(&model, d);
        assert_eq!(solver.get_strategy(), Strategy::ForwardChecking);
        assert_eq!(solver.get_var_order(), VarOrder::SmallestDomain);
        assert_eq!(solver.get_value_order(), ValueOrder::Descending);
        assert_eq!(cli.search.limits().nodes, Some(7));
    }

    #[test]
    fn bad_options_are_usage_errors() {
        let err = Cli::try_parse_from(["p", "--strategy", "psychic"])
            .err()
            .expect("rejected");
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn exit_codes() {
        assert_eq!(CliError::Reported.exit_code(), 2);
        assert_eq!(CliError::from(io::Error::other("disk")).exit_code(), 1);
    }
}
