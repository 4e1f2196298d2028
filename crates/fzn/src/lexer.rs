//! The FlatZinc tokenizer: identifiers, integer, float and string literals,
//! punctuation; `%` line comments and `/* */` block comments are skipped.
//! Every token carries its line for error messages.

use crate::error::FznError;

/// One token.
///
/// ```
/// use csp_fzn::lexer::Tok;
/// assert_eq!(Tok::Punct("::").describe(), "'::'");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An identifier or keyword (`var`, `constraint`, `int_lin_eq`, `X_1_`).
    Ident(String),
    /// An integer literal (decimal, `0x` hexadecimal or `0o` octal).
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A string literal (annotations only), escapes resolved.
    Str(String),
    /// Punctuation: `::` `:` `;` `,` `(` `)` `[` `]` `{` `}` `..` `=`.
    Punct(&'static str),
}

impl Tok {
    /// How the token reads in an error message.
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Int(v) => format!("'{v}'"),
            Tok::Float(v) => format!("'{v}'"),
            Tok::Str(_) => "a string".to_owned(),
            Tok::Punct(p) => format!("'{p}'"),
        }
    }
}

const PUNCT: [&str; 12] = ["::", "..", ":", ";", ",", "(", ")", "[", "]", "{", "}", "="];

/// Splits `text` into tokens with their lines.
///
/// ```
/// use csp_fzn::lexer::{tokenize, Tok};
/// let toks = tokenize("var 1..3: x; % comment\n").unwrap();
/// assert_eq!(toks[1], (Tok::Int(1), 1));
/// assert_eq!(toks[2].0, Tok::Punct(".."));
/// assert_eq!(tokenize("x = 99999999999999999999;").unwrap_err().line, 1);
/// ```
pub fn tokenize(text: &str) -> Result<Vec<(Tok, usize)>, FznError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut line = 1usize;
    let mut i = 0usize;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b'%' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let start = line;
                i += 2;
                loop {
                    match bytes.get(i) {
                        None => return Err(FznError::new(start, "unterminated /* comment")),
                        Some(b'*') if bytes.get(i + 1) == Some(&b'/') => {
                            i += 2;
                            break;
                        }
                        Some(b'\n') => {
                            line += 1;
                            i += 1;
                        }
                        Some(_) => i += 1,
                    }
                }
            }
            b'"' => {
                let (s, next, lines) = string(text, i, line)?;
                out.push((Tok::Str(s), line));
                line += lines;
                i = next;
            }
            b'0'..=b'9' => {
                let (tok, next) = number(text, i, line, false)?;
                out.push((tok, line));
                i = next;
            }
            b'-' if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                let (tok, next) = number(text, i + 1, line, true)?;
                out.push((tok, line));
                i = next;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                out.push((Tok::Ident(text[start..i].to_owned()), line));
            }
            _ => {
                let rest = &text[i..];
                let Some(p) = PUNCT.iter().find(|p| rest.starts_with(**p)) else {
                    let ch = rest.chars().next().unwrap_or('?');
                    return Err(FznError::new(line, format!("unexpected character {ch:?}")));
                };
                out.push((Tok::Punct(p), line));
                i += p.len();
            }
        }
    }
    Ok(out)
}

/// A number starting at `i` (after any minus sign): the token and where it ends.
fn number(text: &str, i: usize, line: usize, negative: bool) -> Result<(Tok, usize), FznError> {
    let bytes = text.as_bytes();
    let too_big = |s: &str| FznError::new(line, format!("integer {s} does not fit in 64 bits"));
    let sign = if negative { "-" } else { "" };
    if bytes[i] == b'0' && matches!(bytes.get(i + 1), Some(b'x' | b'o')) {
        let radix = if bytes[i + 1] == b'x' { 16 } else { 8 };
        let mut j = i + 2;
        while j < bytes.len() && (bytes[j] as char).is_digit(radix) {
            j += 1;
        }
        let digits = format!("{sign}{}", &text[i + 2..j]);
        if j == i + 2 {
            return Err(FznError::new(line, "a number prefix with no digits"));
        }
        let v = i64::from_str_radix(&digits, radix).map_err(|_| too_big(&text[i..j]))?;
        return Ok((Tok::Int(v), j));
    }
    let mut j = i;
    while j < bytes.len() && bytes[j].is_ascii_digit() {
        j += 1;
    }
    let mut float = false;
    // `1..5` is a range, not the float `1.`.
    if bytes.get(j) == Some(&b'.') && bytes.get(j + 1).is_some_and(u8::is_ascii_digit) {
        float = true;
        j += 1;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
    }
    if matches!(bytes.get(j), Some(b'e' | b'E')) {
        let mut k = j + 1;
        if matches!(bytes.get(k), Some(b'+' | b'-')) {
            k += 1;
        }
        if bytes.get(k).is_some_and(u8::is_ascii_digit) {
            float = true;
            j = k;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
        }
    }
    let literal = format!("{sign}{}", &text[i..j]);
    if float {
        let v: f64 = literal
            .parse()
            .map_err(|_| FznError::new(line, format!("bad float {literal}")))?;
        Ok((Tok::Float(v), j))
    } else {
        let v: i64 = literal.parse().map_err(|_| too_big(&literal))?;
        Ok((Tok::Int(v), j))
    }
}

/// A string literal starting at the quote at `i`: its value, where it
/// ends, and how many line breaks it held.
fn string(text: &str, i: usize, line: usize) -> Result<(String, usize, usize), FznError> {
    let mut s = String::new();
    let mut lines = 0;
    let mut chars = text[i + 1..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return Ok((s, i + 1 + k + 1, lines)),
            '\\' => match chars.next() {
                Some((_, 'n')) => s.push('\n'),
                Some((_, 't')) => s.push('\t'),
                Some((_, other)) => s.push(other),
                None => break,
            },
            '\n' => {
                lines += 1;
                s.push(c);
            }
            c => s.push(c),
        }
    }
    Err(FznError::new(line, "unterminated string"))
}
