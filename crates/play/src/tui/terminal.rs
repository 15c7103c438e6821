//! The real terminal: raw mode, the alternate screen and mouse capture on the way in, all
//! undone on the way out (a panic included), and the loop that reads keys, the mouse and the
//! engine's reports and redraws.

use super::app::{App, AppEvent};
use super::view::render;
use crate::line::Settings;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use outpost_game::book::OpeningBook;
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Stdout};
use std::time::{Duration, Instant};

/// How often the screen is redrawn while nothing happens (the clocks, the engine's line).
const TICK: Duration = Duration::from_millis(100);

/// Plays in the terminal until the user quits. Fails when the terminal cannot be set up or
/// written.
pub fn run(settings: &Settings, book: Box<dyn OpeningBook>) -> io::Result<()> {
    let mut terminal = enter()?;
    let result = event_loop(&mut terminal, settings, book);
    let restored = leave(&mut terminal);
    // Printed on the restored screen: the app's own screen, which said it, is gone.
    if let Ok(Some(farewell)) = &result {
        println!("{farewell}");
    }
    result.and(restored)
}

fn enter() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    // A panic must not leave the terminal in raw mode: restore it before the message.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = disable_raw_mode();
        let _ = execute!(io::stdout(), DisableMouseCapture, LeaveAlternateScreen);
        previous(info);
    }));
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    Terminal::new(CrosstermBackend::new(io::stdout()))
}

fn leave(terminal: &mut Terminal<CrosstermBackend<Stdout>>) -> io::Result<()> {
    disable_raw_mode()?;
    execute!(
        terminal.backend_mut(),
        DisableMouseCapture,
        LeaveAlternateScreen
    )?;
    terminal.show_cursor()
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    settings: &Settings,
    book: Box<dyn OpeningBook>,
) -> io::Result<Option<String>> {
    let size = terminal.size()?;
    let mut app = App::new(settings, (size.width, size.height), Instant::now()).with_book(book);
    while !app.should_quit() {
        terminal.draw(|frame| render(frame, &app))?;
        if event::poll(TICK)? {
            let event = match event::read()? {
                Event::Key(key) => Some(AppEvent::Key(key)),
                Event::Mouse(mouse) => Some(AppEvent::Mouse(mouse)),
                Event::Resize(columns, rows) => {
                    terminal.autoresize()?;
                    Some(AppEvent::Resize(columns, rows))
                }
                _ => None,
            };
            if let Some(event) = event {
                app.handle_event(event, Instant::now());
            }
        }
        app.poll_engine(Instant::now());
        app.handle_event(AppEvent::Tick, Instant::now());
    }
    Ok(app.farewell().map(str::to_string))
}
