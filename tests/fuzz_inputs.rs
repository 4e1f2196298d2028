//! The fuzz checks of `fuzz/src/lib.rs` for the command-line texts and
//! part files, run as proptests on stable (CI runs these; see `.ci/run`):
//! capped lines, permutation items, Latin square orders, restart specs,
//! durations, `nqueens` board sizes, `--part` specs and part files, and
//! nonogram files. The other puzzle and graph formats are in
//! `tests/reliability.rs`.
//!
//! Each proptest runs `PROPTEST_CASES` cases when that is set.

mod common;
#[path = "../fuzz/src/lib.rs"]
mod fuzz_checks;

use common::proptest_config;

use nqueens::approach::{Goal, Plan};
use nqueens::board::Board;
use nqueens::parts::{solve_part, Part};
use proptest::prelude::*;
use std::path::Path;

/// Bytes a line reader must get right: endings, UTF-8 lead and stray
/// continuation bytes, and plain text.
fn line_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(b"\n\r\n\xff\xc3\xa9\x80 ".to_vec()),
            prop::sample::select(b"abc".to_vec()),
            any::<u8>(),
        ],
        0..120,
    )
}

/// Valid part files: every part of small boards, as `--part` writes them.
fn part_files() -> Vec<String> {
    let plan = Plan::recommended(Goal::Count);
    let mut files = Vec::new();
    for (n, parts) in [(1, 1), (4, 2), (5, 3), (6, 4)] {
        for i in 0..parts {
            let part = Part::new(i, parts).unwrap();
            let result = solve_part(Board::square(n).unwrap(), &plan, part).unwrap();
            files.push(result.to_json());
        }
    }
    files
}

/// One field of a JSON object tree set to a hostile value, removed, or
/// written twice (duplicate keys).
#[derive(Clone, Debug)]
enum JsonEdit {
    Set(usize, serde_json::Value),
    Remove(usize),
    DuplicateKey(usize),
    Byte(usize, u8),
}

fn json_edit() -> impl Strategy<Value = JsonEdit> {
    use serde_json::json;
    let hostile = prop::sample::select(vec![
        json!(null),
        json!(-1),
        json!(0),
        json!(1),
        json!(u64::MAX),
        json!(1.5),
        json!(1e300),
        json!("x"),
        json!(""),
        json!(true),
        json!([]),
        json!({}),
    ]);
    prop_oneof![
        (any::<usize>(), hostile).prop_map(|(i, v)| JsonEdit::Set(i, v)),
        any::<usize>().prop_map(JsonEdit::Remove),
        any::<usize>().prop_map(JsonEdit::DuplicateKey),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| JsonEdit::Byte(i, b)),
    ]
}

/// The paths of every object field in `value`, depth first.
fn fields(value: &serde_json::Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if let Some(map) = value.as_object() {
        for (key, inner) in map {
            at.push(key.clone());
            out.push(at.clone());
            fields(inner, at, out);
            at.pop();
        }
    }
}

/// The object holding the last field of `path`.
fn parent_mut<'v>(
    value: &'v mut serde_json::Value,
    path: &[String],
) -> &'v mut serde_json::Map<String, serde_json::Value> {
    let mut v = value;
    for key in &path[..path.len() - 1] {
        v = v.get_mut(key).expect("a path from `fields`");
    }
    v.as_object_mut().expect("fields live in objects")
}

fn apply(text: &str, edit: &JsonEdit) -> Vec<u8> {
    let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut paths = Vec::new();
    fields(&value, &mut Vec::new(), &mut paths);
    let pick = |i: usize| paths[i % paths.len()].clone();
    match edit {
        JsonEdit::Set(i, new) => {
            let path = pick(*i);
            parent_mut(&mut value, &path).insert(path.last().unwrap().clone(), new.clone());
            serde_json::to_vec(&value).unwrap()
        }
        JsonEdit::Remove(i) => {
            let path = pick(*i);
            parent_mut(&mut value, &path).remove(path.last().unwrap());
            serde_json::to_vec(&value).unwrap()
        }
        JsonEdit::DuplicateKey(i) => {
            // Text level: the same top-level key written twice.
            let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
            let key = keys[i % keys.len()];
            let text = serde_json::to_string(&value).unwrap();
            let entry = format!("\"{key}\":{}", value[key.as_str()]);
            text.replacen('{', &format!("{{{entry},"), 1).into_bytes()
        }
        JsonEdit::Byte(i, b) => {
            let mut bytes = text.as_bytes().to_vec();
            let n = bytes.len();
            bytes[i % n] = *b;
            bytes
        }
    }
}

/// A valid nonogram: the clues of a random picture of up to 6 x 6, as text.
fn nonogram_text() -> impl Strategy<Value = String> {
    (1usize..=6, 1usize..=6)
        .prop_flat_map(|(h, w)| prop::collection::vec(prop::collection::vec(any::<bool>(), w), h))
        .prop_map(|picture| {
            csp_workspace::nonogram::Nonogram::from_picture(&picture)
                .unwrap()
                .to_string()
        })
}

/// One edit of a nonogram's text: a line dropped, doubled or replaced by
/// something plausible, or a byte overwritten.
#[derive(Clone, Debug)]
enum LineEdit {
    Drop(usize),
    Double(usize),
    Replace(usize, String),
    Byte(usize, u8),
}

fn line_edit() -> impl Strategy<Value = LineEdit> {
    let plausible = "(rows|columns|colums|width -?[0-9]{1,3}|height [0-9]{1,4}|title \"t\"|[0-9]{1,3}( ?,? ?[0-9]{1,3}){0,3}|0 1| *|# c|rows 2)";
    prop_oneof![
        any::<usize>().prop_map(LineEdit::Drop),
        any::<usize>().prop_map(LineEdit::Double),
        (any::<usize>(), plausible).prop_map(|(i, t)| LineEdit::Replace(i, t)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| LineEdit::Byte(i, b)),
    ]
}

fn edit_lines(text: &str, edit: &LineEdit) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = text.lines().map(|l| l.as_bytes().to_vec()).collect();
    let n = lines.len();
    match edit {
        LineEdit::Drop(i) => {
            lines.remove(i % n);
        }
        LineEdit::Double(i) => lines.insert(i % n, lines[i % n].clone()),
        LineEdit::Replace(i, t) => lines[i % n] = t.clone().into_bytes(),
        LineEdit::Byte(i, b) => {
            let line = &mut lines[i % n];
            if line.is_empty() {
                line.push(*b);
            } else {
                let k = i / n % line.len();
                line[k] = *b;
            }
        }
    }
    lines.join(&b"\n"[..])
}

proptest! {
    #![proptest_config(proptest_config(256))]

    #[test]
    fn lines_are_capped_numbered_and_exact(cap in any::<u8>(), bytes in line_bytes()) {
        let mut data = vec![cap];
        data.extend(bytes);
        fuzz_checks::lines_capped(&data);
    }

    #[test]
    fn permutation_items_model_and_count(text in "( {0,2}[a-c]{1,2}){0,7}") {
        fuzz_checks::permutation_items(text.as_bytes());
    }

    #[test]
    fn permutation_items_survive_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        fuzz_checks::permutation_items(&bytes);
    }

    #[test]
    fn latin_orders_model_and_solve(flags in any::<u8>(), text in "[ +0-9-]{0,4}") {
        let mut data = vec![flags];
        data.extend(text.bytes());
        fuzz_checks::latin_order(&data);
    }

    #[test]
    fn restart_specs_round_trip(text in "(luby|geometric|)(:[0-9.eE+-]{0,8}){0,3}") {
        fuzz_checks::restarts(text.as_bytes());
    }

    #[test]
    fn durations_parse_or_explain(text in " ?-?[0-9.eE+]{0,8}(ms|s|m|h|x|)[ ]?") {
        fuzz_checks::duration(text.as_bytes());
    }

    #[test]
    fn board_sizes_round_trip(text in "( {0,2}-?[0-9]{0,9}([xX×]-?[0-9]{0,9})?){0,3}") {
        fuzz_checks::board_size(text.as_bytes());
    }

    #[test]
    fn part_specs_round_trip(text in " ?[+-]?[0-9]{0,21} ?/? ?[+-]?[0-9]{0,21}/?") {
        fuzz_checks::part_spec(text.as_bytes());
    }

    #[test]
    fn option_texts_survive_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        fuzz_checks::restarts(&bytes);
        fuzz_checks::duration(&bytes);
        fuzz_checks::board_size(&bytes);
        fuzz_checks::part_spec(&bytes);
        fuzz_checks::part_file(&bytes);
        fuzz_checks::latin_order(&bytes);
        fuzz_checks::lines_capped(&bytes);
    }

    #[test]
    fn edited_nonograms_are_read_or_refused(
        text in nonogram_text(),
        edits in prop::collection::vec(line_edit(), 0..4),
    ) {
        fuzz_checks::nonogram(text.as_bytes());
        let mut bytes = text.into_bytes();
        for edit in &edits {
            if bytes.is_empty() {
                break;
            }
            bytes = edit_lines(&String::from_utf8_lossy(&bytes), edit);
            fuzz_checks::nonogram(&bytes);
        }
    }

    #[test]
    fn nonograms_survive_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        fuzz_checks::nonogram(&bytes);
    }

    #[test]
    fn edited_part_files_are_read_or_refused(
        seed in prop::sample::select(part_files()),
        edits in prop::collection::vec(json_edit(), 0..4),
    ) {
        let mut text = seed;
        for edit in &edits {
            let bytes = apply(&text, edit);
            match String::from_utf8(bytes) {
                Ok(t) if serde_json::from_str::<serde_json::Value>(&t).is_ok_and(|v| v.is_object()) => text = t,
                Ok(t) => { fuzz_checks::part_file(t.as_bytes()); break; }
                Err(e) => { fuzz_checks::part_file(e.as_bytes()); break; }
            }
        }
        fuzz_checks::part_file(text.as_bytes());
    }
}

/// The checks accept every valid seed, so the edits start from input that
/// gets past the parser.
#[test]
fn valid_inputs_pass_the_checks() {
    for file in part_files() {
        assert!(
            nqueens::parts::PartResult::from_json(&file).is_ok(),
            "{file}"
        );
        fuzz_checks::part_file(file.as_bytes());
    }
    for size in ["8", "5x3", "5 3", "1", "16777216x1"] {
        fuzz_checks::board_size(size.as_bytes());
    }
    for spec in ["0/1", "3/8", " 7 / 8 "] {
        assert!(spec.parse::<Part>().is_ok());
        fuzz_checks::part_spec(spec.as_bytes());
    }
    for spec in ["luby", "luby:3", "geometric", "geometric:1:1.001"] {
        fuzz_checks::restarts(spec.as_bytes());
    }
    fuzz_checks::permutation_items(b"A B B C");
    fuzz_checks::latin_order(b"\x014");
    fuzz_checks::lines_capped(b"\x05abc\r\ntoo long line\n\xff\n");
}

/// Every fuzz target has its proptest: the check a target calls is called
/// from the root tests too.
#[test]
fn every_fuzz_target_runs_as_a_proptest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tests = ["tests/reliability.rs", "tests/fuzz_inputs.rs"]
        .map(|f| std::fs::read_to_string(root.join(f)).unwrap())
        .join("\n");
    let manifest = std::fs::read_to_string(root.join("fuzz/Cargo.toml")).unwrap();
    let mut targets = 0;
    for entry in std::fs::read_dir(root.join("fuzz/fuzz_targets")).unwrap() {
        let path = entry.unwrap().path();
        let source = std::fs::read_to_string(&path).unwrap();
        let check = source
            .rsplit("csp_fuzz::")
            .next()
            .and_then(|rest| rest.split('(').next())
            .unwrap_or_else(|| panic!("{} calls no shared check", path.display()));
        assert!(
            tests.contains(&format!("fuzz_checks::{check}(")),
            "{}: no proptest calls fuzz_checks::{check}",
            path.display()
        );
        let file = path.file_name().unwrap().to_str().unwrap();
        assert!(
            manifest.contains(&format!("path = \"fuzz_targets/{file}\"")),
            "{file} is not in fuzz/Cargo.toml"
        );
        targets += 1;
    }
    assert!(targets >= 13, "{targets} targets");
}

/// The fuzzers' seed files (`fuzz/seeds/<target>/`) pass their checks.
#[test]
fn the_fuzz_seeds_pass_their_checks() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds");
    let mut checked = 0;
    for dir in std::fs::read_dir(seeds).unwrap() {
        let dir = dir.unwrap().path();
        let target = dir.file_name().unwrap().to_str().unwrap().to_owned();
        let check: fn(&[u8]) = match target.as_str() {
            "sudoku" => fuzz_checks::sudoku,
            "nonogram" => |bytes: &[u8]| {
                let text = std::str::from_utf8(bytes).unwrap();
                assert!(text.parse::<csp_workspace::nonogram::Nonogram>().is_ok());
                fuzz_checks::nonogram(bytes)
            },
            "cryptarithm" => fuzz_checks::cryptarithm,
            "lines" => fuzz_checks::lines_capped,
            "permutation_items" => fuzz_checks::permutation_items,
            "latin_order" => fuzz_checks::latin_order,
            "restarts" => fuzz_checks::restarts,
            "duration" => fuzz_checks::duration,
            "board_size" => fuzz_checks::board_size,
            "part_spec" => fuzz_checks::part_spec,
            "flatzinc" => |bytes: &[u8]| {
                let text = std::str::from_utf8(bytes).unwrap();
                let fzn = csp_fzn::parse(text).expect("a valid seed");
                assert!(csp_fzn::resolve(&fzn).is_ok());
                fuzz_checks::flatzinc(bytes)
            },
            "part_file" => |bytes: &[u8]| {
                let text = std::str::from_utf8(bytes).unwrap();
                assert!(nqueens::parts::PartResult::from_json(text).is_ok());
                fuzz_checks::part_file(bytes)
            },
            other => panic!("seeds for an unknown target {other}"),
        };
        for file in std::fs::read_dir(&dir).unwrap() {
            check(&std::fs::read(file.unwrap().path()).unwrap());
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked} seeds");
}
