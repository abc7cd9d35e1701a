//! Load test of `shuriken serve` on loopback (not run in CI):
//!
//! ```text
//! cargo run --release -p serve --bin serve-load -- target/release/shuriken [--clients 50] [--seconds 60]
//! ```
//!
//! Starts the server binary on a free loopback port, connects the clients, and has each one
//! analyse its game (so that the engine pool is always full: searches beyond its limit are queued
//! or refused) while it plays a random legal move and asks for the legal moves every 100 ms. It
//! reports the latency of the legal-move requests (p50, p99, max), the errors, what the pool did
//! with the search requests, and the server's peak memory (VmHWM). Bounded in count and time: it
//! stops by itself after the given seconds and ends the server.

use futures_util::{SinkExt, StreamExt};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

const VARIANTS: [&str; 5] = ["titan", "hadean", "raptor", "octopus", "chess"];

#[derive(Default)]
struct Totals {
    latencies_us: Mutex<Vec<u64>>,
    errors: AtomicU64,
    moves: AtomicU64,
    running: AtomicU64,
    queued: AtomicU64,
    refused: AtomicU64,
    infos: AtomicU64,
    new_games: AtomicU64,
}

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn vm_hwm_kb(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User plus system CPU seconds of a process (`/proc/PID/stat`, clock ticks of 1/100 s).
fn cpu_seconds(pid: &str) -> Option<f64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads messages until one of type `ty`; counts the others.
async fn until(ws: &mut Ws, ty: &str, t: &Totals) -> Option<serde_json::Value> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .ok()??
            .ok()?;
        let Message::Text(text) = m else { continue };
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        match v["type"].as_str().unwrap_or("") {
            "error" => {
                t.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("error from the server: {}", v["message"]);
            }
            "info" => {
                t.infos.fetch_add(1, Ordering::Relaxed);
            }
            "search" => {
                let c = match v["status"].as_str() {
                    Some("running") => &t.running,
                    Some("queued") => &t.queued,
                    Some("refused") => &t.refused,
                    _ => &t.infos,
                };
                c.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
        if v["type"] == ty {
            return Some(v);
        }
    }
}

async fn send(ws: &mut Ws, v: serde_json::Value) -> Result<(), String> {
    ws.send(Message::text(v.to_string()))
        .await
        .map_err(|e| e.to_string())
}

async fn client(
    url: String,
    n: usize,
    end: Instant,
    analyse: bool,
    t: Arc<Totals>,
) -> Result<(), String> {
    let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .map_err(|e| e.to_string())?;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ ((n as u64 + 1) * 0x1234_5678));
    send(&mut ws, serde_json::json!({"type": "hello"})).await?;
    until(&mut ws, "state", &t).await.ok_or("no state")?;
    let mut game = n;
    let mut state = serde_json::Value::Null;
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    while Instant::now() < end {
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() || state["mainline"].as_array().map_or(0, |m| m.len()) > 150 {
            let variant = VARIANTS[game % VARIANTS.len()];
            game += 1;
            let new = serde_json::json!({"type": "new", "variant": variant, "white": "human",
                "black": "human", "control": {"kind": "depth", "depth": 1}});
            send(&mut ws, new).await?;
            state = until(&mut ws, "state", &t).await.ok_or("no state")?;
            t.new_games.fetch_add(1, Ordering::Relaxed);
            if analyse {
                send(
                    &mut ws,
                    serde_json::json!({"type": "analyse", "multipv": 1}),
                )
                .await?;
                state = until(&mut ws, "state", &t).await.ok_or("no state")?;
            }
            continue;
        }
        tick.tick().await;
        let m = &legal[rng.below(legal.len())];
        send(
            &mut ws,
            serde_json::json!({"type": "play", "uci": m["uci"]}),
        )
        .await?;
        state = until(&mut ws, "state", &t)
            .await
            .ok_or("no state after a move")?;
        t.moves.fetch_add(1, Ordering::Relaxed);
        let asked = Instant::now();
        send(&mut ws, serde_json::json!({"type": "legal"})).await?;
        until(&mut ws, "legal", &t).await.ok_or("no legal moves")?;
        let us = asked.elapsed().as_micros() as u64;
        t.latencies_us.lock().map_err(|e| e.to_string())?.push(us);
    }
    let _ = ws.close(None).await;
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(binary) = args.get(1).filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: serve-load PATH/TO/shuriken [--clients 50] [--seconds 60]");
        return std::process::ExitCode::from(2);
    };
    let clients = arg(&args, "--clients", 50).clamp(1, 500) as usize;
    let seconds = arg(&args, "--seconds", 60).clamp(1, 600);
    let mut server = match Command::new(binary)
        .args(["serve", "--bind", "127.0.0.1", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot start {binary}: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let pid = server.id();
    let mut first = String::new();
    if let Some(out) = server.stdout.take() {
        use std::io::BufRead;
        let _ = std::io::BufReader::new(out).read_line(&mut first);
    }
    let Some(addr) = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .map(|w| {
            w.trim_start_matches("http://")
                .trim_end_matches('/')
                .to_string()
        })
    else {
        eprintln!("the server printed no address: {first}");
        let _ = server.kill();
        return std::process::ExitCode::FAILURE;
    };
    let url = format!("ws://{addr}/ws");
    println!("server {binary} (pid {pid}) at {addr}; {clients} clients for {seconds} s");
    let totals = Arc::new(Totals::default());
    let end = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for n in 0..clients {
        let analyse = !args.iter().any(|a| a == "--no-analysis");
        tasks.push(tokio::spawn(client(
            url.clone(),
            n,
            end,
            analyse,
            totals.clone(),
        )));
    }
    let mut failed = 0;
    for t in tasks {
        match t.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                failed += 1;
                eprintln!("client failed: {e}");
            }
            Err(e) => {
                failed += 1;
                eprintln!("client panicked: {e}");
            }
        }
    }
    let hwm = vm_hwm_kb(pid);
    let server_cpu = cpu_seconds(&pid.to_string());
    let client_cpu = cpu_seconds("self");
    let _ = server.kill();
    let _ = server.wait();
    let mut lat = totals
        .latencies_us
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    lat.sort_unstable();
    let ms = |us: u64| us as f64 / 1000.0;
    println!(
        "legal-move requests: {}  p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        lat.len(),
        ms(percentile(&lat, 0.50)),
        ms(percentile(&lat, 0.99)),
        ms(lat.last().copied().unwrap_or(0))
    );
    println!(
        "moves played: {}  new games: {}  errors: {}  failed clients: {failed}",
        totals.moves.load(Ordering::Relaxed),
        totals.new_games.load(Ordering::Relaxed),
        totals.errors.load(Ordering::Relaxed)
    );
    println!(
        "search requests: running at once {}  queued {}  refused {}  info lines {}",
        totals.running.load(Ordering::Relaxed),
        totals.queued.load(Ordering::Relaxed),
        totals.refused.load(Ordering::Relaxed),
        totals.infos.load(Ordering::Relaxed)
    );
    println!(
        "CPU seconds: server {:.1}, load client {:.1} (2 cores x {seconds} s = {} available)",
        server_cpu.unwrap_or(f64::NAN),
        client_cpu.unwrap_or(f64::NAN),
        2 * seconds
    );
    match hwm {
        Some(kb) => println!("server peak memory (VmHWM): {:.1} MiB", kb as f64 / 1024.0),
        None => println!("server peak memory: unknown (no /proc)"),
    }
    let errors = totals.errors.load(Ordering::Relaxed);
    if errors > 0 || failed > 0 {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}
