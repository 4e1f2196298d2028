//! `nqueens study`: the table, CSV, JSON and chart of a small matrix agree
//! with each other and with independently computed solution counts.

use clap::Parser;
use csp::Strategy;
use nqueens::reference;
use nqueens::study::{run_study, StudyArgs, StudyError, DEFAULT_RUN_TIME_LIMIT, HEADERS};
use std::collections::HashMap;
use std::path::PathBuf;

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    study: StudyArgs,
}

fn args(list: &[&str]) -> StudyArgs {
    Cli::try_parse_from(std::iter::once("nqueens").chain(list.iter().copied()))
        .expect("valid arguments")
        .study
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-study-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One table row: every cell, in column order.
type Row = Vec<String>;

fn run_table(list: &[&str]) -> Vec<Row> {
    let mut out = Vec::new();
    run_study(&args(list), &mut out).expect("study runs");
    let text = String::from_utf8(out).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines
        .next()
        .unwrap()
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(header, HEADERS);
    assert!(lines.next().unwrap().starts_with("--------"));
    lines
        .map(|line| {
            // Cells are separated by at least two spaces and never contain two.
            let row: Row = line
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(String::from)
                .collect();
            assert_eq!(row.len(), HEADERS.len(), "row {line:?}");
            row
        })
        .collect()
}

fn number(cell: &str) -> u64 {
    cell.replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("not a count: {cell:?}"))
}

fn col(name: &str) -> usize {
    HEADERS.iter().position(|h| *h == name).unwrap()
}

/// The columns the table shares with CSV and JSON, keyed by their names there.
const SHARED: [(&str, &str); 10] = [
    ("strategy", "strategy"),
    ("var order", "var_order"),
    ("value order", "value_order"),
    ("n", "n"),
    ("status", "status"),
    ("solutions", "solutions"),
    ("nodes", "nodes"),
    ("failures", "failures"),
    ("checks", "checks"),
    ("pruned", "pruned"),
];

#[test]
fn small_matrix_has_right_counts_and_pruning_orderings() {
    let rows = run_table(&[
        "--sizes",
        "4..=6",
        "--strategies",
        "all",
        "--value-orders",
        "ascending,descending,middle-out",
    ]);
    assert_eq!(rows.len(), Strategy::ALL.len() * 3 * 3);
    let mut nodes: HashMap<(String, String, usize), u64> = HashMap::new();
    for row in &rows {
        let n = number(&row[col("n")]) as usize;
        assert_eq!(row[col("status")], "complete");
        assert_eq!(
            number(&row[col("solutions")]),
            reference::count(n).unwrap(),
            "{row:?}"
        );
        nodes.insert(
            (row[0].clone(), row[2].clone(), n),
            number(&row[col("nodes")]),
        );
    }
    // Same static orders: each strategy's tree lies inside the weaker one's.
    let chain = [
        Strategy::ArcConsistency,
        Strategy::ForwardChecking,
        Strategy::Backtracking,
        Strategy::GenerateAndTest,
    ];
    let mut strictly_smaller = 0;
    for value_order in ["ascending", "descending", "middle-out"] {
        for n in 4..=6 {
            let of = |s: Strategy| nodes[&(s.to_string(), value_order.to_string(), n)];
            for pair in chain.windows(2) {
                assert!(
                    of(pair[0]) <= of(pair[1]),
                    "{} > {} at n = {n}, {value_order}",
                    pair[0],
                    pair[1]
                );
                strictly_smaller += usize::from(of(pair[0]) < of(pair[1]));
            }
        }
    }
    assert!(
        strictly_smaller > 0,
        "the strategies should differ somewhere"
    );
    // Look-back only skips parts of backtracking's tree.
    for value_order in ["ascending", "descending", "middle-out"] {
        for n in 4..=6 {
            let of = |s: Strategy| nodes[&(s.to_string(), value_order.to_string(), n)];
            for look_back in [Strategy::Backjumping, Strategy::NogoodLearning] {
                assert!(
                    of(look_back) <= of(Strategy::Backtracking),
                    "{look_back} at n = {n}, {value_order}"
                );
            }
        }
    }
}

#[test]
fn csv_and_json_hold_the_tables_numbers() {
    let dir = scratch("files");
    let (csv_path, json_path) = (dir.join("runs.csv"), dir.join("runs.json"));
    let rows = run_table(&[
        "--sizes",
        "4..7",
        "--var-orders",
        "input,smallest-domain",
        "--csv",
        csv_path.to_str().unwrap(),
        "--json",
        json_path.to_str().unwrap(),
    ]);
    assert_eq!(rows.len(), Strategy::ALL.len() * 2 * 3);

    let mut reader = csv::Reader::from_path(&csv_path).unwrap();
    let headers = reader.headers().unwrap().clone();
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    let json = json.as_array().expect("an array of runs");
    assert_eq!(records.len(), rows.len());
    assert_eq!(json.len(), rows.len());

    for (i, row) in rows.iter().enumerate() {
        for (table_name, key) in SHARED {
            let cell = &row[col(table_name)];
            let csv_cell = &records[i][headers.iter().position(|h| h == key).unwrap()];
            let json_cell = &json[i][key];
            if let Some(number_in_json) = json_cell.as_u64() {
                assert_eq!(number(cell), number_in_json, "row {i} {key}");
                assert_eq!(
                    number(cell),
                    csv_cell.parse::<u64>().unwrap(),
                    "row {i} {key}"
                );
            } else {
                assert_eq!(cell, json_cell.as_str().unwrap(), "row {i} {key}");
                assert_eq!(cell, csv_cell, "row {i} {key}");
            }
        }
        assert_eq!(json[i]["mode"], "all");
        assert!(json[i]["seconds"].as_f64().unwrap() >= 0.0);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_run_that_hits_its_limit_says_so_everywhere() {
    let dir = scratch("limit");
    let (csv_path, json_path, plot) = (dir.join("r.csv"), dir.join("r.json"), dir.join("r.svg"));
    let rows = run_table(&[
        "--sizes",
        "7,8",
        "--strategies",
        "generate-and-test,backtracking",
        "--node-limit",
        "5000",
        "--csv",
        csv_path.to_str().unwrap(),
        "--json",
        json_path.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
    ]);
    let status: Vec<&str> = rows.iter().map(|r| r[col("status")].as_str()).collect();
    assert_eq!(
        status,
        [
            "limit reached (node limit)",
            "limit reached (node limit)",
            "complete",
            "complete"
        ]
    );
    for row in &rows[..2] {
        let n = number(&row[col("n")]) as usize;
        assert!(number(&row[col("solutions")]) < reference::count(n).unwrap());
        assert!(number(&row[col("nodes")]) <= 5000);
    }
    assert_eq!(number(&rows[3][col("solutions")]), 92);

    let csv_text = std::fs::read_to_string(&csv_path).unwrap();
    assert_eq!(csv_text.matches(",limit reached (node limit),").count(), 2);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(json[0]["status"], "limit reached (node limit)");
    assert_eq!(json[3]["status"], "complete");

    // The chart marks the two stopped runs with hollow markers, off the line.
    let svg = std::fs::read_to_string(&plot).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let hollow = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && n.attribute("fill") == Some("none"))
        .count();
    assert_eq!(hollow, 2);
    assert!(svg.contains("limit reached"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn plot_is_well_formed_with_one_series_per_strategy() {
    let dir = scratch("plot");
    let plot = dir.join("nodes.svg");
    let rows = run_table(&["--sizes", "4..=7", "--plot", plot.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&plot).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").trim().to_string())
        .collect();
    for axis in ["n (board size)", "nodes (log scale)"] {
        assert!(texts.iter().any(|t| t == axis), "missing axis label {axis}");
    }
    // Series are thick polylines: the data line, then the legend sample, per colour.
    let mut by_colour: Vec<(String, Vec<usize>)> = Vec::new();
    for line in doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some("2"))
    {
        let colour = line.attribute("stroke").unwrap().to_string();
        let points = line.attribute("points").unwrap().split_whitespace().count();
        match by_colour.iter_mut().find(|(c, _)| *c == colour) {
            Some((_, counts)) => counts.push(points),
            None => by_colour.push((colour, vec![points])),
        }
    }
    assert_eq!(by_colour.len(), Strategy::ALL.len());
    for (strategy, (_, lines)) in Strategy::ALL.iter().zip(&by_colour) {
        assert_eq!(
            texts.iter().filter(|t| *t == strategy.name()).count(),
            1,
            "one legend entry for {strategy}"
        );
        let runs = rows.iter().filter(|r| r[0] == strategy.name()).count();
        assert_eq!(
            lines,
            &vec![runs, 2],
            "{strategy}: a point per size, and a legend sample"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn first_solution_mode_with_smallest_domain_and_middle_out_is_quick_at_1000() {
    let rows = run_table(&[
        "--first",
        "--sizes",
        "1..=3,1000",
        "--strategies",
        "forward-checking",
        "--var-orders",
        "smallest-domain",
        "--value-orders",
        "middle-out",
        "--node-limit",
        "100000",
    ]);
    let found: Vec<(&str, u64)> = rows
        .iter()
        .map(|r| (r[col("status")].as_str(), number(&r[col("solutions")])))
        .collect();
    // 2 and 3 queens have no solution: their search is complete and empty.
    assert_eq!(
        found,
        [("found", 1), ("complete", 0), ("complete", 0), ("found", 1)]
    );
    let failures = number(&rows[3][col("failures")]);
    assert!(
        failures <= 10,
        "{failures} failures for the first 1000-queens solution"
    );
}

#[test]
fn a_bad_output_path_fails_before_the_study_runs() {
    let missing = scratch("missing").join("no-such-dir").join("out.csv");
    let mut out = Vec::new();
    let err = run_study(
        &args(&["--sizes", "4", "--csv", missing.to_str().unwrap()]),
        &mut out,
    )
    .unwrap_err();
    assert!(matches!(err, StudyError::File { .. }));
    assert!(err.to_string().contains("out.csv"), "{err}");
    assert!(
        out.is_empty(),
        "nothing printed before the files are opened"
    );
}

#[test]
fn bad_lists_are_usage_errors_and_no_limit_means_the_default_time_limit() {
    for bad in [
        ["--sizes", "0..=4"],
        ["--sizes", "8..4"],
        ["--strategies", "guessing"],
        ["--var-orders", "input,"],
        ["--value-orders", "sideways"],
    ] {
        let err = Cli::try_parse_from(std::iter::once("nqueens").chain(bad))
            .err()
            .expect("rejected");
        assert_eq!(
            err.kind(),
            clap::error::ErrorKind::ValueValidation,
            "{bad:?}"
        );
    }
    let study = args(&[]).study();
    assert_eq!(study.limits.time, Some(DEFAULT_RUN_TIME_LIMIT));
    assert_eq!(study.len(), Strategy::ALL.len() * 9);
    let study = args(&["--node-limit", "10"]).study();
    assert_eq!((study.limits.time, study.limits.nodes), (None, Some(10)));
}
