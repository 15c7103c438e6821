//! Chess in the terminal against the Outpost engine, a friend, or the engine against itself.
//! In a terminal it is a full-screen app (`outpost_play::tui`): the board, a side panel with the
//! clocks, the moves and the engine's thinking, moves typed or picked with the keyboard or the
//! mouse. When the input or output is not a terminal, or with `--plain`, it is the line mode
//! (`outpost_play::line::Session`): moves in SAN or UCI one a line, for pipes and scripts.
//!
//! ```sh
//! cargo run --release -p outpost-play
//! cargo run --release -p outpost-play -- --mode black --time 3
//! cargo run --release -p outpost-play -- --white engine --black engine --pause 500
//! cargo run --release -p outpost-play -- --tc 5+3 --theme blue
//! ```
//!
//! The game itself lives in the library part of the package (`outpost_play`) and in the game
//! core (`outpost_game`), so that it can be tested without a terminal.

use outpost_game::book::BuiltinOpenings;
use outpost_game::book::{NoBook, OpeningBook};
use outpost_play::line::input::{spawn_stdin_reader, Inbox};
use outpost_play::line::options;
use outpost_play::line::{Session, Settings};
use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Bad arguments: clap's message and exit code 2; --help and --version: exit code 0.
    let settings = match options::parse(std::env::args_os()) {
        Ok(settings) => settings.detect_terminal(),
        Err(error) => error.exit(),
    };
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if terminal && !settings.plain {
        let mut settings = settings;
        if std::env::var_os("NO_COLOR").is_some() {
            settings.theme = outpost_play::tui::theme::PLAIN;
        }
        // The Linux console's font has no chess symbols.
        if std::env::var("TERM").is_ok_and(|term| term == "linux") {
            settings.pieces = outpost_play::tui::theme::PieceSet::Ascii;
        }
        let book = opening_book(&settings);
        return match outpost_play::tui::terminal::run(&settings, book) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("outpost-play: {error}");
                ExitCode::FAILURE
            }
        };
    }
    // Input is read on a thread of its own, so that the game can take `stop` or `quit`
    // while the engine thinks.
    let inbox = Inbox::new();
    spawn_stdin_reader(inbox.sender());
    // The engine opens from the built-in book of main lines (unless --no-book).
    let book = opening_book(&settings);
    let mut session = Session::new(settings, std::io::stdout()).with_book(book);
    match session.run(&inbox) {
        Ok(()) => ExitCode::SUCCESS,
        // The output went away (a closed pipe): nobody is left to tell.
        Err(_) => ExitCode::FAILURE,
    }
}

/// The built-in book of main lines, seeded from the clock so that games open differently;
/// none with `--no-book`.
fn opening_book(settings: &Settings) -> Box<dyn OpeningBook> {
    if settings.book {
        Box::new(BuiltinOpenings::seeded_from_clock())
    } else {
        Box::new(NoBook)
    }
}
