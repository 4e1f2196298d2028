//! "Did you mean": the closest accepted spelling for a mistyped option,
//! subcommand or value, so that every program built on the engine answers
//! a typo the same way (clap's own report puts it on a `tip:` line, which
//! the one-line form of an error drops).

use clap::error::{ContextKind, ContextValue};

/// A `clap` error as one line ([`one_line`](super::one_line)), with
/// the closest accepted spelling (see [`suggestion`]) as a "did you mean".
///
/// ```
/// use clap::Parser;
/// #[derive(Parser, Debug)]
/// struct Cli { #[arg(long)] count: bool }
/// let e = Cli::try_parse_from(["p", "--cout"]).unwrap_err();
/// assert_eq!(
///     csp_front::cli::usage_message(&e),
///     "unexpected argument '--cout' found (did you mean '--count'?)"
/// );
/// ```
pub fn usage_message(err: &clap::Error) -> String {
    let message = super::one_line(err);
    match suggestion(err) {
        Some(better) => format!("{message}{}", did_you_mean(&better)),
        None => message,
    }
}

/// ` (did you mean 'better'?)`: the form every program appends.
///
/// ```
/// assert_eq!(csp_front::cli::did_you_mean("--count"), " (did you mean '--count'?)");
/// ```
pub fn did_you_mean(better: &str) -> String {
    format!(" (did you mean '{better}'?)")
}

/// The closest accepted spelling for what `err` rejected: clap's suggested
/// option, subcommand or value, or else, for a value parser whose message
/// ends with the accepted list (`expected one of: a, b`, as the engine's
/// own parsers do), the nearest item of that list, matched item by item so
/// a comma-separated list gets its wrong item corrected.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser, Debug)]
/// struct Cli { #[command(flatten)] strategy: csp_front::cli::StrategyArg }
/// let e = Cli::try_parse_from(["p", "--strategy", "forwrd-checking"]).unwrap_err();
/// assert_eq!(csp_front::cli::suggestion(&e).as_deref(), Some("forward-checking"));
/// let e = Cli::try_parse_from(["p", "--strategy", "quantum"]).unwrap_err();
/// assert_eq!(csp_front::cli::suggestion(&e), None);
/// ```
pub fn suggestion(err: &clap::Error) -> Option<String> {
    for kind in [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedValue,
    ] {
        match err.get(kind) {
            Some(ContextValue::String(s)) => return Some(s.clone()),
            Some(ContextValue::Strings(v)) if !v.is_empty() => return Some(v.join("' or '")),
            _ => {}
        }
    }
    let Some(ContextValue::String(given)) = err.get(ContextKind::InvalidValue) else {
        return None;
    };
    let message = super::one_line(err);
    let accepted = message.split_once("expected one of: ")?.1;
    let accepted: Vec<&str> = accepted
        .split(')')
        .next()?
        .split(',')
        .map(str::trim)
        .collect();
    given
        .split(',')
        .map(str::trim)
        .filter(|item| !accepted.iter().any(|a| a.eq_ignore_ascii_case(item)))
        .find_map(|item| closest(item, &accepted))
        .map(str::to_string)
}

/// The candidate nearest to `given` in edit distance, if it is near enough
/// to be a typo (at most a third of its length, and at least 1 edit).
///
/// ```
/// assert_eq!(csp_front::cli::closest("colums", &["columns", "coords"]), Some("columns"));
/// assert_eq!(csp_front::cli::closest("x", &["columns"]), None);
/// ```
pub fn closest<'c>(given: &str, candidates: &[&'c str]) -> Option<&'c str> {
    let given = given.to_ascii_lowercase();
    candidates
        .iter()
        .map(|&c| (edit_distance(&given, c), c))
        .filter(|&(d, c)| d <= (c.len() / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance between two strings, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substituted = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("cout", "count"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
