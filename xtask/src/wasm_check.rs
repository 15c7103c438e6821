//! `cargo xtask wasm-check`: the engine compiled to WebAssembly is the native engine. Builds
//! `crates/wasm` for wasm32, runs it under Node.js (`scripts/wasm-proof.cjs`), and compares
//! what it computes with the same functions built natively, line by line: `bench`'s node
//! count, the perft counts of the six standard positions and of subsets of the Chess960 and
//! Chess Fragments suites (each also against its published count), and the evaluation of
//! positions from random games of both rule sets.

use crate::args::WasmCheckOptions;
use crate::epd::workspace_root;
use crate::wasm_build::{build_engine, step};
use crate::Verdict;
use outpost_wasm::proof;
use std::process::Command;
use std::time::Instant;

/// The EPD files checked, with how many of their lines (all when `None`).
const SUITES: [(&str, Option<usize>); 3] = [
    ("data/perft-standard.epd", None),
    ("data/perft-chess960.epd", Some(40)),
    ("data/perft-fragments.epd", Some(20)),
];

/// Runs the check.
pub fn run(options: &WasmCheckOptions) -> Result<Verdict, String> {
    let root = workspace_root();
    let wasm = build_engine(&root)?;
    let glue = root.join("target/wasm-node");
    let mut bindgen = Command::new("wasm-bindgen");
    bindgen
        .args(["--target", "nodejs", "--no-typescript", "--out-dir"])
        .arg(&glue)
        .arg(&wasm);
    step("generate the glue for Node.js (wasm-bindgen)", bindgen)?;

    let specs: Vec<String> = SUITES
        .iter()
        .map(|(file, lines)| match lines {
            Some(lines) => format!("{file}:{lines}"),
            None => (*file).to_string(),
        })
        .collect();
    println!("wasm-check: running the WebAssembly build under Node.js");
    let wasm_started = Instant::now();
    let output = Command::new("node")
        .current_dir(&root)
        .arg("scripts/wasm-proof.cjs")
        .arg(&glue)
        .arg(options.max_nodes.to_string())
        .arg(options.seed.to_string())
        .arg(options.positions.to_string())
        .args(&specs)
        .output()
        .map_err(|error| format!("cannot run node: {error}"))?;
    let wasm_time = wasm_started.elapsed();
    if !output.status.success() {
        return Err(format!(
            "node failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let wasm: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| format!("node's answer is not JSON: {error}"))?;

    println!("wasm-check: the same natively");
    let mut failed = false;
    let native_started = Instant::now();
    let native_bench = proof::bench_nodes(12);
    let native_bench_ms = native_started.elapsed().as_millis().max(1);
    let wasm_bench = wasm["bench"].as_str().unwrap_or_default();
    let (wasm_nodes, wasm_ms) = wasm_bench.split_once(' ').unwrap_or(("?", "0"));
    let same = wasm_nodes == native_bench.to_string();
    failed |= !same;
    let ratio = (native_bench_ms as f64) / wasm_ms.parse::<f64>().unwrap_or(f64::INFINITY).max(1.0);
    println!(
        "{} bench: wasm {wasm_nodes} nodes in {wasm_ms} ms, native {native_bench} nodes in \
         {native_bench_ms} ms (wasm under Node.js at {ratio:.2}x native nodes per second)",
        mark(same)
    );
    for ((file, lines), spec) in SUITES.iter().zip(&specs) {
        let text = std::fs::read_to_string(root.join(file))
            .map_err(|error| format!("cannot read {file}: {error}"))?;
        let text = match lines {
            Some(lines) => text.lines().take(*lines).collect::<Vec<_>>().join("\n"),
            None => text,
        };
        let native = proof::perft_lines(&text, options.max_nodes);
        let from_wasm = wasm["perft"][spec].as_str().unwrap_or_default();
        let counts = native.lines().count();
        let published = native.lines().all(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words.len() >= 4 && words[words.len() - 2] == words[words.len() - 1]
        });
        let same = native == from_wasm && counts > 0;
        failed |= !same || !published;
        println!(
            "{} perft {spec}: {counts} counts, the same in wasm: {}, all the published ones: {}",
            mark(same && published),
            yes(same),
            yes(published)
        );
        if !same {
            report_first_difference(&native, from_wasm);
        }
    }
    let native = proof::evaluations(options.seed, options.positions);
    let from_wasm = wasm["evaluations"].as_str().unwrap_or_default();
    let same = native == from_wasm && native.lines().count() == options.positions;
    failed |= !same;
    println!(
        "{} evaluation of {} positions from random games (seed {}): {}",
        mark(same),
        options.positions,
        options.seed,
        if same { "the same" } else { "different" }
    );
    if !same {
        report_first_difference(&native, from_wasm);
    }
    println!(
        "wasm-check: {} ({:.1} s under Node.js)",
        if failed { "FAILED" } else { "the same engine" },
        wasm_time.as_secs_f64()
    );
    Ok(if failed {
        Verdict::Failed
    } else {
        Verdict::Passed
    })
}

fn mark(ok: bool) -> &'static str {
    if ok {
        "ok  "
    } else {
        "FAIL"
    }
}

fn yes(ok: bool) -> &'static str {
    if ok {
        "yes"
    } else {
        "no"
    }
}

/// Prints the first line where the two outputs differ.
fn report_first_difference(native: &str, wasm: &str) {
    let mut wasm_lines = wasm.lines();
    for (index, line) in native.lines().enumerate() {
        let other = wasm_lines.next().unwrap_or("(nothing)");
        if line != other {
            println!("      line {}: native {line:?}, wasm {other:?}", index + 1);
            return;
        }
    }
    println!("      wasm has more lines than native");
}
