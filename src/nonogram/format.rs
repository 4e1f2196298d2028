//! The text format of a nonogram (the module documentation of
//! [`super`] describes it): read line by line, and written back by
//! `Display` so that it reads back as the same puzzle.

use super::{clue_text, misfit, Nonogram, Side, MAX_SIDE};
use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

impl Nonogram {
    /// Reads the text format line by line (see the module's documentation),
    /// holding at most [`MAX_LINE_BYTES`](crate::lines::MAX_LINE_BYTES) of
    /// a line; errors name their line.
    ///
    /// ```
    /// use csp_workspace::nonogram::Nonogram;
    /// let p = Nonogram::read(&b"rows\n1\ncolumns\n1\n"[..]).unwrap();
    /// assert_eq!(p.width(), 1);
    /// let e = Nonogram::read(&b"rows\n1\ncolumns\n\xff\n"[..]).unwrap_err();
    /// assert_eq!(e, "line 4: not valid UTF-8");
    /// ```
    pub fn read(input: impl BufRead) -> Result<Nonogram, String> {
        let mut reader = Reader::default();
        crate::lines::each_line(input, |number, text| reader.line(number, text))?;
        reader.finish()
    }
}

impl FromStr for Nonogram {
    type Err = String;

    /// Parses the text format; errors name the line.
    ///
    /// ```
    /// use csp_workspace::nonogram::Nonogram;
    /// assert_eq!("rows\n1\n".parse::<Nonogram>().unwrap_err(), "no 'columns' section");
    /// assert_eq!(
    ///     "rows\n1\ncolums\n1".parse::<Nonogram>().unwrap_err(),
    ///     "line 3: unknown keyword 'colums' (did you mean 'columns'?)"
    /// );
    /// ```
    fn from_str(text: &str) -> Result<Nonogram, String> {
        Nonogram::read(text.as_bytes())
    }
}

impl fmt::Display for Nonogram {
    /// The text format, which reads back as the same puzzle.
    ///
    /// ```
    /// use csp_workspace::nonogram::Nonogram;
    /// let p: Nonogram = "rows\n1,1\n0\ncolumns\n1\n0\n1".parse().unwrap();
    /// assert_eq!(p.to_string(), "width 3\nheight 2\nrows\n1 1\n0\ncolumns\n1\n0\n1\n");
    /// assert_eq!(p.to_string().parse::<Nonogram>(), Ok(p));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "width {}\nheight {}", self.width(), self.height())?;
        for (side, lines) in [(Side::Row, &self.rows), (Side::Column, &self.columns)] {
            writeln!(f, "{}", side.section())?;
            for clue in lines {
                writeln!(f, "{}", clue_text(clue))?;
            }
        }
        Ok(())
    }
}

/// The keywords of `.non` files that say nothing about the grid.
const IGNORED: [&str; 6] = ["title", "by", "copyright", "license", "catalogue", "goal"];

/// Every keyword, for "did you mean".
const KEYWORDS: [&str; 10] = [
    "rows",
    "columns",
    "width",
    "height",
    "title",
    "by",
    "copyright",
    "license",
    "catalogue",
    "goal",
];

/// Clue lines, each with its line number in the file.
type NumberedClues = Vec<(usize, Vec<usize>)>;

/// The puzzle read so far: one line at a time, then [`Reader::finish`].
#[derive(Default)]
struct Reader {
    /// The section clue lines go to, if one has begun.
    section: Option<usize>,
    /// Each section's line number and clues, each with its line number.
    sections: [Option<(usize, NumberedClues)>; 2],
    /// `width` and `height`, with their line numbers.
    declared: [Option<(usize, usize)>; 2],
}

const SIDES: [Side; 2] = [Side::Row, Side::Column];

impl Reader {
    fn line(&mut self, number: usize, raw: &str) -> Result<(), String> {
        let text = raw.split('#').next().unwrap_or("").trim();
        let Some(first) = text.split_whitespace().next() else {
            return Ok(());
        };
        if !first.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return self.clue(number, text);
        }
        let keyword = first.to_ascii_lowercase();
        let rest: Vec<&str> = text.split_whitespace().skip(1).collect();
        match keyword.as_str() {
            "rows" | "columns" => {
                let side = usize::from(keyword == "columns");
                if !rest.is_empty() {
                    return Err(format!(
                        "'{keyword}' stands alone on its line, its clues on the lines below"
                    ));
                }
                if self.sections[side].is_some() {
                    return Err(format!("a second '{keyword}' section"));
                }
                self.sections[side] = Some((number, Vec::new()));
                self.section = Some(side);
            }
            "width" | "height" => {
                let side = usize::from(keyword == "width");
                let size = match rest.as_slice() {
                    [n] => n
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=MAX_SIDE).contains(n)),
                    _ => None,
                };
                let size = size
                    .ok_or_else(|| format!("expected '{keyword} N' with N from 1 to {MAX_SIDE}"))?;
                if self.declared[side].is_some() {
                    return Err(format!("a second '{keyword}' line"));
                }
                self.declared[side] = Some((number, size));
            }
            k if IGNORED.contains(&k) => {}
            _ => {
                let hint = csp_front::cli::closest(first, &KEYWORDS)
                    .map(csp_front::cli::did_you_mean)
                    .unwrap_or_default();
                return Err(format!("unknown keyword '{first}'{hint}"));
            }
        }
        Ok(())
    }

    /// A clue line of the current section.
    fn clue(&mut self, number: usize, text: &str) -> Result<(), String> {
        let Some(side) = self.section else {
            return Err("a clue before the 'rows' or 'columns' line".to_owned());
        };
        let (_, lines) = self.sections[side].as_mut().expect("a section begun");
        if lines.len() == MAX_SIDE {
            return Err(format!("more than {MAX_SIDE} {}", SIDES[side].section()));
        }
        let words: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        let clue = if words == ["0"] {
            Vec::new()
        } else {
            words
                .iter()
                .map(|w| {
                    w.parse::<usize>()
                        .ok()
                        .filter(|n| (1..=MAX_SIDE).contains(n))
                        .ok_or_else(|| {
                            format!(
                                "'{w}' is not a run length from 1 to {MAX_SIDE} \
                                 (a line of its own '0' is an empty {})",
                                SIDES[side].noun()
                            )
                        })
                })
                .collect::<Result<_, _>>()?
        };
        lines.push((number, clue));
        Ok(())
    }

    fn finish(self) -> Result<Nonogram, String> {
        let mut clues: [NumberedClues; 2] = Default::default();
        for (side, section) in self.sections.into_iter().enumerate() {
            let name = SIDES[side].section();
            let (number, lines) = section.ok_or_else(|| format!("no '{name}' section"))?;
            if lines.is_empty() {
                return Err(format!("line {number}: the '{name}' section has no clues"));
            }
            clues[side] = lines;
        }
        for side in 0..2 {
            // The rows' lines are as long as there are columns.
            let len = clues[1 - side].len();
            if let Some((number, size)) = self.declared[1 - side]
                && size != len
            {
                let key = ["height", "width"][1 - side];
                let name = SIDES[1 - side].section();
                return Err(format!(
                    "line {number}: '{key} {size}' but the '{name}' section has {len} clues"
                ));
            }
            for (number, clue) in &clues[side] {
                if let Some(why) = misfit(SIDES[side], clue, len) {
                    return Err(format!("line {number}: {why}"));
                }
            }
        }
        let [rows, columns] = clues.map(|lines| lines.into_iter().map(|(_, c)| c).collect());
        Nonogram::new(rows, columns)
    }
}
