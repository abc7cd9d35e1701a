//! The HTTP and WebSocket server (axum on tokio): the compiled-in page at `/`, its script and
//! style, and `/ws` for the game. The WebSocket's `Origin` must be the server's own address, and
//! messages are capped at [`MAX_MESSAGE_BYTES`].

use crate::assets;
use crate::pool::{EngineEvent, EnginePool};
use crate::protocol::{parse_client, ClientMsg, ServerMsg, MAX_MESSAGE_BYTES};
use crate::session::Session;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Sessions kept for reloads; the least recently used detached one goes first beyond this.
pub const MAX_SESSIONS: usize = 512;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The server stopped with an error.
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}

struct Stored {
    session: Arc<Mutex<Session>>,
    last_used: Instant,
    attached: bool,
}

/// What every connection shares.
pub struct AppState {
    pool: Arc<EnginePool>,
    sessions: Mutex<HashMap<String, Stored>>,
    /// Host names (with port) whose pages may open the WebSocket.
    allowed_hosts: Vec<String>,
}

impl AppState {
    /// State for a server reached at `addr`, with this engine pool.
    pub fn new(addr: SocketAddr, pool: Arc<EnginePool>) -> Arc<AppState> {
        let port = addr.port();
        let mut allowed_hosts = vec![format!("{}", addr)];
        if addr.ip().is_loopback() || addr.ip().is_unspecified() {
            allowed_hosts.push(format!("localhost:{port}"));
            allowed_hosts.push(format!("127.0.0.1:{port}"));
            allowed_hosts.push(format!("[::1]:{port}"));
        }
        Arc::new(AppState {
            pool,
            sessions: Mutex::new(HashMap::new()),
            allowed_hosts,
        })
    }

    /// Is a WebSocket from a page of this origin allowed? The origin's host must be the address
    /// the server was reached at (the `Host` header), and that host one of the server's own.
    fn origin_ok(&self, headers: &HeaderMap) -> bool {
        let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
        let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
        let (Some(origin), Some(host)) = (origin, host) else {
            // Not a browser (no Origin): a local tool such as the load test.
            return origin.is_none();
        };
        let Some(origin_host) = origin.strip_prefix("http://") else {
            return false;
        };
        let host_ok = self.allowed_hosts.iter().any(|h| h == host)
            || self.allowed_hosts.iter().any(|h| {
                // Bound to 0.0.0.0 or another interface: the Host is the machine's address.
                h.starts_with("0.0.0.0:") || h.starts_with("[::]:")
            });
        origin_host == host && host_ok
    }

    /// Finds the session of `token` (marking it attached) or makes a new one.
    fn session_for(&self, token: Option<&str>) -> Arc<Mutex<Session>> {
        let mut map = self.sessions.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = token.and_then(|t| map.get_mut(t)) {
            s.last_used = Instant::now();
            s.attached = true;
            return s.session.clone();
        }
        if map.len() >= MAX_SESSIONS {
            let oldest = map
                .iter()
                .filter(|(_, s)| !s.attached)
                .min_by_key(|(_, s)| s.last_used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                map.remove(&k);
            }
        }
        let session = Arc::new(Mutex::new(Session::new(self.pool.clone())));
        let token = lock(&session).token().to_string();
        map.insert(
            token,
            Stored {
                session: session.clone(),
                last_used: Instant::now(),
                attached: true,
            },
        );
        session
    }

    fn release(&self, token: &str) {
        let mut map = self.sessions.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = map.get_mut(token) {
            s.attached = false;
            s.last_used = Instant::now();
        }
    }
}

fn lock(s: &Mutex<Session>) -> std::sync::MutexGuard<'_, Session> {
    s.lock().unwrap_or_else(|p| p.into_inner())
}

/// The router: page, assets and WebSocket.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", assets::INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", assets::APP_JS) }),
        )
        .route(
            "/app.css",
            get(|| async { asset("text/css; charset=utf-8", assets::APP_CSS) }),
        )
        .route("/rules", get(|| async { rules() }))
        .route(
            "/favicon.svg",
            get(|| async { asset("image/svg+xml", assets::FAVICON_SVG) }),
        )
        .route("/ws", get(ws_upgrade))
        .with_state(state)
}

fn asset(mime: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

fn rules() -> Response {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let page = PAGE.get_or_init(crate::rules_page::html).as_str();
    asset("text/html; charset=utf-8", page)
}

async fn ws_upgrade(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !state.origin_ok(&headers) {
        return (
            StatusCode::FORBIDDEN,
            "WebSocket refused: the page's Origin is not this server",
        )
            .into_response();
    }
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(socket, state))
}

/// One page's connection: requests in, replies and engine events out, until the page goes.
async fn connection(socket: WebSocket, state: Arc<AppState>) {
    let (mut sink, mut stream) = socket.split();
    let (ev_tx, mut ev_rx) = mpsc::unbounded_channel::<EngineEvent>();
    let mut session: Option<Arc<Mutex<Session>>> = None;
    let mut token = String::new();
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    loop {
        let replies: Vec<ServerMsg> = tokio::select! {
            msg = stream.next() => match msg {
                Some(Ok(Message::Text(text))) => {
                    match parse_client(text.as_str()) {
                        Err(e) => vec![ServerMsg::error(e)],
                        Ok(ClientMsg::Hello { token: t }) if session.is_none() => {
                            let s = state.session_for(t.as_deref());
                            let mut g = lock(&s);
                            token = g.token().to_string();
                            let out = g.attach(ev_tx.clone());
                            drop(g);
                            session = Some(s);
                            out
                        }
                        Ok(m) => match &session {
                            Some(s) => lock(s).handle(m),
                            None => vec![ServerMsg::error("say hello first")],
                        },
                    }
                }
                Some(Ok(Message::Binary(_))) => vec![ServerMsg::error("binary messages are not understood")],
                Some(Ok(_)) => Vec::new(),
                Some(Err(_)) | None => break,
            },
            Some(ev) = ev_rx.recv() => match &session {
                Some(s) => lock(s).on_event(ev),
                None => Vec::new(),
            },
            _ = tick.tick() => match &session {
                Some(s) => lock(s).tick(),
                None => Vec::new(),
            },
        };
        for r in replies {
            if sink.send(Message::Text(r.to_json().into())).await.is_err() {
                break;
            }
        }
    }
    if let Some(s) = session {
        lock(&s).detach();
        state.release(&token);
    }
}

/// Is binding to this address beyond the machine itself?
pub fn beyond_loopback(ip: IpAddr) -> bool {
    !ip.is_loopback()
}

/// Binds `addr` and serves until the process ends. `on_ready` gets the bound address.
pub async fn serve(
    addr: SocketAddr,
    pool: Arc<EnginePool>,
    on_ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let bound = listener.local_addr()?;
    let state = AppState::new(bound, pool);
    on_ready(bound);
    axum::serve(listener, router(state)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn websocket_origin_must_be_the_server() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let _g = rt.enter();
        let st = AppState::new("127.0.0.1:8080".parse().unwrap(), EnginePool::new(1, 1));
        let ok = |o, h| st.origin_ok(&headers(o, h));
        assert!(ok(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"));
        assert!(ok(Some("http://localhost:8080"), "localhost:8080"));
        // Another site's page, or a rebound DNS name, may not drive the engine.
        assert!(!ok(Some("http://evil.example"), "127.0.0.1:8080"));
        assert!(!ok(Some("http://evil.example:8080"), "evil.example:8080"));
        assert!(!ok(Some("http://127.0.0.1:9999"), "127.0.0.1:8080"));
        assert!(!ok(Some("null"), "127.0.0.1:8080"));
        // A tool without Origin (the load test) is let in.
        assert!(ok(None, "127.0.0.1:8080"));
    }

    #[test]
    fn loopback_is_not_beyond() {
        assert!(!beyond_loopback("127.0.0.1".parse().unwrap()));
        assert!(!beyond_loopback("::1".parse().unwrap()));
        assert!(beyond_loopback("0.0.0.0".parse().unwrap()));
        assert!(beyond_loopback("192.168.1.2".parse().unwrap()));
    }
}
