//! Runs `examples/coloring.rs` and checks colourings, counts and chromatic
//! numbers, the data files against the constructions that define them.

mod common;
use common::{data, example, stdout_of};
use csp_workspace::cli::counted;
use csp_workspace::{dimacs, graph::Graph};
use predicates::prelude::*;
use std::collections::HashMap;

/// The AIMA map, written out here independently of the library.
const AUSTRALIA: [(&str, &str); 9] = [
    ("WA", "NT"),
    ("WA", "SA"),
    ("NT", "SA"),
    ("NT", "Q"),
    ("SA", "Q"),
    ("SA", "NSW"),
    ("SA", "V"),
    ("Q", "NSW"),
    ("NSW", "V"),
];

/// `NAME=colour ...` as a map.
fn colouring(line: &str) -> HashMap<String, String> {
    line.split_whitespace()
        .map(|p| {
            let (v, c) = p.split_once('=').unwrap();
            (v.to_owned(), c.to_owned())
        })
        .collect()
}

/// Proper colourings of a graph with `k` colours, by trying all k^n.
fn brute_count(n: usize, edges: &[(usize, usize)], k: usize) -> u64 {
    (0..k.pow(n as u32))
        .filter(|&code| {
            let colour = |v: usize| code / k.pow(v as u32) % k;
            edges.iter().all(|&(u, v)| colour(u) != colour(v))
        })
        .count() as u64
}

fn australia_edges() -> (usize, Vec<(usize, usize)>) {
    let names = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];
    let at = |s: &str| names.iter().position(|&n| n == s).unwrap();
    (7, AUSTRALIA.iter().map(|&(a, b)| (at(a), at(b))).collect())
}

#[test]
fn australia_gets_a_proper_three_colouring() {
    let out = stdout_of(&mut example("coloring"));
    let c = colouring(out.trim());
    assert_eq!(c.len(), 7);
    for (a, b) in AUSTRALIA {
        assert_ne!(c[a], c[b], "{a} and {b} share a border");
    }
    assert!(c
        .values()
        .all(|v| ["red", "green", "blue"].contains(&v.as_str())));
}

#[test]
fn australia_counts_match_brute_force() {
    let (n, edges) = australia_edges();
    for k in 1..=4 {
        let out = stdout_of(example("coloring").args(["--count", "-k", &k.to_string()]));
        let want = format!(
            "{} with {}",
            counted(brute_count(n, &edges, k), "colouring"),
            counted(k as u64, "colour")
        );
        assert_eq!(out.trim(), want, "k = {k}");
    }
    assert_eq!(brute_count(n, &edges, 3), 18);
}

#[test]
fn listing_gives_every_colouring_once() {
    let out = stdout_of(example("coloring").arg("--all"));
    let mut lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.pop(), Some("18 colourings with 3 colours"));
    let distinct: std::collections::HashSet<&str> = lines.iter().copied().collect();
    assert_eq!(distinct.len(), 18);
    for line in lines {
        let c = colouring(line);
        assert!(AUSTRALIA.iter().all(|(a, b)| c[*a] != c[*b]));
    }
}

#[test]
fn too_few_colours_are_reported() {
    example("coloring")
        .args(["-k", "2"])
        .assert()
        .success()
        .stdout("no colouring with 2 colours\n");
}

#[test]
fn data_files_are_the_graphs_they_claim() {
    let read = |f: &str| dimacs::parse(&std::fs::read_to_string(data(f)).unwrap()).unwrap();
    assert_eq!(read("myciel3.col"), Graph::mycielski(3));
    assert_eq!(read("myciel4.col"), Graph::mycielski(4));
    assert_eq!(read("queen5_5.col"), Graph::queens(5));
    let petersen = read("petersen.col");
    assert_eq!((petersen.len(), petersen.edges().len()), (10, 15));
    assert_eq!(
        (read("myciel3.col").len(), read("myciel3.col").edges().len()),
        (11, 20)
    );
}

#[test]
fn chromatic_numbers_of_the_data_graphs() {
    for (file, chi) in [
        ("myciel3.col", 4),
        ("myciel4.col", 5),
        ("queen5_5.col", 5),
        ("petersen.col", 3),
    ] {
        let path = data(file);
        let out = stdout_of(example("coloring").arg("--chromatic").arg(&path));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], format!("chromatic number {chi}"), "{file}");
        // The colouring shown is proper and uses chi colours.
        let graph = dimacs::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let c = colouring(lines[1]);
        for &(u, v) in graph.edges() {
            assert_ne!(c[graph.name(u)], c[graph.name(v)], "{file}");
        }
        let used: std::collections::HashSet<&String> = c.values().collect();
        assert_eq!(used.len(), chi, "{file}");
        // And one colour fewer really is impossible.
        example("coloring")
            .arg("-k")
            .arg((chi - 1).to_string())
            .arg(&path)
            .assert()
            .success()
            .stdout(format!("no colouring with {} colours\n", chi - 1));
    }
    let out = stdout_of(example("coloring").arg("--chromatic"));
    assert!(out.starts_with("chromatic number 3\n"));
}

#[test]
fn petersen_count_matches_brute_force() {
    let g = dimacs::parse(&std::fs::read_to_string(data("petersen.col")).unwrap()).unwrap();
    let want = brute_count(g.len(), g.edges(), 3);
    let out = stdout_of(example("coloring").arg("--count").arg(data("petersen.col")));
    assert_eq!(out.trim(), format!("{want} colourings with 3 colours"));
    assert_eq!(want, 120);
}

#[test]
fn bad_files_and_options_exit_2_with_a_clear_message() {
    let dir = std::env::temp_dir().join(format!("coloring-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (text, message) in [
        (
            "p edge 3 1\ne 1 4\n",
            "line 2: vertex 4 is out of range (the graph has vertices 1 to 3)",
        ),
        ("c no problem line\n", "no 'p edge V E' line"),
        (
            "p edge 3 1\ne 2 2\n",
            "line 2: vertex 2 is joined to itself",
        ),
        ("p edge 3 1\nq 1 2\n", "line 2: unknown line type 'q'"),
    ] {
        let file = dir.join("bad.col");
        std::fs::write(&file, text).unwrap();
        example("coloring")
            .arg(&file)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    example("coloring")
        .arg("no/such/file.col")
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "coloring: error: cannot read no/such/file.col",
        ));
    example("coloring").args(["-k", "0"]).assert().code(2);
    example("coloring")
        .args(["--count", "--chromatic"])
        .assert()
        .code(2);
}

/// A graph file's lines are read with a cap: a line too long or not valid
/// UTF-8 is named with its number, and a device that never ends a line
/// (`/dev/zero`) is refused at line 1 instead of filling memory.
#[test]
fn unreadable_lines_are_named() {
    let dir = std::env::temp_dir().join(format!("coloring-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let long = format!("c {}\n", "x".repeat(1 << 20));
    let cap = csp_workspace::lines::MAX_LINE_BYTES;
    for (name, bytes, message) in [
        (
            "utf8.col",
            b"c fine\np edge 2 1\nc \xff\ne 1 2\n".to_vec(),
            "line 3: not valid UTF-8".to_owned(),
        ),
        (
            "long.col",
            format!("p edge 2 1\n{long}e 1 2\n").into_bytes(),
            format!("line 2: longer than {cap} bytes"),
        ),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, bytes).unwrap();
        example("coloring")
            .arg(&file)
            .assert()
            .code(2)
            .stderr(format!("coloring: error: {}: {message}\n", file.display()));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    example("coloring")
        .arg("/dev/zero")
        .assert()
        .code(2)
        .stderr(format!(
            "coloring: error: /dev/zero: line 1: longer than {cap} bytes\n"
        ));
}
