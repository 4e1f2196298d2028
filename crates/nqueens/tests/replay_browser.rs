//! The replay page in a real browser (headless Chromium over WebDriver):
//! stepping forward and back with the buttons and the keys, jumping to the
//! first solution and the next failure, the scrubber's ends; at each step
//! the board (or grid), the counters and the tree read from the page's DOM
//! are those of the Rust replay of the same events, and the page logged
//! no error.

mod common;
mod webdriver;

use csp::replay::{stops, CellState, Recording, Replay};
use csp::{Model, Outcome, Solver, Strategy};
use csp_front::replay::{Page, PageRun};
use nqueens::board::Board;
use nqueens::replay::{board_page, record_board};
use serde_json::Value;
use std::time::{Duration, Instant};
use webdriver::Browser;

const RIGHT: &str = "\u{E014}";
const LEFT: &str = "\u{E012}";
const END: &str = "\u{E010}";
const PAGE_DOWN: &str = "\u{E00F}";

/// Everything the page shows that the test checks, read from the DOM.
const DUMP: &str = r#"
const runs = Array.from(document.querySelectorAll('section.run')).map((panel) => ({
  position: Number(panel.dataset.position),
  counters: Object.fromEntries(Array.from(panel.querySelectorAll('[data-counter]'))
    .map((d) => [d.dataset.counter, Number(d.textContent)])),
  cells: Array.from(panel.querySelectorAll('td.cell')).map((td) => [Number(td.dataset.var),
    Number(td.dataset.value), td.dataset.state,
    td.dataset.constraint === undefined ? null : Number(td.dataset.constraint), td.title]),
  nodes: panel.querySelectorAll('circle.node:not(.hidden)').length,
  current: panel.querySelectorAll('circle.node.current').length,
}));
return { step: Number(document.body.dataset.step), errors: document.getElementById('errors').textContent, runs };
"#;

/// One run as the test knows it: the model, the recording and its steps.
struct Expected<'a> {
    model: &'a Model,
    recording: &'a Recording,
    outcome: &'a Outcome,
    stops: Vec<usize>,
}

impl<'a> Expected<'a> {
    fn new(model: &'a Model, recording: &'a Recording, outcome: &'a Outcome) -> Expected<'a> {
        Expected {
            model,
            recording,
            outcome,
            stops: stops(recording.events()),
        }
    }

    fn position(&self, step: usize) -> usize {
        self.stops[step.min(self.stops.len() - 1)]
    }

    fn replay(&self, step: usize) -> Replay<'a> {
        let mut replay = Replay::new(self.recording, self.model.num_vars());
        replay.run_to(self.position(step));
        replay
    }
}

fn last_step(runs: &[Expected]) -> usize {
    runs.iter().map(|r| r.stops.len() - 1).max().unwrap_or(0)
}

/// The first step after `from` at which some run's counter (read by
/// `counter` from a replay) grows.
fn next_step(runs: &[Expected], from: usize, counter: fn(&Replay) -> u64) -> usize {
    (from + 1..=last_step(runs))
        .find(|&t| {
            runs.iter()
                .any(|r| counter(&r.replay(t)) > counter(&r.replay(t - 1)))
        })
        .expect("there is such a step")
}

/// The page's DOM at `step` is the Rust replay at that step, for every run.
fn check(browser: &Browser, runs: &[Expected], step: usize) -> Value {
    let dump = browser.eval(DUMP);
    assert_eq!(dump["errors"], "", "the page logged errors");
    assert_eq!(dump["step"], step, "the page's step");
    let shown = dump["runs"].as_array().expect("runs");
    assert_eq!(shown.len(), runs.len());
    for (i, (run, page)) in runs.iter().zip(shown).enumerate() {
        let replay = run.replay(step);
        assert_eq!(
            page["position"],
            run.position(step),
            "run {i} at step {step}"
        );
        let c = replay.counters();
        let counters = &page["counters"];
        for (name, value) in [
            ("nodes", c.nodes),
            ("failures", c.failures),
            ("pruned", c.pruned),
            ("solutions", c.solutions),
            ("depth", c.depth as u64),
        ] {
            assert_eq!(counters[name], value, "run {i} step {step}: {name}");
        }
        let cells = page["cells"].as_array().expect("cells");
        let domain_cells: u64 = run.model.vars().map(|x| run.model.domain(x).size()).sum();
        let in_domain = cells.iter().filter(|c| c[2] != "absent").count();
        assert_eq!(
            in_domain as u64, domain_cells,
            "run {i}: every value has its cell"
        );
        for cell in cells {
            let (var, value) = (cell[0].as_u64().unwrap(), cell[1].as_i64().unwrap() as i32);
            let x = run.model.vars().nth(var as usize).unwrap();
            let expected = if run.model.domain(x).contains(value) {
                replay.cell(var as u32, value).name()
            } else {
                "absent"
            };
            assert_eq!(cell[2], expected, "run {i} step {step}: x{var} = {value}");
            if let CellState::Pruned { constraint, depth } = replay.cell(var as u32, value) {
                assert_eq!(cell[3], constraint, "run {i} step {step}: pruned by");
                let title = cell[4].as_str().unwrap();
                assert!(title.contains(&format!("at depth {depth}")), "{title}");
            }
        }
        let chooses = run.recording.events()[..run.position(step)]
            .iter()
            .filter(|e| e.kind() == "choose")
            .count();
        assert_eq!(
            page["nodes"],
            1 + chooses,
            "run {i} step {step}: tree nodes shown"
        );
        assert_eq!(page["current"], 1, "one current node");
    }
    dump
}

fn open(browser: &Browser, html: &str, dir: &tempfile::TempDir, name: &str) {
    let path = dir.path().join(name);
    std::fs::write(&path, html).unwrap();
    browser.open(&path);
    let deadline = Instant::now() + Duration::from_secs(20);
    while browser.eval("return document.body.dataset.ready === 'true' || document.getElementById('errors').textContent;") != true {
        let errors = browser.eval("return document.getElementById('errors').textContent;");
        assert_eq!(errors, "", "the page failed to start");
        assert!(Instant::now() < deadline, "the page did not get ready");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_replay_page_steps_like_the_search_in_a_browser() {
    if webdriver::installed().is_none() {
        common::missing_tool(
            "chromium and chromedriver are not installed (Debian: chromium chromium-driver)",
        );
        return;
    }
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let browser = Browser::start();

    // The n-queens board, forward checking and arc consistency side by side.
    let board = Board::square(6).unwrap();
    let queens = board.model();
    let strategies = [Strategy::ForwardChecking, Strategy::ArcConsistency];
    let recorded = record_board(&Solver::new(&queens.model), &strategies, 20_000);
    let html = board_page(board, &queens.model, &recorded).unwrap();
    open(&browser, &html, &dir, "queens.html");
    let runs: Vec<Expected> = recorded
        .iter()
        .map(|r| Expected::new(&queens.model, &r.recording, &r.outcome))
        .collect();

    check(&browser, &runs, 0);
    for step in 1..=3 {
        browser.click("#forward");
        check(&browser, &runs, step);
    }
    browser.press(LEFT);
    let before = check(&browser, &runs, 2);
    // Forward and back again: exactly the same page.
    browser.press(RIGHT);
    check(&browser, &runs, 3);
    browser.click("#back");
    assert_eq!(check(&browser, &runs, 2), before);

    // The first solution: its queens are the search's first solution.
    browser.press("s");
    let first = next_step(&runs, 2, |r| r.counters().solutions);
    let dump = check(&browser, &runs, first);
    let solved = runs
        .iter()
        .position(|r| r.replay(first).counters().solutions == 1)
        .unwrap();
    let (solution, _) = Solver::new(&queens.model)
        .strategy(strategies[solved])
        .first();
    let queens_shown: Vec<i64> = dump["runs"][solved]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c[2] == "assigned")
        .map(|c| c[1].as_i64().unwrap())
        .collect();
    let expected: Vec<i64> = solution
        .unwrap()
        .values()
        .iter()
        .map(|&v| v.into())
        .collect();
    assert_eq!(queens_shown, expected);

    browser.click("#next-failure");
    check(
        &browser,
        &runs,
        next_step(&runs, first, |r| r.counters().failures),
    );

    // The end: the search's own statistics.
    browser.press(END);
    let last = last_step(&runs);
    let dump = check(&browser, &runs, last);
    for (run, page) in runs.iter().zip(dump["runs"].as_array().unwrap()) {
        let s = &run.outcome.stats;
        let c = &page["counters"];
        assert_eq!(
            (&c["nodes"], &c["failures"], &c["pruned"], &c["solutions"]),
            (
                &s.nodes.into(),
                &s.failures.into(),
                &s.pruned.into(),
                &s.solutions.into()
            )
        );
    }
    browser.click("#start");
    check(&browser, &runs, 0);

    // The scrubber, dragged to step 10, and Page Down: a tenth further.
    browser.eval(
        "const s = document.getElementById('scrubber'); s.value = '10'; \
         s.dispatchEvent(new Event('input'));",
    );
    check(&browser, &runs, 10);
    browser.press(PAGE_DOWN);
    check(&browser, &runs, 10 + (last as f64 / 10.0).round() as usize);

    // Play at the top speed for a moment, then pause: wherever it stopped,
    // the page is the replay at that step.
    for _ in 0..8 {
        browser.press("+");
    }
    browser.click("#start");
    browser.press(" ");
    std::thread::sleep(Duration::from_millis(300));
    browser.press(" ");
    let stopped = browser.eval("return Number(document.body.dataset.step);");
    let stopped = stopped.as_u64().unwrap() as usize;
    assert!(stopped > 0, "playing moved on");
    check(&browser, &runs, stopped);

    // Look-back on 8 queens: a dead end is a step of its own, showing the
    // nogood learned and the rows its backjump skips.
    let board = Board::square(8).unwrap();
    let queens = board.model();
    let strategies = [Strategy::Backjumping, Strategy::NogoodLearning];
    let recorded = record_board(&Solver::new(&queens.model), &strategies, 5_000);
    let html = board_page(board, &queens.model, &recorded).unwrap();
    open(&browser, &html, &dir, "look-back.html");
    let runs: Vec<Expected> = recorded
        .iter()
        .map(|r| Expected::new(&queens.model, &r.recording, &r.outcome))
        .collect();
    check(&browser, &runs, 0);
    // The first step at which the nogood-learning run stands after a backjump.
    let learning = &runs[1];
    let jump = (1..learning.stops.len())
        .find(|&t| {
            let p = learning.position(t);
            matches!(
                learning.recording.events()[p - 1],
                csp::replay::Event::Backjump { .. }
            )
        })
        .expect("8 queens under nogood learning jumps back");
    browser.eval(&format!(
        "const s = document.getElementById('scrubber'); s.value = '{jump}'; \
         s.dispatchEvent(new Event('input'));"
    ));
    let dump = check(&browser, &runs, jump);
    let skipped = dump["runs"][1]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c[2] == "skipped")
        .count();
    assert!(skipped >= 1, "the skipped rows are shown");
    let line = browser.eval(
        "return document.querySelectorAll('section.run')[1].querySelector('p.event').textContent;",
    );
    let line = line.as_str().unwrap();
    assert!(
        line.contains("backjump from depth") && line.contains("learned the nogood {"),
        "{line}"
    );
    let counters = &dump["runs"][1]["counters"];
    let at = learning.replay(jump).counters();
    assert_eq!(
        (&counters["backjumps"], &counters["nogoods"]),
        (&at.backjumps.into(), &at.nogoods.into())
    );
    // One step back and forth again: the same page.
    browser.press(LEFT);
    check(&browser, &runs, jump - 1);
    browser.press(RIGHT);
    assert_eq!(check(&browser, &runs, jump), dump);

    // A generic model: sparse domains leave cells out of the grid.
    let mut model = Model::new();
    let x = [
        model.int_var(vec![0, 2, 5]).unwrap(),
        model.int_var(vec![1, 2]).unwrap(),
        model.int_var(0..4).unwrap(),
    ];
    model.all_different(x).unwrap();
    model.not_equal(x[0], x[2] + 2).unwrap();
    let solver = Solver::new(&model).strategy(Strategy::ArcConsistency);
    let (recording, outcome) = csp::replay::record(&solver, 1000);
    let html = Page::new("a small model")
        .run(
            PageRun::new("arc consistency", &model, &recording)
                .unwrap()
                .outcome(&outcome),
        )
        .to_html();
    open(&browser, &html, &dir, "grid.html");
    let runs = [Expected::new(&model, &recording, &outcome)];
    check(&browser, &runs, 0);
    browser.press(RIGHT);
    check(&browser, &runs, 1);
    browser.press("s");
    check(
        &browser,
        &runs,
        next_step(&runs, 1, |r| r.counters().solutions),
    );
    browser.press(END);
    check(&browser, &runs, last_step(&runs));
    browser.press(LEFT);
    check(&browser, &runs, last_step(&runs) - 1);
    eprintln!("browser test: {:.1?}", started.elapsed());
}
