//! The laboratory's study on a model of its own: runs agree with a plain
//! count, the table aligns names left and numbers right, and a reader that
//! goes away stops the study when no file wants the results.

use csp::{Limits, Model, Solver, Strategy};
use csp_lab::study::{report, Axis, Label, Matrix, Mode, Outputs, Subjects};
use std::cell::Cell;
use std::io::{self, Write};

/// `n` variables over `0..n`, pairwise different, the first below the last.
fn model(n: usize) -> Model {
    let mut model = Model::new();
    let x = model.int_vars(n, 0..n as i32).unwrap();
    model.all_different(&x).unwrap();
    model.less(x[0], x[n - 1]).unwrap();
    model
}

#[test]
fn every_row_counts_what_a_plain_search_counts() {
    let mut matrix = Matrix::new(Mode::All, Limits::default());
    matrix.var_orders = "all".parse().unwrap();
    matrix.value_orders = "ascending,descending,middle-out".parse().unwrap();
    let subjects = Subjects::new("n", (3..=5).map(Label::Number).collect());
    let runs: Vec<_> = matrix.runs(&subjects, |i| model(i + 3)).collect();
    assert_eq!(runs.len(), Strategy::ALL.len() * 4 * 3 * 3);
    for run in &runs {
        let Label::Number(n) = run.subject else {
            panic!("a number")
        };
        let plain = Solver::new(&model(n as usize)).count().solutions();
        assert_eq!(run.solutions, plain, "{run:?}");
        assert_eq!(run.column, "n");
    }
}

#[test]
fn names_align_left_and_numbers_right() {
    let matrix = Matrix::new(Mode::First, Limits::default());
    let table = |subjects: &Subjects| {
        let mut out = Vec::new();
        let m = model(4);
        let runs = matrix.runs(subjects, |_| &m);
        report(
            &matrix,
            subjects,
            runs,
            &Outputs::default(),
            Axis::Orders,
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    };
    let named = table(&Subjects::new(
        "model",
        vec![Label::Name("a".into()), Label::Name("longer".into())],
    ));
    let rows: Vec<&str> = named.lines().skip(2).collect();
    assert_eq!(rows.len(), Strategy::ALL.len() * 2);
    // The model column starts at the same place in every row.
    let at: Vec<usize> = rows
        .iter()
        .zip(["a", "longer"].iter().cycle())
        .map(|(row, name)| row.find(&format!("  {name} ")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] == w[1]), "{named}");
    let numbered = table(&Subjects::new(
        "n",
        vec![Label::Number(7), Label::Number(1234)],
    ));
    let rows: Vec<&str> = numbered.lines().skip(2).collect();
    // Numbers end at the same place: 7 under the last digit of 1,234.
    let end = |row: &str, cell: &str| row.find(&format!(" {cell}  ")).unwrap() + 1 + cell.len();
    assert_eq!(end(rows[0], "7"), end(rows[1], "1,234"), "{numbered}");
}

/// A reader that goes away after `writes` writes.
struct ClosingPipe {
    writes: usize,
}

impl Write for ClosingPipe {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.writes == 0 {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        self.writes -= 1;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_reader_stops_the_runs_unless_a_file_wants_them() {
    let matrix = Matrix::new(Mode::All, Limits::default());
    let subjects = Subjects::new("n", (3..=6).map(Label::Number).collect());
    let made = Cell::new(0);
    let counted = |i: usize| {
        made.set(made.get() + 1);
        model(i + 3)
    };
    // The header takes one write, then two rows are read.
    let runs = matrix.runs(&subjects, counted);
    let mut pipe = ClosingPipe { writes: 3 };
    let axis = Axis::Subject("n");
    report(
        &matrix,
        &subjects,
        runs,
        &Outputs::default(),
        axis,
        &mut pipe,
    )
    .unwrap();
    assert_eq!(made.get(), 3, "two rows read, the third made and refused");

    let dir = std::env::temp_dir().join(format!("csp-lab-study-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let outputs = Outputs {
        json: Some(dir.join("runs.json")),
        ..Outputs::default()
    };
    made.set(0);
    let runs = matrix.runs(&subjects, counted);
    let mut pipe = ClosingPipe { writes: 3 };
    report(&matrix, &subjects, runs, &outputs, axis, &mut pipe).unwrap();
    assert_eq!(
        made.get(),
        Strategy::ALL.len() * 4,
        "the file wants every run"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("runs.json")).unwrap()).unwrap();
    assert_eq!(json.as_array().unwrap().len(), Strategy::ALL.len() * 4);
    assert_eq!(json[5]["n"], 4);
    std::fs::remove_dir_all(&dir).unwrap();
}
