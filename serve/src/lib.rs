//! `shuriken serve`: a local web server (axum on tokio) with a compiled-in page to play and
//! analyse the five games against the engine or over the board.
//!
//! The page holds no rules: legal moves, captures, SAN, FEN, PGN and the game's end come from
//! movegen and runner through the WebSocket protocol of [`protocol`]; the board is the project's
//! own SVG from `view`; engine searches run on the typed engine core in a bounded [`pool`].

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

pub mod assets;
pub mod pool;
pub mod protocol;
pub mod rules_page;
pub mod search;
pub mod server;
pub mod session;
pub mod tree;

use std::net::{IpAddr, SocketAddr};

/// Options of `shuriken serve`.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Address to bind.
    pub bind: IpAddr,
    /// Port (0 picks a free one).
    pub port: u16,
}

/// Runs the server until the process ends: prints the address to open (and a warning when bound
/// beyond loopback) on standard output.
pub fn run(opts: &ServeOptions) -> Result<(), server::ServeError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let addr = SocketAddr::new(opts.bind, opts.port);
    if server::beyond_loopback(opts.bind) {
        eprintln!(
            "warning: binding to {} makes the server reachable from other machines; it has no \
             authentication. Use --bind 127.0.0.1 unless you mean it.",
            opts.bind
        );
    }
    rt.block_on(server::serve(
        addr,
        pool::EnginePool::default_size(),
        |bound| {
            let shown = if bound.ip().is_unspecified() {
                SocketAddr::new(IpAddr::from([127, 0, 0, 1]), bound.port())
            } else {
                bound
            };
            println!("shuriken serve: open http://{shown}/ in a browser (Ctrl-C stops the server)");
        },
    ))
}
