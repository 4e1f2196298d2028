//! Helpers shared by the integration tests: the outside tools, running
//! programs, and reading the FlatZinc output format.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A test that needs an outside tool which is not installed: under CI
/// (`CI` set, as `.ci/run` does, which installs the tool) that is a
/// failure, never a silent skip; elsewhere the test is skipped with `note`.
pub fn missing_tool(note: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{note}; CI must install it (see .ci/run)"
    );
    eprintln!("note: {note}; skipping (outside CI)");
}

/// True when `minizinc` and `fzn-gecode` are installed (Debian's
/// `minizinc` and `flatzinc` packages); otherwise [`missing_tool`].
#[allow(dead_code)]
pub fn have_tools() -> bool {
    for tool in ["/usr/bin/minizinc", "/usr/bin/fzn-gecode"] {
        if !Path::new(tool).exists() {
            missing_tool(&format!("{tool} is not installed"));
            return false;
        }
    }
    true
}

/// Our solver binary.
#[allow(dead_code)]
pub fn ours() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fzn-csp"))
}

/// Runs our solver on the FlatZinc `text` with `args`; (exit code,
/// stdout, stderr).
#[allow(dead_code)]
pub fn run_fzn(text: &str, args: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.fzn");
    std::fs::write(&path, text).unwrap();
    let out = Command::new(ours()).args(args).arg(&path).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `cmd`, requiring success; its standard output.
#[allow(dead_code)]
pub fn output(cmd: &mut Command) -> String {
    let out = cmd.output().expect("the program starts");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The solutions (the text before each `----------`, its lines sorted:
/// solvers may print the output variables in any order), and the final
/// status line (`==========`, `=====UNSATISFIABLE=====`, ...), if any.
#[allow(dead_code)]
pub fn solutions(text: &str) -> (Vec<String>, Option<String>) {
    let mut sols = Vec::new();
    let mut current = String::new();
    let mut status = None;
    for line in text.lines() {
        if line == "----------" {
            let mut lines: Vec<&str> = current.lines().collect();
            lines.sort_unstable();
            sols.push(lines.join("\n") + "\n");
            current.clear();
        } else if line.starts_with("=====") {
            status = Some(line.to_owned());
        } else if !line.starts_with('%') {
            current.push_str(line);
            current.push('\n');
        }
    }
    (sols, status)
}

/// The model and, where it has one, its data file.
#[allow(dead_code)]
pub fn model(name: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models");
    let data = dir.join(format!("{name}.dzn"));
    let mut files = vec![dir.join(format!("{name}.mzn"))];
    if data.exists() {
        files.push(data);
    }
    files
}

/// The model `tests/models/NAME.mzn` compiled with the standard library only.
#[allow(dead_code)]
pub fn std_fzn(name: &str, dir: &Path) -> PathBuf {
    let fzn = dir.join(format!("{name}.fzn"));
    output(
        Command::new("minizinc")
            .args(["-c", "-G", "std", "--fzn"])
            .arg(&fzn)
            .arg("--ozn")
            .arg(dir.join(format!("{name}.ozn")))
            .args(model(name)),
    );
    fzn
}

/// `minizinc` set up to find our solver configuration and binary.
#[allow(dead_code)]
pub fn minizinc() -> Command {
    let mut cmd = Command::new("minizinc");
    let bin_dir = ours().parent().unwrap().to_path_buf();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin_dir];
    paths.extend(std::env::split_paths(&path));
    cmd.env("PATH", std::env::join_paths(paths).unwrap())
        .env("MZN_SOLVER_PATH", env!("CARGO_MANIFEST_DIR"));
    cmd
}
