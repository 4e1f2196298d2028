//! Just enough JSON writing for the page's data (numbers, strings, arrays,
//! objects), with no dependency. Strings are escaped so that the text is
//! also safe inside an HTML `<script>` element.

use csp::replay::{Event, Recording};
use std::fmt::Write as _;

/// Appends `text` as a JSON string literal. `<`, `>` and `&` are written as
/// `\u` escapes, so `</script>` in a name cannot end the data's element.
pub(crate) fn string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `"key":` (the key is a plain identifier).
pub(crate) fn key(out: &mut String, name: &str) {
    string(out, name);
    out.push(':');
}

/// Appends a JSON array of the items, each written by `item`.
pub(crate) fn array<T>(
    out: &mut String,
    items: impl IntoIterator<Item = T>,
    mut item: impl FnMut(&mut String, T),
) {
    out.push('[');
    for (i, x) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        item(out, x);
    }
    out.push(']');
}

/// Appends a number (or anything whose `Display` is a JSON number).
pub(crate) fn number(out: &mut String, n: impl std::fmt::Display) {
    let _ = write!(out, "{n}");
}

/// The recording as JSON, as the page holds it:
/// `{"truncation": null or {...}, "events": [[kind, var, value, depth
/// or constraint], ...]}` with kinds 0 choose, 1 unchoose, 2 prune,
/// 3 fail, 4 solution (`[4]`), 5 restart (`[5]`).
///
/// ```
/// use csp::replay::Recorder;
/// use csp::{Model, Solver};
/// let mut model = Model::new();
/// model.int_var(0..1)?;
/// let mut search = Solver::new(&model).search_with(Recorder::new(100));
/// while search.next_values().is_some() {}
/// let json = csp_front::replay::recording_json(&search.into_observer().into_recording());
/// assert_eq!(json, r#"{"truncation":null,"events":[[0,0,0,1],[4],[1,0,0,1]]}"#);
/// # Ok::<(), csp::ModelError>(())
/// ```
pub fn recording_json(recording: &Recording) -> String {
    let mut out = String::from("{");
    truncation(&mut out, recording);
    out.push(',');
    events(&mut out, recording);
    out.push('}');
    out
}

/// Appends `"truncation": ...` (an object, or `null`).
pub(crate) fn truncation(out: &mut String, recording: &Recording) {
    key(out, "truncation");
    let Some(t) = recording.truncation() else {
        out.push_str("null");
        return;
    };
    out.push('{');
    for (name, n) in [
        ("events", t.events as u64),
        ("nodes", t.nodes),
        ("failures", t.failures),
        ("solutions", t.solutions),
    ] {
        key(out, name);
        number(out, n);
        out.push(',');
    }
    key(out, "text");
    string(out, &t.to_string());
    out.push('}');
}

/// Appends `"events": [...]`, each event a short array.
pub(crate) fn events(out: &mut String, recording: &Recording) {
    key(out, "events");
    array(out, recording.events(), |out, event| {
        let (kind, rest) = match *event {
            Event::Choose { var, value, depth } => (0, Some((var, value, depth))),
            Event::Unchoose { var, value, depth } => (1, Some((var, value, depth))),
            Event::Prune {
                var,
                value,
                constraint,
            } => (2, Some((var, value, constraint))),
            Event::Fail { var, value, depth } => (3, Some((var, value, depth))),
            Event::Solution => (4, None),
            Event::Restart => (5, None),
            // [6, from, to]
            Event::Backjump { from, to } => (6, Some((from, to as i32, 0))),
            // [7, first, len, 0]: the nogood is `learned[first..first + len]`
            Event::Learn { first, len } => (7, Some((first, len as i32, 0))),
        };
        out.push('[');
        number(out, kind);
        if let Some((a, b, c)) = rest {
            for n in [i64::from(a), i64::from(b), i64::from(c)] {
                out.push(',');
                number(out, n);
            }
        }
        out.push(']');
    });
    let learned = learned(recording);
    if !learned.is_empty() {
        out.push(',');
        key(out, "learned");
        array(out, &learned, |out, &(var, value)| {
            out.push('[');
            number(out, i64::from(var));
            out.push(',');
            number(out, i64::from(value));
            out.push(']');
        });
    }
}

/// Every learned nogood's assignments, in the order of the learn events
/// (an event's `first` indexes this list).
fn learned(recording: &Recording) -> Vec<(u32, i32)> {
    let mut all = Vec::new();
    for event in recording.events() {
        if let Event::Learn { first, len } = *event {
            all.extend_from_slice(recording.nogood(first, len));
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_for_json_and_for_html() {
        let mut out = String::new();
        string(&mut out, "a\"b\\c\n</script>&\u{1}é");
        assert_eq!(out, r#""a\"b\\c\n\u003c/script\u003e\u0026\u0001é""#);
    }

    #[test]
    fn arrays_and_keys() {
        let mut out = String::new();
        out.push('{');
        key(&mut out, "xs");
        array(&mut out, [1, -2, 3], number);
        out.push('}');
        assert_eq!(out, r#"{"xs":[1,-2,3]}"#);
    }
}
