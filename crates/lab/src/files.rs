//! Reading and writing a command's files safely: the engine's
//! [`csp_front::files`] (capped reads of regular files only; atomic writes that
//! replace only regular files, through an unnamed temporary file on Linux
//! so a killed writer leaves nothing), shared by nqueens, the examples and
//! the FlatZinc solver.
//!
//! ```
//! use csp_lab::files::{read_regular, AtomicFile};
//! use std::io::Write;
//! let path = std::env::temp_dir().join(format!("csp-lab-doc-files-{}.txt", std::process::id()));
//! let mut file = AtomicFile::create(&path)?;
//! writeln!(file, "hello")?;
//! file.commit()?;
//! assert_eq!(read_regular(&path, 100)?, b"hello\n");
//! std::fs::remove_file(&path)?;
//! # Ok::<(), std::io::Error>(())
//! ```

pub use csp_front::files::{read_regular, replaceable, utf8_text, AtomicFile};
