//! Runs the example programs as a user would. The examples are built once
//! per test binary with the same profile as the tests (so after
//! `cargo test` has built everything, this is a quick no-op), and cargo's
//! JSON messages say exactly where each binary is.

#![allow(dead_code)] // each test binary uses its own part

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// A command for the example `name`, ready for arguments.
pub fn example(name: &str) -> assert_cmd::Command {
    let path = examples()
        .get(name)
        .unwrap_or_else(|| panic!("no example named {name}"));
    assert_cmd::Command::new(path)
}

/// The path of the example `name`'s binary.
pub fn example_path(name: &str) -> PathBuf {
    examples()[name].clone()
}

/// Starts the example `name` with `args`, its stdin, stdout and stderr
/// piped to the test (which feeds and reads it while it runs).
pub fn spawn_piped(name: &str, args: &[&str]) -> std::process::Child {
    use std::process::Stdio;
    Command::new(example_path(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{name} starts: {e}"))
}

/// A file under `tests/data`.
pub fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file)
}

fn examples() -> &'static HashMap<String, PathBuf> {
    static BUILT: OnceLock<HashMap<String, PathBuf>> = OnceLock::new();
    BUILT.get_or_init(build_examples)
}

/// The profile this test binary was built with: its `deps` directory sits
/// in `target/<dir>`, where `debug` is the test profile's directory.
fn profile() -> String {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .and_then(Path::file_name)
        .and_then(|d| d.to_str())
        .unwrap_or("debug");
    match dir {
        "debug" => "test".to_owned(),
        other => other.to_owned(),
    }
}

/// Builds every example of the workspace, as `cargo test --workspace`
/// does: the same packages give the same unified features, so the build
/// reuses that run's artifacts (the root package alone would resolve its
/// dependencies' features differently and rebuild them all).
fn build_examples() -> HashMap<String, PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let output = Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "--workspace",
            "--examples",
            "--message-format=json",
            "--profile",
        ])
        .arg(profile())
        .arg("--manifest-path")
        .arg(&manifest)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "building the examples failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut found = HashMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let is_example = msg["target"]["kind"]
            .as_array()
            .is_some_and(|k| k.iter().any(|k| k == "example"));
        if let (true, Some(name), Some(exe)) = (
            is_example,
            msg["target"]["name"].as_str(),
            msg["executable"].as_str(),
        ) {
            found.insert(name.to_owned(), PathBuf::from(exe));
        }
    }
    found
}

/// Stdout of a successful run, as text.
pub fn stdout_of(cmd: &mut assert_cmd::Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).expect("UTF-8 output")
}

/// A proptest configuration: `default` cases, or `PROPTEST_CASES` when it
/// is set (the variable wins), with failures kept next to the test file as
/// committed seeds (`proptest-regressions`).
pub fn proptest_config(default: u32) -> proptest::test_runner::Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    proptest::test_runner::Config {
        cases,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..proptest::test_runner::Config::default()
    }
}
