//! Garbage on the WebSocket never panics the message handler, and a refused message leaves the
//! game as it was.

use movegen::{Position, Variant};
use proptest::prelude::*;
use serve::pool::EnginePool;
use serve::protocol::{parse_client, ServerMsg};
use serve::session::Session;

fn fen_of(s: &Session) -> (String, String) {
    match s.state() {
        ServerMsg::State(v) => (v.variant.to_string(), v.fen.clone()),
        other => panic!("state() gave {other:?}"),
    }
}

const TYPES: &[&str] = &[
    "hello",
    "new",
    "play",
    "legal",
    "goto",
    "takeback",
    "promote",
    "resign",
    "draw",
    "flip",
    "style",
    "fen",
    "pgn_in",
    "pgn_out",
    "analyse",
    "stop",
    "engine_move",
    "bogus",
    "",
];

fn value() -> impl Strategy<Value = serde_json::Value> {
    prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        (0u64..40).prop_map(serde_json::Value::from),
        any::<f64>().prop_map(|f| serde_json::json!(f)),
        ".{0,40}".prop_map(serde_json::Value::from),
        prop::sample::select(vec![
            "e2e4",
            "g1f3",
            "J@e2e3",
            "e7e8q",
            "a1a1",
            "titan",
            "chess",
            "octopus",
            "human",
            "engine",
            "figures",
            "letters",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "[Variant \"Standard\"]\n\n1. e4 e5 2. Nf3 *",
        ])
        .prop_map(serde_json::Value::from),
        Just(serde_json::json!({"kind": "depth", "depth": 1})),
        Just(serde_json::json!({"kind": "clock", "base_ms": 1000, "inc_ms": 0})),
        Just(serde_json::json!([1, 2, 3])),
    ]
}

const FIELDS: &[&str] = &[
    "token", "variant", "white", "black", "control", "fen", "uci", "node", "style", "pgn",
    "multipv", "x",
];

fn structured() -> impl Strategy<Value = String> {
    (
        prop::sample::select(TYPES),
        prop::collection::vec((prop::sample::select(FIELDS), value()), 0..5),
    )
        .prop_map(|(t, fields)| {
            let mut m = serde_json::Map::new();
            m.insert("type".into(), t.into());
            for (k, v) in fields {
                m.insert(k.to_string(), v);
            }
            serde_json::Value::Object(m).to_string()
        })
}

fn message() -> impl Strategy<Value = String> {
    prop_oneof![1 => ".{0,200}", 3 => structured()]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn garbage_never_panics(msgs in prop::collection::vec(message(), 1..8)) {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let _guard = rt.enter();
        let pool = EnginePool::new(1, 2);
        let mut session = Session::new(pool);
        let (tx, _rx) = tokio::sync::mpsc::unbounded_channel();
        session.attach(tx);
        for text in msgs {
            let before = fen_of(&session);
            match parse_client(&text) {
                Err(_) => prop_assert_eq!(fen_of(&session), before),
                Ok(msg) => {
                    let replies = session.handle(msg);
                    let refused = replies.iter().any(|r| matches!(r, ServerMsg::Error { .. }));
                    if refused {
                        prop_assert_eq!(fen_of(&session), before.clone());
                    }
                    for r in &replies {
                        prop_assert!(!r.to_json().is_empty());
                    }
                }
            }
            let (variant, fen) = fen_of(&session);
            let v = Variant::from_name(&variant).unwrap();
            prop_assert!(Position::from_fen(v, &fen).is_ok(), "{} {}", variant, fen);
        }
        session.detach();
    }
}
