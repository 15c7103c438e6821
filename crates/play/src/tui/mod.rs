//! The terminal game as a full-screen app on ratatui and crossterm: the board, a side panel
//! with the clocks, the moves and the engine's thinking, and an input line; moves by typing,
//! by the keyboard cursor or by the mouse.
//!
//! The parts, each with one job:
//!
//! - [`app`]: the state of the screen and how events change it, on the game core's
//!   [`outpost_game::GameSession`] (no terminal: tests drive it);
//! - [`view`]: drawing an [`App`] into a ratatui frame;
//! - [`layout`]: where things go on a screen of a given size (also for mouse clicks);
//! - [`line_editor`]: the input line with its history;
//! - [`theme`]: board colours and piece symbols;
//! - [`terminal`]: the real terminal: raw mode, the alternate screen, the event loop.
//!
//! ```
//! use outpost_play::line::Settings;
//! use outpost_play::tui::{App, AppEvent};
//! use crossterm::event::{KeyCode, KeyEvent};
//! use ratatui::{backend::TestBackend, Terminal};
//! use std::time::Instant;
//!
//! let mut app = App::new(&Settings::default(), (80, 24), Instant::now());
//! for key in "e4\n".chars() {
//!     let code = if key == '\n' { KeyCode::Enter } else { KeyCode::Char(key) };
//!     app.handle_event(AppEvent::Key(KeyEvent::from(code)), Instant::now());
//! }
//! assert_eq!(app.game().san_moves(), "e4");
//! let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
//! terminal.draw(|frame| outpost_play::tui::view::render(frame, &app)).unwrap();
//! # app.wait_for_engine(Instant::now());
//! ```

pub mod app;
pub mod layout;
pub mod line_editor;
pub mod terminal;
pub mod theme;
pub mod view;

pub use app::{App, AppEvent};
