//! The session against the real engine core: engine replies, take-back, the bounded pool, a
//! closed page stopping its search, and the legal-move view's choosers.

use serve::pool::{EngineEvent, EnginePool, Limits, SearchJob};
use serve::protocol::{parse_client, ServerMsg, StateView};
use serve::session::{legal_view, Session};
use std::time::Duration;
use tokio::sync::mpsc;

fn state(s: &Session) -> StateView {
    match s.state() {
        ServerMsg::State(v) => *v,
        other => panic!("{other:?}"),
    }
}

fn send(s: &mut Session, json: &str) -> Vec<ServerMsg> {
    s.handle(parse_client(json).expect(json))
}

/// Feeds engine events to the session until `done` holds (or 20 s pass).
async fn pump(
    s: &mut Session,
    rx: &mut mpsc::UnboundedReceiver<EngineEvent>,
    done: impl Fn(&StateView) -> bool,
) {
    let end = tokio::time::Instant::now() + Duration::from_secs(20);
    while !done(&state(s)) {
        let ev = tokio::time::timeout_at(end, rx.recv())
            .await
            .expect("timed out")
            .expect("channel closed");
        s.on_event(ev);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_replies_and_takeback_returns_to_the_players_turn() {
    let mut s = Session::new(EnginePool::new(1, 4));
    let (tx, mut rx) = mpsc::unbounded_channel();
    s.attach(tx);
    send(
        &mut s,
        r#"{"type":"new","variant":"chess","white":"human","black":"engine","control":{"kind":"depth","depth":2}}"#,
    );
    send(&mut s, r#"{"type":"play","uci":"e2e4"}"#);
    // The engine's turn: the page may not move for it.
    let r = send(&mut s, r#"{"type":"play","uci":"e7e5"}"#);
    assert!(
        state(&s).mainline.len() == 2 || matches!(r[0], ServerMsg::Error { .. }),
        "{r:?}"
    );
    pump(&mut s, &mut rx, |v| v.mainline.len() == 2 && !v.thinking).await;
    let v = state(&s);
    assert!(v.nodes.iter().any(|n| n.id == v.mainline[1]));
    send(&mut s, r#"{"type":"takeback"}"#);
    let v = state(&s);
    assert_eq!(
        v.mainline.len(),
        0,
        "take-back removes the reply and the move"
    );
    assert_eq!(v.fen, v.start_fen);
    assert!(!v.thinking);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_plays_white_at_once_and_resign_ends_the_game() {
    let mut s = Session::new(EnginePool::new(1, 4));
    let (tx, mut rx) = mpsc::unbounded_channel();
    s.attach(tx);
    send(
        &mut s,
        r#"{"type":"new","variant":"titan","white":"engine","black":"human","control":{"kind":"level","level":1}}"#,
    );
    assert!(state(&s).flip, "the board turns for the black player");
    pump(&mut s, &mut rx, |v| v.mainline.len() == 1).await;
    send(&mut s, r#"{"type":"resign"}"#);
    let end = state(&s).end.expect("resigned");
    assert_eq!(end.result, "1-0");
    assert_eq!(end.reason, "Black resigned");
    let r = send(&mut s, r#"{"type":"resign"}"#);
    assert!(matches!(r[0], ServerMsg::Error { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_page_stops_its_search() {
    let mut s = Session::new(EnginePool::new(1, 4));
    let (tx, mut rx) = mpsc::unbounded_channel();
    s.attach(tx);
    send(&mut s, r#"{"type":"analyse","multipv":2}"#);
    assert!(state(&s).analysing);
    // Some lines arrive, then the page goes.
    let first = tokio::time::timeout(Duration::from_secs(10), rx.recv()).await;
    assert!(first.is_ok());
    s.detach();
    let done = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(ev) = rx.recv().await {
            if let EngineEvent::Done(..) = ev {
                return true;
            }
        }
        false
    })
    .await;
    assert_eq!(
        done,
        Ok(true),
        "the infinite analysis ended when the page left"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_queues_then_refuses() {
    let pool = EnginePool::new(1, 1);
    let (tx, mut rx) = mpsc::unbounded_channel();
    let job = |id| SearchJob {
        id,
        pos: movegen::Position::startpos(movegen::Variant::Chess),
        limits: Limits::Infinite,
        multipv: 1,
    };
    let (a, adm_a) = pool.submit(job(1), tx.clone()).unwrap();
    let (b, adm_b) = pool.submit(job(2), tx.clone()).unwrap();
    assert_eq!(adm_a, serve::pool::Admission::Running);
    assert_eq!(adm_b, serve::pool::Admission::Queued(0));
    let Err(busy) = pool.submit(job(3), tx.clone()) else {
        panic!("a third search was admitted");
    };
    assert_eq!((busy.running, busy.queued), (1, 1));
    assert!(busy.to_string().contains("busy"));
    // Stopping the running search lets the queued one run; stopping that ends it too.
    a.stop();
    let mut started_b = false;
    let mut done = Vec::new();
    while done.len() < 2 {
        match tokio::time::timeout(Duration::from_secs(20), rx.recv()).await {
            Ok(Some(EngineEvent::Started(2))) => {
                started_b = true;
                b.stop();
            }
            Ok(Some(EngineEvent::Done(id, best))) => {
                assert!(best.is_some());
                done.push(id);
            }
            Ok(Some(_)) => {}
            other => panic!("{other:?}"),
        }
    }
    assert!(started_b);
    // The first search's answer may arrive after the second, which took its slot at once.
    done.sort_unstable();
    assert_eq!(done, vec![1, 2]);
    assert_eq!(pool.running(), 0);
}

#[test]
fn legal_view_names_the_choices() {
    use movegen::{Position, Variant};
    // Titan: the king's step g1-h1 and the one-square castle share from and to.
    let pos = Position::from_fen(
        Variant::Titan,
        "fr4k3rf/12/12/12/12/12/12/12/12/12/12/FR4K3RF w KQkq - 0 1",
    )
    .unwrap();
    let v = legal_view(&pos);
    let g1h1: Vec<_> = v
        .iter()
        .filter(|m| m.from == "g1" && m.to == "h1")
        .collect();
    assert_eq!(g1h1.len(), 2);
    assert!(g1h1.iter().all(|m| m.san.is_some()));
    assert!(g1h1.iter().any(|m| m.kind == "castle"));
    // Chess promotion: four choices with the piece names.
    let pos = Position::from_fen(Variant::Chess, "7k/4P3/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let promos: Vec<_> = legal_view(&pos)
        .into_iter()
        .filter(|m| m.kind == "promotion")
        .collect();
    assert_eq!(promos.len(), 4);
    assert!(promos.iter().any(|m| m.promo_name == Some("Queen")));
    // A mated position has no moves to show.
    let mate = Position::from_fen(Variant::Chess, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(legal_view(&mate).is_empty());
}

#[test]
fn game_end_reasons_are_shown() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let _g = rt.enter();
    let mut s = Session::new(EnginePool::new(1, 1));
    send(
        &mut s,
        r#"{"type":"new","variant":"chess","white":"human","black":"human","control":{"kind":"depth","depth":1},"fen":"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"}"#,
    );
    send(&mut s, r#"{"type":"play","uci":"f7g7"}"#);
    let v = state(&s);
    let end = v.end.expect("mate");
    assert_eq!(end.result, "1-0");
    assert!(end.reason.contains("checkmate"), "{}", end.reason);
    let r = send(&mut s, r#"{"type":"play","uci":"h8g8"}"#);
    assert!(matches!(&r[0], ServerMsg::Error { message } if message.contains("over")));
    // Stalemate in octopus's rules words.
    send(
        &mut s,
        r#"{"type":"new","variant":"chess","white":"human","black":"human","control":{"kind":"depth","depth":1},"fen":"7k/5Q2/5K2/8/8/8/8/8 w - - 0 1"}"#,
    );
    send(&mut s, r#"{"type":"play","uci":"f7g6"}"#);
    assert!(state(&s)
        .end
        .expect("stalemate")
        .reason
        .contains("stalemate"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_request_leaves_the_queue_at_once() {
    let pool = EnginePool::new(1, 1);
    let (tx, _rx) = mpsc::unbounded_channel();
    let job = |id| SearchJob {
        id,
        pos: movegen::Position::startpos(movegen::Variant::Chess),
        limits: Limits::Infinite,
        multipv: 1,
    };
    let (_a, _) = pool.submit(job(1), tx.clone()).unwrap();
    let (b, adm) = pool.submit(job(2), tx.clone()).unwrap();
    assert_eq!(adm, serve::pool::Admission::Queued(0));
    b.stop();
    let end = tokio::time::Instant::now() + Duration::from_secs(5);
    while pool.queued() > 0 {
        assert!(
            tokio::time::Instant::now() < end,
            "the cancelled request stayed queued"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // Its place is free for the next request while the first search still runs.
    assert_eq!(pool.running(), 1);
    assert!(pool.submit(job(3), tx.clone()).is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_accepts_a_draw_only_when_it_does_not_stand_better() {
    let mut s = Session::new(EnginePool::new(1, 4));
    let (tx, mut rx) = mpsc::unbounded_channel();
    s.attach(tx);
    // Black (the engine) is three queens down.
    send(
        &mut s,
        r#"{"type":"new","variant":"chess","white":"human","black":"engine","control":{"kind":"depth","depth":2},"fen":"4k3/8/8/8/8/8/QQQ5/4K3 w - - 0 1"}"#,
    );
    let r = send(&mut s, r#"{"type":"draw"}"#);
    assert!(
        matches!(&r[0], ServerMsg::Search { status: "declined", message } if message.contains("not evaluated")),
        "{r:?}"
    );
    assert!(state(&s).end.is_none());
    send(&mut s, r#"{"type":"play","uci":"e1d1"}"#);
    pump(&mut s, &mut rx, |v| v.mainline.len() == 2 && !v.thinking).await;
    send(&mut s, r#"{"type":"draw"}"#);
    let end = state(&s).end.expect("accepted");
    assert_eq!(
        (end.result, end.reason.as_str()),
        ("1/2-1/2", "draw by agreement")
    );
}
