//! What a user picks for a search: pruning strategy, variable and value order.
//!
//! Each choice parses from and prints as a short kebab-case name
//! (`forward-checking`, `dom-wdeg`, `middle-out`, ...), so every command-line
//! program built on the engine accepts the same words.

use std::fmt;
use std::str::FromStr;

macro_rules! named_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every choice, in the order documented.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The kebab-case name used on command lines and in reports.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<$name, String> {
                let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
                $name::ALL
                    .iter()
                    .copied()
                    .find(|c| c.name() == wanted)
                    .ok_or_else(|| {
                        let names: Vec<&str> = $name::ALL.iter().map(|c| c.name()).collect();
                        format!("unknown {} '{}' (expected one of: {})", stringify!($name).to_lowercase(), s, names.join(", "))
                    })
            }
        }
    };
}

named_enum! {
    /// How much the search prunes at each node.
    ///
    /// ```
    /// use csp::Strategy;
    /// let s: Strategy = "forward-checking".parse().unwrap();
    /// assert_eq!(s, Strategy::ForwardChecking);
    /// assert_eq!(Strategy::ArcConsistency.to_string(), "arc-consistency");
    /// assert!("magic".parse::<Strategy>().is_err());
    /// ```
    Strategy {
        /// Assign every variable, then check the complete assignment.
        GenerateAndTest = "generate-and-test",
        /// Check each constraint as soon as it can be judged: pairwise
        /// constraints (not-equal, all-different) against the assigned
        /// variables, the others once their whole scope is assigned.
        Backtracking = "backtracking",
        /// After each assignment, remove the values of unassigned variables
        /// that conflict with it (n-ary constraints once one variable is left).
        ForwardChecking = "forward-checking",
        /// Maintain arc consistency (AC-3 style): propagate to a fixpoint after
        /// every assignment, with bounds reasoning for linear constraints and
        /// support search for tables and predicates.
        ArcConsistency = "arc-consistency",
    }
}

named_enum! {
    /// Which unassigned variable to branch on next.
    ///
    /// ```
    /// assert_eq!("dom-deg".parse::<csp::VarOrder>().unwrap(), csp::VarOrder::DomDeg);
    /// ```
    VarOrder {
        /// The order the variables were created in.
        Input = "input",
        /// Smallest current domain first (first-fail, MRV).
        SmallestDomain = "smallest-domain",
        /// Smallest domain size divided by the number of constraints shared
        /// with other unassigned variables.
        DomDeg = "dom-deg",
        /// Smallest domain size divided by the failure-weighted degree
        /// (constraints gain weight each time they cause a failure).
        DomWDeg = "dom-wdeg",
    }
}

named_enum! {
    /// In which order to try the values of the chosen variable.
    ///
    /// ```
    /// assert_eq!(csp::ValueOrder::ALL.len(), 5);
    /// ```
    ValueOrder {
        /// Smallest value first.
        Ascending = "ascending",
        /// Largest value first.
        Descending = "descending",
        /// Values nearest the middle of the current domain first.
        MiddleOut = "middle-out",
        /// The value that removes the fewest values from other variables'
        /// domains first (measured by forward checking it).
        LeastConstraining = "least-constraining",
        /// A seeded random shuffle (the same seed gives the same order).
        Random = "random",
    }
}

/// Restarts for first-solution search: after a number of failures the
/// search starts again from the root (keeping learned constraint weights),
/// with ties in the variable order broken by a seeded random choice. The
/// failure cutoff grows by the Luby sequence or geometrically.
///
/// ```
/// use csp::Restarts;
/// let luby = Restarts::Luby { scale: 100 };
/// assert_eq!((1..=7).map(|i| luby.cutoff(i)).collect::<Vec<_>>(), vec![100, 100, 200, 100, 100, 200, 400]);
/// assert_eq!(Restarts::Geometric { first: 10, factor: 2.0 }.cutoff(3), 40);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Restarts {
    /// Cutoffs `scale * luby(i)`: 1, 1, 2, 1, 1, 2, 4, 1, ...
    Luby {
        /// Failures in a unit run.
        scale: u64,
    },
    /// Cutoffs `first * factor^(i-1)`.
    Geometric {
        /// Failures allowed in the first run.
        first: u64,
        /// Growth per restart (> 1).
        factor: f64,
    },
}

impl Restarts {
    /// The failure cutoff of run `i` (1-based).
    pub fn cutoff(&self, i: u64) -> u64 {
        match *self {
            Restarts::Luby { scale } => scale.saturating_mul(luby(i.max(1))),
            Restarts::Geometric { first, factor } => {
                let f = (first as f64) * factor.max(1.0).powi((i.max(1) - 1).min(1000) as i32);
                if f >= u64::MAX as f64 {
                    u64::MAX
                } else {
                    (f as u64).max(1)
                }
            }
        }
    }
}

impl std::str::FromStr for Restarts {
    type Err = String;

    /// `luby` (scale 100), `luby:SCALE`, `geometric` (100, x1.5) or
    /// `geometric:FIRST:FACTOR`.
    ///
    /// ```
    /// use csp::Restarts;
    /// assert_eq!("luby:50".parse::<Restarts>(), Ok(Restarts::Luby { scale: 50 }));
    /// assert_eq!("geometric:10:2".parse::<Restarts>(), Ok(Restarts::Geometric { first: 10, factor: 2.0 }));
    /// assert!("luby:0".parse::<Restarts>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Restarts, String> {
        let bad = || {
            format!(
                "invalid restarts '{s}' (expected luby, luby:SCALE, geometric or geometric:FIRST:FACTOR, with SCALE and FIRST >= 1 and FACTOR > 1)"
            )
        };
        let parts: Vec<&str> = s.trim().split(':').collect();
        let positive = |t: &str| t.parse::<u64>().ok().filter(|&v| v >= 1);
        match parts.as_slice() {
            ["luby"] => Ok(Restarts::Luby { scale: 100 }),
            ["luby", scale] => positive(scale)
                .map(|scale| Restarts::Luby { scale })
                .ok_or_else(bad),
            ["geometric"] => Ok(Restarts::Geometric {
                first: 100,
                factor: 1.5,
            }),
            ["geometric", first, factor] => {
                let first = positive(first).ok_or_else(bad)?;
                let factor = factor
                    .parse::<f64>()
                    .ok()
                    .filter(|f| f.is_finite() && *f > 1.0)
                    .ok_or_else(bad)?;
                Ok(Restarts::Geometric { first, factor })
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Restarts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Restarts::Luby { scale } => write!(f, "luby:{scale}"),
            Restarts::Geometric { first, factor } => write!(f, "geometric:{first}:{factor}"),
        }
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (1-based).
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // Find k with 2^k - 1 >= i.
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in Strategy::ALL {
            assert_eq!(s.name().parse::<Strategy>().unwrap(), *s);
        }
        for s in VarOrder::ALL {
            assert_eq!(s.to_string().parse::<VarOrder>().unwrap(), *s);
        }
        for s in ValueOrder::ALL {
            assert_eq!(s.to_string().parse::<ValueOrder>().unwrap(), *s);
        }
        let err = "nope".parse::<ValueOrder>().unwrap_err();
        assert!(err.contains("ascending") && err.contains("nope"));
    }

    #[test]
    fn luby_sequence() {
        let seq: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(seq, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
