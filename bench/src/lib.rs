//! Benchmark support data.
