//! The evaluation's numbers as one flat list of tapered parameters, and the one description
//! of which parameters a position counts (its *trace*), shared by the engine and the tuner.
//!
//! The engine adds up parameter values ([`PARAMS`], compiled in from the generated
//! `tuned.rs`); the tuner (`cargo xtask tune`) records how many times each parameter counts,
//! per position, and fits the values to game results. Both go through [`piece_features`]
//! (which parameters one piece on one square counts) and [`trace`] (every piece of a
//! position, given to a [`Sink`]), so what the engine scores and what the tuner fits cannot
//! drift apart: the engine's table of [`crate::PieceSquareSums`] is built from
//! `piece_features` at compile time, and a test holds [`trace`] with [`Weigh`] to the sums.
//!
//! Layout: the 6 piece values (pawn to king), then 6 piece-square tables of 64 entries each
//! (pawn to king), every table in diagram layout (entry 0 is a8, entry 63 is h1, from the
//! piece's own side: see `tables.rs`), then the [`Group`]s of the other terms (passed pawns,
//! pawn structure, mobility, king safety, bishop pair, rooks, outposts, space, threats,
//! tempo), each a run of parameters counted by `crate::terms`. Each parameter is a
//! [`Tapered`] pair; the tuner fits both halves.

use outpost_board::{Board, Color, PieceKind, Variant};

use crate::tapered::{PackedTapered, Tapered, MAX_PHASE};
use crate::tuned;

/// The piece kinds of standard chess that have parameters: pawn to king.
pub const KINDS: usize = 6;

/// The index of the first parameter after the piece values and piece-square tables: where
/// the [`Group`]s begin.
pub const GROUPS_START: usize = KINDS + KINDS * 64;

/// How many tapered parameters there are: 6 piece values, 6 tables of 64 squares and the
/// [`Group`]s.
pub const PARAM_COUNT: usize = Group::END;

/// All parameters, in the layout of the module docs.
pub type Params = [Tapered; PARAM_COUNT];

/// The index of the value of piece kind `kind` (0 pawn … 5 king).
#[inline]
pub const fn value_param(kind: usize) -> usize {
    kind
}

/// The index of the piece-square entry of kind `kind` at diagram-layout `entry` (0 is a8 from
/// the piece's own side).
#[inline]
pub const fn square_param(kind: usize, entry: usize) -> usize {
    KINDS + kind * 64 + entry
}

/// The parameters that a piece of `color` and `kind` (0 pawn … 5 king) on square index
/// `square` (a1 = 0) counts, once each, for its own side: its value and its table entry.
/// The one place that says how a piece is scored, for the engine and for the tuner.
#[inline]
pub const fn piece_features(color: Color, kind: usize, square: usize) -> [usize; 2] {
    // The tables are drawn from white's side with rank 8 on top: white flips the ranks,
    // black's mirroring cancels the flip (see `tables.rs`).
    let entry = match color {
        Color::White => square ^ 56,
        Color::Black => square,
    };
    [value_param(kind), square_param(kind, entry)]
}

/// The terms beyond material and piece-square tables, as [`crate::Explanation`] shows them:
/// each [`Group`] belongs to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// Passed pawns: by rank, free path, a safe step, protection, king distances.
    PassedPawns,
    /// Isolated, doubled, backward and connected pawns.
    PawnStructure,
    /// Safe squares each knight, bishop, rook, queen and Right reaches.
    Mobility,
    /// Attacks on the king's zone, safe checks, the own pawns sheltering the king and the
    /// enemy's storming it.
    KingSafety,
    /// What a set of pieces is worth beyond its material: the bishop pair, and knights and
    /// rooks by the number of own pawns.
    Imbalance,
    /// Where pieces stand: rooks on open and half-open files, rooks and queens on the seventh
    /// rank, rooks shut in by their own king, knights and bishops on outposts and behind own
    /// pawns, the king's distance in files to the nearest pawn.
    Placement,
    /// Safe squares behind the own pawns in the centre.
    Space,
    /// Pieces attacked by pawns or by lesser pieces or by a pawn's safe step, pieces and pawns
    /// left unguarded, safe squares for a knight to attack the queen from.
    Threats,
    /// The side to move's bonus.
    Tempo,
}

impl Term {
    /// How many terms there are.
    pub const COUNT: usize = 9;

    /// Every term, in the order [`crate::Explanation`] shows them.
    pub const ALL: [Term; Term::COUNT] = [
        Term::PassedPawns,
        Term::PawnStructure,
        Term::Mobility,
        Term::KingSafety,
        Term::Imbalance,
        Term::Placement,
        Term::Space,
        Term::Threats,
        Term::Tempo,
    ];

    /// The term's name as a table row shows it (at most 12 characters).
    pub const fn name(self) -> &'static str {
        match self {
            Term::PassedPawns => "Passed pawns",
            Term::PawnStructure => "Pawn struct.",
            Term::Mobility => "Mobility",
            Term::KingSafety => "King safety",
            Term::Imbalance => "Imbalance",
            Term::Placement => "Placement",
            Term::Space => "Space",
            Term::Threats => "Threats",
            Term::Tempo => "Tempo",
        }
    }

    /// 0 for the first term of [`Term::ALL`], and so on.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Declares the parameter groups once: the enum, each group's length, names, term and
/// values in `tuned.rs` all come from this one list.
macro_rules! groups {
    ($( $(#[doc = $doc:expr])* $variant:ident = $constant:ident [$len:expr], $term:ident, $label:literal; )*) => {
        /// A run of parameters of one evaluation term beyond material and piece-square
        /// tables, with its values in the generated `tuned.rs` (a constant of the same name
        /// in capitals: [`Group::constant`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Group {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl Group {
            /// Every group, in the parameter layout's order.
            pub const ALL: &'static [Group] = &[$(Group::$variant),*];

            /// How many parameters the group has.
            pub const fn size(self) -> usize {
                match self { $(Group::$variant => $len,)* }
            }

            /// The name of the group's constant in `tuned.rs`.
            pub const fn constant(self) -> &'static str {
                match self { $(Group::$variant => stringify!($constant),)* }
            }

            /// A short name for people, such as `mobility knight`.
            pub const fn label(self) -> &'static str {
                match self { $(Group::$variant => $label,)* }
            }

            /// The term of the explanation the group adds to.
            pub const fn term(self) -> Term {
                match self { $(Group::$variant => Term::$term,)* }
            }

            /// The compiled-in (middlegame, endgame) values of the group, from `tuned.rs`.
            const fn tuned(self) -> &'static [(i32, i32)] {
                match self { $(Group::$variant => &tuned::$constant,)* }
            }
        }
    };
}

groups! {
    /// By the passed pawn's rank from its own side (0 rank 1 … 7 rank 8; on the 5×5 board
    /// a rank counts as the 8×8 rank as far from promotion: rank r as r + 3).
    PassedRank = PASSED_RANK[8], PassedPawns, "passed rank";
    /// A passed pawn whose path to promotion is free of pieces, by rank.
    PassedFree = PASSED_FREE[8], PassedPawns, "passed free path";
    /// A passed pawn protected by an own pawn, by rank.
    PassedProtected = PASSED_PROTECTED[8], PassedPawns, "passed protected";
    /// Per square of distance from the own king to the square in front of a passed pawn
    /// (the promotion square for a pawn one step from it), by rank.
    PassedOwnKing = PASSED_OWN_KING[8], PassedPawns, "passed own king distance";
    /// Per square of distance from the enemy king to that square, by rank.
    PassedEnemyKing = PASSED_ENEMY_KING[8], PassedPawns, "passed enemy king distance";
    /// A passed pawn the enemy king cannot catch (outside its square, the path free) when
    /// the enemy has nothing but king and pawns (standard board only).
    Unstoppable = UNSTOPPABLE[1], PassedPawns, "unstoppable passer";
    /// A passed pawn whose square in front no enemy pawn, piece or king attacks, by rank.
    PassedSafe = PASSED_SAFE[8], PassedPawns, "passed safe step";
    /// A pawn with no own pawn on a neighbouring file.
    Isolated = ISOLATED[1], PawnStructure, "isolated pawn";
    /// A pawn with an own pawn in front of it on its file.
    Doubled = DOUBLED[1], PawnStructure, "doubled pawn";
    /// A pawn whose step forward an enemy pawn attacks and no own pawn can ever guard (not
    /// isolated).
    Backward = BACKWARD[1], PawnStructure, "backward pawn";
    /// A pawn guarded by an own pawn or with an own pawn beside it on its rank, by its rank
    /// from its own side (as [`Group::PassedRank`]).
    Connected = CONNECTED[8], PawnStructure, "connected pawn";
    /// A knight by the number of safe squares it reaches (not attacked by enemy pawns, not
    /// held by own pieces).
    MobilityKnight = MOBILITY_KNIGHT[9], Mobility, "mobility knight";
    /// A bishop by its safe squares.
    MobilityBishop = MOBILITY_BISHOP[14], Mobility, "mobility bishop";
    /// A rook by its safe squares.
    MobilityRook = MOBILITY_ROOK[15], Mobility, "mobility rook";
    /// A queen by its safe squares.
    MobilityQueen = MOBILITY_QUEEN[28], Mobility, "mobility queen";
    /// The Right of Chess Fragments by its safe squares (at most 8 as a rook and 8 as a
    /// knight on 5×5); never counted in standard chess, so not tuned.
    MobilityRight = MOBILITY_RIGHT[17], Mobility, "mobility right";
    /// Per square of the king's zone (the king's square and those around it) attacked by an
    /// enemy knight, bishop, rook, queen or Right (one entry each), for the attacked side.
    KingZoneAttacks = KING_ZONE_ATTACKS[5], KingSafety, "king zone attacks";
    /// By the number of enemy pieces (not pawns or king) attacking the king's zone (entry 0
    /// for one, the last for 7 or more), for the attacked side.
    KingAttackers = KING_ATTACKERS[7], KingSafety, "king attackers";
    /// On each of the three files around the king (the king's file moved in from the edge):
    /// the nearest own pawn on the king's rank or ahead of it, entry `8 * edge + distance`,
    /// where `edge` is the file's distance from the nearer edge of the board (a and h 0, up
    /// to 3) and `distance` the ranks from the king to the pawn (7 for no pawn).
    KingShelter = KING_SHELTER[32], KingSafety, "king shelter";
    /// On the same files, the nearest enemy pawn on the king's rank or ahead of it, entry
    /// `8 * blocked + distance`, where `blocked` is 1 if an own pawn stands right in front of
    /// it (on its way to the king) and `distance` the ranks from the king to it.
    KingStorm = KING_STORM[16], KingSafety, "king storm";
    /// Per square from which an own knight, bishop, rook or queen (one entry each) that
    /// reaches it could check the enemy king, when no enemy pawn, piece or king attacks it
    /// and no own piece stands on it, for the attacker.
    SafeCheck = SAFE_CHECK[4], KingSafety, "safe check";
    /// Two bishops or more.
    BishopPair = BISHOP_PAIR[1], Imbalance, "bishop pair";
    /// Each knight, by the number of own pawns (0 to 8).
    KnightByPawns = KNIGHT_BY_PAWNS[9], Imbalance, "knight by own pawns";
    /// Each rook, by the number of own pawns (0 to 8).
    RookByPawns = ROOK_BY_PAWNS[9], Imbalance, "rook by own pawns";
    /// A rook on a file without pawns (open), on one without own pawns but with enemy pawns
    /// (half-open).
    RookFile = ROOK_FILE[2], Placement, "rook file";
    /// A rook or queen (one entry each) on the seventh rank from its side, when the enemy
    /// king is on its back rank or enemy pawns stand on that seventh rank.
    SeventhRank = SEVENTH_RANK[2], Placement, "seventh rank";
    /// A rook with at most three safe squares on the side of its own king away from the
    /// centre (the king's file and beyond), shut in by it.
    TrappedRook = TRAPPED_ROOK[1], Placement, "trapped rook";
    /// A knight or bishop with an own pawn right in front of it.
    MinorBehindPawn = MINOR_BEHIND_PAWN[1], Placement, "minor behind pawn";
    /// A knight or bishop (one entry each) on the fourth to sixth rank from its side,
    /// protected by an own pawn, on a square no enemy pawn can ever attack (standard board
    /// only).
    Outpost = OUTPOST[2], Placement, "outpost";
    /// By how many files the king is from the nearest pawn of either colour.
    KingPawnFile = KING_PAWN_FILE[8], Placement, "king pawn file distance";
    /// Per square on the four centre files, second to fourth rank from the own side, that
    /// holds no own pawn and no enemy pawn attacks; squares behind an own pawn count twice
    /// (standard board only).
    Space = SPACE[1], Space, "space";
    /// An enemy knight, bishop, rook, queen or Right (one entry each) attacked by an own
    /// pawn, for the attacker.
    ThreatByPawn = THREAT_BY_PAWN[5], Threats, "threat by pawn";
    /// An enemy rook, queen or Right (one entry each) attacked by an own knight or bishop,
    /// for the attacker.
    ThreatByMinor = THREAT_BY_MINOR[3], Threats, "threat by minor";
    /// An enemy queen or Right (one entry each) attacked by an own rook (in standard chess
    /// only, where the Right is absent) or queen attacking a Right, for the attacker.
    ThreatByMajor = THREAT_BY_MAJOR[2], Threats, "threat by major";
    /// An enemy knight, bishop, rook, queen or Right that an own pawn, piece or king
    /// attacks and no enemy pawn, piece or king guards, for the attacker.
    Hanging = HANGING[1], Threats, "hanging piece";
    /// An enemy pawn that an own piece or king attacks and no enemy pawn guards, for the
    /// attacker.
    WeakPawn = WEAK_PAWN[1], Threats, "weak pawn";
    /// An enemy knight, bishop, rook, queen or Right an own pawn would attack after a step
    /// forward to a square no enemy pawn attacks, for the attacker.
    PawnPushThreat = PAWN_PUSH_THREAT[1], Threats, "pawn push threat";
    /// Squares the enemy does not attack from which an own knight could attack the enemy queen.
    KnightOnQueen = KNIGHT_ON_QUEEN[1], Threats, "knight on queen square";
    /// The side to move's bonus.
    Tempo = TEMPO[1], Tempo, "tempo";
}

impl Group {
    /// The index of the parameter after the last group.
    pub const END: usize = {
        let mut end = GROUPS_START;
        let mut i = 0;
        while i < Group::ALL.len() {
            end += Group::ALL[i].size();
            i += 1;
        }
        end
    };

    /// The index of the group's first parameter.
    pub const fn start(self) -> usize {
        let mut start = GROUPS_START;
        let mut i = 0;
        while i < Group::ALL.len() && Group::ALL[i] as usize != self as usize {
            start += Group::ALL[i].size();
            i += 1;
        }
        start
    }

    /// The index of the group's parameter `entry` (clamped to the group's last entry).
    #[inline]
    pub const fn param(self, entry: usize) -> usize {
        let last = self.size() - 1;
        self.start() + if entry < last { entry } else { last }
    }

    /// The group a parameter index belongs to (`None` for piece values and tables).
    pub fn of(param: usize) -> Option<Group> {
        Group::ALL
            .iter()
            .copied()
            .find(|group| (group.start()..group.start() + group.size()).contains(&param))
    }
}

/// The compiled-in parameters, read from the generated `tuned.rs`.
pub const PARAMS: Params = {
    let mut params = [Tapered::ZERO; PARAM_COUNT];
    let mut group = 0;
    while group < Group::ALL.len() {
        let values = Group::ALL[group].tuned();
        let start = Group::ALL[group].start();
        let mut entry = 0;
        while entry < values.len() {
            params[start + entry] = Tapered::new(values[entry].0, values[entry].1);
            entry += 1;
        }
        group += 1;
    }
    let mut kind = 0;
    while kind < KINDS {
        params[value_param(kind)] =
            Tapered::new(tuned::MIDDLEGAME_VALUES[kind], tuned::ENDGAME_VALUES[kind]);
        let mut entry = 0;
        while entry < 64 {
            params[square_param(kind, entry)] = Tapered::new(
                tuned::MIDDLEGAME_TABLES[kind][entry],
                tuned::ENDGAME_TABLES[kind][entry],
            );
            entry += 1;
        }
        kind += 1;
    }
    params
};

/// A short name of parameter `index`, such as `value knight` or `square knight e4` (the
/// square as seen from white's side, for a white piece).
pub fn param_name(index: usize) -> String {
    const NAMES: [&str; KINDS] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    if index < KINDS {
        return format!("value {}", NAMES[index]);
    }
    if let Some(group) = Group::of(index) {
        return format!("{} {}", group.label(), index - group.start());
    }
    let (kind, entry) = ((index - KINDS) / 64, (index - KINDS) % 64);
    let file = (b'a' + (entry % 8) as u8) as char;
    let rank = 8 - entry / 8;
    format!("square {} {file}{rank}", NAMES[kind])
}

/// Receives the parameters a position counts.
pub trait Sink {
    /// `color`'s parameter `param` counts `count` times more for `color` (from white's view
    /// a black count is negative).
    fn add(&mut self, color: Color, param: usize, count: i32);
}

/// Gives `sink` every parameter count of `board`'s evaluation before blending by
/// [`crate::phase`] (the same for both halves of each pair): the material and piece-square
/// part (standard chess only: Chess Fragments has its own, untuned tables, of which nothing
/// is given), then every other term (`crate::terms`, in both variants), tempo included.
pub fn trace<S: Sink>(board: &Board, sink: &mut S) {
    if board.variant() == Variant::Chess {
        for color in Color::ALL {
            for (kind, &piece_kind) in PieceKind::ALL.iter().take(KINDS).enumerate() {
                for square in board.pieces_of(color, piece_kind) {
                    for param in piece_features(color, kind, square.index()) {
                        sink.add(color, param, 1);
                    }
                }
            }
        }
    }
    crate::terms::trace(board, sink);
}

/// A [`Sink`] that weighs each count by a parameter set: after [`trace`], `total` is the
/// balance from white's view, before blending.
#[derive(Clone, Debug)]
pub struct Weigh<'a> {
    /// The values each parameter is weighed with.
    pub params: &'a Params,
    /// The sum so far.
    pub total: Tapered,
}

impl<'a> Weigh<'a> {
    /// A zero sum over `params`.
    pub fn new(params: &'a Params) -> Weigh<'a> {
        Weigh {
            params,
            total: Tapered::ZERO,
        }
    }
}

impl Sink for Weigh<'_> {
    #[inline]
    fn add(&mut self, color: Color, param: usize, count: i32) {
        let value = self.params[param];
        let count = from_white(color, count);
        self.total += Tapered::new(value.middlegame * count, value.endgame * count);
    }
}

/// `color`'s `count` from white's view: negative for black.
#[inline]
fn from_white(color: Color, count: i32) -> i32 {
    match color {
        Color::White => count,
        Color::Black => -count,
    }
}

/// [`PARAMS`] packed, for [`PackedWeigh`].
const PACKED_PARAMS: [PackedTapered; PARAM_COUNT] = {
    let mut packed = [PackedTapered::ZERO; PARAM_COUNT];
    let mut param = 0;
    while param < PARAM_COUNT {
        packed[param] = PackedTapered::pack(PARAMS[param]);
        param += 1;
    }
    packed
};

/// The engine's [`Weigh`] of the compiled-in [`PARAMS`]: the same sum, kept packed (one
/// multiplication and one addition a count instead of two of each).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PackedWeigh {
    total: PackedTapered,
}

impl PackedWeigh {
    /// The sum so far, from white's view, before blending.
    #[inline]
    pub(crate) fn total(&self) -> Tapered {
        self.total.unpack()
    }
}

impl Sink for PackedWeigh {
    #[inline]
    fn add(&mut self, color: Color, param: usize, count: i32) {
        self.total
            .add_times(PACKED_PARAMS[param], from_white(color, count));
    }
}

/// The weight of the middlegame half at `phase` (clamped to `0..=24`): `phase / 24`; the
/// endgame half weighs the rest. The tuner's form of [`Tapered::blend`] (without its
/// integer rounding).
pub fn middlegame_weight(phase: i32) -> f64 {
    f64::from(phase.clamp(0, MAX_PHASE)) / f64::from(MAX_PHASE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PieceSquareSums;
    use outpost_movegen::legal_moves;
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The trace weighed by the compiled-in parameters is the engine's evaluation (from
    /// white's view), in positions of random games of standard chess, Chess960 and Chess
    /// Fragments (whose piece-square part is not traced: added from the engine's sums): the
    /// tuner fits what the engine scores.
    #[test]
    fn trace_weighed_by_params_is_the_engines_evaluation() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1",
            "8/pp3k2/2p5/3P4/1P6/5K2/5PPP/8 w - - 0 1",
            Variant::Fragments.start_fen(),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut positions = 0;
        for fen in starts {
            for _ in 0..40 {
                let mut board = Board::from_fen(fen).unwrap();
                for _ in 0..120 {
                    let moves = legal_moves(&board);
                    if moves.is_empty() {
                        break;
                    }
                    board.make(moves[rng.next_u32() as usize % moves.len()]);
                    let mut weigh = Weigh::new(&PARAMS);
                    trace(&board, &mut weigh);
                    if board.variant() == Variant::Fragments {
                        weigh.total += PieceSquareSums::of(&board).balance();
                    }
                    let phase = crate::phase(&board);
                    let white_view = match board.side_to_move() {
                        Color::White => crate::evaluate(&board),
                        Color::Black => -crate::evaluate(&board),
                    };
                    assert_eq!(
                        crate::scale::blend_scaled(&board, weigh.total, phase),
                        white_view,
                        "{}",
                        board.to_fen()
                    );
                    positions += 1;
                }
            }
        }
        assert!(positions > 20_000, "{positions}");
    }

    /// The groups follow each other without gaps and end the parameters; every parameter
    /// has a group or is a piece value or table entry.
    #[test]
    fn groups_tile_the_parameters() {
        let mut next = GROUPS_START;
        for &group in Group::ALL {
            assert_eq!(group.start(), next, "{group:?}");
            assert_eq!(Group::of(next), Some(group));
            next += group.size();
        }
        assert_eq!(next, PARAM_COUNT);
        assert_eq!(Group::of(GROUPS_START - 1), None);
        assert_eq!(Group::Tempo.param(5), PARAM_COUNT - 1);
    }

    #[test]
    fn names_say_which_parameter() {
        assert_eq!(param_name(value_param(1)), "value knight");
        assert_eq!(param_name(square_param(0, 12)), "square pawn e7");
        assert_eq!(param_name(square_param(5, 62)), "square king g1");
        assert_eq!(
            param_name(Group::MobilityKnight.start() + 3),
            "mobility knight 3"
        );
        assert_eq!(param_name(PARAM_COUNT - 1), "tempo 0");
        assert_eq!(GROUPS_START, 390);
    }
}
