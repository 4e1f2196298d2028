//! Part result files as hostile input: edited, duplicated keys, special
//! files (FIFOs, devices), invalid UTF-8; and part outputs that are not
//! regular files.

mod common;

use assert_cmd::Command;
use nqueens::approach::{Goal, Plan};
use nqueens::board::Board;
use nqueens::count::Symmetry;
use nqueens::parts::{solve_part, Part, PartResult};
use proptest::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn nqueens() -> Command {
    let mut cmd = Command::cargo_bin("nqueens").unwrap();
    // A FIFO or a device read without care blocks or never ends.
    cmd.timeout(Duration::from_secs(60));
    cmd
}

/// The JSON text of part `i` of 2 of 8 queens (`unique`: fundamental only),
/// counted without symmetry as the version 1 fixtures were.
fn part_json(i: usize, unique: bool) -> String {
    let plan = Plan {
        unique,
        symmetry: Symmetry::None,
        ..Plan::recommended(Goal::Count)
    };
    solve_part(Board::square(8).unwrap(), &plan, Part::new(i, 2).unwrap())
        .unwrap()
        .to_json()
}

/// Part 0 of 2 with `edit` applied to its JSON value.
fn edited(edit: impl FnOnce(&mut Value)) -> String {
    let mut value: Value = serde_json::from_str(&part_json(0, false)).unwrap();
    edit(&mut value);
    value.to_string()
}

/// `nqueens merge` on part 1 of 2 and `bad` (written as `name`): the one
/// error line, which must name the file.
fn merge_error(dir: &Path, name: &str, bad: &[u8]) -> String {
    let good = dir.join("p1.json");
    std::fs::write(&good, part_json(1, false)).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, bad).unwrap();
    let out = nqueens()
        .arg("merge")
        .arg(&good)
        .arg(&file)
        .assert()
        .code(1);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("nqueens: error: "), "{err}");
    assert!(err.contains(file.to_str().unwrap()), "{err}");
    err
}

#[test]
fn a_real_part_merges() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
    std::fs::write(&a, part_json(0, false)).unwrap();
    std::fs::write(&b, part_json(1, false)).unwrap();
    nqueens()
        .arg("merge")
        .arg(dir.path())
        .assert()
        .success()
        .stdout("92 solutions (2 parts, complete)\n");
}

/// Part files written by nqueens 0.1.0 before the engine had a `serde`
/// feature (format version 1, statistics through a mirror type).
fn version_1_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(format!("part-v1-8-queens-{name}.json"))
}

#[test]
fn files_written_before_the_engine_had_serde_still_merge() {
    let (p0, p1) = (version_1_file("0-of-2"), version_1_file("1-of-2"));
    nqueens()
        .arg("merge")
        .arg(&p0)
        .arg(&p1)
        .assert()
        .success()
        .stdout("92 solutions (2 parts, complete)\n");
    nqueens()
        .arg("merge")
        .arg(version_1_file("unique"))
        .assert()
        .success()
        .stdout("12 fundamental solutions (1 part, complete)\n");
    // An old part and a new one make one run.
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("p1.json");
    std::fs::write(&new, part_json(1, false)).unwrap();
    nqueens()
        .arg("merge")
        .arg(&p0)
        .arg(&new)
        .assert()
        .success()
        .stdout("92 solutions (2 parts, complete)\n");
    // The format is unchanged: an old file reads and writes back to the byte.
    for name in ["0-of-2", "1-of-2", "unique"] {
        let text = std::fs::read_to_string(version_1_file(name)).unwrap();
        let result = PartResult::from_json(&text).unwrap();
        assert_eq!(result.to_json(), text, "{name}");
        let elapsed = result.engine_stats().elapsed.as_secs_f64();
        assert!((elapsed - result.elapsed_seconds).abs() < 1e-9, "{name}");
    }
}

#[test]
fn results_that_contradict_themselves_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let add = |key: &'static str, by: u64| {
        edited(move |v| {
            let n = v[key].as_u64().unwrap();
            v[key] = (n + by).into();
        })
    };
    let err = merge_error(d, "count.json", add("count", 1).as_bytes());
    assert!(err.contains("disagrees with the"), "{err}");
    // The same key twice: the last one would win silently.
    let json = part_json(0, false);
    let twice = json.replacen("\"count\":", "\"count\": 1000,\n  \"count\":", 1);
    let err = merge_error(d, "twice.json", twice.as_bytes());
    assert!(err.contains("duplicate field `count`"), "{err}");
    let twice = json.replacen("\"nodes\":", "\"nodes\": 1,\n    \"nodes\":", 1);
    let err = merge_error(d, "nested.json", twice.as_bytes());
    assert!(err.contains("duplicate field `nodes`"), "{err}");
    let extra = edited(|v| v["bonus"] = 3.into());
    let err = merge_error(d, "extra.json", extra.as_bytes());
    assert!(err.contains("unknown field `bonus`"), "{err}");

    let cases: [(&str, String, &str); 9] = [
        ("index.json", edited(|v| v["part"] = 2.into()), "bad part"),
        (
            "negative.json",
            edited(|v| v["count"] = (-4).into()),
            "malformed",
        ),
        (
            "both.json",
            edited(|v| {
                v["count"] = 10_000_000.into();
                v["stats"]["solutions"] = 10_000_000.into();
                v["stats"]["nodes"] = 20_000_000.into();
            }),
            "more than a 8 × 8 board has ways",
        ),
        (
            "nodes.json",
            edited(|v| v["stats"]["nodes"] = 1.into()),
            "every solution is a node",
        ),
        (
            "depth.json",
            edited(|v| v["stats"]["max_depth"] = 9.into()),
            "deeper than the board's 8 queens",
        ),
        (
            "prefix.json",
            edited(|v| v["prefix_depth"] = 99.into()),
            "deeper than the board's 8 queens",
        ),
        (
            "elapsed.json",
            edited(|v| v["elapsed_seconds"] = (-1.0).into()),
            "is not a duration",
        ),
        (
            "strategy.json",
            edited(|v| v["solver"]["strategy"] = "reference".into()),
            "does not write parts",
        ),
        (
            "huge.json",
            edited(|v| v["count"] = u64::MAX.into()),
            "disagrees",
        ),
    ];
    for (name, text, expected) in cases {
        let err = merge_error(d, name, text.as_bytes());
        assert!(err.contains(expected), "{name}: {err}");
    }
    // A fundamental count may be below the engine's, never above.
    let unique: Value = serde_json::from_str(&part_json(0, true)).unwrap();
    assert!(unique["count"].as_u64() < unique["stats"]["solutions"].as_u64());
    assert!(PartResult::from_json(&unique.to_string()).is_ok());
    let mut inflated = unique.clone();
    inflated["count"] = (unique["stats"]["solutions"].as_u64().unwrap() + 1).into();
    let err = PartResult::from_json(&inflated.to_string()).unwrap_err();
    assert!(err.contains("is more than the"), "{err}");
}

#[test]
fn invalid_utf8_names_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = part_json(0, false).into_bytes();
    let at = bytes.iter().position(|&b| b == b'\n').unwrap() + 3;
    bytes[at] = 0xff; // on line 2
    let err = merge_error(dir.path(), "latin1.json", &bytes);
    assert!(err.contains("line 2 is not valid UTF-8"), "{err}");
}

#[test]
fn large_files_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = part_json(0, false);
    text.push_str(&" ".repeat(2 << 20));
    let err = merge_error(dir.path(), "padded.json", text.as_bytes());
    assert!(err.contains("larger than"), "{err}");
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

#[cfg(unix)]
#[test]
fn merge_refuses_fifos_and_devices_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("p0.json"), part_json(0, false)).unwrap();
    std::fs::write(d.join("p1.json"), part_json(1, false)).unwrap();
    let fifo = d.join("pipe.json");
    mkfifo(&fifo);
    let zero = d.join("zero.json");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for (file, what) in [(&fifo, "a FIFO"), (&zero, "a character device")] {
        for args in [vec![d.to_path_buf()], vec![d.join("p0.json"), file.clone()]] {
            let out = nqueens().arg("merge").args(&args).assert().code(1);
            let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
            assert!(
                err.contains(file.to_str().unwrap()) && err.contains(what),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
        std::fs::remove_file(file).unwrap();
    }
}

/// What `nqueens 8 --count --part 0/2 --out target` says and leaves.
fn part_to(target: &Path) -> String {
    let out = nqueens()
        .args(["8", "--count", "--part", "0/2", "--out"])
        .arg(target)
        .assert()
        .code(1)
        .stdout("");
    String::from_utf8(out.get_output().stderr.clone()).unwrap()
}

/// A FIFO and a symbolic link to `/dev/null` (named `link_name`) in `d`:
/// outputs that must be refused, never replaced.
#[cfg(unix)]
fn special_targets(d: &Path, link_name: &str) -> (PathBuf, PathBuf) {
    let fifo = d.join("fifo");
    mkfifo(&fifo);
    let null_link = d.join(link_name);
    std::os::unix::fs::symlink("/dev/null", &null_link).unwrap();
    (fifo, null_link)
}

/// The targets of [`special_targets`] are still what they were.
#[cfg(unix)]
fn assert_still_special(fifo: &Path, null_link: &Path) {
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(std::fs::symlink_metadata(null_link)
        .unwrap()
        .file_type()
        .is_symlink());
}

#[cfg(unix)]
#[test]
fn a_part_never_replaces_what_is_not_a_regular_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (fifo, null_link) = special_targets(d, "null.json");
    let sub = d.join("sub.json");
    std::fs::create_dir(&sub).unwrap();
    for (target, what) in [
        (&fifo, "a FIFO"),
        (&null_link, "a symbolic link to a character device"),
        (&sub, "a directory"),
    ] {
        let err = part_to(target);
        assert!(err.contains(what) && err.contains("refusing"), "{err}");
        assert!(err.contains(target.to_str().unwrap()), "{err}");
    }
    assert_still_special(&fifo, &null_link);
    assert!(sub.is_dir());
    // Nothing else was written.
    let names: Vec<PathBuf> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    // A regular file, or a link to one, is replaced by the result.
    let real = d.join("real.json");
    std::fs::write(&real, "old").unwrap();
    let link = d.join("link.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    nqueens()
        .args(["8", "--count", "--part", "0/2", "--out"])
        .arg(&link)
        .assert()
        .success();
    assert!(PartResult::from_json(&std::fs::read_to_string(&real).unwrap()).is_ok());
}

#[cfg(unix)]
#[test]
fn no_output_path_replaces_what_is_not_a_regular_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (fifo, null_link) = special_targets(d, "null");
    for target in [&fifo, &null_link] {
        let t = target.to_str().unwrap();
        for args in [
            &["8", "--out", t][..],
            &["8", "--format", "svg", "--out", t],
            &["study", "--sizes", "4", "--csv", t],
            &["study", "--sizes", "4", "--json", t],
            &["study", "--sizes", "4", "--plot", t],
            &["tree", "4", "--svg", t],
        ] {
            let out = nqueens().args(args).assert().code(1).stdout("");
            let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
            assert!(
                err.contains("refusing to replace") && err.contains(t),
                "{args:?}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
    assert_still_special(&fifo, &null_link);
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 2);
}

proptest! {
    #![proptest_config(common::config(256))]

    /// Any edit of a real result is either refused or still consistent:
    /// reading never panics, and what it accepts says one thing.
    #[test]
    fn edited_results_are_refused_or_consistent(
        unique in any::<bool>(),
        part in 0usize..2,
        at in any::<prop::sample::Index>(),
        replacement in prop_oneof![
            "[0-9]{1,20}",
            "-?[0-9]{1,3}(\\.[0-9]{0,3})?(e[0-9]{1,3})?",
            "[ -~]{0,8}",
            Just("null".to_string()),
        ],
    ) {
        let json = part_json(part, unique);
        // Replace one number (or the start of a value) by the replacement.
        let starts: Vec<usize> = json.match_indices(": ").map(|(i, _)| i + 2).collect();
        let start = starts[at.index(starts.len())];
        let end = json[start..]
            .find([',', '\n', '}'])
            .map_or(json.len(), |e| start + e);
        let edited = format!("{}{replacement}{}", &json[..start], &json[end..]);
        if let Ok(result) = PartResult::from_json(&edited) {
            prop_assert!(result.part < result.parts);
            prop_assert!(result.count <= result.stats.solutions);
            prop_assert!(result.problem.unique || result.count == result.stats.solutions);
            prop_assert!(result.stats.solutions <= result.stats.nodes);
            prop_assert_eq!(result.complete, result.stopped_by.is_none());
        }
    }
}
