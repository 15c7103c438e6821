//! [`CpuGate`]: the cores shared out among the searches of many [`crate::SearchHandle`]s in
//! one process (a server with a search per visitor), so that no more search threads run at
//! once than there are places, each in turn for a short quantum.
//!
//! With more searches than cores, the operating system would share the cores among all of
//! them; a search whose time is up would then wait for its turn among dozens before it could
//! notice, and the server's own threads (its sockets) among them too. Through a gate, only
//! `places` search threads run; the others sleep in a queue (first come, first served) until a
//! running one has had its quantum and steps aside. A search whose time is up, or that was
//! stopped, does not wait at all: it needs a moment to end and report, and it gets it at once.
//! A search alone at the gate never waits and never steps aside.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::Thread;
use std::time::Duration;
use web_time::Instant;

/// How long a running search thread keeps its place when others wait.
pub const DEFAULT_QUANTUM: Duration = Duration::from_millis(5);

/// How often a waiting thread looks whether its search was stopped meanwhile.
const STOP_POLL: Duration = Duration::from_millis(10);

/// Places for the search threads of many searches: handles given the same gate
/// ([`crate::SearchHandle::set_cpu_gate`]) run at most [`CpuGate::places`] search threads at
/// once; the others wait in a queue, first come first served, each running thread stepping
/// aside after its quantum when others wait. A search whose time is up, or that was stopped,
/// goes on without a place. A search alone at the gate never waits.
#[derive(Debug)]
pub struct CpuGate {
    places: usize,
    quantum: Duration,
    /// Threads waiting for a place: read without the lock at every poll of the search.
    waiting: AtomicUsize,
    state: Mutex<GateState>,
}

#[derive(Debug, Default)]
struct GateState {
    /// Places taken.
    running: usize,
    /// The threads waiting, in order.
    queue: VecDeque<Waiter>,
}

#[derive(Debug)]
struct Waiter {
    thread: Thread,
    /// Set, under the lock, when a place is handed to this thread.
    granted: Arc<AtomicBool>,
}

/// A thread's turn at the gate: holds a place (or, for a search that is ending, none) until
/// dropped.
#[derive(Debug)]
pub(crate) struct Turn {
    gate: Arc<CpuGate>,
    /// `false` for a search that went through without a place (its time was up).
    holds_place: bool,
    since: Instant,
}

impl CpuGate {
    /// A gate with `places` places (at least one) and the default quantum.
    pub fn new(places: usize) -> Arc<CpuGate> {
        CpuGate::with_quantum(places, DEFAULT_QUANTUM)
    }

    /// A gate with `places` places, each search thread keeping its place for `quantum` when
    /// others wait.
    pub fn with_quantum(places: usize, quantum: Duration) -> Arc<CpuGate> {
        Arc::new(CpuGate {
            places: places.max(1),
            quantum,
            waiting: AtomicUsize::new(0),
            state: Mutex::new(GateState::default()),
        })
    }

    /// The number of places.
    pub fn places(&self) -> usize {
        self.places
    }

    /// Search threads waiting for a place now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GateState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for a place; returns without one as soon as `due` says that the search must end
    /// (it is looked at now, then at least every [`STOP_POLL`] and at `deadline`).
    pub(crate) fn enter(
        self: &Arc<Self>,
        deadline: Option<Instant>,
        due: &dyn Fn() -> bool,
    ) -> Turn {
        let granted = {
            let mut state = self.lock();
            if state.running < self.places && state.queue.is_empty() {
                state.running += 1;
                return self.turn(true);
            }
            if due() {
                return self.turn(false);
            }
            self.enqueue(&mut state)
        };
        self.wait(&granted, deadline, due)
    }

    fn turn(self: &Arc<Self>, holds_place: bool) -> Turn {
        Turn {
            gate: Arc::clone(self),
            holds_place,
            since: Instant::now(),
        }
    }

    fn enqueue(&self, state: &mut GateState) -> Arc<AtomicBool> {
        let granted = Arc::new(AtomicBool::new(false));
        state.queue.push_back(Waiter {
            thread: std::thread::current(),
            granted: Arc::clone(&granted),
        });
        self.waiting.store(state.queue.len(), Ordering::Relaxed);
        granted
    }

    /// Sleeps in the queue until a place is handed over, or the search must end.
    fn wait(
        self: &Arc<Self>,
        granted: &Arc<AtomicBool>,
        deadline: Option<Instant>,
        due: &dyn Fn() -> bool,
    ) -> Turn {
        loop {
            if granted.load(Ordering::Acquire) {
                return self.turn(true);
            }
            if due() {
                let mut state = self.lock();
                // Handed a place meanwhile: it is this thread's now.
                if granted.load(Ordering::Acquire) {
                    return self.turn(true);
                }
                state
                    .queue
                    .retain(|waiter| !Arc::ptr_eq(&waiter.granted, granted));
                self.waiting.store(state.queue.len(), Ordering::Relaxed);
                return self.turn(false);
            }
            let pause = deadline.map_or(STOP_POLL, |deadline| {
                deadline
                    .saturating_duration_since(Instant::now())
                    .clamp(Duration::from_micros(100), STOP_POLL)
            });
            std::thread::park_timeout(pause);
        }
    }

    /// Gives a place back: to the first thread waiting, or free.
    fn release(&self, state: &mut GateState) {
        match state.queue.pop_front() {
            Some(next) => {
                next.granted.store(true, Ordering::Release);
                next.thread.unpark();
            }
            None => state.running -= 1,
        }
        self.waiting.store(state.queue.len(), Ordering::Relaxed);
    }
}

impl Turn {
    /// Called at every poll of a running search thread: when others wait and this thread has
    /// had its quantum, it steps aside to the back of the queue and waits for its next turn
    /// (or until `due`). A search that is ending (`due`) keeps running.
    pub(crate) fn share(&mut self, deadline: Option<Instant>, due: &dyn Fn() -> bool) {
        if !self.holds_place
            || self.gate.waiting() == 0
            || self.since.elapsed() < self.gate.quantum
            || due()
        {
            return;
        }
        let gate = Arc::clone(&self.gate);
        let granted = {
            let mut state = gate.lock();
            if state.queue.is_empty() {
                drop(state);
                self.since = Instant::now();
                return;
            }
            gate.release(&mut state);
            // The place went to the next thread: this one waits as a newcomer.
            gate.enqueue(&mut state)
        };
        // Not holding a place while waiting: a drop now gives nothing back.
        self.holds_place = false;
        *self = gate.wait(&granted, deadline, due);
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if self.holds_place {
            let mut state = self.gate.lock();
            self.gate.release(&mut state);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    #[test]
    fn a_thread_alone_never_waits_and_never_steps_aside() {
        let gate = CpuGate::new(1);
        let mut turn = gate.enter(None, &|| false);
        assert!(turn.holds_place);
        std::thread::sleep(Duration::from_millis(10));
        turn.share(None, &|| false);
        assert!(turn.holds_place);
        drop(turn);
        assert_eq!(gate.lock().running, 0);
    }

    #[test]
    fn threads_take_turns_and_an_ending_search_does_not_wait() {
        let gate = CpuGate::with_quantum(1, Duration::from_millis(1));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let turns = Arc::new(AtomicU64::new(0));
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let (gate, running, most, turns) = (
                    Arc::clone(&gate),
                    Arc::clone(&running),
                    Arc::clone(&most),
                    Arc::clone(&turns),
                );
                std::thread::spawn(move || {
                    let mut turn = gate.enter(None, &|| false);
                    let until = Instant::now() + Duration::from_millis(100);
                    while Instant::now() < until {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_micros(200));
                        running.fetch_sub(1, Ordering::SeqCst);
                        let before = turn.since;
                        turn.share(None, &|| false);
                        if turn.since != before {
                            turns.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(
            most.load(Ordering::SeqCst),
            1,
            "one place, one thread at a time"
        );
        assert!(turns.load(Ordering::SeqCst) >= 4, "the threads took turns");
        assert_eq!(gate.lock().running, 0);
        assert_eq!(gate.waiting(), 0);

        // The place is taken; a search whose time is up goes through without it.
        let held = gate.enter(None, &|| false);
        let started = Instant::now();
        let deadline = started + Duration::from_millis(30);
        let ending = gate.enter(Some(deadline), &|| Instant::now() >= deadline);
        assert!(!ending.holds_place);
        assert!(started.elapsed() < Duration::from_secs(2));
        drop(ending);
        drop(held);
        assert_eq!(gate.lock().running, 0);
        assert_eq!(gate.waiting(), 0);
    }
}
