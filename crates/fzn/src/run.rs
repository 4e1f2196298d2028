//! The solver: from FlatZinc text to the FlatZinc output, per the options.

use crate::branching::{plan, Branching};
use crate::build::{build_until, Built};
use crate::deadline::Deadline;
use crate::error::FznError;
use crate::instance::{resolve_until, Instance, Objective, Term};
use crate::optimize::optimize_portfolio;
use crate::options::Options;
use crate::output::{format_solution, violated, COMPLETE, UNKNOWN, UNSATISFIABLE};
use crate::parser::parse_until;
use crate::parts::PartResult;
use crate::portfolio::{first_solution, members, Freedom, Schedule, FIRST_TURN};
use csp::{Limits, Parallel, Solver, Stats, Status, VarId};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Parses, builds and solves `text`, writing the solutions to `out` and
/// notes (ignored annotations, unused threads) to `err`.
///
/// ```
/// let text = "var 1..3: x :: output_var;\nconstraint int_ne(x, 2);\nsolve satisfy;";
/// let opts = csp_fzn::options::parse(["-a"]).unwrap();
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// csp_fzn::run(text, &opts, &mut out, &mut err).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "x = 1;\n----------\nx = 3;\n----------\n==========\n");
/// ```
pub fn run(
    text: &str,
    opts: &Options,
    out: &mut (dyn Write + Send),
    err: &mut dyn Write,
) -> Result<(), FznError> {
    let started = Instant::now();
    let deadline = opts.time.and_then(|t| started.checked_add(t));
    let io = |e: std::io::Error| FznError::new(0, format!("cannot write the output: {e}"));
    // The limit passed before the search: no solution, unknown.
    let unknown = |out: &mut (dyn Write + Send)| -> Result<(), FznError> {
        writeln!(out, "{UNKNOWN}")
            .and_then(|_| out.flush())
            .map_err(io)
    };
    let mut clock = Deadline::at(deadline);
    let phases = parse_until(text, &mut clock).and_then(|fzn| {
        let inst = resolve_until(&fzn, &mut clock)?;
        let plan = plan(&inst.search, opts.free);
        Ok((inst, plan, fzn.solve.line))
    });
    let (inst, mut plan, solve_line) = match phases {
        Err(e) if e.is_time_limit() => return unknown(out),
        other => other?,
    };
    // Enumerating a satisfaction problem: each distinct assignment of the
    // printed variables once, whatever MiniZinc's hidden helpers do.
    let outputs = output_vars(&inst);
    let project = inst.objective == Objective::Satisfy
        && (opts.all || opts.solutions.is_some_and(|n| n > 1) || opts.part.is_some())
        && outputs.len() < inst.vars.len()
        && !opts.all_variables
        && !crate::lab::wanted(opts);
    // Free search (no annotations, or -f) leaves the orders to us unless
    // --var-order / --value-order choose them.
    let free_orders =
        plan.scopes.is_empty() && opts.var_order.is_none() && opts.value_order.is_none();
    // The model's own annotations (free search's plan below is ours).
    let annotations = !plan.scopes.is_empty();
    if project {
        plan = plan.project(&outputs, inst.vars.len());
    } else if free_orders && opts.part.is_none() && !crate::lab::wanted(opts) {
        plan = plan.model_ints_first(&inst.vars).toward_objective(&inst);
    }
    // Every warning is about the solve item's annotations: its line.
    for w in &plan.warnings {
        let _ = writeln!(err, "warning: line {solve_line}: {w}");
    }
    for flag in &opts.ignored {
        let _ = writeln!(
            err,
            "note: Gecode's flag '{flag}' has no meaning here; ignored"
        );
    }
    let built = match build_until(&inst, &plan.first, &mut clock) {
        Err(e) if e.is_time_limit() => return unknown(out),
        other => other?,
    };
    let branching = plan.branching(&built.model, &built.vars);
    let init_time = started.elapsed();
    if opts.verbose {
        let _ = writeln!(
            err,
            "fzn-csp: {} variables, {} constraints in FlatZinc; {} engine variables, {} propagators; built in {:.3} s",
            inst.vars.len(),
            inst.constraints.len(),
            built.model.num_vars(),
            built.model.num_constraints(),
            init_time.as_secs_f64()
        );
        if !plan.value_orders.is_empty() {
            let _ = writeln!(
                err,
                "fzn-csp: free search tries {} variables' values from the largest, toward the objective",
                plan.value_orders.len()
            );
        }
    }
    // Clause learning decides on the annotated variables as the
    // annotations do (where the annotations' own search runs); under free
    // search by activity, but on the `warm_start` hints' variables first,
    // their hints first.
    let followed: Vec<VarId> = match annotations {
        true => plan.first.iter().map(|&x| built.vars[x]).collect(),
        false => plan.hints.iter().map(|&(x, _)| built.vars[x]).collect(),
    };
    let mut report = Report::default();
    let solve = Solve {
        inst: &inst,
        branching: &branching,
        opts,
        deadline,
        projected: project.then_some(outputs.len()),
        restarts: plan.restarts,
        // Gecode's tree for the annotations' own search and free search's
        // default plan (not for a
        // projection, whose first levels must stay the outputs, nor for
        // parts, which split the engine's tree).
        binary: !plan.scopes.is_empty()
            && !project
            && opts.part.is_none()
            && opts.var_order.is_none()
            && opts.value_order.is_none(),
        freedom: Freedom {
            orders: free_orders && !project,
            own_restarts: plan.restarts.is_some(),
        },
        followed: &followed,
        strategy: opts
            .strategy
            .unwrap_or_else(|| default_strategy(&inst.objective, &built.model)),
    };
    if opts.replay.replay.is_some() {
        let solver = solve.configure(Solver::new(&built.model));
        crate::replay::write_page(&inst, &built, &solver, &opts.replay)?;
    }
    if crate::lab::wanted(opts) {
        let solver = solve.configure(Solver::new(&built.model));
        if crate::lab::run(&inst, &built, &solver, opts, out, err)? {
            return out.flush().map_err(io);
        }
    }
    if let Some(part) = opts.part {
        return solve.part(&built, part, text, out);
    }
    if built.failed {
        writeln!(out, "{UNSATISFIABLE}").map_err(io)?;
    } else {
        report = match inst.objective {
            Objective::Satisfy => solve.satisfy(&built, out, err)?,
            Objective::Minimize(t) | Objective::Maximize(t) => {
                let minimize = matches!(inst.objective, Objective::Minimize(_));
                solve.optimise(&built, t, minimize, out, err)?
            }
        };
    }
    if report.stopped == Some(csp::StopReason::Memory) {
        let mb = opts.memory_limit.unwrap_or(0) >> 20;
        let _ = writeln!(
            err,
            "fzn-csp: stopped at the memory limit ({mb} MiB); --memory-limit MB raises it (0: none)"
        );
    }
    if opts.stats {
        write_stats(&report, &built, init_time, out).map_err(io)?;
    }
    out.flush().map_err(io)
}

#[derive(Default)]
struct Report {
    stats: Stats,
    solutions: u64,
    objective: Option<i64>,
    /// The objective was proved optimal (its bound is its value).
    proved: bool,
    /// The limit that stopped the search, if one did.
    stopped: Option<csp::StopReason>,
}

/// The statistics under the names MiniZinc's standard defines
/// (`nodes`, `failures`, `restarts`, `peakDepth`, `propagations`,
/// `nSolutions`, `solveTime`, `objective`, `objectiveBound`, ...), our
/// `search` (strategy and orders, fitted or set) and `searchPath`, then
/// `%%%mzn-stat-end`.
fn write_stats(
    report: &Report,
    built: &Built,
    init_time: std::time::Duration,
    out: &mut (dyn Write + Send),
) -> std::io::Result<()> {
    let s = &report.stats;
    let mut lines = vec![
        format!("nodes={}", s.nodes),
        format!("failures={}", s.failures),
        format!("restarts={}", s.restarts),
        format!("peakDepth={}", s.max_depth),
        format!("propagations={}", s.propagations),
        format!("nSolutions={}", report.solutions),
        format!("variables={}", built.model.num_vars()),
        format!("propagators={}", built.model.num_constraints()),
        format!("initTime={:.6}", init_time.as_secs_f64()),
        format!("solveTime={:.6}", s.elapsed.as_secs_f64()),
    ];
    if s.conflicts > 0 || s.learned > 0 {
        // Clause learning's own counts.
        lines.push(format!("conflicts={}", s.conflicts));
        lines.push(format!("learnedClauses={}", s.learned));
        lines.push(format!("backjumps={}", s.backjumps));
        lines.push(format!("clausePropagations={}", s.clause_propagations));
    }
    if let Some(p) = s.path {
        // The strategy and orders that ran, and whether the engine fitted
        // them to the model or the search annotations and options set them
        // (taking turns, the search that ended first: the one that
        // answered, or held the turn at the deadline).
        lines.push(format!("search=\"{}\"", p.settings()));
        lines.push(format!("searchPath=\"{}\"", p.machinery()));
    }
    if let Some(o) = report.objective {
        lines.push(format!("objective={o}"));
        if report.proved {
            lines.push(format!("objectiveBound={o}"));
        }
    }
    for l in lines {
        writeln!(out, "%%%mzn-stat: {l}")?;
    }
    writeln!(out, "%%%mzn-stat-end")
}

struct Solve<'a> {
    inst: &'a Instance,
    branching: &'a Branching,
    opts: &'a Options,
    deadline: Option<Instant>,
    /// Enumerating the distinct assignments of this many output
    /// variables, branched on first ([`crate::branching::Plan::project`]).
    projected: Option<usize>,
    /// The restart annotation's restarts.
    restarts: Option<csp::Restarts>,
    /// Binary branching (`x = v` / `x != v`, the variable chosen again
    /// after each refutation), as Gecode runs the search annotations.
    binary: bool,
    /// How a `-p` portfolio's members may differ.
    freedom: Freedom,
    /// The variables clause learning decides by the branching: the
    /// annotated ones (engine handles, in annotation order), or under free
    /// search the hinted ones.
    followed: &'a [VarId],
    /// `--strategy`, or [`default_strategy`].
    strategy: csp::Strategy,
}

/// Whether clause learning restarts as Glucose does unless
/// `--learning-restarts` says (BENCHMARKS.md, "Glucose restarts").
const LBD_RESTARTS_BY_DEFAULT: bool = false;

/// The strategy unless `--strategy` sets one: clause learning for an
/// optimisation over a scheduling model (a cumulative or a unary resource,
/// the model's own or found among its pairwise no-overlaps) or a routing
/// one (a circuit or subcircuit), following the search annotations where
/// their own search runs, activity deciding the rest: it proves job shop
/// and RCPSP optima the textbook search does not within the limit, and
/// the travelling purchaser (tpp) and p1f optima in a fraction of its
/// time, the circuits explaining each removal by the fixed chain behind
/// it. Arc consistency for everything else: satisfaction problems
/// (faster on the Challenge's black-hole and kakuro instances, and for
/// enumeration) and the other optimisations (still life, golomb and photo
/// are faster without learning). BENCHMARKS.md has the measurements.
/// Under a time limit the default arc consistency takes turns with clause
/// learning on one core, each resuming where it paused ([`FIRST_TURN`]).
///
/// ```
/// use csp::{Model, Strategy};
/// use csp_fzn::run::default_strategy;
/// use csp_fzn::instance::Objective;
/// use csp_fzn::Term;
/// let mut model = Model::new();
/// let s = model.int_vars(3, 0..=2).unwrap();
/// let minimize = Objective::Minimize(Term::Var(0));
/// assert_eq!(default_strategy(&minimize, &model), Strategy::ArcConsistency);
/// let mut routing = Model::new();
/// let succ = routing.int_vars(3, 0..=2).unwrap();
/// routing.circuit(&succ).unwrap();
/// assert_eq!(default_strategy(&minimize, &routing), Strategy::ClauseLearning);
/// model.disjunctive(&s, [3, 4, 5]).unwrap();
/// assert_eq!(default_strategy(&minimize, &model), Strategy::ClauseLearning);
/// assert_eq!(default_strategy(&Objective::Satisfy, &model), Strategy::ArcConsistency);
/// ```
pub fn default_strategy(objective: &Objective, model: &csp::Model) -> csp::Strategy {
    let learns = || {
        model.constraint_ids().any(|c| {
            matches!(
                model.constraint_name(c),
                "cumulative" | "disjunctive" | "circuit" | "subcircuit"
            )
        })
    };
    match objective {
        Objective::Minimize(_) | Objective::Maximize(_) if learns() => {
            csp::Strategy::ClauseLearning
        }
        _ => csp::Strategy::ArcConsistency,
    }
}

/// The distinct variables (FlatZinc indices) the solutions print.
fn output_vars(inst: &Instance) -> Vec<usize> {
    let mut seen = vec![false; inst.vars.len()];
    let mut vars = Vec::new();
    for t in inst.outputs.iter().flat_map(|o| &o.terms) {
        if let Term::Var(x) = *t
            && !std::mem::replace(&mut seen[x], true)
        {
            vars.push(x);
        }
    }
    vars
}

impl Solve<'_> {
    fn configure<'m>(&self, solver: Solver<'m>) -> Solver<'m> {
        let solver =
            (solver.strategy(self.strategy).seed(self.opts.seed)).binary_branching(self.binary);
        let solver = match self.opts.cumulative_level {
            Some(level) => solver.cumulative_level(level),
            None => solver,
        };
        let solver = match self.opts.all_different_level {
            Some(level) => solver.all_different_level(level),
            None => solver,
        };
        let solver = match self.restarts {
            Some(r) => solver.restarts(r),
            None => solver,
        };
        let solver = match self.opts.lbd_restarts.unwrap_or(LBD_RESTARTS_BY_DEFAULT) {
            true => solver.lbd_restarts(csp::LbdRestarts::default()),
            false => solver,
        };
        let solver = match self.opts.learned_clauses {
            Some(limit) => solver.learned_clauses(limit),
            None => solver,
        };
        let solver = self.branching.apply(solver);
        // Clause learning follows the annotations where their own search
        // runs (MiniZinc's fixed search), activity deciding the rest.
        let solver = match self.follows() {
            true => solver
                .follow_branching(self.followed.iter().copied())
                .expect("the model's own variables"),
            false => solver,
        };
        // --var-order / --value-order override the annotations.
        let solver = match self.opts.var_order {
            Some(order) => solver.var_order(order),
            None => solver,
        };
        match self.opts.value_order {
            Some(order) => solver.value_order(order),
            None => solver,
        }
    }

    /// The solution text for engine values, after checking every constraint.
    fn solution(&self, vars: &[VarId], values: &[i32]) -> Result<String, FznError> {
        let value = |t: Term| match t {
            Term::Const(c) => c,
            Term::Var(x) => values[vars[x].index()] as i64,
        };
        if let Some((name, line)) = violated(self.inst, &value) {
            return Err(FznError::new(
                line,
                format!("internal error: a solution violates {name}; please report this model"),
            ));
        }
        Ok(format_solution(self.inst, &value))
    }

    /// The limits left: the time to the deadline (`-t`), and Gecode's
    /// node and failure cutoffs (`-node`, `-fail`).
    /// The engine variables the solutions print.
    fn shown(&self, built: &Built) -> Vec<VarId> {
        output_vars(self.inst)
            .iter()
            .map(|&x| built.vars[x])
            .collect()
    }

    fn limits(&self) -> Limits {
        Limits {
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            // Gecode counts the nodes below the root; the engine counts it.
            nodes: self.opts.node_cutoff.map(|n| n.saturating_add(1)),
            failures: self.opts.fail_cutoff,
            memory: self.opts.memory_limit,
            ..Limits::default()
        }
    }

    fn satisfy(
        &self,
        built: &Built,
        out: &mut (dyn Write + Send),
        err: &mut dyn Write,
    ) -> Result<Report, FznError> {
        let wanted = match (self.opts.all, self.opts.solutions) {
            (_, Some(n)) => Some(n),
            (true, None) => None,
            (false, None) => Some(1),
        };
        let io = |e: std::io::Error| FznError::new(0, format!("cannot write the output: {e}"));
        let limits = self.limits();
        let solver = self
            .configure(Solver::new(&built.model))
            .limits(limits.clone());
        if self.opts.threads > 1 && wanted != Some(1) && self.projected.is_none() {
            return self.satisfy_parallel(built, &solver, wanted, limits, out);
        }
        let schedule = if wanted != Some(1) {
            None
        } else if self.opts.threads > 1 && self.portfolio(err) {
            Some(Schedule::Race)
        } else if self.takes_turns() {
            Some(self.turns())
        } else {
            None
        };
        if let Some(schedule) = schedule {
            let members = match schedule {
                Schedule::Race => self.members(&solver),
                Schedule::Turns { .. } => self.turn_members(&solver),
            };
            let found = first_solution(&members, schedule);
            if let Some(values) = &found.values {
                let text = self.solution(&built.vars, values)?;
                out.write_all(text.as_bytes()).map_err(io)?;
            }
            let n = u64::from(found.values.is_some());
            self.note_turns(found.members_run, &found.outcome.stats, err);
            return finish_satisfaction(found.outcome, false, n, out);
        }
        if self.opts.threads > 1 && wanted != Some(1) {
            let _ = writeln!(
                err,
                "note: -p splits the enumeration (-a, -n) of models whose variables are all printed; one thread"
            );
        }
        let mut search = solver.search();
        // The printed variables, which a projection must not repeat.
        let shown = self.shown(built);
        let mut found = 0u64;
        // Every distinct solution seen: the search space is exhausted, or
        // nothing printed varies after the first solution.
        let mut exhausted = false;
        let mut only_one = false;
        while wanted.is_none_or(|n| found < n) {
            let Some(values) = search.next_values() else {
                exhausted = true;
                break;
            };
            found += 1;
            let text = self.solution(&built.vars, values)?;
            out.write_all(text.as_bytes()).map_err(io)?;
            out.flush().map_err(io)?;
            match self.projected {
                // Nothing printed varies: this solution was the only one.
                Some(0) => {
                    only_one = true;
                    break;
                }
                // (A search that ended at this solution has nothing to skip.)
                Some(k)
                    if !(search.skip_below(k) || search.skip_agreeing(&shown))
                        && search.outcome().status == Status::Running =>
                {
                    return Err(FznError::new(
                        0,
                        "internal error: the enumeration cannot skip repeated solutions",
                    ));
                }
                _ => {}
            }
        }
        let outcome = search.outcome();
        let all_seen = (exhausted && outcome.status == Status::Complete) || only_one;
        finish_satisfaction(outcome, all_seen && self.enumerating(), found, out)
    }

    /// `--part I/K`: counts part I of K of the engine's split (printing
    /// its solutions with `-a`) and writes its [`PartResult`] to `--out`
    /// or, without it, to `out`.
    fn part(
        &self,
        built: &Built,
        part: csp::Part,
        text: &str,
        out: &mut (dyn Write + Send),
    ) -> Result<(), FznError> {
        let io = |e: std::io::Error| FznError::new(0, format!("cannot write the output: {e}"));
        let whole = |e: &dyn std::fmt::Display| FznError::new(0, e.to_string());
        if self.inst.objective != Objective::Satisfy {
            return Err(FznError::new(
                0,
                "--part splits the count of a satisfaction problem; this model has an objective",
            ));
        }
        if self.opts.all && self.opts.out.is_none() {
            return Err(FznError::new(
                0,
                "--part with -a prints the solutions; give --out FILE for the part's result",
            ));
        }
        let started = Instant::now();
        let partition = csp::Partition::new(&built.model, part.parts()).map_err(|e| whole(&e))?;
        let depth = partition.depth();
        if let Some(k) = self.projected.filter(|&k| depth > k) {
            return Err(FznError::new(
                0,
                format!(
                    "the split into {} parts fixes {depth} variables, more than the {k} printed \
                     ones, so one printed solution could count in two parts: use fewer parts \
                     or --all-variables",
                    part.parts()
                ),
            ));
        }
        let solver = self.configure(Solver::new(&built.model));
        let (mut count, mut stats, mut stopped) = (0u64, Stats::default(), None);
        let prefixes = if built.failed {
            Vec::new()
        } else {
            partition.part(part.index()).map_err(|e| whole(&e))?
        };
        let shown = self.shown(built);
        for prefix in prefixes {
            let sub = solver.clone().limits(self.limits());
            let mut search = sub.assume(prefix).map_err(|e| whole(&e))?.search();
            while let Some(values) = search.next_values() {
                count += 1;
                if self.opts.all {
                    let text = self.solution(&built.vars, values)?;
                    out.write_all(text.as_bytes()).map_err(io)?;
                }
                if let Some(k) = self.projected
                    && !(search.skip_below(k) || search.skip_agreeing(&shown))
                    && search.outcome().status == Status::Running
                {
                    return Err(FznError::new(
                        0,
                        "internal error: the count cannot skip repeated solutions",
                    ));
                }
            }
            let outcome = search.outcome();
            stats.merge(&outcome.stats);
            if let Status::Stopped(why) = outcome.status {
                stopped = Some(why.to_string());
                break;
            }
        }
        let result = PartResult {
            format: crate::parts::FORMAT.into(),
            version: crate::parts::FORMAT_VERSION,
            model_hash: crate::parts::model_hash(text),
            model: self.opts.file.clone().unwrap_or_else(|| "-".into()),
            counted: if self.opts.all_variables {
                "all-variables"
            } else {
                "printed"
            }
            .into(),
            part: part.index(),
            parts: part.parts(),
            prefix_depth: depth,
            count,
            complete: stopped.is_none(),
            stopped_by: stopped,
            stats: (&stats).into(),
            elapsed_seconds: started.elapsed().as_secs_f64(),
            fzn_csp_version: env!("CARGO_PKG_VERSION").into(),
        };
        match &self.opts.out {
            Some(path) => result
                .write(std::path::Path::new(path))
                .map_err(|e| FznError::new(0, e))?,
            None => out.write_all(result.to_json().as_bytes()).map_err(io)?,
        }
        out.flush().map_err(io)
    }

    /// Whether `-p N` runs a portfolio: not under Gecode's node and
    /// failure cutoffs, which count one search (noted on `err`).
    fn portfolio(&self, err: &mut dyn Write) -> bool {
        let cutoffs = self.opts.node_cutoff.is_some() || self.opts.fail_cutoff.is_some();
        if cutoffs {
            let _ = writeln!(err, "note: -node and -fail count one search; -p ignored");
            return false;
        }
        if !self.members_vary() {
            // The other members would walk member 0's tree again (with
            // restarts, more slowly), only taking the second core from it.
            let _ = writeln!(
                err,
                "note: the search annotations fix every choice, so every -p member would search the same tree; one thread"
            );
            return false;
        }
        true
    }

    /// Whether a portfolio's members can search differently from member 0
    /// (see [`crate::portfolio::members`]): orders of their own (free
    /// search), clause learning (member 0's, or under the annotations' own
    /// search the learning member's, which follows them on a tree of its
    /// own), or a branching whose path depends on the seed or on restarts
    /// ([`Branching::varies`] unless both orders are set on the command
    /// line, which replace it, or the orders the command line sets).
    fn members_vary(&self) -> bool {
        let overridden = self.opts.var_order.is_some() && self.opts.value_order.is_some();
        self.freedom.orders
            || self.strategy == csp::Strategy::ClauseLearning
            || self.follows()
            || (!overridden && self.branching.varies())
            || self
                .opts
                .var_order
                .is_some_and(|o| o != csp::VarOrder::Input)
            || self.opts.value_order == Some(csp::ValueOrder::Random)
    }

    /// Whether clause learning follows the branching: the model's own
    /// annotations, or its hints, where that search runs (binary
    /// branching).
    fn follows(&self) -> bool {
        self.binary && !self.followed.is_empty()
    }

    /// The `-p` portfolio's members around `solver` (one without `-p`).
    fn members<'m>(&self, solver: &Solver<'m>) -> Vec<Solver<'m>> {
        members(solver, self.opts.threads, self.freedom, self.opts.seed)
    }

    /// Whether this search is the default arc consistency that takes
    /// turns with clause learning ([`Schedule::Turns`]): under a time
    /// limit, on one thread, where nothing on the command line chose the
    /// search or counts it (for a first solution or an optimum; the
    /// callers leave enumeration to arc consistency).
    fn takes_turns(&self) -> bool {
        let o = self.opts;
        self.strategy == csp::Strategy::ArcConsistency
            && o.strategy.is_none()
            && self.deadline.is_some()
            && o.threads <= 1
            && o.var_order.is_none()
            && o.value_order.is_none()
            && o.node_cutoff.is_none()
            && o.fail_cutoff.is_none()
    }

    /// The default search's turns, cut to the deadline.
    fn turns(&self) -> Schedule {
        Schedule::Turns {
            deadline: self.deadline,
            first_turn: FIRST_TURN,
        }
    }

    /// The members taking turns: `solver`, then the same settings with
    /// clause learning.
    fn turn_members<'m>(&self, solver: &Solver<'m>) -> Vec<Solver<'m>> {
        vec![
            solver.clone(),
            solver.clone().strategy(csp::Strategy::ClauseLearning),
        ]
    }

    /// Under `-v`, after turns that reached the second member: in whose
    /// turn the search ended (`stats`'s path: the member that answered,
    /// or held the turn at the deadline).
    fn note_turns(&self, members_run: usize, stats: &Stats, err: &mut dyn Write) {
        if members_run < 2 || !self.takes_turns() || !self.opts.verbose {
            return;
        }
        let ended = stats.path.map_or("?", |p| p.strategy.name());
        let _ = writeln!(
            err,
            "fzn-csp: arc consistency took turns with clause learning ({:.1} s each, doubling each round; learning's shorter while its nogoods prune little, arc consistency's up to half longer when about to finish); the search ended in {ended}'s turn (--strategy arc-consistency keeps arc consistency alone)",
            FIRST_TURN.as_secs_f64()
        );
    }

    /// `-a` or `-n`: the search is asked for more than one solution, so
    /// exhausting it is news (`==========`); a plain satisfaction search
    /// stops at its first solution and never claims to have seen them all.
    fn enumerating(&self) -> bool {
        self.opts.all || self.opts.solutions.is_some_and(|n| n > 1)
    }

    /// Enumeration over the engine's deterministic split, on `-p` threads;
    /// solutions print in the order the threads find them.
    fn satisfy_parallel(
        &self,
        built: &Built,
        solver: &Solver<'_>,
        wanted: Option<u64>,
        limits: Limits,
        out: &mut (dyn Write + Send),
    ) -> Result<Report, FznError> {
        let io = |e: std::io::Error| FznError::new(0, format!("cannot write the output: {e}"));
        let cancel = Arc::new(AtomicBool::new(false));
        let found = AtomicU64::new(0);
        let failure: Mutex<Option<FznError>> = Mutex::new(None);
        let out = Mutex::new(out);
        let outcome = Parallel::new(solver)
            .threads(Some(self.opts.threads))
            .limits(Limits {
                cancel: Some(cancel.clone()),
                ..limits
            })
            .for_each_solution(|values| {
                let k = found.fetch_add(1, Ordering::SeqCst) + 1;
                if wanted.is_some_and(|n| k > n) {
                    return;
                }
                if wanted == Some(k) {
                    cancel.store(true, Ordering::SeqCst);
                }
                let written = self.solution(&built.vars, values).and_then(|text| {
                    let mut o = out.lock().expect("output lock");
                    o.write_all(text.as_bytes())
                        .and_then(|_| o.flush())
                        .map_err(io)
                });
                if let Err(e) = written {
                    cancel.store(true, Ordering::SeqCst);
                    failure.lock().expect("failure lock").get_or_insert(e);
                }
            })
            .map_err(|e| FznError::new(0, e.to_string()))?;
        if let Some(e) = failure.into_inner().expect("failure lock") {
            return Err(e);
        }
        let found = found.into_inner().min(wanted.unwrap_or(u64::MAX));
        let out = out.into_inner().expect("output lock");
        // Cancelled on reaching the count: complete only if nothing was left.
        let exhausted = !cancel.load(Ordering::SeqCst) && outcome.status == Status::Complete;
        finish_satisfaction(outcome, exhausted && self.enumerating(), found, out)
    }

    fn optimise(
        &self,
        built: &Built,
        objective: Term,
        minimize: bool,
        out: &mut (dyn Write + Send),
        err: &mut dyn Write,
    ) -> Result<Report, FznError> {
        let io = |e: std::io::Error| FznError::new(0, format!("cannot write the output: {e}"));
        let Term::Var(x) = objective else {
            // A constant objective: any solution is optimal.
            let mut once = Options::clone(self.opts);
            once.all = false;
            once.solutions = None;
            let report = Solve {
                opts: &once,
                ..*self
            }
            .satisfy(built, out, err)?;
            if report.solutions > 0 {
                writeln!(out, "{COMPLETE}").map_err(io)?;
            }
            return Ok(report);
        };
        let every = self.opts.all || self.opts.intermediate;
        let mut last: Option<String> = None;
        let mut failure = None;
        let mut found = 0;
        let solver = self
            .configure(Solver::new(&built.model))
            .limits(self.limits());
        let (members, schedule) = if self.opts.threads > 1 && self.portfolio(err) {
            (self.members(&solver), Schedule::Race)
        } else if self.takes_turns() {
            let turns = self.turns();
            (self.turn_members(&solver), turns)
        } else {
            (vec![solver], Schedule::Race)
        };
        let optimum =
            optimize_portfolio(&members, schedule, built.vars[x], minimize, |values, _| {
                found += 1;
                match self.solution(&built.vars, values) {
                    Ok(text) if every => {
                        if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                            failure.get_or_insert(io(e));
                        }
                    }
                    Ok(text) => last = Some(text),
                    Err(e) => {
                        failure.get_or_insert(e);
                    }
                }
            })
            .map_err(|e| FznError::new(0, e.to_string()))?;
        if let Some(e) = failure {
            return Err(e);
        }
        if let Some(text) = last {
            out.write_all(text.as_bytes()).map_err(io)?;
        }
        let end = match (optimum.proved, optimum.best) {
            (true, Some(_)) => Some(COMPLETE),
            (true, None) => Some(UNSATISFIABLE),
            (false, None) => Some(UNKNOWN),
            (false, Some(_)) => None,
        };
        if let Some(end) = end {
            writeln!(out, "{end}").map_err(io)?;
        }
        self.note_turns(optimum.members_run, &optimum.stats, err);
        Ok(Report {
            stats: optimum.stats,
            solutions: found,
            objective: optimum.best,
            proved: optimum.proved,
            stopped: optimum.stopped,
        })
    }
}

/// The end of a satisfaction search: the spec's closing line (all found
/// when `all_seen`, unsatisfiable, or unknown when a limit stopped it
/// before any solution; none after a partial enumeration or a first
/// solution) and the report.
fn finish_satisfaction(
    outcome: csp::Outcome,
    all_seen: bool,
    found: u64,
    out: &mut (dyn Write + Send),
) -> Result<Report, FznError> {
    let end = match (outcome.status, found) {
        (Status::Complete, 0) => Some(UNSATISFIABLE),
        (_, 1..) if all_seen => Some(COMPLETE),
        (_, 0) => Some(UNKNOWN),
        _ => None,
    };
    if let Some(end) = end {
        writeln!(out, "{end}")
            .map_err(|e| FznError::new(0, format!("cannot write the output: {e}")))?;
    }
    Ok(Report {
        stats: outcome.stats,
        solutions: found,
        stopped: match outcome.status {
            Status::Stopped(why) => Some(why),
            _ => None,
        },
        ..Report::default()
    })
}
