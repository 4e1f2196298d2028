//! The solver's command line: MiniZinc's standard flags, plus the engine's
//! strategy and orders for studying them on any FlatZinc file.

use csp::{Strategy, ValueOrder, VarOrder};
use std::time::Duration;

/// What the command line asked for.
///
/// ```
/// let o = csp_fzn::options::Options::default();
/// assert_eq!((o.strategy, o.threads), (csp::Strategy::ArcConsistency, 1));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The FlatZinc file (`-` or none: standard input).
    pub file: Option<String>,
    /// `-a`: all solutions (satisfaction) or every improving one (optimisation).
    pub all: bool,
    /// `-n N`: stop after N solutions.
    pub solutions: Option<u64>,
    /// `-f`: ignore the search annotations.
    pub free: bool,
    /// `-s`: print `%%%mzn-stat:` lines.
    pub stats: bool,
    /// `-t MS`: time limit.
    pub time: Option<Duration>,
    /// `-r SEED`: seed of the random value order.
    pub seed: u64,
    /// `-p N`: threads (used by enumeration; ignored otherwise, with a note).
    pub threads: usize,
    /// `-i`: print each improving solution.
    pub intermediate: bool,
    /// `--strategy`: the engine's pruning strategy.
    pub strategy: Strategy,
    /// `--var-order`: overrides the annotations' variable order.
    pub var_order: Option<VarOrder>,
    /// `--value-order`: overrides the annotations' value order.
    pub value_order: Option<ValueOrder>,
    /// `--replay FILE`: also write the search's replay page.
    pub replay: Option<String>,
    /// `--max-events N`: the most events the replay page records.
    pub max_events: usize,
    /// `--help`.
    pub help: bool,
    /// `--version`.
    pub version: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            file: None,
            all: false,
            solutions: None,
            free: false,
            stats: false,
            time: None,
            seed: 0,
            threads: 1,
            intermediate: false,
            strategy: Strategy::ArcConsistency,
            var_order: None,
            value_order: None,
            replay: None,
            max_events: csp::replay::DEFAULT_MAX_EVENTS,
            help: false,
            version: false,
        }
    }
}

/// The usage text.
pub const USAGE: &str = "\
usage: fzn-csp [options] model.fzn
Solves a FlatZinc model (as minizinc --solver csp does) and prints its
solutions in the FlatZinc output format.

  -a, --all-solutions      all solutions; with an objective, every improving one
  -n, --num-solutions N    stop after N solutions
  -f, --free-search        ignore the search annotations
  -s, --statistics         print %%%mzn-stat: lines
  -t, --time-limit MS      stop after MS milliseconds
  -r, --random-seed SEED   seed of the random value order (indomain_random)
  -p, --parallel N         threads for enumeration (-a, -n); else ignored
  -i, --intermediate       print each improving solution
      --strategy S         generate-and-test, backtracking, forward-checking,
                           arc-consistency (default)
      --var-order O        input, smallest-domain, dom-deg, dom-wdeg
      --value-order O      ascending, descending, middle-out,
                           least-constraining, random
      --replay FILE        also write FILE: a page that replays the search
                           step by step in a browser (variables x values,
                           the search tree, the counters); with an
                           objective, the search for a first solution
      --max-events N       with --replay: record at most N events
                           (1 to 200000; default 20000)
  -h, --help               this text
      --version            the version";

/// Parses the arguments (without the program name).
///
/// ```
/// let o = csp_fzn::options::parse(["-a", "-t", "500", "m.fzn"]).unwrap();
/// assert!(o.all);
/// assert_eq!(o.time, Some(std::time::Duration::from_millis(500)));
/// assert_eq!(o.file.as_deref(), Some("m.fzn"));
/// assert_eq!(csp_fzn::options::parse(["-x"]).unwrap_err(), "unknown option '-x' (see --help)");
/// ```
pub fn parse<I, S>(args: I) -> Result<Options, String>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut o = Options::default();
    let mut args = args.into_iter().map(Into::into);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| format!("option {name} needs a value"))
        };
        fn number<T: std::str::FromStr>(name: &str, v: &str) -> Result<T, String> {
            v.trim()
                .parse()
                .map_err(|_| format!("option {name}: '{v}' is not a valid number"))
        }
        match a.as_str() {
            "-a" | "--all-solutions" | "--all" => o.all = true,
            "-n" | "--num-solutions" => {
                let v = value(&a)?;
                o.solutions = Some(number(&a, &v)?);
            }
            "-f" | "--free-search" => o.free = true,
            "-s" | "--statistics" => o.stats = true,
            "-t" | "--time-limit" => {
                let v = value(&a)?;
                o.time = Some(Duration::from_millis(number(&a, &v)?));
            }
            "-r" | "--random-seed" | "--seed" => {
                let v = value(&a)?;
                o.seed = number(&a, &v)?;
            }
            "-p" | "--parallel" => {
                let v = value(&a)?;
                o.threads = number::<usize>(&a, &v)?.max(1);
            }
            "-i" | "--intermediate" | "--intermediate-solutions" => o.intermediate = true,
            "--strategy" => o.strategy = value(&a)?.parse()?,
            "--var-order" => o.var_order = Some(value(&a)?.parse()?),
            "--value-order" => o.value_order = Some(value(&a)?.parse()?),
            "--replay" => o.replay = Some(value(&a)?),
            "--max-events" => {
                let v = value(&a)?;
                o.max_events = number(&a, &v)?;
                if !(1..=csp::replay::MAX_EVENTS).contains(&o.max_events) {
                    return Err(format!(
                        "option {a}: expected a whole number from 1 to {}",
                        csp::replay::MAX_EVENTS
                    ));
                }
            }
            "-h" | "--help" => o.help = true,
            "--version" => o.version = true,
            "-" => o.file = Some(a),
            s if s.starts_with('-') => return Err(format!("unknown option '{s}' (see --help)")),
            _ => {
                if o.file.is_some() {
                    return Err(format!("more than one model file ('{a}')"));
                }
                o.file = Some(a);
            }
        }
    }
    Ok(o)
}
