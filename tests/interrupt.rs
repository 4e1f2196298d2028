//! Ctrl-C in the middle of a long search: every example stops, prints what
//! it found with a summary marked partial, says so on stderr, and exits
//! with status 130 (as `nqueens` does).
//!
//! No timing guesses: the signal is sent only once the program has printed
//! its first line, so it is surely running (and its handler installed);
//! every search here would run for hours otherwise.

#![cfg(unix)]

mod common;

use common::{data, example_path};
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A run that has not printed or ended by then is a hang.
const WATCHDOG: Duration = Duration::from_secs(120);

struct Interrupted {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Sends `sig` to the process `pid`.
fn signal(pid: u32, sig: libc::c_int) {
    let pid = libc::pid_t::try_from(pid).expect("a pid");
    // SAFETY: kill(2) only sends a signal; it touches no memory of ours.
    let sent = unsafe { libc::kill(pid, sig) };
    assert_eq!(sent, 0, "kill({pid}, {sig}) failed");
}

/// Waits for the end of a program sent Ctrl-C; kills it and fails if it
/// outlives the watchdog.
fn wait_or_kill(mut child: std::process::Child, program: &str) -> std::process::ExitStatus {
    let (done, ended) = mpsc::channel();
    let pid = child.id();
    let waiter = std::thread::spawn(move || {
        let status = child.wait().expect("wait works");
        let _ = done.send(());
        status
    });
    if ended.recv_timeout(WATCHDOG).is_err() {
        signal(pid, libc::SIGKILL);
        panic!("{program} still running {WATCHDOG:?} after Ctrl-C");
    }
    waiter.join().unwrap()
}

/// Starts `program args`, waits for its first line of output, sends it
/// SIGINT, and collects the rest.
fn interrupt(program: &str, args: &[&str]) -> Interrupted {
    let mut child = Command::new(example_path(program))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let (first_line, started) = mpsc::channel();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    // Reads everything (so the program never blocks on a full pipe),
    // telling when the first line is in.
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in stdout.lines() {
            let line = line.expect("UTF-8 output");
            if all.is_empty() {
                let _ = first_line.send(());
            }
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    let mut stderr_pipe = child.stderr.take().unwrap();
    let stderr = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr_pipe.read_to_string(&mut text);
        text
    });
    if started.recv_timeout(WATCHDOG).is_err() {
        let _ = child.kill();
        panic!("{program} {args:?} printed nothing in {WATCHDOG:?}");
    }
    signal(child.id(), libc::SIGINT);
    let status = wait_or_kill(child, program);
    Interrupted {
        code: status.code(),
        stdout: reader.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Exit 130, no panic, and the closing line on stderr.
fn assert_interrupted(program: &str, run: &Interrupted) {
    let shown = format!("stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
    assert_eq!(run.code, Some(130), "{shown}");
    assert!(!run.stderr.contains("panicked"), "{shown}");
    assert!(
        run.stderr.ends_with(&format!(
            "{program}: interrupted by Ctrl-C: the results above are partial\n"
        )),
        "{shown}"
    );
}

/// The last line says `N <noun>s... (partial: interrupted)` and N is the
/// number of solution lines printed before it.
fn assert_partial_count(run: &Interrupted, noun: &str, lines_per_solution: usize) {
    let last = run.stdout.lines().last().expect("a summary line");
    assert!(last.ends_with(" (partial: interrupted)"), "{last}");
    let mut words = last.split(' ');
    let n: usize = words.next().unwrap().parse().expect("a count first");
    assert!(words.next().unwrap().starts_with(noun), "{last}");
    assert!(n > 0, "{last}");
    let printed = run.stdout.lines().count() - 1;
    assert_eq!(printed, n * lines_per_solution, "{last}");
}

#[test]
fn permutations_keep_what_they_listed() {
    let items: Vec<String> = (0..14).map(|i| i.to_string()).collect();
    let args: Vec<&str> = items.iter().map(String::as_str).collect();
    let run = interrupt("permutations", &args);
    assert_interrupted("permutations", &run);
    assert_partial_count(&run, "permutation", 1);
}

/// With `--trace` each permutation is flushed as found; the statistics
/// still follow the partial summary.
#[test]
fn traced_permutations_keep_what_they_listed_and_their_statistics() {
    let items: Vec<String> = (0..14).map(|i| i.to_string()).collect();
    let mut args = vec!["--trace", "--stats"];
    args.extend(items.iter().map(String::as_str));
    let run = interrupt("permutations", &args);
    assert_interrupted("permutations", &run);
    assert!(run.stderr.contains("nodes"), "statistics still printed");
    assert_partial_count(&run, "permutation", 1);
}

#[test]
fn latin_squares_keep_what_they_listed() {
    let run = interrupt("latin_square", &["9"]);
    assert_interrupted("latin_square", &run);
    // Each square is nine rows and a blank line.
    assert_partial_count(&run, "Latin", 10);
}

#[test]
fn colourings_keep_what_they_listed() {
    let graph = data("myciel4.col").display().to_string();
    let run = interrupt("coloring", &["--all", "-k", "9", &graph]);
    assert_interrupted("coloring", &run);
    assert_partial_count(&run, "colouring", 1);
}

#[test]
fn nonograms_keep_what_they_listed() {
    // One run per row and column: the 12! permutation matrices.
    let clues = "1\n".repeat(12);
    let file = std::env::temp_dir().join(format!("interrupt-{}-nonogram.txt", std::process::id()));
    std::fs::write(&file, format!("rows\n{clues}columns\n{clues}")).unwrap();
    let run = interrupt("nonogram", &["--all", file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    assert_interrupted("nonogram", &run);
    // Each picture is twelve rows and a blank line.
    assert_partial_count(&run, "solution", 13);
}

/// The batch stops after the puzzle being searched: it is reported as cut
/// short by Ctrl-C, and the puzzle after it is not started. (The signal
/// may land just before the second search starts: then that puzzle is not
/// started either; both ways nothing is reported as if complete.)
#[test]
fn a_sudoku_batch_stops_after_the_current_puzzle() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let empty = ".".repeat(81);
    let run = interrupt(
        "sudoku",
        &[
            "--compact",
            "--count-limit",
            "1000000000000000",
            easy,
            &empty,
            easy,
        ],
    );
    assert_interrupted("sudoku", &run);
    assert!(
        run.stdout.starts_with("argument 1: solved\n"),
        "{}",
        run.stdout
    );
    if let Some(second) = run.stdout.lines().find(|l| l.starts_with("argument 2: ")) {
        assert!(second.contains("Ctrl-C"), "{second}");
    }
    assert!(!run.stdout.contains("argument 3"), "{}", run.stdout);
}

/// Waiting for the next puzzle on stdin, where no search can notice the
/// flag, Ctrl-C ends the program at once, after the answers already given.
#[test]
fn sudoku_waiting_for_input_ends_at_once() {
    use std::io::Write;
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let mut child = common::spawn_piped("sudoku", &["--compact"]);
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{easy}").unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "line 1: solved\n");
    // stdin stays open: without the signal, the program would wait for ever.
    signal(child.id(), libc::SIGINT);
    let status = wait_or_kill(child, "sudoku");
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert_eq!(rest.lines().count(), 1, "the solution line: {rest}");
    assert_eq!(status.code(), Some(130));
}
