//! The header every program's part-result file carries (`nqueens --part`,
//! `fzn-csp --part`): a `"format"` name and a `"version"`, read loosely
//! first so that a file of another kind or version gets a clear word
//! before the strict, typed reading of its body.

/// Checks that `text` is a JSON object whose `"format"` is `format` and
/// whose `"version"` is `version`; `program` names the reader in the
/// messages ("this nqueens reads version 1"). Every message is one line.
///
/// ```
/// use csp_front::part_file::check_header;
/// let ok = r#"{"format": "nqueens-part", "version": 1, "count": 92}"#;
/// assert!(check_header(ok, "nqueens-part", 1, "nqueens").is_ok());
/// let other = r#"{"format": "fzn-csp-part", "version": 1}"#;
/// assert!(check_header(other, "nqueens-part", 1, "nqueens").unwrap_err().contains("not an nqueens part result"));
/// let newer = r#"{"format": "nqueens-part", "version": 9}"#;
/// assert!(check_header(newer, "nqueens-part", 1, "nqueens").unwrap_err().contains("version 9"));
/// assert!(check_header("", "nqueens-part", 1, "nqueens").unwrap_err().contains("empty"));
/// ```
pub fn check_header(text: &str, format: &str, version: u32, program: &str) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("the file is empty (was the part killed while writing to stdout?)".into());
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON: {}", one_line(e)))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(format) {
        return Err(format!(
            "not an {program} part result (no \"format\": \"{format}\")"
        ));
    }
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(version) => Ok(()),
        Some(v) => Err(format!(
            "format version {v} is not supported: this {program} reads version {version}"
        )),
        None => Err("no format version".into()),
    }
}

/// Reads a part result of `format` and `version`: the header first
/// ([`check_header`]), then strictly into `T` (a key given twice or one
/// `T` does not know is refused where `T` says so).
///
/// ```
/// #[derive(serde::Deserialize)]
/// #[serde(deny_unknown_fields)]
/// struct Part { format: String, version: u32, count: u64 }
/// let p: Part = csp_front::part_file::read(r#"{"format": "x", "version": 1, "count": 9}"#, "x", 1, "x").unwrap();
/// assert_eq!((p.format.as_str(), p.version, p.count), ("x", 1, 9));
/// let bad = csp_front::part_file::read::<Part>(r#"{"format": "x", "version": 1, "more": 0}"#, "x", 1, "x");
/// assert!(bad.is_err_and(|e| e.starts_with("malformed part result: ")));
/// ```
pub fn read<T: serde::de::DeserializeOwned>(
    text: &str,
    format: &str,
    version: u32,
    program: &str,
) -> Result<T, String> {
    check_header(text, format, version, program)?;
    serde_json::from_str(text).map_err(|e| format!("malformed part result: {}", one_line(e)))
}

/// A part result as pretty-printed JSON, ending with a newline.
///
/// ```
/// assert_eq!(csp_front::part_file::to_json(&[1, 2]), "[\n  1,\n  2\n]\n");
/// ```
pub fn to_json<T: serde::Serialize>(result: &T) -> String {
    let mut text = serde_json::to_string_pretty(result).expect("a part result serialises");
    text.push('\n');
    text
}

/// A reader's message on one line: it may quote keys and values from the
/// file, which can hold control characters (an escaped `\r` in a key).
///
/// ```
/// assert_eq!(csp_front::part_file::one_line("a\nb\rc"), "a\\nb\\rc");
/// ```
pub fn one_line(message: impl std::fmt::Display) -> String {
    message
        .to_string()
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}
