//! An engine that searches on the caller's thread a step at a time, for a front-end with no
//! threads to spare: a Web Worker, which must go back to its event loop between steps to hear
//! the page's next message (a move, `stop`).
//!
//! Each step searches toward one more iteration of iterative deepening for at most
//! [`STEP_TIME`]: a whole search to the next depth with [`Searcher`] and its table, which keeps
//! what the earlier steps found, so the step re-searches the shallower depths from the table in
//! a fraction of the time; a depth that does not fit in one step is taken up again by the next,
//! from the table again. Between steps the caller handles what came in; [`Engine::stop`] ends
//! the search at the next step, which reports the result of the deepest iteration done, as
//! [`SearchHandle`](outpost_search::SearchHandle) reports its own when stopped. A search of so
//! many nodes (`go nodes`, a level) is the exception: its steps go as deep as they can, so that
//! one that fits in a step is the native search, node for node.

use crate::engine::Engine;
use outpost_search::{
    nodes_per_second, Info, Level, Limits, Progress, Score, SearchEvent, SearchPosition,
    SearchResult, SearchSignals, Searcher, TimeBudget, DEFAULT_MOVE_OVERHEAD, MAX_DEPTH,
};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use web_time::Instant;

/// The longest step: how long a message to the worker (a move, `stop`) may wait.
pub const STEP_TIME: Duration = Duration::from_millis(200);

/// What a stepped search's answer costs beyond the search, kept back from its time besides
/// the game's move overhead: the last short step and the way from the step loop to the page
/// (measured in Chromium's worker by `scripts/site-measure.py`: about 15 ms from `go` to the
/// move beyond the search's own time, at every time to think).
pub const STEP_OVERHEAD: Duration = Duration::from_millis(15);

/// A search in progress.
struct Job {
    position: SearchPosition,
    limits: Limits,
    listener: Box<dyn FnMut(SearchEvent) + Send>,
    started: Instant,
    /// The time the whole search may take, by its limits (a fixed time or a clock), kept
    /// here: each step is a search of its own, timed by what is left of it.
    budget: Option<TimeBudget>,
    /// The deepest iteration done, and its result.
    done: Option<SearchResult>,
    /// The nodes of every step so far: what the search has cost.
    spent: u64,
    stopped: bool,
}

struct Inner {
    /// Searches each step with no move overhead: the job's budget keeps it.
    searcher: Searcher,
    /// The time a whole search keeps back for its answer to reach the game.
    overhead: Duration,
    /// The level the searcher plays at: its nodes are the whole search's, not each step's.
    level: Option<Level>,
    job: Option<Job>,
}

/// An [`Engine`] searching a step at a time on the thread that calls [`SteppedEngine::step`].
/// Clones share the same searcher: the game session holds one, the front-end another to step
/// it.
#[derive(Clone)]
pub struct SteppedEngine {
    inner: Arc<Mutex<Inner>>,
}

impl SteppedEngine {
    /// An engine with a transposition table of `hash_mib` MiB (1 MiB when that much cannot
    /// be had; the error is returned beside it).
    pub fn new(hash_mib: usize) -> (SteppedEngine, Option<String>) {
        let mut searcher = Searcher::new(1);
        let warning = searcher
            .set_hash(hash_mib.max(1))
            .err()
            .map(|error| format!("{error}: searching with a 1 MiB hash table"));
        searcher.set_move_overhead(Duration::ZERO);
        let inner = Inner {
            searcher,
            overhead: DEFAULT_MOVE_OVERHEAD + STEP_OVERHEAD,
            level: None,
            job: None,
        };
        let engine = SteppedEngine {
            inner: Arc::new(Mutex::new(inner)),
        };
        (engine, warning)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // One thread uses it: a poisoned lock only means a panic elsewhere; go on.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `true` while a search waits for its next step.
    pub fn is_searching(&self) -> bool {
        self.lock().job.is_some()
    }

    /// Searches one more iteration of the running search (nothing when none runs); when the
    /// search is over (its limits reached, stopped, or no deeper to go) it reports its result
    /// and ends.
    pub fn step(&self) {
        let mut inner = self.lock();
        let Inner { searcher, job, .. } = &mut *inner;
        let Some(current) = job.as_mut() else {
            return;
        };
        // A search stopped before its first step still searches its first iteration, as a
        // search on a thread does: a move searched, not the first legal one.
        if current.done.is_none() || (!current.stopped && !over(current)) {
            let deepest = current.done.as_ref().map_or(0, |done| done.depth);
            // A search of so many nodes (`go nodes`, a level) goes as deep as the step allows,
            // so that it is the native search when it fits in one step; any other deepens
            // one iteration a step.
            let depth = if current.stopped {
                1
            } else if current.limits.nodes.is_some() {
                current.limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH)
            } else {
                deepest + 1
            };
            let left = current.budget.map_or(STEP_TIME, |budget| {
                budget.hard.saturating_sub(current.started.elapsed())
            });
            let limits = Limits {
                depth: Some(depth),
                // The nodes the whole search has left.
                nodes: current
                    .limits
                    .nodes
                    .map(|nodes| nodes.saturating_sub(current.spent).max(1)),
                movetime: Some(left.clamp(Duration::from_millis(1), STEP_TIME)),
                mate: current.limits.mate,
                search_moves: current.limits.search_moves.clone(),
                ..Limits::default()
            };
            let Job {
                listener,
                started,
                spent,
                ..
            } = current;
            let result = searcher.search(
                &current.position.board,
                &current.position.history,
                &limits,
                &SearchSignals::new(),
                |progress| {
                    // The shallower iterations were reported by earlier steps.
                    if let Progress::Iteration(info) = progress {
                        if info.depth > deepest {
                            let info = whole_search_figures(info, *spent, *started);
                            listener(SearchEvent::Progress(Progress::Iteration(info)));
                        }
                    }
                },
            );
            // A step cut short has not finished its depth: the last whole one stands, and the
            // next step takes the depth up again (the table keeps what this one found).
            current.spent += result.nodes;
            // A node limit that cut it short is the search's end, not the step's.
            current.stopped |= current
                .limits
                .nodes
                .is_some_and(|nodes| current.spent >= nodes);
            if result.depth > deepest || current.done.is_none() {
                current.done = Some(result);
            }
            if !current.stopped && !over(current) {
                return;
            }
        }
        if let Some(mut finished) = job.take() {
            // The deepest iteration's result, or no move when stopped before the first.
            let mut result = finished
                .done
                .take()
                .unwrap_or_else(|| SearchResult::unsearched(None, Score::DRAW));
            // The cost of the whole search, the steps that searched shallower depths again too.
            result.time = finished.started.elapsed();
            result.nodes = finished.spent;
            result.nps = nodes_per_second(result.nodes, result.time);
            (finished.listener)(SearchEvent::Finished(result));
        }
    }
}

/// A step's report of an iteration with the figures of the whole search: the nodes of the
/// earlier steps (`spent`) added and the time since it `started`, so that the thinking panel's
/// positions and time grow from one report to the next as they do with a search on a thread.
fn whole_search_figures(info: &Info, spent: u64, started: Instant) -> Info {
    let nodes = spent + info.nodes;
    let time = started.elapsed();
    Info {
        nodes,
        time,
        nps: nodes_per_second(nodes, time),
        ..info.clone()
    }
}

/// `true` when the job's limits are reached: its depth, nodes or time, or no move to search.
fn over(job: &Job) -> bool {
    let Some(done) = &job.done else {
        return false;
    };
    let max_depth = job.limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
    done.best_move.is_none()
        || done.depth >= max_depth
        || job.limits.nodes.is_some_and(|nodes| job.spent >= nodes)
        || job
            .budget
            .is_some_and(|budget| job.started.elapsed() >= budget.soft)
}

impl Engine for SteppedEngine {
    fn start(
        &mut self,
        position: SearchPosition,
        limits: Limits,
        listener: Box<dyn FnMut(SearchEvent) + Send>,
    ) {
        let mut inner = self.lock();
        // Each step searches within what is left of the level's nodes.
        let limits = inner
            .level
            .and_then(|level| level.limit(&limits))
            .unwrap_or(limits);
        let side = position.board.side_to_move();
        let budget = inner.searcher.time_budget(&limits, side, inner.overhead);
        inner.job = Some(Job {
            position,
            limits,
            listener,
            started: Instant::now(),
            budget,
            done: None,
            spent: 0,
            stopped: false,
        });
    }

    fn stop(&self) {
        if let Some(job) = self.lock().job.as_mut() {
            job.stopped = true;
        }
    }

    fn wait(&mut self) {
        // A search stopped is over at its next step; one given up is no longer wanted.
        let stopped = self.lock().job.as_ref().is_some_and(|job| job.stopped);
        if stopped {
            self.step();
        }
    }

    fn clear_hash(&mut self) {
        let mut inner = self.lock();
        inner.job = None;
        inner.searcher.clear();
    }

    fn set_multipv(&mut self, lines: usize) {
        let mut inner = self.lock();
        inner.job = None;
        inner.searcher.set_multipv(lines);
    }

    fn set_move_overhead(&mut self, overhead: Duration) {
        self.lock().overhead = overhead + STEP_OVERHEAD;
    }

    fn set_level(&mut self, level: Option<Level>) {
        let mut inner = self.lock();
        inner.job = None;
        inner.level = level;
        inner.searcher.set_level(level);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{notify_channel, EngineEvent};
    use crate::{GameSession, Mode, Player, Purpose, Strength, Update};
    use outpost_movegen::Game;
    use std::sync::mpsc::channel;

    #[test]
    fn each_step_deepens_once_and_the_last_plays_the_move() {
        let (engine, warning) = SteppedEngine::new(1);
        assert!(warning.is_none());
        let (sender, events) = channel::<EngineEvent>();
        let mut session = GameSession::new(
            Game::startpos(),
            None,
            Box::new(engine.clone()),
            notify_channel(sender),
        );
        session.set_players(Mode::new(Player::Engine, Player::Human));
        session.set_strength(Strength::Depth(4));
        session.advance(Duration::ZERO);
        assert!(session.thinking_about(Purpose::Move));
        let mut depths = Vec::new();
        let mut moved = None;
        for _ in 0..10 {
            engine.step();
            while let Ok(event) = events.try_recv() {
                for update in session.on_engine_event(event, Duration::ZERO) {
                    match update {
                        Update::Progress(info) => depths.push(info.depth),
                        Update::EngineMoved(played) => moved = played.result,
                        _ => {}
                    }
                }
            }
        }
        assert_eq!(depths, [1, 2, 3, 4]);
        assert_eq!(moved.expect("the engine moved").depth, 4);
        assert_eq!(session.game().moves().len(), 1);
        assert!(!engine.is_searching());
    }

    /// An engine searching the start position until stopped, and its events.
    fn infinite_search() -> (SteppedEngine, std::sync::mpsc::Receiver<SearchEvent>) {
        let (mut engine, _) = SteppedEngine::new(1);
        let (sender, events) = channel();
        engine.start(
            SearchPosition::new(outpost_board::Board::startpos()),
            Limits {
                infinite: true,
                ..Limits::default()
            },
            Box::new(move |event| {
                let _ = sender.send(event);
            }),
        );
        (engine, events)
    }

    /// Move now before the first step: the move is still a searched one (depth 1).
    #[test]
    fn a_search_stopped_before_its_first_step_searches_depth_one() {
        let (mut engine, events) = infinite_search();
        engine.stop();
        engine.wait();
        let finished = events.try_iter().find_map(|event| match event {
            SearchEvent::Finished(result) => Some(result),
            SearchEvent::Progress(_) => None,
        });
        let result = finished.expect("the search finished");
        assert_eq!(result.depth, 1);
        assert!(result.best_move.is_some());
        assert!(!engine.is_searching());
    }

    #[test]
    fn a_stopped_search_reports_its_deepest_iteration_at_the_next_step() {
        let (engine, events) = infinite_search();
        engine.step();
        engine.step();
        engine.stop();
        engine.step();
        let finished: Vec<_> = events
            .try_iter()
            .filter_map(|event| match event {
                SearchEvent::Finished(result) => Some(result),
                SearchEvent::Progress(_) => None,
            })
            .collect();
        assert_eq!(finished.len(), 1);
        assert_eq!(finished[0].depth, 2);
        assert!(finished[0].best_move.is_some());
        assert!(!engine.is_searching());
    }

    /// A search on a running clock ends by the time its clock allows, as a native search
    /// would (the steps alone know no clock: the engine keeps the budget of the whole search).
    #[test]
    fn a_search_on_a_clock_ends_within_its_budget() {
        let (mut engine, _) = SteppedEngine::new(1);
        let (sender, events) = channel();
        let limits = Limits {
            white_time: Some(Duration::from_millis(3000)),
            black_time: Some(Duration::from_millis(3000)),
            ..Limits::default()
        };
        let budget = engine
            .lock()
            .searcher
            .time_budget(&limits, outpost_board::Color::White, DEFAULT_MOVE_OVERHEAD)
            .expect("a clock gives a budget");
        assert!(budget.hard < Duration::from_millis(3000));
        engine.start(
            SearchPosition::new(outpost_board::Board::startpos()),
            limits,
            Box::new(move |event| {
                let _ = sender.send(event);
            }),
        );
        let started = Instant::now();
        let mut steps = 0;
        while engine.is_searching() {
            engine.step();
            steps += 1;
            // Without the budget the search would go on to the deepest step depth.
            assert!(started.elapsed() < Duration::from_secs(60), "{steps} steps");
        }
        let finished = events.try_iter().find_map(|event| match event {
            SearchEvent::Finished(result) => Some(result),
            SearchEvent::Progress(_) => None,
        });
        let result = finished.expect("the search finished");
        assert!(result.best_move.is_some());
        assert!(result.depth < MAX_DEPTH, "depth {}", result.depth);
    }

    /// Runs a search of `limits` from the start position step by step to its end; its
    /// iteration reports and its result.
    fn stepped_search(limits: Limits) -> (Vec<Info>, SearchResult) {
        stepped_search_at(None, limits)
    }

    /// [`stepped_search`] at `level`.
    fn stepped_search_at(level: Option<Level>, limits: Limits) -> (Vec<Info>, SearchResult) {
        let (mut engine, _) = SteppedEngine::new(1);
        engine.set_level(level);
        let (sender, events) = channel();
        engine.start(
            SearchPosition::new(outpost_board::Board::startpos()),
            limits,
            Box::new(move |event| {
                let _ = sender.send(event);
            }),
        );
        while engine.is_searching() {
            engine.step();
        }
        let mut reports = Vec::new();
        let mut finished = None;
        for event in events.try_iter() {
            match event {
                SearchEvent::Progress(Progress::Iteration(info)) => reports.push(info),
                SearchEvent::Progress(_) => {}
                SearchEvent::Finished(result) => finished = Some(result),
            }
        }
        (reports, finished.expect("the search finished"))
    }

    /// The thinking panel shows the whole search: positions and time grow from one report to
    /// the next, though each step is a search of its own, and the result counts them all.
    #[test]
    fn the_reports_count_the_whole_search_not_the_step() {
        let (reports, result) = stepped_search(Limits {
            depth: Some(7),
            ..Limits::default()
        });
        assert_eq!(reports.len(), 7);
        for pair in reports.windows(2) {
            let (earlier, later) = (&pair[0], &pair[1]);
            assert!(later.nodes > earlier.nodes, "{earlier:?} then {later:?}");
            assert!(later.time >= earlier.time, "{earlier:?} then {later:?}");
        }
        // The last step ended with its iteration: its report is the search's whole cost.
        let last = reports.last().expect("reports");
        assert_eq!(last.nodes, result.nodes);
        assert!(last.time <= result.time);
    }

    /// `go nodes N` is N nodes for the whole search, not for each step.
    #[test]
    fn a_node_limit_is_for_the_whole_search() {
        let (_, result) = stepped_search(Limits {
            nodes: Some(20_000),
            ..Limits::default()
        });
        assert!(result.best_move.is_some());
        // The search checks the node count every few nodes: it may go a little over.
        assert!(result.nodes <= 20_000 + 2_048, "{} nodes", result.nodes);
        assert!(result.nodes >= 20_000, "{} nodes", result.nodes);
    }

    /// A search of so many nodes that fits in one step is the native search, node for node
    /// (and so a level plays in the browser as it was measured natively).
    #[test]
    fn a_node_limit_that_fits_in_a_step_is_the_native_search() {
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let (_, stepped) = stepped_search(limits.clone());
        let mut searcher = Searcher::new(1);
        searcher.set_hash(1).unwrap();
        let native = searcher.search(
            &outpost_board::Board::startpos(),
            &[],
            &limits,
            &SearchSignals::new(),
            |_| {},
        );
        assert_eq!(
            (stepped.best_move, stepped.depth, stepped.nodes, stepped.pv),
            (native.best_move, native.depth, native.nodes, native.pv)
        );
    }

    /// A level's nodes are for the whole search too: a level plays as weakly in the browser
    /// as natively, whatever the time to think.
    #[test]
    fn a_levels_nodes_are_for_the_whole_search() {
        let level = Level::from_elo(1600).unwrap();
        let budget = level.anchor().nodes;
        let (_, result) = stepped_search_at(
            Some(level),
            Limits {
                movetime: Some(Duration::from_secs(30)),
                ..Limits::default()
            },
        );
        assert!(result.best_move.is_some());
        assert!(result.nodes <= budget + 2_048, "{} nodes", result.nodes);
    }
}
