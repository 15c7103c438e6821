//! The `uci` binary: the Outpost engine speaking UCI on stdin/stdout.

use std::io::{self, Write};

fn main() {
    if std::env::args().nth(1).as_deref() == Some("bench") {
        let mut out = io::stdout();
        outpost_uci::bench(&mut out);
        let _ = out.flush();
        return;
    }
    let mut engine = outpost_uci::Engine::new(io::stdout());
    engine.run(io::stdin().lock());
}
