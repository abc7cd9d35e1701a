//! Shuriken engine library.
