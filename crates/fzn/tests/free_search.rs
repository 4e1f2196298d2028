//! Free search's default plan: the integer variables first (`first_fail`,
//! Gecode's binary branching), the booleans after. On job shop the start times decide the schedule, where
//! dom/wdeg over every variable branched on the disjunctions' booleans and
//! took four times the nodes to prove ft06's optimum.

mod common;

use common::{have_tools, output, solutions, std_fzn};
use std::process::Command;

#[test]
fn job_shop_is_proved_optimal_within_a_node_cutoff_the_old_default_exceeded() {
    if !have_tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fzn = std_fzn("jobshop", dir.path());
    let ours = |args: &[&str]| {
        let out = Command::new(common::ours())
            .args(args)
            .arg(&fzn)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        solutions(&String::from_utf8(out.stdout).unwrap())
    };
    let (gecode, _) = solutions(&output(Command::new("fzn-gecode").arg(&fzn)));
    // Under arc consistency (an optimisation's default is clause
    // learning, which decides by activity), the default plan proves
    // Gecode's optimum within 2,000 nodes (about 1,050 here); the engine's
    // dom/wdeg over every variable, chosen with --var-order, does not
    // (about 4,100).
    let textbook = ["--strategy", "arc-consistency", "-node", "2000"];
    let (best, status) = ours(&textbook);
    assert_eq!(status.as_deref(), Some("=========="));
    assert_eq!(best.last(), gecode.last());
    let (_, status) = ours(&[&textbook[..], &["--var-order", "dom-wdeg"]].concat());
    assert_ne!(status.as_deref(), Some("=========="));
}
