//! Outpost in the browser: a local HTTP and WebSocket server that serves a page to play the
//! engine, watch it think, analyse, count perft and look at its evaluation.
//!
//! Every file of the page is embedded in the binary ([`assets`]). Each browser tab opens a
//! WebSocket at `/ws` and gets a [`session::Session`]: its own game (an
//! [`outpost_game::GameSession`]) and its own [`outpost_search::SearchHandle`], so the search
//! runs natively with its threads and table.
//! The page and the server talk in JSON ([`protocol`]).
//!
//! Without the default `server` feature the crate is the page's session and protocol alone
//! ([`session::Session::with_backend`], with an engine and a counter of the caller's), which
//! is what the engine in a Web Worker runs: the same messages, each feature written once.
//!
//! ```
//! use outpost_web::protocol::ServerMessage;
//! use outpost_web::session::{Notify, Session, SessionConfig};
//! use std::sync::Arc;
//!
//! let notify: Notify = Arc::new(|_event| {});
//! let mut session = Session::new(SessionConfig::default(), notify);
//! let answers = session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
//! assert!(matches!(&answers[0], ServerMessage::State { san, .. } if san == &["e4"]));
//! let answers = session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
//! assert!(matches!(&answers[0], ServerMessage::Error { .. }));
//! ```

#![deny(missing_docs)]

#[cfg(feature = "server")]
pub mod assets;
pub mod count;
#[cfg(feature = "server")]
pub mod mailbox;
pub mod protocol;
#[cfg(feature = "server")]
pub mod server;
pub mod session;

#[cfg(feature = "server")]
pub use server::{router, AppState, ServerConfig};
