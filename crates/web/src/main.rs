//! `outpost-web` (package `web`): serves Outpost's page at http://127.0.0.1:8080 (see `--help`).

use outpost_web::{router, AppState, ServerConfig};
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;

const USAGE: &str = "\
Usage: outpost-web [--host HOST] [--port PORT] [--threads N] [--hash MIB] [--max-sessions N]

Serves Outpost's web page: play the engine in the browser, watch it think, analyse,
count perft and look at its evaluation. Open the address it prints.

  --host HOST         address to listen on (default 127.0.0.1; anything else lets other
                      machines use the engine, and a warning is printed)
  --port PORT         port (default 8080; 0 picks a free one)
  --threads N         search threads of each session (default 1)
  --hash MIB          hash table of each session in MiB (default 16)
  --max-sessions N    browser tabs served at once (default 8)
  --help              this text";

/// The command line.
#[derive(Debug)]
struct Options {
    host: String,
    port: u16,
    config: ServerConfig,
}

fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut options = Options {
        host: "127.0.0.1".to_string(),
        port: 8080,
        config: ServerConfig::default(),
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |low: usize, high: usize| -> Result<usize, String> {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| format!("{flag} takes a number from {low} to {high}, not {value:?}"))
        };
        match flag.as_str() {
            "--host" => options.host = value.clone(),
            "--port" => options.port = number(0, 65535)? as u16,
            "--threads" => options.config.session.threads = number(1, 256)?,
            "--hash" => options.config.session.hash_mib = number(1, 65536)?,
            "--max-sessions" => options.config.max_sessions = number(1, 1024)?,
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(Some(options))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("outpost-web: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("outpost-web: cannot start: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(serve(options))
}

async fn serve(options: Options) -> ExitCode {
    let address = (options.host.as_str(), options.port);
    let listener = match tokio::net::TcpListener::bind(address).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!(
                "web: cannot listen on {}:{}: {error}",
                options.host, options.port
            );
            return ExitCode::FAILURE;
        }
    };
    let local: SocketAddr = match listener.local_addr() {
        Ok(local) => local,
        Err(error) => {
            eprintln!("outpost-web: {error}");
            return ExitCode::FAILURE;
        }
    };
    if !is_loopback(local.ip()) {
        eprintln!(
            "warning: listening on {}, not on this machine alone: anyone who can reach it can \
             use the engine (up to {} sessions)",
            local.ip(),
            options.config.max_sessions
        );
    }
    println!("Outpost is at http://{local}");
    let app = router(AppState::new(options.config));
    if let Err(error) = axum::serve(listener, app).await {
        eprintln!("outpost-web: {error}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn options_and_their_defaults() {
        let options = parse(&args("")).unwrap().unwrap();
        assert_eq!((options.host.as_str(), options.port), ("127.0.0.1", 8080));
        assert_eq!(options.config.max_sessions, 8);
        let options = parse(&args(
            "--host 0.0.0.0 --port 0 --threads 2 --hash 64 --max-sessions 3",
        ))
        .unwrap()
        .unwrap();
        assert_eq!(options.host, "0.0.0.0");
        assert_eq!(options.port, 0);
        assert_eq!(options.config.session.threads, 2);
        assert_eq!(options.config.session.hash_mib, 64);
        assert_eq!(options.config.max_sessions, 3);
        assert!(parse(&args("--help")).unwrap().is_none());
    }

    #[test]
    fn bad_options_are_explained() {
        assert!(parse(&args("--port 70000"))
            .unwrap_err()
            .contains("0 to 65535"));
        assert!(parse(&args("--threads 0"))
            .unwrap_err()
            .contains("--threads"));
        assert!(parse(&args("--hash"))
            .unwrap_err()
            .contains("needs a value"));
        assert!(parse(&args("--colour blue"))
            .unwrap_err()
            .contains("unknown option"));
    }

    #[test]
    fn loopback_addresses() {
        assert!(is_loopback("127.0.0.1".parse().unwrap()));
        assert!(is_loopback("::1".parse().unwrap()));
        assert!(!is_loopback("0.0.0.0".parse().unwrap()));
        assert!(!is_loopback("192.0.2.1".parse().unwrap()));
    }
}
