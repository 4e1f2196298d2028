//! Models shared by the integration tests.

use csp::{Model, VarId};

mod queens;
pub mod search;
pub use queens::queens;
