//! Helpers shared by the integration tests.

use proptest::test_runner::Config;

/// A proptest configuration with `default_cases` cases, unless the
/// `PROPTEST_CASES` environment variable says otherwise (a hard-coded
/// `cases` would override it): CI runs the default, a long local run sets
/// the variable.
#[allow(dead_code)] // not every test file has property tests
pub fn config(default_cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    Config {
        cases,
        ..Config::default()
    }
}

/// A test that needs an outside tool which is not installed: under CI
/// (`CI` set, as `.ci/run` does, which installs the tool) that is a
/// failure, never a silent skip; elsewhere the test is skipped with `note`.
#[allow(dead_code)] // not every test file needs an outside tool
pub fn missing_tool(note: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{note}; CI must install it (see .ci/run)"
    );
    eprintln!("note: {note}; skipping (outside CI)");
}
