//! The page's count a depth at a time, for a worker that must go back to its messages between
//! depths.

use outpost_game::count::{count_depth, CountPlan, StandardPosition};
use outpost_perft::Perft;
use outpost_web::count::{CountReport, Counter};
use outpost_web::protocol::ServerMessage;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};

/// A count in progress.
struct Run {
    plan: CountPlan,
    report: CountReport,
    stopped: bool,
}

/// A [`Counter`] that counts one depth each [`StepCounter::step`]. Clones share the count:
/// the session holds one, the worker another to step it.
#[derive(Clone, Default)]
pub struct StepCounter {
    run: Arc<Mutex<Option<Run>>>,
}

impl StepCounter {
    fn lock(&self) -> MutexGuard<'_, Option<Run>> {
        self.run
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `true` while a count waits for its next step.
    pub fn is_counting(&self) -> bool {
        self.lock().is_some()
    }

    /// Counts the next depth, or ends the count (`finished` or `stopped`).
    pub fn step(&self) {
        let mut run = self.lock();
        let Some(current) = run.as_mut() else {
            return;
        };
        if !current.stopped {
            let perft = Perft::without_table(1, true);
            if let Some((position, depth, expected)) = current.plan.next_depth() {
                let never = AtomicBool::new(false);
                if let Some(row) = count_depth(&perft, position, depth, expected, &never) {
                    current.plan.counted(&row);
                    (current.report)(outpost_web::count::row_message(&row));
                }
                return;
            }
        }
        if let Some(done) = run.take() {
            let reason = if done.stopped { "stopped" } else { "finished" };
            (done.report)(ServerMessage::CountDone { reason });
        }
    }
}

impl Counter for StepCounter {
    fn start(
        &mut self,
        positions: Vec<StandardPosition>,
        max_depth: u32,
        _threads: usize,
        report: CountReport,
    ) {
        *self.lock() = Some(Run {
            plan: CountPlan::new(positions, max_depth),
            report,
            stopped: false,
        });
    }

    fn stop(&mut self) {
        if let Some(run) = self.lock().as_mut() {
            run.stopped = true;
        }
    }

    fn cancel(&mut self) {
        *self.lock() = None;
    }
}
