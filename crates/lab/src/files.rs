//! Reading and writing a command's files safely: reads are capped and
//! refuse anything but regular files (a FIFO would block, a device such as
//! `/dev/zero` never ends); writes go to a temporary file renamed over the
//! target, and only a regular file (or a missing path) is ever replaced, so
//! `--out /dev/null` cannot turn a device into a file.
//!
//! ```
//! use csp_lab::files::{read_regular, AtomicFile};
//! use std::io::Write;
//! let path = std::env::temp_dir().join(format!("csp-lab-doc-files-{}.txt", std::process::id()));
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
/// let err = csp_lab::files::read_regular(std::path::Path::new("/dev/zero"), 10).unwrap_err();
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
/// assert_eq!(csp_lab::files::utf8_text(b"a\nb"), Ok("a\nb"));
/// assert_eq!(csp_lab::files::utf8_text(b"{\n\xff}").unwrap_err(), "line 2 is not valid UTF-8");
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
/// let err = csp_lab::files::replaceable(Path::new("/dev/null")).unwrap_err();
/// assert_eq!(err.to_string(), "a character device, not a regular file: refusing to replace it");
/// let missing = std::env::temp_dir().join("csp-lab-doc-no-such-file");
/// assert_eq!(csp_lab::files::replaceable(&missing)?, missing);
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

/// A file written whole or not at all: the bytes go to a temporary file
/// next to the target (`NAME.PID.tmp`), renamed over it by
/// [`commit`](AtomicFile::commit). Dropped without a commit (an error, an
/// early stop), the temporary file is removed and the target left as it
/// was. Only a regular file or a missing path is replaced (see
/// [`replaceable`]); that is checked when the file is created, before any
/// work, and again just before the rename.
///
/// ```
/// use csp_lab::files::AtomicFile;
/// use std::io::Write;
/// let path = std::env::temp_dir().join(format!("csp-lab-doc-atomic-{}.txt", std::process::id()));
/// let mut file = AtomicFile::create(&path)?;
/// write!(file, "half")?;
/// drop(file); // no commit: nothing is left behind
/// assert!(!path.exists());
/// assert!(AtomicFile::create(std::path::Path::new("/dev/null")).is_err());
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct AtomicFile {
    target: PathBuf,
    tmp: PathBuf,
    file: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `path` (see [`AtomicFile`]).
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let target = replaceable(path)?;
        let mut tmp = target.as_os_str().to_owned();
        tmp.push(format!(".{}.tmp", std::process::id()));
        let tmp = PathBuf::from(tmp);
        // A stale file of an earlier process with the same id goes first;
        // `create_new` then never opens (or follows) anything but a new file.
        let _ = fs::remove_file(&tmp);
        let file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        Ok(AtomicFile {
            target,
            tmp,
            file: Some(BufWriter::new(file)),
        })
    }

    /// Flushes, syncs and renames the temporary file over the target.
    pub fn commit(mut self) -> io::Result<()> {
        let file = self.file.take().expect("only commit takes the file");
        let file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        drop(file);
        // The target may have changed since `create`.
        replaceable(&self.target)?;
        fs::rename(&self.tmp, &self.target)
    }

    fn writer(&mut self) -> &mut BufWriter<File> {
        self.file.as_mut().expect("the file is open until commit")
    }
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
        // Committed: the temporary file is now the target. Otherwise it goes.
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("csp-lab-files-{}-{name}", std::process::id()));
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
