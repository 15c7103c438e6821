//! The server over real sockets: HTTP for the page, a WebSocket per session, every message
//! type, every kind of bad input, two sessions at once, a full server, and a search stopped by
//! a disconnect.

use futures_util::{SinkExt, StreamExt};
use outpost_web::server::wait_for_sessions;
use outpost_web::{router, AppState, ServerConfig};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn start(max_sessions: usize) -> (SocketAddr, AppState) {
    let state = AppState::new(ServerConfig {
        max_sessions,
        ..ServerConfig::default()
    });
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = router(state.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (address, state)
}

async fn connect(address: SocketAddr) -> Socket {
    let (socket, _) = connect_async(format!("ws://{address}/ws")).await.unwrap();
    socket
}

/// The next JSON message (pings and the like skipped).
async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .expect("no error");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Reads until a message of `kind` (matching `check`) and returns it.
async fn until(socket: &mut Socket, kind: &str, check: impl Fn(&Value) -> bool) -> Value {
    loop {
        let message = next(socket).await;
        if message["type"] == kind && check(&message) {
            return message;
        }
    }
}

async fn send(socket: &mut Socket, message: Value) {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .unwrap();
}

async fn send_text(socket: &mut Socket, text: &str) {
    socket.send(Message::Text(text.into())).await.unwrap();
}

/// A new session past its greeting (hello and the start position).
async fn session(address: SocketAddr) -> Socket {
    let mut socket = connect(address).await;
    let hello = next(&mut socket).await;
    assert_eq!(hello["type"], "hello");
    assert_eq!(hello["count_positions"].as_array().unwrap().len(), 6);
    let state = next(&mut socket).await;
    assert_eq!(state["type"], "state");
    assert_eq!(state["legal"].as_array().unwrap().len(), 20);
    socket
}

async fn error(socket: &mut Socket) -> String {
    let message = next(socket).await;
    assert_eq!(message["type"], "error", "{message}");
    message["message"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_every_message_type() {
    let (address, _state) = start(8).await;
    let mut socket = session(address).await;

    send(&mut socket, json!({"type": "move", "uci": "e2e4"})).await;
    let state = next(&mut socket).await;
    assert_eq!(state["san"], json!(["e4"]));
    assert_eq!(state["side_to_move"], "b");

    send(&mut socket, json!({"type": "go", "think_ms": 200})).await;
    assert_eq!(next(&mut socket).await["thinking"], true);
    let info = until(&mut socket, "info", |_| true).await;
    assert_eq!(info["search"], "play");
    assert!(info["pv_san"]
        .as_array()
        .is_some_and(|line| !line.is_empty()));
    until(&mut socket, "best_move", |_| true).await;
    let state = until(&mut socket, "state", |_| true).await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);
    assert_eq!(state["thinking"], false);

    send(&mut socket, json!({"type": "go", "think_ms": 60000})).await;
    assert_eq!(next(&mut socket).await["thinking"], true);
    send(&mut socket, json!({"type": "stop"})).await;
    let state = until(&mut socket, "state", |_| true).await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 3);

    send(&mut socket, json!({"type": "take_back", "plies": 3})).await;
    let state = next(&mut socket).await;
    assert_eq!(state["moves"], json!([]));

    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    send(&mut socket, json!({"type": "new_game", "fen": fen})).await;
    assert_eq!(next(&mut socket).await["start_fen"], fen);
    send(&mut socket, json!({"type": "move", "uci": "a1a8"})).await;
    let state = next(&mut socket).await;
    assert_eq!(state["end"]["reason"], "checkmate, white wins");
    assert_eq!(state["check"], "g8");

    send(
        &mut socket,
        json!({"type": "load_pgn", "pgn": "1. e4 e5 2. Nf3 *"}),
    )
    .await;
    assert_eq!(next(&mut socket).await["san"], json!(["e4", "e5", "Nf3"]));
    send(
        &mut socket,
        json!({"type": "set_game", "moves": ["d2d4", "d7d5"]}),
    )
    .await;
    assert_eq!(next(&mut socket).await["san"], json!(["d4", "d5"]));

    send(&mut socket, json!({"type": "analyse", "on": true})).await;
    assert_eq!(next(&mut socket).await["analysing"], true);
    until(&mut socket, "info", |info| {
        info["multipv"] == 3 && info["search"] == "analysis"
    })
    .await;
    send(&mut socket, json!({"type": "analyse", "on": false})).await;
    until(&mut socket, "state", |state| state["analysing"] == false).await;

    send(&mut socket, json!({"type": "tables"})).await;
    let tables = next(&mut socket).await;
    assert_eq!(tables["pieces"].as_array().unwrap().len(), 6);

    send(
        &mut socket,
        json!({"type": "count", "position": 0, "max_depth": 3}),
    )
    .await;
    for depth in 1..=3 {
        let row = next(&mut socket).await;
        assert_eq!(row["type"], "count_row");
        assert_eq!(row["depth"], depth);
        assert_eq!(row["same"], true);
    }
    assert_eq!(next(&mut socket).await["reason"], "finished");
    send(&mut socket, json!({"type": "count"})).await;
    send(&mut socket, json!({"type": "stop_count"})).await;
    let done = until(&mut socket, "count_done", |_| true).await;
    assert_eq!(done["reason"], "stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_an_error_and_the_session_goes_on() {
    let (address, _state) = start(8).await;
    let mut socket = session(address).await;

    send_text(&mut socket, "{\"type\": ").await;
    assert!(error(&mut socket).await.starts_with("not JSON"));
    send_text(&mut socket, "[1, 2, 3]").await;
    assert!(error(&mut socket).await.contains("type"));
    send(&mut socket, json!({"type": "castle_queenside"})).await;
    assert_eq!(
        error(&mut socket).await,
        "unknown message type \"castle_queenside\""
    );
    send(&mut socket, json!({"type": "move", "uci": "e2e5"})).await;
    assert!(error(&mut socket).await.contains("e2e5"));
    send(&mut socket, json!({"type": "move", "uci": "🙂"})).await;
    error(&mut socket).await;
    send(&mut socket, json!({"type": "new_game", "fen": "not a fen"})).await;
    assert!(error(&mut socket).await.starts_with("FEN: "));
    // Two white kings: a position that cannot arise in a game.
    send(
        &mut socket,
        json!({"type": "new_game", "fen": "4k3/8/8/8/8/8/8/K3K3 w - - 0 1"}),
    )
    .await;
    assert!(error(&mut socket).await.starts_with("FEN: "));
    send(&mut socket, json!({"type": "go", "think_ms": 60001})).await;
    assert!(error(&mut socket).await.contains("60000"));
    send(&mut socket, json!({"type": "go", "think_ms": -5})).await;
    error(&mut socket).await;
    send(
        &mut socket,
        json!({"type": "load_pgn", "pgn": "1. e4 e5 2. Ke3 *"}),
    )
    .await;
    assert!(error(&mut socket).await.starts_with("PGN: "));
    send(&mut socket, json!({"type": "take_back", "plies": 1})).await;
    error(&mut socket).await;

    // Over 64 KiB, under the transport's limit: an error, and the session goes on.
    let big = json!({"type": "load_pgn", "pgn": "x".repeat(100_000)});
    send(&mut socket, big).await;
    assert!(error(&mut socket).await.contains("at most 65536 bytes"));
    socket
        .send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    assert!(error(&mut socket).await.contains("binary"));

    // A flood: one error for it, the rest dropped; then the session goes on.
    for _ in 0..300 {
        send(&mut socket, json!({"type": "tables"})).await;
    }
    let mut flood_errors = 0;
    let mut tables = 0;
    tokio::time::sleep(Duration::from_millis(200)).await;
    loop {
        match tokio::time::timeout(Duration::from_millis(500), next(&mut socket)).await {
            Ok(message) if message["type"] == "error" => {
                assert!(message["message"].as_str().unwrap().starts_with("too many"));
                flood_errors += 1;
            }
            Ok(message) => {
                assert_eq!(message["type"], "tables");
                tables += 1;
            }
            Err(_) => break,
        }
    }
    assert!(flood_errors >= 1, "{flood_errors} flood errors");
    assert!(tables < 300, "{tables} answered");
    tokio::time::sleep(Duration::from_secs(1)).await;

    send(&mut socket, json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(next(&mut socket).await["san"], json!(["e4"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess960_game_castles_and_the_engine_answers() {
    let (address, _state) = start(8).await;
    let mut socket = session(address).await;

    send(
        &mut socket,
        json!({"type": "new_game", "kind": "chess960", "number": 1000}),
    )
    .await;
    assert!(error(&mut socket).await.contains("0 to 959"));

    // Chess960 #3 is BQNNRKRB: the king put down on its rook (g1) castles.
    send(
        &mut socket,
        json!({"type": "new_game", "kind": "chess960", "number": 3}),
    )
    .await;
    let state = next(&mut socket).await;
    assert_eq!(state["chess960"], 3);
    assert!(state["picks"].as_array().unwrap().contains(&json!("f1g1")));
    send(&mut socket, json!({"type": "move", "uci": "f1g1"})).await;
    let state = next(&mut socket).await;
    assert_eq!(state["san"], json!(["O-O"]));
    assert_eq!(state["moves"], json!(["f1g1"]));

    send(&mut socket, json!({"type": "go", "think_ms": 200})).await;
    let state = until(&mut socket, "state", |state| {
        state["thinking"] == false && state["san"].as_array().unwrap().len() == 2
    })
    .await;
    let pgn = state["pgn"].as_str().unwrap();
    assert!(
        pgn.contains("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnnrkrb/"),
        "{pgn}"
    );
    assert!(pgn.contains("1. O-O"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess_fragments_game_over_the_websocket() {
    let (address, _state) = start(8).await;
    let mut socket = session(address).await;
    send(
        &mut socket,
        json!({"type": "new_game", "kind": "fragments"}),
    )
    .await;
    let state = next(&mut socket).await;
    assert_eq!(state["variant"], "fragments");
    assert_eq!(state["size"], 5);
    assert_eq!(state["fen"], "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1");
    send(&mut socket, json!({"type": "move", "uci": "b2b3"})).await;
    assert_eq!(next(&mut socket).await["san"], json!(["b3"]));
    send(&mut socket, json!({"type": "go", "think_ms": 200})).await;
    let state = until(&mut socket, "state", |state| {
        state["thinking"] == false && state["san"].as_array().unwrap().len() == 2
    })
    .await;
    let pgn = state["pgn"].as_str().unwrap();
    assert!(
        pgn.contains("[Variant \"fragments\"]\n[SetUp \"1\"]\n[FEN \"cnbqk/"),
        "{pgn}"
    );
    // A standard position is refused in a Fragments game, with the board's words.
    send(
        &mut socket,
        json!({"type": "new_game", "kind": "fragments",
               "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}),
    )
    .await;
    assert!(error(&mut socket).await.contains("not of Chess Fragments"));
    send(&mut socket, json!({"type": "tables", "rules": "fragments"})).await;
    let tables = next(&mut socket).await;
    assert_eq!(tables["size"], 5);
    assert_eq!(tables["pieces"][3]["piece"], "right");
    assert_eq!(
        tables["pieces"][3]["middlegame"].as_array().unwrap().len(),
        25
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sessions_think_at_once() {
    let (address, state) = start(8).await;
    let mut first = session(address).await;
    let mut second = session(address).await;
    assert_eq!(state.sessions(), 2);
    send(&mut first, json!({"type": "move", "uci": "e2e4"})).await;
    send(&mut second, json!({"type": "move", "uci": "d2d4"})).await;
    next(&mut first).await;
    next(&mut second).await;
    send(&mut first, json!({"type": "go", "think_ms": 300})).await;
    send(&mut second, json!({"type": "go", "think_ms": 300})).await;
    let one = until(&mut first, "state", |state| state["thinking"] == false).await;
    let two = until(&mut second, "state", |state| state["thinking"] == false).await;
    assert_eq!(one["moves"][0], "e2e4");
    assert_eq!(two["moves"][0], "d2d4");
    assert_eq!(one["moves"].as_array().unwrap().len(), 2);
    assert_eq!(two["moves"].as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disconnect_stops_the_search_and_frees_the_place() {
    let (address, state) = start(1).await;
    let mut socket = session(address).await;
    send(&mut socket, json!({"type": "go", "think_ms": 60000})).await;
    assert_eq!(next(&mut socket).await["thinking"], true);
    until(&mut socket, "info", |_| true).await;

    // A full server says so.
    let mut refused = connect(address).await;
    assert!(error(&mut refused).await.contains("full"));

    drop(socket);
    // The session ends only once its search thread has stopped and been joined.
    assert!(wait_for_sessions(&state, 0).await);
    let mut again = session(address).await;
    send(&mut again, json!({"type": "move", "uci": "g1f3"})).await;
    assert_eq!(next(&mut again).await["san"], json!(["Nf3"]));
}

/// A raw HTTP request, so that no client tidies the path first.
async fn http_get(address: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    (status, response)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_nothing_outside_it_is_served() {
    let (address, _state) = start(8).await;
    let (status, page) = http_get(address, "/").await;
    assert_eq!(status, 200);
    assert!(page.contains("text/html"));
    assert!(page.contains("<title>Outpost</title>"));
    for path in [
        "/app.js",
        "/app.css",
        "/vendor/cm-chessboard/src/Chessboard.js",
        "/vendor/cm-chessboard/assets/pieces/standard.svg",
    ] {
        assert_eq!(http_get(address, path).await.0, 200, "{path}");
    }
    for path in [
        "/../Cargo.toml",
        "/../../../etc/passwd",
        "/%2e%2e/%2e%2e/Cargo.toml",
        "/vendor/../../src/lib.rs",
        "/src/lib.rs",
        "/assets/index.html",
        "//etc/passwd",
    ] {
        assert_eq!(http_get(address, path).await.0, 404, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_another_site_cannot_open_a_session() {
    let (address, state) = start(8).await;
    let mut request = format!("ws://{address}/ws").into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Origin", "https://example.org".parse().unwrap());
    assert!(connect_async(request).await.is_err());
    assert_eq!(state.sessions(), 0);
    let mut request = format!("ws://{address}/ws").into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Origin", format!("http://{address}").parse().unwrap());
    assert!(connect_async(request).await.is_ok());
}
