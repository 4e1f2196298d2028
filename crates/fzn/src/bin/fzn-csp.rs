//! `fzn-csp`: the FlatZinc solver binary that `minizinc --solver csp` runs.

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let opts = match csp_fzn::options::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("fzn-csp: {e}");
            return ExitCode::from(2);
        }
    };
    if opts.help {
        println!("{}", csp_fzn::options::USAGE);
        return ExitCode::SUCCESS;
    }
    if opts.version {
        println!("fzn-csp {}", env!("CARGO_PKG_VERSION"));
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
            eprintln!("fzn-csp: {name}: {e}");
            ExitCode::from(1)
        }
    }
}
