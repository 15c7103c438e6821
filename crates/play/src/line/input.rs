//! What the game waits for: lines of input and reports from the engine's thread, all through
//! one channel, so that the game reacts to whichever comes first.

use outpost_game::EngineEvent;
use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Instant;

/// Something that happened while the game waited.
#[derive(Debug)]
pub enum Event {
    /// A line of input, without its line break.
    Line(String),
    /// The input has ended: no more lines will come.
    EndOfInput,
    /// A report of the engine's search, for the game core.
    Engine(EngineEvent),
}

impl From<EngineEvent> for Event {
    fn from(event: EngineEvent) -> Event {
        Event::Engine(event)
    }
}

/// The channel the game reads its events from.
pub struct Inbox {
    receiver: Receiver<Event>,
    sender: Sender<Event>,
}

impl Default for Inbox {
    fn default() -> Inbox {
        Inbox::new()
    }
}

impl Inbox {
    /// An empty inbox.
    pub fn new() -> Inbox {
        let (sender, receiver) = channel();
        Inbox { receiver, sender }
    }

    /// An inbox holding `lines` and then the end of input, as if typed all at once: for
    /// tests and scripts.
    pub fn scripted<S: AsRef<str>>(lines: &[S]) -> Inbox {
        let inbox = Inbox::new();
        for line in lines {
            inbox.send(Event::Line(line.as_ref().to_string()));
        }
        inbox.send(Event::EndOfInput);
        inbox
    }

    /// A sender for whoever produces events (the stdin reader, the engine's thread).
    pub fn sender(&self) -> Sender<Event> {
        self.sender.clone()
    }

    /// Posts an event.
    pub fn send(&self, event: Event) {
        // The inbox holds a receiver itself, so sending cannot fail.
        let _ = self.sender.send(event);
    }

    /// Waits for the next event. The inbox keeps a sender, so this never runs dry; should it
    /// anyway, it reports the end of input.
    pub fn next(&self) -> Event {
        self.receiver.recv().unwrap_or(Event::EndOfInput)
    }

    /// Waits for the next event until `deadline`; `None` when the time is up first.
    pub fn next_before(&self, deadline: Instant) -> Option<Event> {
        let timeout = deadline.saturating_duration_since(Instant::now());
        match self.receiver.recv_timeout(timeout) {
            Ok(event) => Some(event),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Event::EndOfInput),
        }
    }
}

/// Starts a thread that reads standard input line by line into `events`, then reports the end
/// of input. Bytes that are not UTF-8 are replaced, never fatal.
pub fn spawn_stdin_reader(events: Sender<Event>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match input.read_until(b'\n', &mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buffer);
                    let line = line.trim_end_matches(['\n', '\r']).to_string();
                    if events.send(Event::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = events.send(Event::EndOfInput);
    });
}
