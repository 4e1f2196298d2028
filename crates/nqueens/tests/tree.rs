//! `nqueens tree`: the recorded tree matches what the engine counted, and
//! the SVG is well-formed with one box per choice.

use clap::Parser;
use csp::{Limits, Solver, Strategy};
use nqueens::board::Board;
use nqueens::reference;
use nqueens::tree::{
    grow, run_tree, tidy_layout, NodeKind, TreeArgs, TreeError, DEFAULT_MAX_CHOICES,
};

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    tree: TreeArgs,
}

fn args(list: &[&str]) -> TreeArgs {
    Cli::try_parse_from(std::iter::once("nqueens").chain(list.iter().copied()))
        .expect("valid arguments")
        .tree
}

fn svg_of(list: &[&str]) -> String {
    let mut out = Vec::new();
    run_tree(&args(list), &mut out).expect("tree drawn");
    String::from_utf8(out).unwrap()
}

/// The class of every choice box, per drawn tree.
fn choice_classes(doc: &roxmltree::Document<'_>) -> Vec<Vec<String>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("tree"))
        .map(|tree| {
            tree.descendants()
                .filter_map(|n| n.attribute("class"))
                .filter_map(|c| c.strip_prefix("choice "))
                .map(String::from)
                .collect()
        })
        .collect()
}

#[test]
fn tree_holds_every_choice_the_engine_counted() {
    for n in 4..=5 {
        let queens = Board::square(n).unwrap().model();
        // Clause learning's tree is not chronological (a conflict jumps
        // back and asserts a literal without a choice): its own tests
        // check it against brute force.
        let chronological = Strategy::ALL
            .iter()
            .filter(|&&s| s != Strategy::ClauseLearning);
        for &strategy in chronological {
            let solver = Solver::new(&queens.model).strategy(strategy);
            // An unobserved search for the reference numbers.
            let plain = solver.count().stats;
            let (tree, outcome) = grow(&solver, Limits::default(), 1_000_000);
            assert!(outcome.status.is_complete() && !tree.is_truncated());
            // Every tried assignment is a node: the survivors and the failures.
            assert_eq!(
                tree.choices() as u64,
                plain.nodes - 1 + plain.failures,
                "{strategy} n = {n}"
            );
            assert_eq!(tree.count(NodeKind::Failed) as u64, plain.failures);
            assert_eq!(
                tree.count(NodeKind::Solution) as u64,
                reference::count(n).unwrap()
            );
            assert_eq!(tree.count(NodeKind::Unexplored), 0);
            assert_eq!(tree.pruned(), plain.pruned);
            assert_eq!(tree.max_depth(), n);
            for node in &tree.nodes()[1..] {
                let parent = &tree.nodes()[node.parent.unwrap()];
                assert_eq!(node.depth, parent.depth + 1);
                // One queen per row in input order: the row is the depth.
                assert_eq!(node.choice.unwrap().0, node.depth - 1);
            }
        }
    }
}

#[test]
fn layout_is_tidy() {
    let queens = Board::square(5).unwrap().model();
    let solver = Solver::new(&queens.model).strategy(Strategy::Backtracking);
    let (tree, _) = grow(&solver, Limits::default(), 10_000);
    let x = tidy_layout(&tree);
    let nodes = tree.nodes();
    let leaves: Vec<f64> = (0..nodes.len())
        .filter(|&i| nodes[i].children.is_empty())
        .map(|i| x[i])
        .collect();
    assert_eq!(
        leaves,
        (0..leaves.len()).map(|i| i as f64).collect::<Vec<_>>()
    );
    for (i, node) in nodes.iter().enumerate() {
        if let (Some(&a), Some(&b)) = (node.children.first(), node.children.last()) {
            assert_eq!(x[i], (x[a] + x[b]) / 2.0);
        }
    }
    // Nodes of one depth never overlap: at least a slot apart.
    for depth in 0..=tree.max_depth() {
        let mut row: Vec<f64> = (0..nodes.len())
            .filter(|&i| nodes[i].depth == depth)
            .map(|i| x[i])
            .collect();
        row.sort_by(f64::total_cmp);
        assert!(
            row.windows(2).all(|w| w[1] - w[0] >= 1.0),
            "overlap at depth {depth}"
        );
    }
}

#[test]
fn svg_is_well_formed_with_one_box_per_choice_side_by_side() {
    let svg = svg_of(&[
        "4",
        "--strategy",
        "backtracking,forward-checking,arc-consistency",
    ]);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let trees = choice_classes(&doc);
    assert_eq!(trees.len(), 3);
    let queens = Board::square(4).unwrap().model();
    let captions: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("caption"))
        .map(|n| n.text().unwrap())
        .collect();
    assert_eq!(
        captions,
        ["backtracking", "forward-checking", "arc-consistency"]
    );
    for (classes, strategy) in trees.iter().zip([
        Strategy::Backtracking,
        Strategy::ForwardChecking,
        Strategy::ArcConsistency,
    ]) {
        let stats = Solver::new(&queens.model).strategy(strategy).count().stats;
        assert_eq!(
            classes.len() as u64,
            stats.nodes - 1 + stats.failures,
            "{strategy}"
        );
        let kind = |k: &str| classes.iter().filter(|c| *c == k).count() as u64;
        assert_eq!(kind("failed"), stats.failures);
        assert_eq!(kind("solution"), 2);
    }
    // Pruning shows: fewer boxes with each stronger strategy.
    assert!(trees[0].len() > trees[1].len() && trees[1].len() > trees[2].len());
    // Each box is labelled row,col and explains itself in a tooltip.
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(labels.contains(&"1,3"));
    assert!(svg.contains("<title>row 0, column 0: inner; 6 values pruned</title>"));
}

#[test]
fn large_trees_are_truncated_at_the_node_limit() {
    let svg = svg_of(&["6", "--strategy", "generate-and-test"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(choice_classes(&doc)[0].len(), DEFAULT_MAX_CHOICES);
    assert!(svg.contains(&format!("tree truncated at {DEFAULT_MAX_CHOICES} nodes")));

    let svg = svg_of(&["9", "--node-limit", "50", "--var-order", "smallest-domain"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(choice_classes(&doc)[0].len(), 50);
    assert!(svg.contains("tree truncated at 50 nodes"));
}

#[test]
fn a_whole_small_tree_is_not_marked_truncated() {
    let svg = svg_of(&["6", "--strategy", "backtracking"]);
    assert!(!svg.contains("truncated"));
    assert!(!svg.contains("class=\"choice unexplored\""));
}

#[test]
fn big_boards_need_a_node_limit_and_sizes_must_be_positive() {
    let mut out = Vec::new();
    let err = run_tree(&args(&["8"]), &mut out).unwrap_err();
    assert!(matches!(err, TreeError::TooLarge { n: 8 }) && err.is_usage());
    let err = run_tree(&args(&["0"]), &mut out).unwrap_err();
    assert!(matches!(err, TreeError::Board(_)) && err.is_usage());
    assert!(out.is_empty());
}

#[test]
fn svg_file_gets_the_picture_and_output_a_summary() {
    let path = std::env::temp_dir().join(format!("nqueens-tree-{}.svg", std::process::id()));
    let mut out = Vec::new();
    run_tree(
        &args(&[
            "4",
            "--strategy",
            "forward-checking",
            "--svg",
            path.to_str().unwrap(),
        ]),
        &mut out,
    )
    .unwrap();
    let summary = String::from_utf8(out).unwrap();
    assert!(
        summary.starts_with("forward-checking: ") && summary.contains("2 solutions"),
        "{summary}"
    );
    roxmltree::Document::parse(&std::fs::read_to_string(&path).unwrap()).expect("well-formed SVG");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn node_limits_beyond_a_drawable_tree_are_refused_up_front() {
    // A million boxes took 435 MB to draw; refused before any search.
    let out = assert_cmd::Command::cargo_bin("nqueens")
        .unwrap()
        .args(["tree", "9", "--strategy", "all", "--node-limit", "1000000"])
        .assert()
        .code(2)
        .stdout("");
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("at most 100000 nodes per tree"), "{err}");
}
