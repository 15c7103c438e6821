//! The helper threads of Lazy SMP: started once, woken by a channel for each search, ended
//! when the pool is dropped or shrunk.

use super::context::SearchContext;
use crate::worker::{ThreadMemory, Worker};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// One long-lived helper thread.
struct Helper {
    /// Sends the thread a search to help with; dropping it ends the thread.
    jobs: Option<Sender<Arc<SearchContext>>>,
    /// The thread says here that it has finished a search.
    done: Receiver<()>,
    thread: Option<JoinHandle<()>>,
    /// `true` between a search sent and its end received.
    busy: bool,
}

impl Helper {
    fn spawn(id: usize) -> Helper {
        let (jobs, job_receiver) = channel::<Arc<SearchContext>>();
        let (done_sender, done) = channel();
        let thread = std::thread::Builder::new()
            .name(format!("outpost-helper-{id}"))
            .spawn(move || {
                let mut memory = None;
                for ctx in job_receiver {
                    let kept = ThreadMemory::for_game(memory.take(), ctx.game, &ctx.config.params);
                    let mut worker = Worker::new(&ctx, id, None, kept);
                    worker.iterate();
                    worker.flush_nodes();
                    memory = Some(worker.into_memory());
                    // The context (and its table handle) is released before saying so.
                    drop(ctx);
                    if done_sender.send(()).is_err() {
                        break;
                    }
                }
            })
            .ok();
        Helper {
            jobs: Some(jobs),
            done,
            thread,
            busy: false,
        }
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The helper threads of the searcher (its thread count less one).
#[derive(Default)]
pub(crate) struct HelperPool {
    helpers: Vec<Helper>,
}

impl std::fmt::Debug for HelperPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HelperPool({} threads)", self.helpers.len())
    }
}

impl HelperPool {
    /// Keeps exactly `count` helper threads.
    pub fn resize(&mut self, count: usize) {
        self.helpers.truncate(count);
        while self.helpers.len() < count {
            self.helpers.push(Helper::spawn(self.helpers.len() + 1));
        }
    }

    /// Wakes every helper to search `ctx`.
    pub fn start(&mut self, ctx: &Arc<SearchContext>) {
        for helper in &mut self.helpers {
            helper.busy = helper.thread.is_some()
                && helper
                    .jobs
                    .as_ref()
                    .is_some_and(|jobs| jobs.send(Arc::clone(ctx)).is_ok());
        }
    }

    /// Blocks until every helper woken by [`HelperPool::start`] has finished.
    pub fn wait(&mut self) {
        for helper in self.helpers.iter_mut().filter(|helper| helper.busy) {
            // An error means the thread is gone (it panicked): nothing to wait for.
            let _ = helper.done.recv();
            helper.busy = false;
        }
    }
}
