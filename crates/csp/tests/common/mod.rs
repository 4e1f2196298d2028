//! Models shared by the integration tests.

use csp::{Model, VarId};

mod queens;
pub use queens::queens;
