//! The HTTP and WebSocket server: the embedded page at every path it has, a session per
//! WebSocket at `/ws`, at most [`ServerConfig::max_sessions`] at once.

use crate::assets::asset;
use crate::mailbox::Mailbox;
use crate::protocol::ServerMessage;
use crate::session::{Notify, Session, SessionConfig, SessionEvent, MAX_MESSAGE_BYTES};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use outpost_search::CpuGate;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Messages larger than this close the connection (the WebSocket layer refuses them); those
/// between [`MAX_MESSAGE_BYTES`] and this get an error message and the session goes on.
const MAX_TRANSPORT_BYTES: usize = 1024 * 1024;

/// A session may send this many messages at once…
const FLOOD_BURST: f64 = 40.0;
/// …and this many a second after that; more are answered with an error and dropped.
const FLOOD_RATE: f64 = 20.0;

/// The hash tables of all sessions together, MiB, unless the operator says otherwise: at the
/// default 8 sessions each still has the default 16 MiB.
pub const DEFAULT_HASH_TOTAL_MIB: usize = 256;

/// How the server is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    /// The most sessions (browser tabs) at once.
    pub max_sessions: usize,
    /// Each session's search (its table at most `hash_mib`: see
    /// [`ServerConfig::session_config`]).
    pub session: SessionConfig,
    /// The hash tables of all sessions together, MiB: each session's table is at most this
    /// divided by [`ServerConfig::max_sessions`].
    pub hash_total_mib: usize,
    /// Search threads that run at once, all sessions together (the cores they share; at least
    /// a session's [`SessionConfig::threads`]); the others wait for their turn (see
    /// [`CpuGate`]).
    pub cores: usize,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            max_sessions: 8,
            session: SessionConfig::default(),
            hash_total_mib: DEFAULT_HASH_TOTAL_MIB,
            cores: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

impl ServerConfig {
    /// Each session's settings: its table is the one asked for, or less where
    /// `hash_total_mib` shared by `max_sessions` gives less (at least 1 MiB).
    pub fn session_config(&self) -> SessionConfig {
        let share = (self.hash_total_mib / self.max_sessions.max(1)).max(1);
        SessionConfig {
            hash_mib: self.session.hash_mib.min(share).max(1),
            ..self.session
        }
    }
}

/// What the handlers share.
#[derive(Clone)]
pub struct AppState {
    config: ServerConfig,
    sessions: Arc<AtomicUsize>,
    /// Where the search threads of all sessions take turns.
    gate: Arc<CpuGate>,
}

impl AppState {
    /// A server state with no session.
    pub fn new(config: ServerConfig) -> AppState {
        AppState {
            config,
            sessions: Arc::new(AtomicUsize::new(0)),
            // A session's own threads always run at once (one player sees no change).
            gate: CpuGate::new(config.cores.max(config.session.threads)),
        }
    }

    /// Sessions open now (a session counts until its search and count threads have ended).
    pub fn sessions(&self) -> usize {
        self.sessions.load(Ordering::SeqCst)
    }

    /// Takes a session place, if one is free.
    fn enter(&self) -> Option<SessionPlace> {
        let max = self.config.max_sessions;
        self.sessions
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |open| {
                (open < max).then_some(open + 1)
            })
            .ok()
            .map(|_| SessionPlace(Arc::clone(&self.sessions)))
    }
}

/// A place among the sessions, given back when dropped.
struct SessionPlace(Arc<AtomicUsize>);

impl Drop for SessionPlace {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The server's routes: `/ws` and the embedded files.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/ws", get(websocket))
        .fallback(get(file))
        .with_state(state)
}

/// An embedded file, or 404.
async fn file(uri: Uri) -> Response {
    match asset(uri.path()) {
        Some((bytes, content_type)) => (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// `true` when the request comes from a page of this server (or from no page at all): a page
/// of another site must not use the engine through the visitor's browser.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|origin| origin.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    matches!((origin_host, host), (Some(origin), Some(host)) if origin.eq_ignore_ascii_case(host))
}

async fn websocket(
    State(state): State<AppState>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "cross-origin WebSocket refused").into_response();
    }
    upgrade
        .max_message_size(MAX_TRANSPORT_BYTES)
        .max_frame_size(MAX_TRANSPORT_BYTES)
        .on_upgrade(move |socket| serve_socket(socket, state))
}

async fn send(socket: &mut WebSocket, message: &ServerMessage) -> bool {
    socket
        .send(Message::Text(message.to_json().into()))
        .await
        .is_ok()
}

/// Counts messages against a token bucket.
struct FloodGuard {
    tokens: f64,
    last: Instant,
    /// The page was told it sends too much (told once per flood).
    told: bool,
}

impl FloodGuard {
    fn new() -> FloodGuard {
        FloodGuard {
            tokens: FLOOD_BURST,
            last: Instant::now(),
            told: false,
        }
    }

    /// `Ok` when the message may be handled; `Err(true)` when it is dropped and the page is
    /// to be told, `Err(false)` when dropped silently (already told).
    fn admit(&mut self) -> Result<(), bool> {
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * FLOOD_RATE).min(FLOOD_BURST);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.told = false;
            Ok(())
        } else {
            Err(!std::mem::replace(&mut self.told, true))
        }
    }
}

/// One WebSocket: a session until the page goes away.
async fn serve_socket(mut socket: WebSocket, state: AppState) {
    let Some(place) = state.enter() else {
        let open = state.config.max_sessions;
        let message = ServerMessage::error(format!(
            "the server is full: {open} {} open; close a tab and reload",
            if open == 1 {
                "session is"
            } else {
                "sessions are"
            }
        ));
        send(&mut socket, &message).await;
        let _ = socket.send(Message::Close(None)).await;
        return;
    };
    // The session's threads leave their events here; the lines of a search that the task has
    // not sent yet are replaced by newer ones (see `Mailbox`).
    let mailbox = Arc::new(Mailbox::new());
    let poster = Arc::clone(&mailbox);
    let notify: Notify = Arc::new(move |event: SessionEvent| poster.post(event));
    let config = state.config.session_config();
    let gate = Arc::clone(&state.gate);
    let Ok(mut session) =
        tokio::task::spawn_blocking(move || Session::sharing(config, notify, Some(gate))).await
    else {
        return;
    };
    let mut open = true;
    for message in session.greeting() {
        open &= send(&mut socket, &message).await;
    }
    let mut flood = FloodGuard::new();
    while open {
        let answers = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => match flood.admit() {
                    Ok(()) if text.len() > MAX_MESSAGE_BYTES => vec![ServerMessage::error(format!(
                        "message of {} bytes refused: at most {MAX_MESSAGE_BYTES} bytes",
                        text.len()
                    ))],
                    Ok(()) => session.handle_text(text.as_str()),
                    Err(true) => vec![ServerMessage::error(format!(
                        "too many messages: at most {FLOOD_RATE} a second; some were dropped"
                    ))],
                    Err(false) => Vec::new(),
                },
                Some(Ok(Message::Binary(_))) => match flood.admit() {
                    Err(false) => Vec::new(),
                    _ => vec![ServerMessage::error("binary messages are not understood: send JSON text")],
                },
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            events = mailbox.take() => events
                .into_iter()
                .flat_map(|event| session.on_event(event))
                .collect(),
        };
        for message in &answers {
            if !send(&mut socket, message).await {
                open = false;
                break;
            }
        }
    }
    // The search and the count stop and their threads end before the place is given back.
    let _ = tokio::task::spawn_blocking(move || drop(session)).await;
    drop(place);
}

/// How long [`wait_for_sessions`] waits at most.
pub const SESSION_END_TIMEOUT: Duration = Duration::from_secs(10);

/// Waits until at most `open` sessions are open (for tests and shutdown), or the timeout.
pub async fn wait_for_sessions(state: &AppState, open: usize) -> bool {
    let deadline = Instant::now() + SESSION_END_TIMEOUT;
    while state.sessions() > open {
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn a_flood_is_told_once_and_then_admitted_again() {
        let mut guard = FloodGuard::new();
        for _ in 0..FLOOD_BURST as usize {
            assert_eq!(guard.admit(), Ok(()));
        }
        assert_eq!(guard.admit(), Err(true));
        assert_eq!(guard.admit(), Err(false));
        guard.last -= Duration::from_secs(1);
        assert_eq!(guard.admit(), Ok(()));
    }

    #[test]
    fn only_pages_of_this_server_may_open_a_session() {
        let headers = |origin: Option<&'static str>| {
            let mut headers = HeaderMap::new();
            headers.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
            if let Some(origin) = origin {
                headers.insert(header::ORIGIN, HeaderValue::from_static(origin));
            }
            headers
        };
        assert!(same_origin(&headers(None)));
        assert!(same_origin(&headers(Some("http://127.0.0.1:8080"))));
        assert!(!same_origin(&headers(Some("https://example.org"))));
        assert!(!same_origin(&headers(Some("http://127.0.0.1:9999"))));
        assert!(!same_origin(&headers(Some("null"))));
    }

    #[test]
    fn places_are_counted_and_given_back() {
        let state = AppState::new(ServerConfig {
            max_sessions: 2,
            ..ServerConfig::default()
        });
        let first = state.enter();
        let second = state.enter();
        assert!(first.is_some() && second.is_some());
        assert!(state.enter().is_none());
        drop(first);
        assert_eq!(state.sessions(), 1);
        assert!(state.enter().is_some());
    }
}
