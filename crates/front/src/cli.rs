//! Shared command-line options for programs built on the engine (feature
//! `cli`): one piece of argument code for strategy, orders, restarts and
//! limits, flattened into each program's own `clap` parser.

#[path = "did_you_mean.rs"]
mod did_you_mean;
use csp::{AllDifferentLevel, Limits, Restarts, Solver, Strategy, ValueOrder, VarOrder};
pub use did_you_mean::{closest, did_you_mean, suggestion, usage_message};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// `--strategy`: which engine pruning strategy to search with.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] strategy: csp_front::cli::StrategyArg }
/// let cli = Cli::parse_from(["prog", "--strategy", "backtracking"]);
/// assert_eq!(cli.strategy.strategy, Some(csp::Strategy::Backtracking));
/// ```
#[derive(clap::Args, Clone, Debug, Default)]
pub struct StrategyArg {
    /// Pruning strategy: generate-and-test, backtracking, forward-checking,
    /// arc-consistency, backjumping or nogood-learning [default: chosen by
    /// the program]
    #[arg(long, value_name = "STRATEGY", value_parser = parse::<Strategy>)]
    pub strategy: Option<Strategy>,
}

/// `--all-different`: how strongly the all-different constraints that did
/// not choose a level filter (for the programs whose models are made of
/// them: sudoku, Latin squares).
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] all_different: csp_front::cli::AllDifferentArg }
/// let cli = Cli::parse_from(["prog", "--all-different", "domain"]);
/// let model = csp::Model::new();
/// let solver = cli.all_different.apply(csp::Solver::new(&model));
/// assert_eq!(solver.get_all_different_level(), csp::AllDifferentLevel::Domain);
/// assert!(Cli::try_parse_from(["prog", "--all-different", "strong"]).is_err());
/// ```
#[derive(clap::Args, Clone, Debug, Default)]
pub struct AllDifferentArg {
    /// All-different filtering: value (value elimination), bounds (Hall
    /// intervals) or domain (matching) [default: value]
    #[arg(long, value_name = "LEVEL", value_parser = parse::<AllDifferentLevel>)]
    pub all_different: Option<AllDifferentLevel>,
}

impl AllDifferentArg {
    /// Sets the solver's all-different level if one was given.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let arg = csp_front::cli::AllDifferentArg::default();
    /// let solver = arg.apply(csp::Solver::new(&model));
    /// assert_eq!(solver.get_all_different_level(), csp::AllDifferentLevel::Value);
    /// ```
    pub fn apply<'m>(&self, solver: Solver<'m>) -> Solver<'m> {
        match self.all_different {
            Some(level) => solver.all_different_level(level),
            None => solver,
        }
    }
}

/// `--var-order`, `--value-order`, `--seed`, `--restarts`.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] order: csp_front::cli::OrderArgs }
/// let cli = Cli::parse_from(["prog", "--var-order", "smallest-domain", "--seed", "3"]);
/// assert_eq!(cli.order.var_order, Some(csp::VarOrder::SmallestDomain));
/// assert_eq!(cli.order.seed, Some(3));
/// assert!(Cli::try_parse_from(["prog", "--value-order", "sideways"]).is_err());
/// ```
#[derive(clap::Args, Clone, Debug, Default)]
pub struct OrderArgs {
    /// Variable order: input, smallest-domain, dom-deg or dom-wdeg
    /// [default: chosen by the program]
    #[arg(long, value_name = "ORDER", value_parser = parse::<VarOrder>)]
    pub var_order: Option<VarOrder>,
    /// Value order: ascending, descending, middle-out, least-constraining,
    /// random, median, split or reverse-split [default: chosen by the program]
    #[arg(long, value_name = "ORDER", value_parser = parse::<ValueOrder>)]
    pub value_order: Option<ValueOrder>,
    /// Seed for the random value order and restart tie-breaking [default: 0]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Restart until the first solution: luby, luby:SCALE, geometric,
    /// geometric:FIRST:FACTOR, linear, linear:SCALE, constant or
    /// constant:SCALE (failure cutoffs; constant ones never grow)
    #[arg(long, value_name = "SPEC", value_parser = parse::<Restarts>)]
    pub restarts: Option<Restarts>,
}

/// `--node-limit`, `--fail-limit`, `--time-limit`.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] limits: csp_front::cli::LimitArgs }
/// let cli = Cli::parse_from(["prog", "--time-limit", "1.5s", "--node-limit", "1000"]);
/// let limits = cli.limits.limits(None);
/// assert_eq!(limits.time, Some(std::time::Duration::from_millis(1500)));
/// assert_eq!(limits.nodes, Some(1000));
/// ```
#[derive(clap::Args, Clone, Debug, Default)]
pub struct LimitArgs {
    /// Stop after this many search nodes
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Stop after this many failures
    #[arg(long, value_name = "N")]
    pub fail_limit: Option<u64>,
    /// Stop after this long: seconds (2.5) or with a unit (500ms, 10s, 2m)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,
}

impl StrategyArg {
    /// The chosen strategy, or `default`.
    pub fn or(&self, default: Strategy) -> Strategy {
        self.strategy.unwrap_or(default)
    }
}

impl OrderArgs {
    /// Applies the options that were given; the solver keeps its own
    /// settings (the program's defaults) for the rest.
    ///
    /// ```
    /// # let model = csp::Model::new();
    /// let args = csp_front::cli::OrderArgs { seed: Some(9), ..Default::default() };
    /// let solver = args.apply(csp::Solver::new(&model).var_order(csp::VarOrder::SmallestDomain));
    /// assert_eq!(solver.get_var_order(), csp::VarOrder::SmallestDomain);
    /// ```
    pub fn apply<'m>(&self, mut solver: Solver<'m>) -> Solver<'m> {
        if let Some(o) = self.var_order {
            solver = solver.var_order(o);
        }
        if let Some(o) = self.value_order {
            solver = solver.value_order(o);
        }
        if let Some(s) = self.seed {
            solver = solver.seed(s);
        }
        if let Some(r) = self.restarts {
            solver = solver.restarts(r);
        }
        solver
    }
}

impl LimitArgs {
    /// The limits asked for, with an optional cancel flag (Ctrl-C).
    pub fn limits(&self, cancel: Option<Arc<AtomicBool>>) -> Limits {
        Limits {
            nodes: self.node_limit,
            failures: self.fail_limit,
            time: self.time_limit,
            cancel,
            ..Limits::default()
        }
    }
}

/// A `clap` error as one line, without the usage block and tips: what a
/// program prints for bad arguments before exiting with status 2.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser, Debug)]
/// struct Cli { #[arg(long)] size: u32 }
/// let err = Cli::try_parse_from(["prog", "--size", "x"]).unwrap_err();
/// let line = csp_front::cli::one_line(&err);
/// assert!(line.contains("invalid value 'x'") && !line.contains('\n'));
/// assert!(!line.starts_with("error:"));
/// ```
pub fn one_line(err: &clap::Error) -> String {
    let text = err.render().to_string();
    let message: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
        .collect();
    let line = message.join(" ");
    line.strip_prefix("error: ").unwrap_or(&line).to_string()
}

fn parse<T: std::str::FromStr<Err = String>>(s: &str) -> Result<T, String> {
    s.parse()
}

/// Parses `2.5`, `2.5s`, `500ms`, `3m` or `1h` into a duration.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(csp_front::cli::parse_duration("500ms"), Ok(Duration::from_millis(500)));
/// assert_eq!(csp_front::cli::parse_duration("2"), Ok(Duration::from_secs(2)));
/// assert!(csp_front::cli::parse_duration("-1").is_err());
/// assert!(csp_front::cli::parse_duration("soon").is_err());
/// ```
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3600.0)
    } else {
        (t, 1.0)
    };
    let bad =
        || format!("invalid duration '{s}' (expected seconds such as 2.5, or 500ms, 10s, 2m, 1h)");
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    let secs = value * scale;
    if !secs.is_finite() || !(0.0..=1e9).contains(&secs) {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(secs))
}

/// `--replay FILE` and `--max-events N`: the one option set of every
/// program that can write its search as the engine's replay page
/// ([`crate::replay::write_page`]).
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Cli { #[command(flatten)] replay: csp_front::cli::ReplayArgs }
/// let cli = Cli::parse_from(["prog", "--replay", "r.html", "--max-events", "500"]);
/// assert_eq!(cli.replay.max_events, 500);
/// assert!(Cli::try_parse_from(["prog", "--max-events", "500"]).is_err()); // needs --replay
/// assert!(Cli::try_parse_from(["prog", "--replay", "r.html", "--max-events", "0"]).is_err());
/// ```
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct ReplayArgs {
    /// Also write FILE: a page that replays the search step by step in a
    /// browser (variables × values, the search tree, the counters); open
    /// it in any browser, no network needed
    #[arg(long, value_name = "FILE")]
    pub replay: Option<std::path::PathBuf>,
    /// With --replay: record at most N events (1 to 200000); the page says
    /// where a longer search was cut
    #[arg(
        long,
        value_name = "N",
        default_value_t = csp::replay::DEFAULT_MAX_EVENTS,
        value_parser = crate::replay::parse_max_events,
        requires = "replay"
    )]
    pub max_events: usize,
}

impl Default for ReplayArgs {
    fn default() -> ReplayArgs {
        ReplayArgs {
            replay: None,
            max_events: csp::replay::DEFAULT_MAX_EVENTS,
        }
    }
}

impl ReplayArgs {
    /// With `--replay FILE`: [`crate::replay::write_page`] (the search
    /// recorded up to `--max-events`, the page titled `title`, the variables
    /// named `var_names`). Without it: nothing.
    ///
    /// ```
    /// let args = csp_front::cli::ReplayArgs::default();
    /// let model = csp::Model::new();
    /// args.write(&csp::Solver::new(&model), "nothing", Vec::new()).unwrap();
    /// ```
    pub fn write(
        &self,
        solver: &Solver<'_>,
        title: &str,
        var_names: Vec<String>,
    ) -> Result<(), crate::replay::PageError> {
        match &self.replay {
            Some(path) => {
                crate::replay::write_page(path, title, solver, self.max_events, var_names)
            }
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Args {
        #[command(flatten)]
        orders: OrderArgs,
    }

    #[test]
    fn restarts_that_cannot_grow_are_one_clear_usage_error() {
        for (spec, reason) in [
            ("geometric:1:1", "factor"),
            ("geometric:1:1.0", "factor"),
            ("geometric:1:NaN", "factor"),
            ("geometric:1:inf", "factor"),
            ("geometric:1:0.5", "factor"),
            ("geometric:0:2", "first"),
            ("luby:0", "scale"),
            ("linear:0", "scale"),
            ("constant:0", "scale"),
        ] {
            let err = Args::try_parse_from(["prog", "--restarts", spec]).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{spec}");
            let line = one_line(&err);
            assert!(!line.contains('\n'), "{line}");
            assert!(line.contains(spec) && line.contains(reason), "{line}");
        }
        let ok = Args::try_parse_from(["prog", "--restarts", "linear:5"]).unwrap();
        assert_eq!(ok.orders.restarts, Some(Restarts::Linear { scale: 5 }));
        let ok = Args::try_parse_from(["prog", "--restarts", "geometric:1:1.001"]).unwrap();
        assert_eq!(
            ok.orders.restarts,
            Some(Restarts::Geometric {
                first: 1,
                factor: 1.001
            })
        );
    }
}
