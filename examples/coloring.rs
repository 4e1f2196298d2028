//! Graph colouring by constraint search: one variable per vertex, one
//! not-equal per edge. Colours the map of Australia from the AIMA textbook,
//! or any graph in the DIMACS `.col` format; finds one colouring, counts or
//! lists them, or finds the chromatic number by trying k = 1, 2, ...
//!
//! ```text
//! cargo run --example coloring                          # Australia, 3 colours
//! cargo run --example coloring -- --count               # 18 colourings with 3 colours
//! cargo run --example coloring -- --chromatic tests/data/myciel3.col   # 4
//! ```

use clap::Parser;
use csp_workspace::cli::{self, CliError, Defaults, Out, SearchArgs};
use csp_workspace::coloring::{chromatic_number, ColoringModel, Symmetry};
use csp_workspace::{dimacs, graph::Graph};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Colours a graph so that neighbours differ.
#[derive(Parser)]
#[command(name = "coloring")]
struct Cli {
    /// A graph in DIMACS .col format [default: the map of Australia]
    file: Option<PathBuf>,
    /// Number of colours
    #[arg(short = 'k', long, default_value_t = 3,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    colors: u32,
    /// Count the colourings instead of showing one
    #[arg(long, group = "mode")]
    count: bool,
    /// List every colouring, one per line
    #[arg(long, group = "mode")]
    all: bool,
    /// Find the chromatic number: try 1, 2, ... colours until one works
    #[arg(long, group = "mode")]
    chromatic: bool,
    #[command(flatten)]
    search: SearchArgs,
}

fn main() -> ExitCode {
    let cli: Cli = cli::parse(&Defaults::default().to_string());
    cli::run(|out| run(&cli, out))
}

fn load(file: &Option<PathBuf>) -> Result<Graph, CliError> {
    let Some(path) = file else {
        return Ok(Graph::australia());
    };
    // Read line by line with a cap: a device or a binary file is refused
    // at its first overlong or non-text line, not loaded into memory.
    let shown = path.display();
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::Usage(format!("cannot read {shown}: {e}")))?;
    dimacs::read(std::io::BufReader::new(file))
        .map_err(|e| CliError::Usage(format!("{shown}: {e}")))
}

fn run(cli: &Cli, out: &mut Out) -> Result<(), CliError> {
    let graph = load(&cli.file)?;
    let usage = |e: csp::ModelError| CliError::Usage(e.to_string());
    let k = cli.colors as usize;
    if cli.chromatic {
        if cli.search.replay.replay.is_some() {
            return Err(CliError::Usage(
                "--replay records one search; --chromatic runs one per number of colours \
                 (replay it with -k K instead)"
                    .to_owned(),
            ));
        }
        let result = chromatic_number(&graph, |s| {
            cli.search.solver(s.model(), Defaults::default())
        })
        .map_err(usage)?;
        for (i, outcome) in result.outcomes.iter().enumerate() {
            cli.search
                .report(Some(&cli::counted(i as u64 + 1, "colour")), outcome);
        }
        match result.found {
            Some((chi, solution)) => {
                writeln!(out, "chromatic number {chi}")?;
                writeln!(
                    out,
                    "{}",
                    ColoringModel::render(&graph, chi, solution.values())
                )?;
            }
            None => {
                let last = result.outcomes.last().expect("one search at least");
                cli::refuse_too_large(last)?;
                cli::note_if_stopped(last);
                writeln!(
                    out,
                    "chromatic number unknown: more than {} (stopped{})",
                    result.impossible_below,
                    if cli::interrupted() {
                        ": interrupted"
                    } else {
                        ""
                    }
                )?;
            }
        }
        return Ok(());
    }
    let model = ColoringModel::new(&graph, k, Symmetry::Keep).map_err(usage)?;
    let solver = cli.search.solver(model.model(), Defaults::default());
    let colours = cli::counted(k as u64, "colour");
    let vertices = (0..graph.len()).map(|v| graph.name(v).to_owned()).collect();
    cli.search
        .replay
        .write(&solver, &format!("colouring with {colours}"), vertices)?;
    if cli.count || cli.all {
        cli.search.enumerate(
            out,
            solver.search(),
            cli.count,
            |out, values| writeln!(out, "{}", ColoringModel::render(&graph, k, values)),
            |n| format!("{} with {colours}", cli::counted(n, "colouring")),
        )?;
        return Ok(());
    }
    let (solution, outcome) = solver.first();
    cli::refuse_too_large(&outcome)?;
    match solution {
        Some(s) => writeln!(out, "{}", ColoringModel::render(&graph, k, s.values()))?,
        None if outcome.status.is_complete() => writeln!(out, "no colouring with {colours}")?,
        None => writeln!(
            out,
            "no colouring found with {colours} before the search stopped{}",
            if cli::interrupted() {
                " (interrupted)"
            } else {
                ""
            }
        )?,
    }
    cli.search.report(None, &outcome);
    cli::note_if_stopped(&outcome);
    Ok(())
}
