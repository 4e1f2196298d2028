//! Reading and writing a program's files safely (feature `files`): reads
//! are capped and refuse anything but regular files (a FIFO would block, a
//! device such as `/dev/zero` never ends); writes go to a temporary file
//! put in place at the end, and only a regular file (or a missing path) is
//! ever replaced, so `--out /dev/null` cannot turn a device into a file.
//! On Linux the temporary file has no name until it is complete (see
//! [`AtomicFile`]), so a writer killed part way leaves nothing behind.
//!
//! ```
//! use csp_front::files::{read_regular, AtomicFile};
//! use std::io::Write;
//! let path = std::env::temp_dir().join(format!("csp-doc-files-{}.txt", std::process::id()));
//! let mut file = AtomicFile::create(&path)?;
//! writeln!(file, "hello")?;
//! file.commit()?;
//! assert_eq!(read_regular(&path, 100)?, b"hello\n");
//! assert!(read_regular(&path, 3).is_err()); // longer than the cap
//! std::fs::remove_file(&path)?;
//! # Ok::<(), std::io::Error>(())
//! ```

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// What kind of file `meta` describes, for messages ("a FIFO").
fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_file() {
        return "a regular file";
    }
    if t.is_dir() {
        return "a directory";
    }
    if t.is_symlink() {
        return "a symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

fn refused(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// Reads the regular file at `path` (symbolic links followed), at most
/// `limit` bytes: anything else (a FIFO, a device, a directory) or a longer
/// file is an error, found without blocking or reading past the cap.
///
/// ```
/// let err = csp_front::files::read_regular(std::path::Path::new("/dev/zero"), 10).unwrap_err();
/// assert_eq!(err.to_string(), "a character device, not a regular file");
/// ```
pub fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let mut options = OpenOptions::new();
    options.read(true);
    // Opening a FIFO without a writer would block; non-blocking mode does
    // not change reads of regular files.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(refused(format!("{}, not a regular file", kind(&meta))));
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(refused(format!("larger than {limit} bytes")));
    }
    Ok(bytes)
}

/// `bytes` as text, or which line is not valid UTF-8 (from 1).
///
/// ```
/// assert_eq!(csp_front::files::utf8_text(b"a\nb"), Ok("a\nb"));
/// assert_eq!(csp_front::files::utf8_text(b"{\n\xff}").unwrap_err(), "line 2 is not valid UTF-8");
/// ```
pub fn utf8_text(bytes: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        format!("line {line} is not valid UTF-8")
    })
}

/// The path a write to `path` should replace: `path` itself when it is a
/// regular file or missing, the file a symbolic link leads to when that is
/// a regular file; anything else (a device, a FIFO, a directory, a link to
/// one, a dangling link) is refused.
///
/// ```
/// use std::path::Path;
/// let err = csp_front::files::replaceable(Path::new("/dev/null")).unwrap_err();
/// assert_eq!(err.to_string(), "a character device, not a regular file: refusing to replace it");
/// let missing = std::env::temp_dir().join("csp-doc-no-such-file");
/// assert_eq!(csp_front::files::replaceable(&missing)?, missing);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn replaceable(path: &Path) -> io::Result<PathBuf> {
    let not_regular = |what: String| refused(format!("{what}: refusing to replace it"));
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(path.to_path_buf()),
        Err(e) => Err(e),
        Ok(meta) if meta.is_file() => Ok(path.to_path_buf()),
        Ok(meta) if meta.file_type().is_symlink() => match fs::metadata(path) {
            Ok(target) if target.is_file() => fs::canonicalize(path),
            Ok(target) => Err(not_regular(format!(
                "a symbolic link to {}, not to a regular file",
                kind(&target)
            ))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                Err(not_regular("a symbolic link to a missing file".to_string()))
            }
            Err(e) => Err(e),
        },
        Ok(meta) => Err(not_regular(format!("{}, not a regular file", kind(&meta)))),
    }
}

/// A file written whole or not at all. On Linux the bytes go to an
/// unnamed temporary file in the target's directory (`O_TMPFILE`), given a
/// name only by [`commit`](AtomicFile::commit) (linked in, then renamed
/// over the target): a writer killed part way, even by `SIGKILL`, leaves
/// nothing behind. Where that is not supported (another system, a file
/// system without it) the temporary file is `NAME.PID.tmp` next to the
/// target, renamed over it at the commit. Dropped without a commit (an
/// error, an early stop), the temporary file goes and the target is left
/// as it was. Only a regular file or a missing path is replaced (see
/// [`replaceable`]); that is checked when the file is created, before any
/// work, and again just before the commit.
///
/// ```
/// use csp_front::files::AtomicFile;
/// use std::io::Write;
/// let path = std::env::temp_dir().join(format!("csp-doc-atomic-{}.txt", std::process::id()));
/// let mut file = AtomicFile::create(&path)?;
/// write!(file, "half")?;
/// drop(file); // no commit: nothing is left behind
/// assert!(!path.exists());
/// assert!(AtomicFile::create(std::path::Path::new("/dev/null")).is_err());
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct AtomicFile {
    target: PathBuf,
    /// `None`: the file is unnamed until the commit.
    named: Option<PathBuf>,
    file: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `path` (see [`AtomicFile`]).
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let target = replaceable(path)?;
        if let Some(file) = unnamed_beside(&target) {
            return Ok(AtomicFile {
                target,
                named: None,
                file: Some(BufWriter::new(file)),
            });
        }
        AtomicFile::create_named(target)
    }

    /// The fallback: a named temporary file beside `target`.
    fn create_named(target: PathBuf) -> io::Result<AtomicFile> {
        let tmp = tmp_name(&target);
        // A stale file of an earlier process with the same id goes first;
        // `create_new` then never opens (or follows) anything but a new file.
        let _ = fs::remove_file(&tmp);
        let file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        Ok(AtomicFile {
            target,
            named: Some(tmp),
            file: Some(BufWriter::new(file)),
        })
    }

    /// Flushes, syncs and puts the file in place of the target.
    pub fn commit(mut self) -> io::Result<()> {
        let file = self.file.take().expect("only commit takes the file");
        let file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        // The target may have changed since `create`.
        replaceable(&self.target)?;
        let tmp = match self.named.take() {
            Some(tmp) => tmp,
            None => {
                let tmp = tmp_name(&self.target);
                let _ = fs::remove_file(&tmp);
                link_unnamed(&file, &tmp)?;
                tmp
            }
        };
        drop(file);
        fs::rename(&tmp, &self.target).inspect_err(|_| {
            let _ = fs::remove_file(&tmp);
        })
    }

    fn writer(&mut self) -> &mut BufWriter<File> {
        self.file.as_mut().expect("the file is open until commit")
    }
}

/// `target` with `.PID.tmp` appended: the named temporary file.
fn tmp_name(target: &Path) -> PathBuf {
    let mut tmp = target.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    PathBuf::from(tmp)
}

/// An unnamed file in `target`'s directory, where the system and the file
/// system support it.
#[cfg(target_os = "linux")]
fn unnamed_beside(target: &Path) -> Option<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    OpenOptions::new()
        .write(true)
        .mode(0o666)
        .custom_flags(libc::O_TMPFILE)
        .open(dir)
        .ok()
}

#[cfg(not(target_os = "linux"))]
fn unnamed_beside(_target: &Path) -> Option<File> {
    None
}

/// Gives the unnamed `file` the name `tmp` (through `/proc/self/fd`, which
/// needs no privilege).
#[cfg(target_os = "linux")]
fn link_unnamed(file: &File, tmp: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::AsRawFd;
    let source =
        CString::new(format!("/proc/self/fd/{}", file.as_raw_fd())).expect("no NUL in a number");
    let dest = CString::new(tmp.as_os_str().as_bytes())
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    // SAFETY: both paths are NUL-terminated strings that outlive the call.
    let linked = unsafe {
        libc::linkat(
            libc::AT_FDCWD,
            source.as_ptr(),
            libc::AT_FDCWD,
            dest.as_ptr(),
            libc::AT_SYMLINK_FOLLOW,
        )
    };
    if linked == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn link_unnamed(_file: &File, _tmp: &Path) -> io::Result<()> {
    unreachable!("files are unnamed only on Linux")
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer().write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer().flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Committed: the temporary file is now the target. Otherwise a
        // named one goes (an unnamed one vanishes as it closes).
        if self.file.take().is_some()
            && let Some(tmp) = &self.named
        {
            let _ = fs::remove_file(tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("csp-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[cfg(unix)]
    fn fifo(path: &Path) {
        let status = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap();
        assert!(status.success());
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_neither_read_nor_replaced() {
        let dir = scratch("special");
        let pipe = dir.join("pipe.json");
        fifo(&pipe);
        let zero = dir.join("zero.json");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        // Neither blocks nor fills memory.
        let err = read_regular(&pipe, 1 << 20).unwrap_err();
        assert_eq!(err.to_string(), "a FIFO, not a regular file");
        let err = read_regular(&zero, 1 << 20).unwrap_err();
        assert_eq!(err.to_string(), "a character device, not a regular file");
        let err = read_regular(&dir, 1 << 20).unwrap_err();
        assert!(err.to_string().contains("directory") || err.raw_os_error().is_some());

        for target in [&pipe, &zero, &dir] {
            let err = AtomicFile::create(target).err().expect("refused");
            assert!(err.to_string().contains("refusing to replace"), "{err}");
        }
        // The FIFO and the link are still what they were.
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo());
        assert!(fs::symlink_metadata(&zero)
            .unwrap()
            .file_type()
            .is_symlink());
        let dangling = dir.join("dangling");
        std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).unwrap();
        assert!(AtomicFile::create(&dangling).is_err());
        // Nothing was left behind.
        let mut names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["dangling", "pipe.json", "zero.json"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_a_regular_file_is_written_through() {
        let dir = scratch("link");
        let real = dir.join("real.json");
        fs::write(&real, "old").unwrap();
        let link = dir.join("link.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let mut file = AtomicFile::create(&link).unwrap();
        file.write_all(b"new").unwrap();
        file.commit().unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn named_and_unnamed_files_commit_and_drop_alike() {
        let dir = scratch("both");
        let target = dir.join("out.txt");
        for named in [false, true] {
            let open = || {
                if named {
                    AtomicFile::create_named(target.clone())
                } else {
                    AtomicFile::create(&target)
                }
            };
            let mut file = open().unwrap();
            file.write_all(b"dropped").unwrap();
            drop(file);
            assert!(fs::read_dir(&dir).unwrap().next().is_none(), "nothing left");
            let mut file = open().unwrap();
            file.write_all(b"kept").unwrap();
            file.commit().unwrap();
            assert_eq!(fs::read_to_string(&target).unwrap(), "kept");
            let names: Vec<_> = fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            assert_eq!(names, ["out.txt"], "only the target");
            fs::remove_file(&target).unwrap();
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn on_linux_the_file_has_no_name_until_the_commit() {
        let dir = scratch("unnamed");
        let target = dir.join("out.txt");
        let mut file = AtomicFile::create(&target).unwrap();
        file.write_all(&[b'x'; 1 << 16]).unwrap();
        file.flush().unwrap();
        // Linux's temporary directory supports O_TMPFILE (tmpfs, ext4).
        assert!(file.named.is_none());
        assert!(fs::read_dir(&dir).unwrap().next().is_none());
        file.commit().unwrap();
        assert_eq!(fs::metadata(&target).unwrap().len(), 1 << 16);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_are_capped() {
        let dir = scratch("cap");
        let path = dir.join("big");
        fs::write(&path, vec![b'x'; 101]).unwrap();
        assert_eq!(read_regular(&path, 101).unwrap().len(), 101);
        let err = read_regular(&path, 100).unwrap_err();
        assert_eq!(err.to_string(), "larger than 100 bytes");
        fs::remove_dir_all(&dir).unwrap();
    }
}
