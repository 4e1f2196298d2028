//! Reading text one line at a time with a cap on a line's length, so that
//! no input (a 100 MB line, `/dev/zero`, a binary file) can make a reader
//! hold more than [`MAX_LINE_BYTES`] of it. A line too long or not valid
//! UTF-8 is reported with its number, and reading goes on with the next.

use std::fmt;
use std::io::{self, BufRead};

/// The longest line the readers keep (64 KiB): far more than any puzzle or
/// graph line needs, and little enough memory to hold.
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// One line of input: its number (from 1) and its text or what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line's number, counting from 1.
    pub number: usize,
    /// The text without its line ending (`\n` or `\r\n`), or why it is unusable.
    pub text: Result<String, LineError>,
}

/// Why a line could not be read as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Longer than the cap (in bytes); the rest of the line was read past, not kept.
    TooLong(usize),
    /// Not valid UTF-8.
    NotUtf8,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong(cap) => write!(f, "longer than {cap} bytes"),
            LineError::NotUtf8 => f.write_str("not valid UTF-8"),
        }
    }
}

impl std::error::Error for LineError {}

/// The lines of `reader`, each at most `cap` bytes (without its ending).
///
/// ```
/// use csp_workspace::lines::{lines, LineError};
/// let input: &[u8] = b"ok\nmuch too long\n\xff\nlast";
/// let read = lines(input, 8)
///     .map(|l| l.map(|l| (l.number, l.text)))
///     .collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(read, vec![
///     (1, Ok("ok".to_string())),
///     (2, Err(LineError::TooLong(8))),
///     (3, Err(LineError::NotUtf8)),
///     (4, Ok("last".to_string())),
/// ]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn lines<R: BufRead>(reader: R, cap: usize) -> Lines<R> {
    Lines {
        reader,
        cap,
        number: 0,
        buf: Vec::new(),
        skipping: false,
    }
}

/// Feeds each line of `reader` (capped at [`MAX_LINE_BYTES`]) with its
/// number to `line`, and stops at the first problem: a line too long or
/// not valid UTF-8, a failed read, or an error from `line`, returned as
/// `line N: ...`. What the line-oriented file formats read through.
///
/// ```
/// use csp_workspace::lines::each_line;
/// let mut words = 0;
/// each_line(&b"a b\nc\n"[..], |_, text| Ok(words += text.split_whitespace().count()))?;
/// assert_eq!(words, 3);
/// let e = each_line(&b"ok\n\xff\n"[..], |_, _| Ok(())).unwrap_err();
/// assert_eq!(e, "line 2: not valid UTF-8");
/// # Ok::<(), String>(())
/// ```
pub fn each_line<R: BufRead>(
    reader: R,
    mut line: impl FnMut(usize, &str) -> Result<(), String>,
) -> Result<(), String> {
    for (i, read) in lines(reader, MAX_LINE_BYTES).enumerate() {
        let at = |e: &dyn fmt::Display| format!("line {}: {e}", i + 1);
        let read = read.map_err(|e| at(&format_args!("cannot read: {e}")))?;
        let text = read.text.map_err(|e| at(&e))?;
        line(read.number, &text).map_err(|e| at(&e))?;
    }
    Ok(())
}

/// The iterator [`lines`] returns: yields `Err` only when reading fails.
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    cap: usize,
    number: usize,
    buf: Vec<u8>,
    /// The last line was cut short: read past its rest before the next.
    skipping: bool,
}

impl<R: BufRead> Lines<R> {
    /// Reads up to and including the next `\n` into `buf`, keeping at most
    /// `cap + 2` bytes (room for `\r\n`); returns whether anything was read
    /// and whether the line was cut short.
    fn read_capped(&mut self) -> io::Result<(bool, bool)> {
        if self.skipping {
            self.skip_line()?;
        }
        self.buf.clear();
        let keep = self.cap.saturating_add(2) as u64;
        let mut limited = io::Read::take(&mut self.reader, keep);
        let n = limited.read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok((false, false));
        }
        // Cut short: the rest is skipped on the next call, not now, so a
        // reader that stops at the first bad line never reads past it (an
        // endless line from a device would take forever).
        self.skipping = !self.buf.ends_with(b"\n") && n as u64 == keep;
        Ok((true, self.skipping))
    }

    /// Reads past the rest of a cut line without keeping it.
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.reader.consume(i + 1);
                    break;
                }
                None => {
                    let len = chunk.len();
                    self.reader.consume(len);
                }
            }
        }
        self.skipping = false;
        Ok(())
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        let (read, cut) = match self.read_capped() {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        if !read {
            return None;
        }
        self.number += 1;
        let mut bytes = self.buf.as_slice();
        bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let text = if cut || bytes.len() > self.cap {
            Err(LineError::TooLong(self.cap))
        } else {
            std::str::from_utf8(bytes)
                .map(str::to_owned)
                .map_err(|_| LineError::NotUtf8)
        };
        Some(Ok(Line {
            number: self.number,
            text,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &[u8], cap: usize) -> Vec<(usize, Result<String, LineError>)> {
        lines(input, cap)
            .map(|l| l.map(|l| (l.number, l.text)).unwrap())
            .collect()
    }

    #[test]
    fn endings_and_the_cap_exactly() {
        assert_eq!(read(b"", 4), vec![]);
        assert_eq!(read(b"\n", 4), vec![(1, Ok(String::new()))]);
        assert_eq!(
            read(b"abcd\r\nabcde\nabcd", 4),
            vec![
                (1, Ok("abcd".into())),
                (2, Err(LineError::TooLong(4))),
                (3, Ok("abcd".into()))
            ]
        );
        assert_eq!(read(b"abcde", 4), vec![(1, Err(LineError::TooLong(4)))]);
        assert_eq!(read(b"abcd\r", 4), vec![(1, Ok("abcd".into()))]);
    }

    #[test]
    fn a_long_line_is_skipped_through_a_small_buffer() {
        let mut input = vec![b'x'; 100_000];
        input.extend_from_slice(b"\nnext\n");
        let reader = io::BufReader::with_capacity(16, input.as_slice());
        let read: Vec<_> = lines(reader, 10).map(|l| l.unwrap().text).collect();
        assert_eq!(read, vec![Err(LineError::TooLong(10)), Ok("next".into())]);
    }

    /// A line that never ends (`/dev/zero`) is reported without reading it all.
    #[test]
    fn an_endless_line_is_reported_before_it_is_skipped() {
        let mut endless = lines(io::BufReader::new(io::repeat(b'0')), 10);
        let first = endless.next().unwrap().unwrap();
        assert_eq!((first.number, first.text), (1, Err(LineError::TooLong(10))));
    }
}
