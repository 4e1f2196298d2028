//! The solver's command line: MiniZinc's standard flags, plus the engine's
//! strategy and orders, and the strategy laboratory (`--study`, `--tree`,
//! `--replay`) for studying them on any FlatZinc file.

use csp::{AllDifferentLevel, CumulativeLevel, Restarts, Strategy, ValueOrder, VarOrder};
use csp_front::cli::{closest, did_you_mean};
use csp_lab::study::{Choice, Choices};
use std::time::Duration;

/// What the command line asked for.
///
/// ```
/// let o = csp_fzn::options::Options::default();
/// assert_eq!((o.strategy, o.threads), (None, 1));
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
    /// `--strategy`: the engine's pruning strategy (unset: clause learning
    /// for an optimisation over a scheduling or routing model, arc
    /// consistency otherwise, see [`crate::run::default_strategy`]; under
    /// a time limit the default arc consistency takes turns with clause
    /// learning, see [`crate::portfolio::Schedule::Turns`]).
    pub strategy: Option<Strategy>,
    /// `--var-order`: overrides the annotations' variable order.
    pub var_order: Option<VarOrder>,
    /// `--value-order`: overrides the annotations' value order.
    pub value_order: Option<ValueOrder>,
    /// `--cumulative-level L`: how strongly cumulatives filter (unset: the
    /// engine's default, time-tabling).
    pub cumulative_level: Option<CumulativeLevel>,
    /// `--all-different-level L`: how strongly all-differents filter
    /// (unset: the engine's default, value elimination).
    pub all_different_level: Option<AllDifferentLevel>,
    /// `--learning-restarts R`: clause learning's restarts, `lbd`
    /// (Glucose's, true) or `luby` (false); unset: the default.
    pub lbd_restarts: Option<bool>,
    /// `--learned-clauses N`: clause learning's database is first cut past
    /// N learned clauses (unset: the engine's default, 20,000).
    pub learned_clauses: Option<usize>,
    /// `--replay FILE`: also write the search's replay page, recording at
    /// most `--max-events N` events.
    pub replay: csp_front::cli::ReplayArgs,
    /// `--study`: compare strategies × orders on the model instead of solving.
    pub study: bool,
    /// `--tree FILE`: also draw the search tree as SVG.
    pub tree: Option<String>,
    /// `--strategies LIST`: the study's strategies (default all) or the
    /// trees drawn (default `--strategy`).
    pub strategies: Option<Choices<Strategy>>,
    /// `--var-orders LIST`: the study's variable orders (default: the one
    /// the solver would use).
    pub var_orders: Option<Choices<VarOrder>>,
    /// `--value-orders LIST`: the study's value orders (default: the one
    /// the solver would use).
    pub value_orders: Option<Choices<ValueOrder>>,
    /// `--first`: the study measures the first solution, not all.
    pub first: bool,
    /// `--node-limit N`: each study run's node limit; the nodes drawn per tree.
    pub node_limit: Option<u64>,
    /// `--fail-limit N`: each study run's (and tree's) failure limit.
    pub fail_limit: Option<u64>,
    /// `--restarts SPEC`: restarts for the study and the trees.
    pub restarts: Option<Restarts>,
    /// `--csv FILE`: the study's runs as CSV.
    pub csv: Option<String>,
    /// `--json FILE`: the study's runs as JSON.
    pub json: Option<String>,
    /// `--plot FILE`: the study's chart as SVG.
    pub plot: Option<String>,
    /// `--all-variables`: with `-a`, every assignment of every variable
    /// (MiniZinc's hidden ones too), not each printed solution once.
    pub all_variables: bool,
    /// `-v`: notes on what the solver does, on standard error.
    pub verbose: bool,
    /// `--memory-limit MB`: stop once the process's resident memory
    /// passes this many bytes (`0`: none). [`parse`] starts from
    /// [`DEFAULT_MEMORY_LIMIT_MB`], as `fzn-csp` does; `Options::default()`
    /// has none, since a program that embeds the solver owns its memory.
    pub memory_limit: Option<u64>,
    /// `-node N` (Gecode's flag, which MiniZinc may pass): stop after N nodes.
    pub node_cutoff: Option<u64>,
    /// `-fail N` (Gecode's flag): stop after N failures.
    pub fail_cutoff: Option<u64>,
    /// Gecode-only flags accepted so that a configuration written for
    /// Gecode runs, but without meaning here (noted on standard error).
    pub ignored: Vec<String>,
    /// `--part I/K`: count (with `-a`, also print) part I of K of the
    /// deterministic split and write its result file.
    pub part: Option<csp::Part>,
    /// `--out FILE`: with `--part`, the result file (else standard output).
    pub out: Option<String>,
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
            strategy: None,
            var_order: None,
            value_order: None,
            cumulative_level: None,
            all_different_level: None,
            lbd_restarts: None,
            learned_clauses: None,
            replay: csp_front::cli::ReplayArgs::default(),
            study: false,
            tree: None,
            strategies: None,
            var_orders: None,
            value_orders: None,
            first: false,
            node_limit: None,
            fail_limit: None,
            restarts: None,
            csv: None,
            json: None,
            plot: None,
            all_variables: false,
            verbose: false,
            memory_limit: None,
            node_cutoff: None,
            fail_cutoff: None,
            ignored: Vec::new(),
            part: None,
            out: None,
            help: false,
            version: false,
        }
    }
}

/// `--memory-limit`'s default, in MiB: a search stops (its answer so
/// far kept, as at the time limit) before the process holds 2 GB. A
/// deep search over many wide domains (de Bruijn sequences over 16,384
/// values) keeps a trail that grows with its depth, about 4 GB in 51 s.
pub const DEFAULT_MEMORY_LIMIT_MB: u64 = 1536;

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
  -p, --parallel N         N threads: -a and -n split the search; a first
                           solution or an optimum races a portfolio of N
                           searches (the first as -p 1 runs, the second
                           clause learning, the others other seeds, and
                           orders under free search)
  -i, --intermediate       print each improving solution
      --all-variables      with -a or -n: every assignment of every variable,
                           hidden ones included (as --study counts), not
                           each distinct printed solution once
  -v, --verbose            notes on the model and the search on stderr
      --memory-limit MB    stop, keeping what was found, once the process
                           holds MB MiB of memory (default 1536; 0: no
                           limit; read on Linux only)
      -node N, -fail N     (Gecode's flags) stop after N nodes / failures;
                           Gecode's other flags (-c-d, -a-d, -decay,
                           -restart*, -nogoods*) are accepted and ignored
      --strategy S         generate-and-test, backtracking, forward-checking,
                           arc-consistency, backjumping, nogood-learning,
                           clause-learning (default: clause-learning for an
                           optimisation with a cumulative or unary
                           resource or a (sub)circuit, arc-consistency
                           otherwise; under -t, a first solution or an
                           optimum, one thread and no order or cutoff
                           set, the default arc-consistency takes turns
                           with clause-learning on one core, 0.5 s each,
                           then twice as long each round, each resuming
                           where it paused, sharing the best objective
                           value found)
      --var-order O        input, smallest-domain, dom-deg, dom-wdeg
      --value-order O      ascending, descending, middle-out,
                           least-constraining, random, median, split,
                           reverse-split
      --cumulative-level L time-table (default: the compulsory parts'
                           profile) or edge-finding (also Vilim's edge
                           finding) for every cumulative resource of
                           the model (the cumulatives implied by a
                           diffn of constant sizes always find edges)
      --all-different-level L
                           value (default: a fixed value leaves the
                           others), bounds (also Hall intervals) or
                           domain (also Regin's matching) for every
                           all-different; clause learning explains
                           value elimination only and falls back on
                           the decisions for the rest
      --learning-restarts R
                           clause learning's restarts: luby (Luby's under
                           free search; none while following the
                           annotations) or lbd (Glucose's,
                           on the learned clauses' LBD, also while
                           following; default: luby)
      --learned-clauses N  clause learning keeps N learned clauses (N >= 1)
                           before its first cut, then a tenth more after
                           each cut (default 20000); a cut keeps the glue
                           clauses, the more active half and the reasons
      --replay FILE        also write FILE: a page that replays the search
                           step by step in a browser (variables x values,
                           the search tree, the counters); with an
                           objective, the search for a first solution
      --max-events N       with --replay: record at most N events
                           (1 to 200000; default 20000)
  -h, --help               this text
      --version            the version

Counting on a cluster (satisfaction models; see the README):
      --part I/K           count part I of K (from 0) of the deterministic
                           split; with -a also print its solutions
      --out FILE           with --part: write the part's result (JSON) to
                           FILE atomically (default: standard output)
  fzn-csp merge [-s] FILE...
                           check that FILEs are every part of one split of
                           one model (same FlatZinc text), each once and
                           complete, and print the total count
                           (=====UNSATISFIABLE===== first when it is 0)

The strategy laboratory (names ignore case; _ may stand for -):
      --study              instead of solving, search the model once per
                           strategy x variable order x value order and
                           print a table (solutions, nodes, failures,
                           checks, pruned values, time per run); with an
                           objective, the constraints alone are searched
      --strategies LIST    all, or a comma-separated list of strategies
                           (--study: default all; --tree: default
                           --strategy)
      --var-orders LIST    all, or a list (default: the solver's order)
      --value-orders LIST  all, or a list (default: the solver's order)
      --first              --study: measure the first solution, not all
      --node-limit N       --study: stop each run after N nodes;
                           --tree: draw at most N nodes per tree
                           (default 1000, at most 100000)
      --fail-limit N       stop each run (and tree) after N failures
                           (-t MS: each run's time limit; a study's runs
                           stop at 10 s when no limit is given)
      --restarts SPEC      restarts for the runs and trees: luby,
                           luby:SCALE, geometric, geometric:FIRST:FACTOR,
                           linear, linear:SCALE, constant or constant:SCALE
      --csv FILE           --study: also write the runs as CSV
      --json FILE          --study: also write the runs as JSON
      --plot FILE          --study: also draw nodes per strategy against
                           the order pairs as SVG
      --tree FILE          also write FILE: the search tree as SVG, one
                           tree per strategy side by side (boxes i,v:
                           variable i takes value v; names in tooltips)

Examples:
  fzn-csp --study --var-orders all model.fzn
  fzn-csp --study --first --strategies forward-checking,arc-consistency \\
      --value-orders all --csv runs.csv --plot nodes.svg model.fzn
  fzn-csp --tree trees.svg --strategies all --node-limit 300 model.fzn";

/// The solver's option names (the laboratory's are [`LAB_OPTIONS`]).
const OPTIONS: &[&str] = &[
    "--all-solutions",
    "--num-solutions",
    "--free-search",
    "--statistics",
    "--time-limit",
    "--random-seed",
    "--parallel",
    "--intermediate",
    "--verbose",
    "--memory-limit",
    "--all-variables",
    "--strategy",
    "--var-order",
    "--value-order",
    "--cumulative-level",
    "--all-different-level",
    "--learning-restarts",
    "--learned-clauses",
    "--replay",
    "--max-events",
    "--part",
    "--out",
    "--help",
    "--version",
];

/// One engine setting by name, or the error with the closest name.
fn setting<T: Choice>(option: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|e: String| {
        let names: Vec<String> = T::all().iter().map(ToString::to_string).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let hint = closest(text.trim(), &names).map_or(String::new(), did_you_mean);
        format!("option {option}: {e}{hint}")
    })
}

/// A list of engine settings (`all` or `a,b,c`), or the error with the
/// closest name for the first unknown one.
fn settings<T: Choice>(option: &str, text: &str) -> Result<Choices<T>, String> {
    text.parse().map_err(|e: String| {
        let unknown = text.split(',').find(|item| item.parse::<T>().is_err());
        match unknown {
            Some(item) if !item.trim().is_empty() => match setting::<T>(option, item) {
                Err(with_hint) => with_hint,
                Ok(_) => format!("option {option}: {e}"),
            },
            _ => format!("option {option}: {e}"),
        }
    })
}

/// Parses the arguments (without the program name).
///
/// ```
/// let o = csp_fzn::options::parse(["-a", "-t", "500", "m.fzn"]).unwrap();
/// assert!(o.all);
/// assert_eq!(o.time, Some(std::time::Duration::from_millis(500)));
/// assert_eq!(o.file.as_deref(), Some("m.fzn"));
/// // The memory limit: 1536 MiB unless set, in bytes; 0 for none.
/// assert_eq!(o.memory_limit, Some(1536 << 20));
/// let m = csp_fzn::options::parse(["--memory-limit", "0"]).unwrap();
/// assert_eq!(m.memory_limit, None);
/// // Gecode's flags, as a configuration written for Gecode passes them.
/// let g = csp_fzn::options::parse(["-node", "100", "-decay", "0.9"]).unwrap();
/// assert_eq!((g.node_cutoff, g.ignored), (Some(100), vec!["-decay 0.9".to_owned()]));
/// assert_eq!(csp_fzn::options::parse(["-x"]).unwrap_err(), "unknown option '-x' (see --help)");
/// let e = csp_fzn::options::parse(["--study", "--strategies", "backtracking,forward-cheking"]).unwrap_err();
/// assert!(e.ends_with("(did you mean 'forward-checking'?)"), "{e}");
/// assert!(csp_fzn::options::parse(["--csv", "runs.csv"]).unwrap_err().contains("--study"));
/// ```
pub fn parse<I, S>(args: I) -> Result<Options, String>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut o = Options {
        memory_limit: Some(DEFAULT_MEMORY_LIMIT_MB << 20),
        ..Options::default()
    };
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
            "--strategy" => o.strategy = Some(setting(&a, &value(&a)?)?),
            "--var-order" => o.var_order = Some(setting(&a, &value(&a)?)?),
            "--value-order" => o.value_order = Some(setting(&a, &value(&a)?)?),
            "--cumulative-level" => {
                let v = value(&a)?;
                o.cumulative_level = Some(v.parse().map_err(|e| format!("option {a}: {e}"))?);
            }
            "--all-different-level" => {
                let v = value(&a)?;
                o.all_different_level = Some(v.parse().map_err(|e| format!("option {a}: {e}"))?);
            }
            "--learning-restarts" => {
                o.lbd_restarts = Some(match value(&a)?.as_str() {
                    "lbd" => true,
                    "luby" => false,
                    v => return Err(format!("option {a}: expected luby or lbd, not {v:?}")),
                })
            }
            "--learned-clauses" => {
                let v = value(&a)?;
                match number::<usize>(&a, &v)? {
                    0 => return Err(format!("option {a}: expected at least 1, not 0")),
                    n => o.learned_clauses = Some(n),
                }
            }
            "--study" => o.study = true,
            "--tree" => o.tree = Some(value(&a)?),
            "--strategies" => o.strategies = Some(settings(&a, &value(&a)?)?),
            "--var-orders" => o.var_orders = Some(settings(&a, &value(&a)?)?),
            "--value-orders" => o.value_orders = Some(settings(&a, &value(&a)?)?),
            "--first" => o.first = true,
            "--node-limit" => {
                let v = value(&a)?;
                o.node_limit = Some(number(&a, &v)?);
            }
            "--fail-limit" => {
                let v = value(&a)?;
                o.fail_limit = Some(number(&a, &v)?);
            }
            "--restarts" => {
                let v = value(&a)?;
                o.restarts = Some(v.parse().map_err(|e| format!("option {a}: {e}"))?);
            }
            "--csv" => o.csv = Some(value(&a)?),
            "--json" => o.json = Some(value(&a)?),
            "--plot" => o.plot = Some(value(&a)?),
            "--replay" => o.replay.replay = Some(value(&a)?.into()),
            "--max-events" => {
                let v = value(&a)?;
                // Not a number says so; a number out of range, the bounds.
                number::<usize>(&a, &v)?;
                o.replay.max_events = csp_front::replay::parse_max_events(&v)
                    .map_err(|e| format!("option {a}: {e}"))?;
            }
            "-v" | "--verbose" => o.verbose = true,
            "--memory-limit" => {
                let v = value(&a)?;
                o.memory_limit = match number::<u64>(&a, &v)? {
                    0 => None,
                    mb => Some(mb.checked_mul(1 << 20).ok_or_else(|| {
                        format!("option {a}: {mb} MiB is more than any machine holds")
                    })?),
                };
            }
            "--all-variables" => o.all_variables = true,
            "-node" => {
                let v = value(&a)?;
                o.node_cutoff = Some(number(&a, &v)?).filter(|&n| n > 0);
            }
            "-fail" => {
                let v = value(&a)?;
                o.fail_cutoff = Some(number(&a, &v)?).filter(|&n| n > 0);
            }
            "-c-d" | "-a-d" | "-decay" | "-restart" | "-restart-base" | "-restart-scale"
            | "-nogoods" | "-nogoods-limit" => {
                let v = value(&a)?;
                o.ignored.push(format!("{a} {v}"));
            }
            "--part" => {
                let v = value(&a)?;
                o.part = Some(v.parse().map_err(|e| format!("option {a}: {e}"))?);
            }
            "--out" => o.out = Some(value(&a)?),
            "-h" | "--help" => o.help = true,
            "--version" => o.version = true,
            "-" => o.file = Some(a),
            s if s.starts_with('-') => {
                let hint = closest(s, &every_option()).map_or(String::new(), did_you_mean);
                return Err(format!("unknown option '{s}'{hint} (see --help)"));
            }
            _ => {
                if o.file.is_some() {
                    return Err(format!("more than one model file ('{a}')"));
                }
                o.file = Some(a);
            }
        }
    }
    lab_options_fit(&o)?;
    Ok(o)
}

/// Every option name, the solver's then the laboratory's, for "did you
/// mean" (read on an error path only).
fn every_option() -> Vec<&'static str> {
    OPTIONS.iter().chain(LAB_OPTIONS).copied().collect()
}

/// The laboratory's own options: a command line naming one is the
/// laboratory's, not MiniZinc's.
const LAB_OPTIONS: &[&str] = &[
    "--study",
    "--tree",
    "--strategies",
    "--var-orders",
    "--value-orders",
    "--first",
    "--node-limit",
    "--fail-limit",
    "--restarts",
    "--csv",
    "--json",
    "--plot",
];

/// Whether `args` name one of the laboratory's options, or misspell one
/// (so an error in them is not reported through MiniZinc's protocol).
///
/// ```
/// use csp_fzn::options::names_lab_option;
/// assert!(names_lab_option(&["--study".to_owned()]));
/// assert!(names_lab_option(&["--stdy".to_owned()]));
/// assert!(!names_lab_option(&["-a".to_owned(), "--frobnicate".to_owned()]));
/// ```
pub fn names_lab_option(args: &[String]) -> bool {
    args.iter().any(|a| {
        let a = a.as_str();
        LAB_OPTIONS.contains(&a)
            || (a.starts_with("--")
                && !OPTIONS.contains(&a)
                && closest(a, &every_option()).is_some_and(|c| LAB_OPTIONS.contains(&c)))
    })
}

/// The laboratory's options only where they mean something.
fn lab_options_fit(o: &Options) -> Result<(), String> {
    let study_only = [
        ("--var-orders", o.var_orders.is_some()),
        ("--value-orders", o.value_orders.is_some()),
        ("--first", o.first),
        ("--csv", o.csv.is_some()),
        ("--json", o.json.is_some()),
        ("--plot", o.plot.is_some()),
    ];
    if let Some((name, _)) = study_only.iter().find(|(_, given)| *given && !o.study) {
        return Err(format!("option {name} needs --study"));
    }
    let lab = [
        ("--strategies", o.strategies.is_some()),
        ("--node-limit", o.node_limit.is_some()),
        ("--fail-limit", o.fail_limit.is_some()),
        ("--restarts", o.restarts.is_some()),
    ];
    if let Some((name, _)) = lab
        .iter()
        .find(|(_, given)| *given && !o.study && o.tree.is_none())
    {
        return Err(format!("option {name} needs --study or --tree"));
    }
    if o.out.is_some() && o.part.is_none() {
        return Err("option --out needs --part".into());
    }
    if o.part.is_some() && (o.study || o.tree.is_some()) {
        return Err("--part counts a part; it does not go with --study or --tree".into());
    }
    if o.study && o.replay.replay.is_some() {
        return Err("--study does not solve, so it has no search to --replay".into());
    }
    Ok(())
}
