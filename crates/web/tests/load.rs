//! The server under load, briefly: `outpost-web` started on a free loopback port with 8
//! sessions, 8 WebSockets each playing against the engine at 500 ms a move for 10 s. Every
//! engine move must come, without an error, well within its think time plus 0.5 s. The full
//! measurement (64 tabs for a minute) is the `load` example; its client is this test's.

#[path = "../examples/load/client.rs"]
#[allow(dead_code)]
mod client;

use client::{run, LoadOptions};
use std::path::PathBuf;
use std::time::Duration;

#[test]
fn eight_tabs_playing_at_once_get_every_move_on_time() {
    let options = LoadOptions {
        server: PathBuf::from(env!("CARGO_BIN_EXE_outpost-web")),
        server_args: Vec::new(),
        tabs: 8,
        duration: Duration::from_secs(10),
        think_ms: 500,
        seed: 7,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let report = runtime.block_on(run(&options)).unwrap();
    println!("{}", report.text());
    assert!(report.errors.is_empty(), "{}", report.text());
    // 8 tabs × 10 s at about half a second a move (a busy machine answers fewer).
    assert!(report.moves >= 8 * 5, "{}", report.text());
    assert!(report.infos > 0, "{}", report.text());
    // The goal is 0.5 s; a machine shared with other work gets a margin.
    assert!(report.quantile(0.99) <= 0.5, "{}", report.text());
    assert!(report.worst() <= 1.0, "{}", report.text());
    // The server's memory: 8 tables of 16 MiB (the default --hash-total of 256 MiB allows
    // them) and the rest.
    assert!(report.rss_peak_kib < 400 * 1024, "{}", report.text());
}
