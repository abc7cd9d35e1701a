//! The binary training-data format of `shuriken tune nnue gen` (version 1), documented in
//! `docs/nnue.md`.
//!
//! A file is a sequence of 100-byte blocks, all little-endian. Byte 0 of a block says what it
//! is: `S` starts a header (the magic `SHKNDATA`), `r` a record. A file starts with a header,
//! and the records after a header belong to it; shard files concatenated with `cat` are
//! therefore still one valid file (each shard's header followed by its records).
//!
//! Header: magic (8), version u16, block size u16, variant index u8, variant name (16 bytes,
//! zero-padded ASCII), seed u64, shard index u32 (1-based), shard count u32, settings
//! fingerprint u64, zeros to 100.
//!
//! Record: `r`, side to move u8 (0 white, 1 black), castling rights u8 (movegen's bits), first
//! en-passant square u8 (lowest grid index, 255 for none), en-passant square count u8, hand of
//! white u8, hand of black u8, halfmove clock u8, fullmove number u16, ply u16 (plies played
//! since the game's start position), score i16 (centipawns, side to move's view), result i8
//! (1 win, 0 draw, -1 loss, side to move's view), piece count u8, game id u64, occupancy (144
//! bits over the 12x12 grid's index `row * 12 + file`, 18 bytes), then 6 bits per piece in
//! square order (role index in bits 0-4, colour in bit 5: 1 for black), packed from the low bit
//! up into 58 bytes (77 pieces at most).

use movegen::{Color, Piece, Position, Role, Square, Variant};
use std::io::{Read, Write};
use thiserror::Error;

/// Bytes of every block (header or record).
pub const BLOCK: usize = 100;
/// The header's first eight bytes.
pub const MAGIC: &[u8; 8] = b"SHKNDATA";
/// The format version this code writes and reads.
pub const VERSION: u16 = 1;
/// Byte 0 of a record.
pub const RECORD_TAG: u8 = b'r';
/// Most pieces on the board a record holds.
pub const MAX_PIECES: usize = 77;

const OCC_AT: usize = 24;
const PIECES_AT: usize = OCC_AT + Square::COUNT / 8;
const NO_EP: u8 = 255;

/// Why data cannot be written or read.
#[derive(Debug, Error)]
pub enum FormatError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The data does not start with a header.
    #[error("not a shuriken data file (no SHKNDATA header at block {block})")]
    NoHeader {
        /// Block index.
        block: u64,
    },
    /// A header of another version.
    #[error("data format version {found} (this binary reads version {VERSION})")]
    Version {
        /// Version found.
        found: u16,
    },
    /// A header with another block size.
    #[error("block size {found} in the header (version {VERSION} uses {BLOCK})")]
    BlockSize {
        /// Size found.
        found: u16,
    },
    /// A header naming no known variant.
    #[error("unknown variant '{0}' in the header")]
    Variant(String),
    /// A block that is neither a header nor a record.
    #[error("block {block} is neither a header nor a record (byte 0 is {tag:#04x})")]
    BadBlock {
        /// Block index.
        block: u64,
        /// Its first byte.
        tag: u8,
    },
    /// A record whose position does not hold together.
    #[error("block {block}: bad record: {why}")]
    BadRecord {
        /// Block index.
        block: u64,
        /// What is wrong.
        why: String,
    },
    /// A position that does not fit a record.
    #[error("position does not fit a record: {0}")]
    Unencodable(String),
    /// Data ending inside a block.
    #[error("the data ends {0} bytes into a block (torn write?)")]
    Torn(usize),
}

/// The variant codes of the header, fixed by the format (not by movegen's enum order).
const VARIANT_CODES: [(&str, u8); 5] = [
    ("chess", 0),
    ("titan", 1),
    ("hadean", 2),
    ("raptor", 3),
    ("octopus", 4),
];

/// The header code of a variant.
pub fn variant_code(v: Variant) -> u8 {
    VARIANT_CODES
        .iter()
        .find(|(n, _)| *n == v.name())
        .map_or(255, |(_, c)| *c)
}

/// A file header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game.
    pub variant: Variant,
    /// The run's seed.
    pub seed: u64,
    /// This shard, 1-based.
    pub shard_index: u32,
    /// Shards of the run.
    pub shard_count: u32,
    /// Fingerprint of the generation settings (limits, randomisation, book, binary).
    pub settings: u64,
}

impl Header {
    /// The header block.
    pub fn encode(&self) -> [u8; BLOCK] {
        let mut b = [0u8; BLOCK];
        b[0..8].copy_from_slice(MAGIC);
        b[8..10].copy_from_slice(&VERSION.to_le_bytes());
        b[10..12].copy_from_slice(&(BLOCK as u16).to_le_bytes());
        b[12] = variant_code(self.variant);
        let name = self.variant.name().as_bytes();
        b[13..13 + name.len()].copy_from_slice(name);
        b[29..37].copy_from_slice(&self.seed.to_le_bytes());
        b[37..41].copy_from_slice(&self.shard_index.to_le_bytes());
        b[41..45].copy_from_slice(&self.shard_count.to_le_bytes());
        b[45..53].copy_from_slice(&self.settings.to_le_bytes());
        b
    }

    /// Reads a header block (`block` is its index, for errors).
    pub fn decode(b: &[u8; BLOCK], block: u64) -> Result<Header, FormatError> {
        if &b[0..8] != MAGIC {
            return Err(FormatError::NoHeader { block });
        }
        let version = u16::from_le_bytes([b[8], b[9]]);
        if version != VERSION {
            return Err(FormatError::Version { found: version });
        }
        let size = u16::from_le_bytes([b[10], b[11]]);
        if size as usize != BLOCK {
            return Err(FormatError::BlockSize { found: size });
        }
        let name_bytes: Vec<u8> = b[13..29].iter().copied().take_while(|&c| c != 0).collect();
        let name = String::from_utf8_lossy(&name_bytes).to_string();
        let variant = Variant::from_name(&name)
            .ok()
            .filter(|v| variant_code(*v) == b[12])
            .ok_or(FormatError::Variant(name))?;
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        Ok(Header {
            variant,
            seed: u64_at(29),
            shard_index: u32_at(37),
            shard_count: u32_at(41),
            settings: u64_at(45),
        })
    }
}

/// One training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position as a FEN of its variant.
    pub fen: String,
    /// Plies played since the game's start position.
    pub ply: u16,
    /// Search score, centipawns, side to move's view.
    pub score: i16,
    /// Game result, side to move's view: 1 win, 0 draw, -1 loss.
    pub result: i8,
    /// The played game's id (unique across the shards of a run).
    pub game_id: u64,
}

/// Packs `pos` and its labels into a record block.
pub fn encode(
    pos: &Position,
    ply: u16,
    score: i16,
    result: i8,
    game_id: u64,
) -> Result<[u8; BLOCK], FormatError> {
    let mut b = [0u8; BLOCK];
    b[0] = RECORD_TAG;
    b[1] = pos.side_to_move().index() as u8;
    b[2] = pos.castling_rights();
    let ep: Vec<Square> = pos.ep_squares().iter().collect();
    match (ep.first(), ep.last()) {
        (Some(lo), Some(hi)) => {
            let n = ep.len();
            let consecutive = ep
                .iter()
                .enumerate()
                .all(|(k, s)| s.index() == lo.index() + Square::WIDTH as usize * k);
            if !consecutive || hi.index() > 143 {
                return Err(FormatError::Unencodable(
                    "en-passant squares not consecutive on one file".into(),
                ));
            }
            b[3] = lo.index() as u8;
            b[4] = n as u8;
        }
        _ => b[3] = NO_EP,
    }
    b[5] = pos.hand(Color::White);
    b[6] = pos.hand(Color::Black);
    b[7] = u8::try_from(pos.halfmove_clock())
        .map_err(|_| FormatError::Unencodable("halfmove clock over 255".into()))?;
    let fullmove = u16::try_from(pos.fullmove_number())
        .map_err(|_| FormatError::Unencodable("fullmove number over 65535".into()))?;
    b[8..10].copy_from_slice(&fullmove.to_le_bytes());
    b[10..12].copy_from_slice(&ply.to_le_bytes());
    b[12..14].copy_from_slice(&score.to_le_bytes());
    b[14] = result as u8;
    b[16..24].copy_from_slice(&game_id.to_le_bytes());
    let mut n = 0usize;
    for i in 0..Square::COUNT {
        let Some(p) = pos.piece_at(Square::new_unchecked(i as u8)) else {
            continue;
        };
        if n == MAX_PIECES {
            return Err(FormatError::Unencodable(format!(
                "more than {MAX_PIECES} pieces"
            )));
        }
        b[OCC_AT + i / 8] |= 1 << (i % 8);
        let code = p.role.index() as u32 | (p.color.index() as u32) << 5;
        put_bits(&mut b[PIECES_AT..], n * 6, code);
        n += 1;
    }
    b[15] = n as u8;
    Ok(b)
}

fn put_bits(bytes: &mut [u8], at: usize, code: u32) {
    for k in 0..6 {
        if code >> k & 1 == 1 {
            let bit = at + k;
            bytes[bit / 8] |= 1 << (bit % 8);
        }
    }
}

fn get_bits(bytes: &[u8], at: usize) -> u32 {
    (0..6).fold(0, |acc, k| {
        let bit = at + k;
        acc | ((bytes[bit / 8] >> (bit % 8) & 1) as u32) << k
    })
}

/// Unpacks a record block of a `variant` file (`block` is its index, for errors). The FEN is
/// checked by movegen.
pub fn decode(variant: Variant, b: &[u8; BLOCK], block: u64) -> Result<Record, FormatError> {
    let bad = |why: String| FormatError::BadRecord { block, why };
    if b[0] != RECORD_TAG {
        return Err(FormatError::BadBlock { block, tag: b[0] });
    }
    let rules = variant.rules();
    let mut squares: [Option<Piece>; Square::COUNT] = [None; Square::COUNT];
    let mut n = 0usize;
    for (i, sq) in squares.iter_mut().enumerate() {
        if b[OCC_AT + i / 8] >> (i % 8) & 1 == 0 {
            continue;
        }
        if n == MAX_PIECES {
            return Err(bad(format!("more than {MAX_PIECES} pieces")));
        }
        let code = get_bits(&b[PIECES_AT..], n * 6);
        let role = (code & 31) as usize;
        if role >= Role::COUNT || code >> 5 > 1 {
            return Err(bad(format!("piece code {code}")));
        }
        let color = if code >> 5 == 1 {
            Color::Black
        } else {
            Color::White
        };
        *sq = Some(Piece::new(color, Role::from_index(role)));
        n += 1;
    }
    if n != b[15] as usize {
        return Err(bad(format!(
            "{n} pieces on the board, count says {}",
            b[15]
        )));
    }
    let side = match b[1] {
        0 => Color::White,
        1 => Color::Black,
        s => return Err(bad(format!("side to move {s}"))),
    };
    let g = &rules.spec.geometry;
    let mut fen = String::with_capacity(160);
    for row in (0..g.rows).rev() {
        let mut empty = 0;
        for file in 0..g.files {
            match Square::from_coords(file, row).filter(|s| rules.has(*s)) {
                None => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push('*');
                }
                Some(s) => match squares[s.index()] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(p.letter());
                    }
                },
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if row > 0 {
            fen.push('/');
        }
    }
    if let Some(d) = &rules.spec.drops {
        fen.push('[');
        for (c, held) in [(Color::White, b[5]), (Color::Black, b[6])] {
            for _ in 0..held {
                fen.push(Piece::new(c, d.role).letter());
            }
        }
        fen.push(']');
    } else if b[5] != 0 || b[6] != 0 {
        return Err(bad("pieces in hand in a game without drops".into()));
    }
    fen.push_str(if side == Color::White { " w " } else { " b " });
    let castling: String = [
        (Color::White, 1, 'K'),
        (Color::White, 0, 'Q'),
        (Color::Black, 1, 'k'),
        (Color::Black, 0, 'q'),
    ]
    .iter()
    .filter(|(c, s, _)| b[2] & movegen::castle_bit(*c, *s) != 0)
    .map(|t| t.2)
    .collect();
    fen.push_str(if castling.is_empty() { "-" } else { &castling });
    fen.push(' ');
    if b[3] == NO_EP {
        fen.push('-');
    } else {
        let mut sqs: Vec<Square> = (0..b[4] as usize)
            .map(|k| b[3] as usize + Square::WIDTH as usize * k)
            .filter(|&i| i < Square::COUNT)
            .map(|i| Square::new_unchecked(i as u8))
            .collect();
        if sqs.len() != b[4] as usize || sqs.is_empty() {
            return Err(bad("en-passant squares off the grid".into()));
        }
        if side == Color::White {
            sqs.reverse();
        }
        for s in sqs {
            fen.push_str(&rules.square_name(s));
        }
    }
    let fullmove = u16::from_le_bytes([b[8], b[9]]);
    fen.push_str(&format!(" {} {fullmove}", b[7]));
    Position::from_fen(variant, &fen).map_err(|e| bad(format!("{e} ({fen})")))?;
    let result = b[14] as i8;
    if !(-1..=1).contains(&result) {
        return Err(bad(format!("result {result}")));
    }
    Ok(Record {
        fen,
        ply: u16::from_le_bytes([b[10], b[11]]),
        score: i16::from_le_bytes([b[12], b[13]]),
        result,
        game_id: u64::from_le_bytes(b[16..24].try_into().expect("8 bytes")),
    })
}

/// A block read from data: a header or a record (left packed).
#[derive(Clone, Debug)]
pub enum Block {
    /// A header (a new file or shard begins).
    Header(Header),
    /// A record of the variant of the last header.
    Record(Box<[u8; BLOCK]>),
}

/// Reads blocks one by one, checking that the data starts with a header.
pub struct BlockReader<R: Read> {
    inner: R,
    index: u64,
    header: Option<Header>,
}

impl<R: Read> BlockReader<R> {
    /// A reader over `inner`.
    pub fn new(inner: R) -> BlockReader<R> {
        BlockReader {
            inner,
            index: 0,
            header: None,
        }
    }

    /// The header the current records belong to.
    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// The index of the next block.
    pub fn index(&self) -> u64 {
        self.index
    }

    /// The next block, `None` at the end; a partial last block is [`FormatError::Torn`].
    pub fn next_block(&mut self) -> Result<Option<Block>, FormatError> {
        let mut b = [0u8; BLOCK];
        let mut got = 0;
        while got < BLOCK {
            match self.inner.read(&mut b[got..]) {
                Ok(0) => break,
                Ok(k) => got += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        if got == 0 {
            return Ok(None);
        }
        if got < BLOCK && self.index == 0 {
            return Err(FormatError::NoHeader { block: 0 });
        }
        if got < BLOCK {
            return Err(FormatError::Torn(got));
        }
        let block = self.index;
        self.index += 1;
        match b[0] {
            b'S' => {
                let h = Header::decode(&b, block)?;
                self.header = Some(h);
                Ok(Some(Block::Header(h)))
            }
            RECORD_TAG if self.header.is_some() => Ok(Some(Block::Record(Box::new(b)))),
            RECORD_TAG => Err(FormatError::NoHeader { block }),
            tag => Err(FormatError::BadBlock { block, tag }),
        }
    }
}

/// Writes every record of `input` as text, one per line: `FEN | score | result | game id |
/// ply`, and each header as a `#` line. Returns the number of records.
pub fn dump(input: impl Read, out: &mut impl Write) -> Result<u64, FormatError> {
    let mut r = BlockReader::new(std::io::BufReader::new(input));
    let mut n = 0;
    while let Some(block) = r.next_block()? {
        match block {
            Block::Header(h) => writeln!(
                out,
                "# {} data, format version {VERSION}, seed {}, shard {}/{}, settings {:016x}",
                h.variant.name(),
                h.seed,
                h.shard_index,
                h.shard_count,
                h.settings
            )?,
            Block::Record(b) => {
                let variant = r
                    .header()
                    .map(|h| h.variant)
                    .expect("records follow a header");
                let rec = decode(variant, &b, r.index() - 1)?;
                writeln!(
                    out,
                    "{} | {} | {} | {} | {}",
                    rec.fen, rec.score, rec.result, rec.game_id, rec.ply
                )?;
                n += 1;
            }
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// Every position along random games of every variant survives a record round trip.
    #[test]
    fn records_round_trip_along_random_games() {
        let mut rng = SplitMix64::new(9);
        for v in Variant::ALL {
            let mut seen_ep = false;
            let mut seen_hand = false;
            for game in 0..30u64 {
                let mut pos = Position::startpos(v);
                for ply in 0..160u16 {
                    if pos.outcome().is_some() {
                        break;
                    }
                    let score = (rng.next_u64() % 2001) as i16 - 1000;
                    let result = (rng.next_u64() % 3) as i8 - 1;
                    let b = encode(&pos, ply, score, result, game * 7 + 3).unwrap();
                    let rec = decode(v, &b, 0).unwrap();
                    assert_eq!(rec.fen, pos.to_fen(), "{v:?}");
                    assert_eq!((rec.ply, rec.score, rec.result), (ply, score, result));
                    assert_eq!(rec.game_id, game * 7 + 3);
                    seen_ep |= !pos.ep_squares().is_empty();
                    seen_hand |= pos.hand(Color::White) > 0;
                    let legal = pos.legal_moves();
                    let mv = legal.as_slice()[(rng.next_u64() % legal.len() as u64) as usize];
                    pos.make_move(mv);
                }
            }
            assert!(seen_ep, "{v:?}: no en-passant position tried");
            if v.spec().drops.is_some() {
                assert!(seen_hand);
            }
        }
    }

    #[test]
    fn headers_round_trip_and_bad_ones_are_refused() {
        let h = Header {
            variant: Variant::from_name("raptor").unwrap(),
            seed: 77,
            shard_index: 3,
            shard_count: 8,
            settings: 0xdead_beef,
        };
        let b = h.encode();
        assert_eq!(Header::decode(&b, 0).unwrap(), h);
        let mut v2 = b;
        v2[8] = 2;
        assert!(matches!(
            Header::decode(&v2, 0),
            Err(FormatError::Version { found: 2 })
        ));
        assert_eq!(b[12], 3);
        let mut other = b;
        other[12] = 0;
        assert!(matches!(
            Header::decode(&other, 0),
            Err(FormatError::Variant(_))
        ));
    }

    #[test]
    fn readers_refuse_headless_torn_and_corrupt_data() {
        let pos = Position::startpos(Variant::DEFAULT);
        let rec = encode(&pos, 0, 5, 0, 1).unwrap();
        let mut r = BlockReader::new(&b"text"[..]);
        assert!(matches!(
            r.next_block(),
            Err(FormatError::NoHeader { block: 0 })
        ));
        let mut r = BlockReader::new(&rec[..]);
        assert!(matches!(
            r.next_block(),
            Err(FormatError::NoHeader { block: 0 })
        ));
        let h = Header {
            variant: Variant::DEFAULT,
            seed: 1,
            shard_index: 1,
            shard_count: 1,
            settings: 0,
        }
        .encode();
        let mut data = h.to_vec();
        data.extend_from_slice(&rec[..50]);
        let mut r = BlockReader::new(&data[..]);
        assert!(matches!(r.next_block(), Ok(Some(Block::Header(_)))));
        assert!(matches!(r.next_block(), Err(FormatError::Torn(50))));
        let mut bad = rec;
        bad[15] += 1;
        assert!(matches!(
            decode(Variant::DEFAULT, &bad, 4),
            Err(FormatError::BadRecord { block: 4, .. })
        ));
        let mut junk = rec;
        junk[0] = b'x';
        let mut data = h.to_vec();
        data.extend_from_slice(&junk);
        let mut out = Vec::new();
        assert!(matches!(
            dump(&data[..], &mut out),
            Err(FormatError::BadBlock { block: 1, .. })
        ));
    }

    #[test]
    fn a_full_titan_board_fits() {
        let pos = Position::startpos(Variant::from_name("titan").unwrap());
        let b = encode(&pos, 0, 0, 0, 0).unwrap();
        assert_eq!(b[15], 72);
        assert_eq!(decode(pos.variant(), &b, 0).unwrap().fen, pos.to_fen());
    }
}
