//! The game as a tree of moves: the main line and every side line the user explored, with the
//! position at any node rebuilt by replaying moves through movegen (which also keeps the history
//! that repetition needs). PGN out writes side lines as variations.

use movegen::{Color, Move, Position, Variant};
use std::fmt::Write as _;

/// Index of a node in a [`GameTree`]; the root (the start position) is node 0.
pub type NodeId = usize;

/// The root of every tree.
pub const ROOT: NodeId = 0;

/// An evaluation from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WhiteScore {
    /// Centipawns, positive when White stands better.
    Cp(i32),
    /// Mate in so many moves, positive when White mates.
    Mate(i32),
}

impl WhiteScore {
    /// The `[%eval ...]` text of a PGN comment.
    fn pgn(self) -> String {
        match self {
            WhiteScore::Cp(cp) => format!("{:.2}", cp as f64 / 100.0),
            WhiteScore::Mate(m) => format!("#{m}"),
        }
    }
}

/// One move of the tree (the root holds no move).
#[derive(Clone, Debug)]
pub struct Node {
    /// The node this move was played from; `None` for the root.
    pub parent: Option<NodeId>,
    /// The move that leads here (`None` for the root).
    pub mv: Option<Move>,
    /// The move in the project's coordinate notation.
    pub uci: String,
    /// The move in the project's SAN.
    pub san: String,
    /// Continuations, the first one being the main continuation.
    pub children: Vec<NodeId>,
    /// The deepest evaluation the engine gave of the position after this move.
    pub score: Option<(WhiteScore, u32)>,
    /// Removed by a take-back (kept in the vector so that ids stay valid).
    pub removed: bool,
}

/// Why a tree operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// The move text names no legal move of the position.
    #[error("{0}")]
    Move(#[from] movegen::MoveError),
    /// A node id that is not in the tree.
    #[error("there is no move number {0} in this game")]
    NoSuchNode(usize),
    /// The game position has no legal moves any more.
    #[error("the game is over ({0}); no move can be played here")]
    GameOver(String),
}

/// A game: its start position and its tree of moves.
#[derive(Clone, Debug)]
pub struct GameTree {
    start: Position,
    nodes: Vec<Node>,
    current: NodeId,
    pos: Position,
}

impl GameTree {
    /// A tree that starts from `start`.
    pub fn new(start: Position) -> GameTree {
        GameTree {
            pos: start.clone(),
            start,
            nodes: vec![Node {
                parent: None,
                mv: None,
                uci: String::new(),
                san: String::new(),
                children: Vec::new(),
                score: None,
                removed: false,
            }],
            current: ROOT,
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position at the current node.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The current node.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// Every node, removed ones included (check [`Node::removed`]).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// One node.
    pub fn node(&self, id: NodeId) -> Result<&Node, TreeError> {
        match self.nodes.get(id) {
            Some(n) if !n.removed => Ok(n),
            _ => Err(TreeError::NoSuchNode(id)),
        }
    }

    /// Plays a move given in the project's coordinate notation at the current node: follows the
    /// existing child with that move, or adds a new one. The position is unchanged on error.
    pub fn play_uci(&mut self, text: &str) -> Result<NodeId, TreeError> {
        if let Some(o) = self.pos.outcome() {
            return Err(TreeError::GameOver(o.reason.describe().to_string()));
        }
        let m = self.pos.parse_move(text)?;
        Ok(self.play(m))
    }

    /// Plays a legal move of the current position (one from [`Position::legal_moves`]).
    pub fn play(&mut self, m: Move) -> NodeId {
        let here = self.current;
        let existing = self.nodes[here]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv == Some(m));
        let id = match existing {
            Some(c) => c,
            None => {
                let id = self.nodes.len();
                self.nodes.push(Node {
                    parent: Some(here),
                    mv: Some(m),
                    uci: self.pos.move_to_uci(m),
                    san: self.pos.move_to_san(m),
                    children: Vec::new(),
                    score: None,
                    removed: false,
                });
                self.nodes[here].children.push(id);
                id
            }
        };
        self.pos.make_move(m);
        self.current = id;
        id
    }

    /// The nodes from the root's first move down to `id`.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(p) = self.nodes[at].parent {
            path.push(at);
            at = p;
        }
        path.reverse();
        path
    }

    /// The position after the moves leading to `id`.
    pub fn position_at(&self, id: NodeId) -> Result<Position, TreeError> {
        self.node(id)?;
        let mut pos = self.start.clone();
        for n in self.path(id) {
            if let Some(m) = self.nodes[n].mv {
                pos.make_move(m);
            }
        }
        Ok(pos)
    }

    /// Makes `id` the current node.
    pub fn goto(&mut self, id: NodeId) -> Result<(), TreeError> {
        self.pos = self.position_at(id)?;
        self.current = id;
        Ok(())
    }

    /// The main line: from the root, always the first continuation.
    pub fn mainline(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = ROOT;
        while let Some(&c) = self.nodes[at].children.first() {
            line.push(c);
            at = c;
        }
        line
    }

    /// The last node of the main line.
    pub fn mainline_end(&self) -> NodeId {
        self.mainline().last().copied().unwrap_or(ROOT)
    }

    /// Is `id` on the main line?
    pub fn on_mainline(&self, id: NodeId) -> bool {
        self.path(id).iter().all(|&n| {
            self.nodes[n]
                .parent
                .is_none_or(|p| self.nodes[p].children[0] == n)
        })
    }

    /// Removes the current move and everything after it, and goes back to its parent. Returns
    /// `false` at the root.
    pub fn take_back(&mut self) -> bool {
        let id = self.current;
        let Some(parent) = self.nodes[id].parent else {
            return false;
        };
        self.nodes[parent].children.retain(|&c| c != id);
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            self.nodes[n].removed = true;
            stack.extend(self.nodes[n].children.iter().copied());
        }
        self.pos.unmake_move();
        self.current = parent;
        true
    }

    /// Makes the line through `id` the main line (each of its ancestors becomes the first
    /// continuation of its parent).
    pub fn promote(&mut self, id: NodeId) -> Result<(), TreeError> {
        self.node(id)?;
        for n in self.path(id) {
            if let Some(p) = self.nodes[n].parent {
                let ch = &mut self.nodes[p].children;
                ch.retain(|&c| c != n);
                ch.insert(0, n);
            }
        }
        Ok(())
    }

    /// Records the engine's evaluation of the position after `id`, keeping the deepest one.
    pub fn set_score(&mut self, id: NodeId, score: WhiteScore, depth: u32) {
        if let Some(n) = self.nodes.get_mut(id) {
            if n.score.is_none_or(|(_, d)| depth >= d) {
                n.score = Some((score, depth));
            }
        }
    }

    /// Ply number (from the start position) and side to move before the move of node `id`.
    fn ply_of(&self, id: NodeId) -> usize {
        self.path(id).len()
    }

    /// The movetext prefix of a move: `12.` for White, `12...` for Black when `force`.
    fn number(&self, ply: usize, force: bool) -> Option<String> {
        let black_first = self.start.side_to_move() == Color::Black;
        let abs = ply + usize::from(black_first);
        let n = self.start.fullmove_number() as usize + abs / 2;
        if abs.is_multiple_of(2) {
            Some(format!("{n}."))
        } else if force {
            Some(format!("{n}..."))
        } else {
            None
        }
    }

    /// The movetext of the continuations of `parent`, variations in parentheses.
    fn write_children(&self, parent: NodeId, force: bool, out: &mut Vec<String>) {
        let children = &self.nodes[parent].children;
        let Some(&main) = children.first() else {
            return;
        };
        self.write_move(main, force, out);
        for &v in &children[1..] {
            out.push("(".into());
            self.write_move(v, true, out);
            self.write_children(v, false, out);
            out.push(")".into());
        }
        self.write_children(main, children.len() > 1, out);
    }

    fn write_move(&self, id: NodeId, force: bool, out: &mut Vec<String>) {
        let n = &self.nodes[id];
        if let Some(num) = self.number(self.ply_of(id) - 1, force) {
            out.push(num);
        }
        out.push(n.san.clone());
        if let Some((s, d)) = n.score {
            out.push(format!("{{[%eval {}] depth {d}}}", s.pgn()));
        }
    }

    /// PGN of the whole tree: the given tags (Seven Tag Roster order is the caller's), then the
    /// Variant, SetUp and FEN tags, then the movetext with side lines as variations.
    pub fn to_pgn(&self, tags: &[(&str, String)], result: &str, detail: Option<&str>) -> String {
        let mut s = String::new();
        let esc = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
        for (k, v) in tags {
            let _ = writeln!(s, "[{k} \"{}\"]", esc(v));
        }
        let _ = writeln!(s, "[Result \"{result}\"]");
        let _ = writeln!(
            s,
            "[Variant \"{}\"]",
            runner::pgn::variant_tag(self.variant())
        );
        let start_fen = self.start.to_fen();
        if start_fen != Position::startpos(self.variant()).to_fen() {
            let _ = writeln!(s, "[SetUp \"1\"]\n[FEN \"{start_fen}\"]");
        }
        s.push('\n');
        let mut tokens = Vec::new();
        self.write_children(ROOT, true, &mut tokens);
        if let Some(d) = detail {
            tokens.push(format!("{{{}}}", d.replace('}', ")")));
        }
        tokens.push(result.to_string());
        let mut line = String::new();
        for t in tokens {
            let glue = !(line.is_empty() || line.ends_with('(') || t == ")");
            if line.len() + t.len() + 1 > 79 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            } else if glue {
                line.push(' ');
            }
            line.push_str(&t);
        }
        s.push_str(&line);
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> GameTree {
        GameTree::new(Position::startpos(Variant::Chess))
    }

    #[test]
    fn illegal_move_leaves_position() {
        let mut t = chess();
        let before = t.position().to_fen();
        assert!(t.play_uci("e2e5").is_err());
        assert!(t.play_uci("zz").is_err());
        assert_eq!(t.position().to_fen(), before);
        assert_eq!(t.current(), ROOT);
    }

    #[test]
    fn side_lines_are_variations() {
        let mut t = chess();
        t.play_uci("e2e4").unwrap();
        let e5 = t.play_uci("e7e5").unwrap();
        t.goto(1).unwrap();
        t.play_uci("c7c5").unwrap();
        t.play_uci("g1f3").unwrap();
        t.goto(e5).unwrap();
        t.play_uci("g1f3").unwrap();
        let pgn = t.to_pgn(&[("Event", "x".into())], "*", None);
        assert!(pgn.contains("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *"), "{pgn}");
        // Going back into an existing line reuses its node.
        t.goto(ROOT).unwrap();
        assert_eq!(t.play_uci("e2e4").unwrap(), 1);
        // The PGN reads back (main line) with the runner's reader.
        let games = runner::pgn_read::read_pgn(&pgn, None).unwrap();
        assert_eq!(games[0].moves.len(), 3);
    }

    #[test]
    fn take_back_and_promote() {
        let mut t = chess();
        t.play_uci("e2e4").unwrap();
        t.play_uci("e7e5").unwrap();
        assert!(t.take_back());
        assert_eq!(t.current(), 1);
        assert_eq!(t.mainline(), vec![1]);
        assert!(t.node(2).is_err());
        t.play_uci("c7c5").unwrap();
        t.goto(1).unwrap();
        let e6 = t.play_uci("e7e6").unwrap();
        t.promote(e6).unwrap();
        assert_eq!(t.mainline(), vec![1, e6]);
        assert!(t.on_mainline(e6));
    }

    #[test]
    fn black_to_move_start_numbers() {
        let p = Position::from_fen(
            Variant::Chess,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        let mut t = GameTree::new(p);
        t.play_uci("e7e5").unwrap();
        t.play_uci("g1f3").unwrap();
        let pgn = t.to_pgn(&[], "*", None);
        assert!(pgn.contains("[SetUp \"1\"]"));
        assert!(pgn.contains("1... e5 2. Nf3 *"), "{pgn}");
    }
}
