//! `outpost-web` (package `web`): serves Outpost's page at http://127.0.0.1:8080 (see `--help`).

use clap::Parser;
use outpost_web::{router, AppState, ServerConfig};
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;

/// Serves Outpost's web page: play the engine in the browser, watch it think, analyse, count
/// perft and look at its evaluation. Open the address it prints.
#[derive(Debug, Parser)]
#[command(name = "outpost-web", version)]
struct Options {
    /// Address to listen on; anything but this machine's own lets other machines use the
    /// engine, and a warning is printed
    #[arg(long, value_name = "HOST", default_value = "127.0.0.1")]
    host: String,
    /// Port (0 picks a free one)
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    port: u16,
    /// Search threads of each session
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Hash table of each session, MiB
    #[arg(long, value_name = "MIB", default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash: u32,
    /// Hash tables of all sessions together, MiB: each session's is at most this divided by
    /// --max-sessions
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..=1048576))]
    hash_total: u32,
    /// Search threads running at once, all sessions together (default: this machine's
    /// cores); the others take turns
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    cores: Option<u16>,
    /// Browser tabs served at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    max_sessions: u16,
}

impl Options {
    /// The server's settings.
    fn config(&self) -> ServerConfig {
        let mut config = ServerConfig::default();
        config.session.threads = usize::from(self.threads);
        config.session.hash_mib = self.hash as usize;
        config.max_sessions = usize::from(self.max_sessions);
        config.hash_total_mib = self.hash_total as usize;
        if let Some(cores) = self.cores {
            config.cores = usize::from(cores);
        }
        config
    }
}

fn main() -> ExitCode {
    // Bad arguments: clap's message and exit code 2; --help and --version: exit code 0.
    let options = Options::parse();
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
                "outpost-web: cannot listen on {}:{}: {error}",
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
            options.max_sessions
        );
    }
    println!("Outpost is at http://{local}");
    let app = router(AppState::new(options.config()));
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

    fn parse(text: &str) -> Result<Options, clap::Error> {
        Options::try_parse_from(std::iter::once("outpost-web").chain(text.split_whitespace()))
    }

    #[test]
    fn options_and_their_defaults() {
        let options = parse("").unwrap();
        assert_eq!((options.host.as_str(), options.port), ("127.0.0.1", 8080));
        assert_eq!(options.config().max_sessions, 8);
        assert_eq!(
            options.config().session,
            outpost_web::session::SessionConfig::default()
        );
        let options =
            parse("--host 0.0.0.0 --port 0 --threads 2 --hash 64 --max-sessions 3").unwrap();
        assert_eq!(options.host, "0.0.0.0");
        assert_eq!(options.port, 0);
        let config = options.config();
        assert_eq!(config.session.threads, 2);
        assert_eq!(config.session.hash_mib, 64);
        assert_eq!(config.max_sessions, 3);
        // The default --hash-total (256 MiB) leaves each of 3 sessions its 64 MiB.
        assert_eq!(config.session_config().hash_mib, 64);
        let config = parse("--max-sessions 64 --hash-total 256 --cores 3")
            .unwrap()
            .config();
        assert_eq!(config.session_config().hash_mib, 4);
        assert_eq!(config.cores, 3);
        // The default for one player: 8 sessions of 16 MiB.
        let config = parse("").unwrap().config();
        assert_eq!(config.session_config().hash_mib, 16);
        assert!(config.cores >= 1);
        assert_eq!(
            parse("--help").unwrap_err().kind(),
            clap::error::ErrorKind::DisplayHelp
        );
    }

    #[test]
    fn bad_options_are_explained() {
        for bad in [
            "--port 70000",
            "--threads 0",
            "--hash",
            "--colour blue",
            "--hash 0",
            "--hash-total 0",
            "--cores 0",
        ] {
            let error = parse(bad).unwrap_err();
            assert_eq!(error.exit_code(), 2, "{bad}");
            let flag = bad.split_whitespace().next().unwrap();
            assert!(error.to_string().contains(flag), "{bad}: {error}");
        }
    }

    #[test]
    fn loopback_addresses() {
        assert!(is_loopback("127.0.0.1".parse().unwrap()));
        assert!(is_loopback("::1".parse().unwrap()));
        assert!(!is_loopback("0.0.0.0".parse().unwrap()));
        assert!(!is_loopback("192.0.2.1".parse().unwrap()));
    }
}
