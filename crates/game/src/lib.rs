#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub mod book;
pub mod clock;
pub mod count;
pub mod ending;
pub mod engine;
pub mod levels;
pub mod players;
pub mod score;
pub mod session;
pub mod start;
pub mod stepped;
pub mod strength;

pub use book::{BuiltinOpenings, NoBook, OpeningBook};
pub use clock::{clock_text, Clocks, TimeControl};
pub use ending::{can_mate, color_title, Ending};
pub use engine::{notify_channel, Engine, EngineEvent, Notify, SearchId};
/// The ratings the engine can play at ([`GameSession::set_level`]).
pub use outpost_search::Level;
pub use players::{Mode, Player, MODE_NAMES};
pub use score::{pawns, score_text, white_view};
pub use session::{EngineMove, GameSession, Purpose, Refusal, Thinking, Update};
pub use start::{
    game_title, notation_for, start_position, variant_start, Chess960Start, GameKind, StartError,
};
pub use stepped::SteppedEngine;
pub use strength::Strength;
