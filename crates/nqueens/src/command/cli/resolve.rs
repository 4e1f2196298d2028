//! The checks that turn the solve options ([`SolveArgs`]) into a runnable
//! [`Solve`]: the defaults that serve the goal, the split of a count, and
//! the combinations refused.

use super::args::SolveArgs;
use super::output::{MAX_SHEET_BOARDS, MAX_SHEET_SQUARES};
use super::{usage, CliError};
use crate::approach::{Approach, Goal, Plan};
use crate::command::parts::Part;
use crate::command::render::Format;
use crate::command::size::board_from_parts;
use crate::command::trace::{self, TraceFormat};
use crate::count::Symmetry;
use crate::model::board::Board;
use std::path::PathBuf;

/// Above this many queens, `--limit K` without `--strategy` searches with
/// the first-solution defaults (smallest-domain-first and restarts).
const LIMITED_LISTING_SIDE: usize = 20;

/// Above this many queens a plain `--first` runs min-conflicts (1000
/// queens take 0.2 to 2 s by forward checking with restarts, 5000 from
/// seconds to over a minute depending on the seed).
const FIRST_BY_LOCAL_SEARCH_ABOVE: usize = 1000;

/// The widest board listed as dot-and-Q boards by default.
const MAX_DEFAULT_BOARD_COLS: usize = 32;

/// A checked, runnable solve request.
///
/// ```
/// let solve = nqueens::cli::parse(["nqueens", "6", "--first"])?.solve.resolve()?;
/// assert_eq!(solve.plan.goal, nqueens::approach::Goal::First);
/// assert_eq!(solve.plan.var_order, csp::VarOrder::SmallestDomain);
/// # Ok::<(), nqueens::cli::CliError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solve {
    /// The board.
    pub board: Board,
    /// What to run (the cancel flag is left for the caller to set).
    pub plan: Plan,
    /// How to write solutions.
    pub format: Format,
    /// Where to write them (stdout if `None`).
    pub out: Option<PathBuf>,
    /// Print the work table on stderr.
    pub stats: bool,
    /// Trace the search instead of listing solutions.
    pub trace: Option<TraceFormat>,
    /// Count only this part and write it as JSON (`--part I/K`).
    pub part: Option<Part>,
}

impl SolveArgs {
    /// Applies the defaults and checks the combination of options.
    ///
    /// ```
    /// let cli = nqueens::cli::parse(["nqueens", "8", "--strategy", "reference"])?;
    /// let err = cli.solve.resolve().unwrap_err();
    /// assert!(err.to_string().contains("--count"));
    /// # Ok::<(), nqueens::cli::CliError>(())
    /// ```
    pub fn resolve(&self) -> Result<Solve, CliError> {
        let board = board_from_parts(&self.size).map_err(usage)?;
        let goal = if self.count {
            Goal::Count
        } else if self.first {
            Goal::First
        } else {
            Goal::All
        };
        let o = &self.order;
        let order_given = o.var_order.is_some() || o.value_order.is_some() || o.restarts.is_some();
        // A first solution of a large board: restarted forward checking is
        // heavy-tailed there (seconds to minutes by seed), min-conflicts
        // takes milliseconds. Only when nothing asked for the systematic
        // search's options (orders, restarts, a trace, --unique).
        let local_first = goal == Goal::First
            && board.queens() > FIRST_BY_LOCAL_SEARCH_ABOVE
            && !order_given
            && !self.unique
            && !self.trace;
        let mut plan = match self.strategy {
            None if local_first => Plan::new(Approach::MinConflicts, goal),
            // A few solutions of a large board: row-by-row search would drown
            // before the first, so take the first-solution defaults (the
            // search continues without restarts after the first solution).
            None if goal == Goal::All
                && self.limit.is_some()
                && board.queens() > LIMITED_LISTING_SIDE =>
            {
                Plan {
                    goal,
                    ..Plan::recommended(Goal::First)
                }
            }
            None => Plan::recommended_for(goal, board),
            Some(approach) => Plan::new(approach, goal),
        };
        if order_given && plan.approach.engine_strategy().is_none() {
            return Err(usage(format!(
                "--var-order, --value-order and --restarts apply to engine strategies, \
                 not to {}",
                plan.approach
            )));
        }
        plan.var_order = o.var_order.unwrap_or(plan.var_order);
        plan.value_order = o.value_order.unwrap_or(plan.value_order);
        plan.seed = o.seed.unwrap_or(plan.seed);
        plan.restarts = o.restarts.or(plan.restarts);
        plan.limits = self.limits.limits(None);
        plan.limits.solutions = self.limit;
        plan.unique = self.unique;
        self.choose_split(&mut plan)?;

        let format = self
            .format
            .unwrap_or(if board.cols() <= MAX_DEFAULT_BOARD_COLS {
                Format::Board
            } else {
                Format::Columns
            });
        if format == Format::Svg && goal != Goal::Count {
            plan.limits.solutions = Some(sheet_boards(board, goal, self.limit)?);
        }
        plan.validate(board).map_err(usage)?;
        if self.part.is_some() {
            crate::command::parts::check_plan(&plan).map_err(usage)?;
        }

        let trace = if self.trace {
            let Some(strategy) = plan.approach.engine_strategy() else {
                return Err(usage(format!(
                    "--trace follows the engine's search; the {} strategy is not one",
                    plan.approach
                )));
            };
            if !self.force && !trace::is_readable(board, strategy) {
                return Err(usage(format!(
                    "--trace on a {} × {} board with {} would print millions of lines; \
                     it is meant for boards up to {m} × {m} (5 × 5 with generate-and-test); \
                     add --force to trace anyway",
                    board.rows(),
                    board.cols(),
                    plan.approach,
                    m = trace::MAX_TRACED_SIDE
                )));
            }
            Some(self.trace_format.unwrap_or_default())
        } else {
            None
        };
        Ok(Solve {
            board,
            plan,
            format,
            out: self.out.clone(),
            stats: self.stats,
            trace,
            part: self.part,
        })
    }
}

impl SolveArgs {
    /// Sets the plan's symmetry and threads: the ones asked for, or by
    /// default the whole group on every core for a count. An explicit
    /// symmetry or more than one thread where the count cannot be split
    /// (see [`Plan::splits_count`]) is refused with the reason.
    fn choose_split(&self, plan: &mut Plan) -> Result<(), CliError> {
        let symmetry = self.symmetry.or(self.mirror.then_some(Symmetry::Mirror));
        // An explicit strategy keeps the engine's plain defaults, so the
        // textbook figures reproduce; a trace follows one plain search.
        let plain = self.strategy.is_some() || self.trace;
        plan.symmetry = symmetry.unwrap_or(if plain {
            Symmetry::None
        } else {
            Symmetry::Full
        });
        plan.threads = match self.threads {
            Some(n) => Some(n as usize),
            None if plain => Some(1),
            None => None,
        };
        let asked = match (symmetry, self.threads) {
            (Some(s), _) if s != Symmetry::None => format!("--symmetry {s}"),
            (_, Some(n)) if n > 1 => format!("--threads {n}"),
            _ => return Ok(()),
        };
        if plan.splits_count() && !self.trace {
            return Ok(());
        }
        let l = &plan.limits;
        let why = if self.trace {
            "does not apply to --trace, which follows one search on one thread".to_string()
        } else if plan.goal != Goal::Count {
            "applies to --count: listing runs on one thread, in order, through every solution"
                .to_string()
        } else if plan.unique {
            "counts every solution; --unique counts the fundamental ones with its own \
             restriction, on one thread"
                .to_string()
        } else if plan.approach.exhaustive_strategy().is_none() {
            format!(
                "needs an exhaustive engine strategy; the {} strategy is not one",
                plan.approach
            )
        } else if l.nodes.is_some() || l.failures.is_some() || l.solutions.is_some() {
            "splits the count into independent searches, which --node-limit, --fail-limit and \
             --limit would bound one by one (--time-limit is accepted)"
                .to_string()
        } else {
            return Ok(());
        };
        Err(usage(format!("{asked} {why}")))
    }
}

/// How many boards an SVG listing draws: `--limit K` if the sheet can hold
/// K boards of this size, else as many as it holds (at most
/// [`MAX_SHEET_BOARDS`] and [`MAX_SHEET_SQUARES`] squares); refused up
/// front, before any search, when even one board or the K asked for
/// do not fit.
fn sheet_boards(board: Board, goal: Goal, limit: Option<u64>) -> Result<u64, CliError> {
    let squares = (board.rows() as u64).saturating_mul(board.cols() as u64);
    let fit = (MAX_SHEET_SQUARES / squares.max(1)).min(MAX_SHEET_BOARDS);
    if fit == 0 {
        return Err(usage(format!(
            "--format svg draws at most {MAX_SHEET_SQUARES} squares on a sheet and a {} × {} \
             board has {squares}; use a text format (columns) for boards this large",
            board.rows(),
            board.cols()
        )));
    }
    match (goal, limit) {
        (Goal::First, _) => Ok(1),
        (_, Some(k)) if k > fit => Err(usage(format!(
            "--format svg draws at most {fit} boards of {} × {} on one sheet \
             ({MAX_SHEET_BOARDS} boards, {MAX_SHEET_SQUARES} squares at most); use --limit {fit} \
             or less",
            board.rows(),
            board.cols()
        ))),
        (_, Some(k)) => Ok(k),
        (_, None) => Ok(fit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::cli::{parse, Cli};
    use clap::CommandFactory;
    use csp::{Restarts, ValueOrder, VarOrder};

    fn resolve(args: &[&str]) -> Result<Solve, CliError> {
        let argv = std::iter::once("nqueens").chain(args.iter().copied());
        parse(argv)?.solve.resolve()
    }

    #[test]
    fn the_command_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn defaults_serve_the_goal() {
        let all = resolve(&["8"]).unwrap();
        assert_eq!(all.plan.approach, Approach::ForwardChecking);
        assert_eq!(all.plan.goal, Goal::All);
        assert_eq!(all.plan.var_order, VarOrder::Input);
        assert_eq!(all.format, Format::Board);
        let first = resolve(&["8", "--first"]).unwrap();
        assert_eq!(first.plan.var_order, VarOrder::SmallestDomain);
        assert!(matches!(first.plan.restarts, Some(Restarts::Luby { .. })));
        // An explicit strategy keeps the engine's plain defaults.
        let large = resolve(&["1001", "--first"]).unwrap();
        assert_eq!(large.plan.approach, Approach::MinConflicts);
        let ordered = resolve(&["5000", "--first", "--var-order", "input"]).unwrap();
        assert_eq!(ordered.plan.approach, Approach::ForwardChecking);
        let textbook = resolve(&["8", "--first", "--strategy", "forward-checking"]).unwrap();
        assert_eq!(textbook.plan.var_order, VarOrder::Input);
        assert!(textbook.plan.restarts.is_none());
        // Wide boards list as columns.
        assert_eq!(resolve(&["33"]).unwrap().format, Format::Columns);
    }

    #[test]
    fn options_reach_the_plan() {
        let s = resolve(&[
            "5x7",
            "--count",
            "--unique",
            "--strategy",
            "arc-consistency",
            "--var-order",
            "dom-deg",
            "--value-order",
            "middle-out",
            "--seed",
            "9",
            "--node-limit",
            "100",
            "--fail-limit",
            "10",
            "--time-limit",
            "2s",
            "--stats",
        ])
        .unwrap();
        assert_eq!((s.board.rows(), s.board.cols()), (5, 7));
        assert_eq!(s.plan.goal, Goal::Count);
        assert!(s.plan.unique && s.stats);
        assert_eq!(s.plan.approach, Approach::ArcConsistency);
        assert_eq!(s.plan.var_order, VarOrder::DomDeg);
        assert_eq!(s.plan.value_order, ValueOrder::MiddleOut);
        assert_eq!(s.plan.seed, 9);
        assert_eq!(s.plan.limits.nodes, Some(100));
        assert_eq!(s.plan.limits.failures, Some(10));
        assert_eq!(s.plan.limits.time, Some(std::time::Duration::from_secs(2)));
        assert!(s.plan.limits.cancel.is_none());
    }

    #[test]
    fn svg_listing_is_capped_to_one_sheet() {
        let s = resolve(&["8", "--format", "svg"]).unwrap();
        assert_eq!(s.plan.limits.solutions, Some(MAX_SHEET_BOARDS));
        let s = resolve(&["8", "--format", "svg", "--limit", "3"]).unwrap();
        assert_eq!(s.plan.limits.solutions, Some(3));
        assert!(resolve(&["8", "--format", "svg", "--limit", "1001"]).is_err());
        // Large boards: as many as the sheet holds, refused before any search
        // when the boards asked for do not fit.
        let s = resolve(&["300", "--format", "svg"]).unwrap();
        assert_eq!(
            s.plan.limits.solutions,
            Some(MAX_SHEET_SQUARES / (300 * 300))
        );
        for args in [
            &["300", "--limit", "1000", "--format", "svg"][..],
            &["5000", "--first", "--format", "svg"],
            &["2000", "--format", "svg"],
        ] {
            let err = resolve(args).unwrap_err().to_string();
            assert!(
                err.contains("--format svg draws at most"),
                "{args:?}: {err}"
            );
        }
        assert!(resolve(&["1000", "--first", "--format", "svg"]).is_ok());
        assert!(resolve(&["5000", "--count", "--format", "svg"]).is_ok());
    }

    #[test]
    fn trace_settings() {
        let s = resolve(&["6", "--trace", "--trace-format", "json"]).unwrap();
        assert_eq!(s.trace, Some(TraceFormat::Json));
        assert_eq!(
            resolve(&["6", "--trace"]).unwrap().trace,
            Some(TraceFormat::Text)
        );
        assert!(resolve(&["9", "--trace"]).is_err());
        assert!(resolve(&["9", "--trace", "--force"]).is_ok());
        assert!(resolve(&["8", "--trace", "--strategy", "min-conflicts", "--first"]).is_err());
    }

    #[test]
    fn errors_are_one_line_usage_errors() {
        for args in [
            &["8", "--strategy", "reference"][..],
            &["8", "--strategy", "combinations"],
            &["2x3", "3"],
            &[
                "8",
                "--count",
                "--strategy",
                "reference",
                "--restarts",
                "luby",
            ],
            &["nine"],
        ] {
            let err = resolve(args).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{args:?}");
            assert!(!err.to_string().contains('\n'), "{err}");
        }
    }
}
