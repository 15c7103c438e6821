//! A progress line on stderr for long counts, redrawn in place with `\r`.
//!
//! Only drawn when stderr is a terminal, and only once a count has run for a second; it is
//! erased before the count's result is printed. In logs (stderr not a terminal) nothing extra
//! is written.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a count runs before the progress line appears.
const DELAY: Duration = Duration::from_secs(1);
/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// Runs `work`, which reports `(root moves done, root moves in all)` through the callback
/// it is given, and meanwhile shows `  <label>: 12/48 root moves, 3.1 s` on stderr.
pub fn with_progress<T>(
    label: &str,
    root_moves: usize,
    work: impl FnOnce(&(dyn Fn(usize, usize) + Sync)) -> T,
) -> T {
    let done = AtomicUsize::new(0);
    let total = AtomicUsize::new(root_moves);
    let report = |finished: usize, all: usize| {
        done.fetch_max(finished, Ordering::Relaxed);
        total.store(all, Ordering::Relaxed);
    };
    if !std::io::stderr().is_terminal() {
        return work(&report);
    }
    let start = Instant::now();
    let (stop, stopped) = mpsc::channel::<()>();
    let (done, total) = (&done, &total);
    std::thread::scope(|scope| {
        scope.spawn(move || draw_until_stopped(label, start, done, total, &stopped));
        let result = work(&report);
        drop(stop);
        result
    })
}

/// Redraws the line every [`TICK`] after [`DELAY`] until `stopped` disconnects, then erases it.
fn draw_until_stopped(
    label: &str,
    start: Instant,
    done: &AtomicUsize,
    total: &AtomicUsize,
    stopped: &Receiver<()>,
) {
    let mut drawn: usize = 0;
    while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
        let elapsed = start.elapsed();
        if elapsed < DELAY {
            continue;
        }
        let line = format!(
            "  {label}: {}/{} root moves, {:.1} s",
            done.load(Ordering::Relaxed),
            total.load(Ordering::Relaxed),
            elapsed.as_secs_f64()
        );
        let padding = " ".repeat(drawn.saturating_sub(line.len()));
        let mut stderr = std::io::stderr().lock();
        // Progress is a courtesy: a failed write to stderr is not worth stopping for.
        let _ = write!(stderr, "\r{line}{padding}").and_then(|()| stderr.flush());
        drawn = drawn.max(line.len());
    }
    if drawn > 0 {
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "\r{}\r", " ".repeat(drawn)).and_then(|()| stderr.flush());
    }
}
