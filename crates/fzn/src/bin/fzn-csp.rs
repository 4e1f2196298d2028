//! `fzn-csp`: the FlatZinc solver binary that `minizinc --solver csp` runs.

use std::io::Read;
use std::process::ExitCode;

/// Writes `text` to standard output; a reader that has gone (`fzn-csp
/// --help | head`) is not an error here, where `print!` would panic.
fn say(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("merge") {
        return match csp_fzn::parts::merge_command(std::env::args().skip(2)) {
            Ok(text) => {
                say(&text);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("fzn-csp merge: {e}");
                ExitCode::from(1)
            }
        };
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match csp_fzn::options::parse(args.iter().cloned()) {
        Ok(o) => o,
        Err(e) => {
            // MiniZinc's protocol: the status on standard output, the
            // option named on standard error (the laboratory's commands
            // are not MiniZinc's: no status there).
            if !csp_fzn::options::names_lab_option(&args) {
                say(&format!("{}\n", csp_fzn::output::ERROR));
            }
            eprintln!("fzn-csp: {e}");
            return ExitCode::from(2);
        }
    };
    if opts.help {
        say(&format!("{}\n", csp_fzn::options::USAGE));
        return ExitCode::SUCCESS;
    }
    if opts.version {
        say(&format!("fzn-csp {}\n", env!("CARGO_PKG_VERSION")));
        return ExitCode::SUCCESS;
    }
    let name = opts.file.clone().unwrap_or_else(|| "-".to_owned());
    let mut text = String::new();
    let read = if name == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(&name).map(|t| text = t)
    };
    if let Err(e) = read {
        eprintln!("fzn-csp: cannot read {name}: {e}");
        return ExitCode::from(2);
    }
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let mut err = std::io::stderr();
    match csp_fzn::run(&text, &opts, &mut out, &mut err) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // MiniZinc's output protocol: the status on standard output,
            // the reason on standard error (one line, with the line).
            // (The laboratory's runs are not MiniZinc's: no status there.)
            use std::io::Write;
            if !csp_fzn::lab::wanted(&opts) {
                let _ = writeln!(out, "{}", csp_fzn::output::ERROR).and_then(|_| out.flush());
            }
            eprintln!("fzn-csp: error: {e}");
            ExitCode::from(1)
        }
    }
}
