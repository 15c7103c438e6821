//! Outpost in a Web Worker: the page's session (the same messages as the served page's
//! WebSocket, so the page's script drives either) with an engine that searches a step at a
//! time ([`SteppedEngine`]) and a count that counts a depth at a time, on the worker's one
//! thread. The worker's script hands each message of the page to [`PageWorker::handle`] and,
//! while [`PageWorker::busy`], calls [`PageWorker::step`] between messages; each returns the
//! messages for the page as a JSON array.

#![deny(missing_docs)]

mod count;
pub mod proof;

use count::StepCounter;
use outpost_game::SteppedEngine;
use outpost_web::protocol::ServerMessage;
use outpost_web::session::{Notify, Session, SessionConfig, SessionEvent};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use wasm_bindgen::prelude::wasm_bindgen;

/// The events the engine and the count reported since they were last handed to the session.
type Events = Arc<Mutex<VecDeque<SessionEvent>>>;

/// One page's session in a Web Worker.
#[wasm_bindgen]
pub struct PageWorker {
    session: Session,
    events: Events,
    engine: SteppedEngine,
    counter: StepCounter,
}

#[wasm_bindgen]
impl PageWorker {
    /// A session whose engine has a transposition table of `hash_mib` MiB.
    #[wasm_bindgen(constructor)]
    pub fn new(hash_mib: usize) -> PageWorker {
        let events: Events = Arc::default();
        let notify: Notify = {
            let events = Arc::clone(&events);
            Arc::new(move |event| {
                if let Ok(mut events) = events.lock() {
                    events.push_back(event);
                }
            })
        };
        let (engine, table_warning) = SteppedEngine::new(hash_mib);
        let counter = StepCounter::default();
        let config = SessionConfig {
            threads: 1,
            hash_mib,
        };
        let session = Session::with_backend(
            config,
            Box::new(engine.clone()),
            Box::new(counter.clone()),
            notify,
            table_warning,
        );
        PageWorker {
            session,
            events,
            engine,
            counter,
        }
    }

    /// The first messages of the session: hello and the game.
    pub fn greeting(&self) -> String {
        json_array(&self.session.greeting())
    }

    /// Answers one message of the page (its JSON text).
    pub fn handle(&mut self, text: &str) -> String {
        let mut messages = self.session.handle_text(text);
        messages.extend(self.drain());
        json_array(&messages)
    }

    /// Searches or counts one step, and returns what that says to the page.
    pub fn step(&mut self) -> String {
        if self.engine.is_searching() {
            self.engine.step();
        } else {
            self.counter.step();
        }
        json_array(&self.drain())
    }

    /// `true` while the engine searches or the count runs: [`PageWorker::step`] has work.
    pub fn busy(&self) -> bool {
        self.engine.is_searching() || self.counter.is_counting()
    }
}

impl PageWorker {
    /// The messages of the events that have come in.
    fn drain(&mut self) -> Vec<ServerMessage> {
        let mut messages = Vec::new();
        loop {
            let event = match self.events.lock() {
                Ok(mut events) => events.pop_front(),
                Err(_) => None,
            };
            let Some(event) = event else {
                return messages;
            };
            messages.extend(self.session.on_event(event));
        }
    }
}

/// `bench`'s nodes at `depth` and the milliseconds it took, as `nodes millis`: the search's
/// signature, and its speed in this browser.
#[wasm_bindgen]
pub fn bench(depth: i32) -> String {
    let started = web_time::Instant::now();
    let nodes = proof::bench_nodes(depth);
    format!("{nodes} {}", started.elapsed().as_millis())
}

/// [`proof::perft_lines`], for the check against the native build.
#[wasm_bindgen]
pub fn perft_lines(text: &str, max_nodes: u64) -> String {
    proof::perft_lines(text, max_nodes)
}

/// [`proof::evaluations`], for the check against the native build.
#[wasm_bindgen]
pub fn evaluations(seed: u64, positions: usize) -> String {
    proof::evaluations(seed, positions)
}

/// `messages` as one JSON array.
fn json_array(messages: &[ServerMessage]) -> String {
    let items: Vec<String> = messages.iter().map(ServerMessage::to_json).collect();
    format!("[{}]", items.join(","))
}
