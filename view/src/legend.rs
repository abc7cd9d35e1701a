//! The legend of a game's pieces: for each role its name, FEN letter and the place of its rule
//! in `docs/rules.md`, for a page that shows the figures of [`crate::figures`] next to what they
//! mean. The anchors are those [`crate::rules_doc`] writes into `docs/rules.md`.

use crate::rules_doc;
use movegen::{Role, Variant};
use serde::Serialize;

/// The rules reference, from the repository root.
pub const RULES_DOC: &str = "docs/rules.md";

/// One line of a legend.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegendEntry {
    /// The piece kind.
    #[serde(skip)]
    pub role: Role,
    /// Upper-case FEN letter (white's; black's is the lower case).
    pub letter: char,
    /// The name the game's rules give the piece.
    pub name: String,
    /// The `id` of the piece's entry in `docs/rules.md`, if the reference covers the game.
    pub anchor: Option<String>,
    /// `docs/rules.md#<anchor>`, relative to the repository root, if the reference covers the
    /// game.
    pub link: Option<String>,
}

/// The legend of `variant`: every role the game uses, in the order of its rules.
pub fn legend(variant: Variant) -> Vec<LegendEntry> {
    variant
        .spec()
        .roles
        .iter()
        .map(|&role| {
            let anchor = rules_doc::piece_anchor(variant, role);
            LegendEntry {
                role,
                letter: role.upper(),
                name: rules_doc::display_name(variant, role),
                link: anchor.as_ref().map(|a| format!("{RULES_DOC}#{a}")),
                anchor,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titan_legend_names_letters_and_anchors() {
        let l = legend(Variant::Titan);
        assert_eq!(l.len(), Variant::Titan.spec().roles.len());
        let bomber = l
            .iter()
            .find(|e| e.role == Role::Bomber)
            .expect("titan has F");
        assert_eq!(bomber.letter, 'F');
        assert_eq!(bomber.name, "Flying Bomber");
        assert_eq!(
            bomber.link.as_deref(),
            Some("docs/rules.md#titan-flying-bomber")
        );
    }

    #[test]
    fn raptor_calls_its_bomber_the_bird_and_chess_has_no_anchors() {
        let bird = legend(Variant::Raptor)
            .into_iter()
            .find(|e| e.letter == 'F')
            .expect("raptor has F");
        assert_eq!(bird.name, "Bird (Flying Bomber)");
        assert_eq!(bird.anchor.as_deref(), Some("raptor-flying-bomber"));
        let chess = legend(Variant::Chess);
        assert_eq!(chess.len(), 6);
        assert!(chess.iter().all(|e| e.anchor.is_none() && e.link.is_none()));
    }
}
