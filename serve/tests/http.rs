//! The server over real sockets: the page, the WebSocket's Origin check, the size cap, and a game
//! message round trip.

use futures_util::{SinkExt, StreamExt};
use serve::pool::EnginePool;
use std::net::SocketAddr;
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Message};

async fn start() -> SocketAddr {
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let _ = serve::server::serve(
            "127.0.0.1:0".parse().unwrap(),
            EnginePool::new(1, 2),
            move |a| {
                let _ = tx.send(a);
            },
        )
        .await;
    });
    rx.await.unwrap()
}

async fn get(addr: SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn page_origin_and_messages() {
    let addr = start().await;
    let page = get(addr, "/").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<script src=\"/app.js\">"));
    assert!(get(addr, "/app.js").await.contains("window.shuriken"));
    assert!(get(addr, "/rules")
        .await
        .contains("<a id=\"titan-pawn\"></a>"));
    assert!(get(addr, "/nothing").await.starts_with("HTTP/1.1 404"));

    // A page from another origin is refused.
    let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
    req.headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    let Err(err) = tokio_tungstenite::connect_async(req).await else {
        panic!("a WebSocket from another origin was accepted");
    };
    assert!(err.to_string().contains("403"), "{err}");

    // The server's own page gets in and plays.
    let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
    req.headers_mut()
        .insert("Origin", format!("http://{addr}").parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    ws.send(Message::text(r#"{"type":"hello"}"#)).await.unwrap();
    let v = recv_type(&mut ws, "state").await;
    assert_eq!(v["variant"], "titan");
    ws.send(Message::text(r#"{"type":"play","uci":"nonsense"}"#))
        .await
        .unwrap();
    let e = recv_type(&mut ws, "error").await;
    assert!(e["message"].as_str().unwrap().contains("nonsense"));
    ws.send(Message::text(r#"{"type":"legal"}"#)).await.unwrap();
    let l = recv_type(&mut ws, "legal").await;
    assert!(l["moves"].as_array().unwrap().len() > 20);
    // Over the size cap: the connection is closed.
    let big = format!(
        r#"{{"type":"pgn_in","pgn":"{}"}}"#,
        "x".repeat(serve::protocol::MAX_MESSAGE_BYTES)
    );
    let _ = ws.send(Message::text(big)).await;
    let closed = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(closed, Ok(true));
}

async fn recv_type<S>(ws: &mut S, ty: &str) -> serde_json::Value
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let m = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a reply")
            .expect("open")
            .expect("no error");
        if let Message::Text(t) = m {
            let v: serde_json::Value = serde_json::from_str(&t).unwrap();
            if v["type"] == ty {
                return v;
            }
        }
    }
}
