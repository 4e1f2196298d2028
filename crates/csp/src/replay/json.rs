//! Just enough JSON writing for the page's data (numbers, strings, arrays,
//! objects), with no dependency. Strings are escaped so that the text is
//! also safe inside an HTML `<script>` element.

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
