//! Examples and benchmarks host.
