//! Shuriken's pictures: board diagrams as SVG with drawn figures (or lettered emblems) for the 21
//! pieces and a legend of each game's pieces, the diagrams of the rules reference
//! (`docs/rules.md`), SVG charts, and the self-contained HTML match report with its game viewer.

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

pub mod chart;
pub mod fen_build;
pub mod figures;
pub mod glyphs;
pub mod legend;
pub mod report;
pub mod rules_doc;
pub mod svg;

pub use glyphs::PieceStyle;
pub use svg::{board_svg, DiagramError, DiagramOptions, Highlight};
