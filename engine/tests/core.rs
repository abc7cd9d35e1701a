//! The typed engine API (`engine::core`): searches on their own thread reporting typed lines,
//! several independent engines in one process, and typed refusals.

use engine::core::{
    BestMove, Change, Engine, EngineError, GoLimits, Info, LimitError, Score, SearchListener,
};
use movegen::{Position, Variant};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Keeps everything a search reports.
#[derive(Default)]
struct Record {
    infos: Mutex<Vec<Info>>,
    best: Mutex<Vec<BestMove>>,
}

impl SearchListener for Record {
    fn info(&self, info: &Info) {
        self.infos.lock().unwrap().push(info.clone());
    }

    fn best_move(&self, best: &BestMove) {
        self.best.lock().unwrap().push(best.clone());
    }
}

impl Record {
    fn infos(&self) -> Vec<Info> {
        self.infos.lock().unwrap().clone()
    }
}

fn search(engine: &mut Engine, pos: &Position, limits: GoLimits) -> (BestMove, Arc<Record>) {
    let record = Arc::new(Record::default());
    let best = engine.go(pos, limits, record.clone()).expect("go").wait();
    (best, record)
}

#[test]
fn a_search_reports_each_iteration_and_its_answer() {
    let mut engine = Engine::for_variant(Variant::Chess);
    let pos = Position::startpos(Variant::Chess);
    let (best, record) = search(&mut engine, &pos, GoLimits::depth(5));
    let infos = record.infos();
    let depths: Vec<i32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5], "one line per iteration, no repeat");
    let last = infos.last().unwrap();
    assert_eq!(best.best, last.pv.first().copied());
    assert_eq!(best.ponder, last.pv.get(1).copied());
    assert_eq!(
        (best.score, best.depth, best.nodes),
        (last.score, 5, last.nodes)
    );
    assert!(matches!(best.score, Score::Centipawns(_)));
    assert!(infos
        .iter()
        .all(|i| i.seldepth >= i.depth && i.multipv == 1));
    assert_eq!(*record.best.lock().unwrap(), std::slice::from_ref(&best));
    assert!(!engine.is_searching());
    let m = best.best.unwrap();
    assert!(pos.legal_moves().iter().any(|l| *l == m));
}

#[test]
fn independent_engines_search_side_by_side() {
    let titan = Position::startpos(Variant::Titan);
    let chess = Position::startpos(Variant::Chess);
    // Alone, from fresh engines: the reference node counts.
    let (alone_t, _) = search(&mut Engine::new(), &titan, GoLimits::depth(5));
    let (alone_c, _) = search(
        &mut Engine::for_variant(Variant::Chess),
        &chess,
        GoLimits::depth(6),
    );
    // Together: each engine's search is the same search.
    let mut a = Engine::new();
    let mut b = Engine::for_variant(Variant::Chess);
    let ha = a
        .go(&titan, GoLimits::depth(5), Arc::new(Record::default()))
        .unwrap();
    let hb = b
        .go(&chess, GoLimits::depth(6), Arc::new(Record::default()))
        .unwrap();
    assert!(a.is_searching() || ha.is_finished());
    let (ra, rb) = (ha.wait(), hb.wait());
    assert_eq!(ra, alone_t);
    assert_eq!(rb, alone_c);
}

#[test]
fn a_running_search_holds_off_options_games_and_searches() {
    let mut engine = Engine::new();
    let pos = Position::startpos(Variant::Titan);
    let handle = engine
        .go(&pos, GoLimits::infinite(), Arc::new(Record::default()))
        .unwrap();
    assert!(engine.is_searching());
    assert_eq!(
        engine.set_option("Threads", "2").err(),
        Some(EngineError::Busy)
    );
    assert_eq!(engine.new_game().err(), Some(EngineError::Busy));
    assert!(matches!(
        engine.go(&pos, GoLimits::depth(1), Arc::new(Record::default())),
        Err(EngineError::Busy)
    ));
    // Stopped from another thread.
    let stopper = handle.stopper();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        stopper.stop();
    });
    let best = handle.wait();
    assert!(best.best.is_some() && best.depth >= 1);
    assert!(!engine.is_searching());
    assert_eq!(engine.set_option("Threads", "2"), Ok(Change::None));
    assert_eq!(engine.options().threads, 2);
}

#[test]
fn dropping_the_handle_stops_the_search() {
    let mut engine = Engine::new();
    let pos = Position::startpos(Variant::Titan);
    drop(
        engine
            .go(&pos, GoLimits::infinite(), Arc::new(Record::default()))
            .unwrap(),
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while engine.is_searching() {
        assert!(std::time::Instant::now() < deadline, "the search runs on");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn requests_the_engine_cannot_honour_are_refused() {
    let mut engine = Engine::new();
    let chess = Position::startpos(Variant::Chess);
    assert!(matches!(
        engine.go(&chess, GoLimits::depth(2), Arc::new(Record::default())),
        Err(EngineError::VariantMismatch {
            engine: Variant::Titan,
            position: Variant::Chess
        })
    ));
    let titan = Position::startpos(Variant::Titan);
    for (limits, key) in [
        (GoLimits::depth(0), "depth"),
        (GoLimits::movetime(-1), "movetime"),
        (GoLimits::movetime(0), "movetime"),
        (GoLimits::nodes(0), "nodes"),
    ] {
        match engine.go(&titan, limits, Arc::new(Record::default())) {
            Err(EngineError::Limits(LimitError::NotPositive { key: k, .. })) => assert_eq!(k, key),
            other => panic!("{key}: {:?}", other.map(|_| ())),
        }
    }
    assert!(matches!(
        engine.set_option("Hash", "0"),
        Err(EngineError::Option(_))
    ));
    assert_eq!(
        engine.set_option("UCI_Variant", "chess"),
        Ok(Change::Variant)
    );
    let (best, _) = search(&mut engine, &chess, GoLimits::depth(2));
    assert!(best.best.is_some());
}

#[test]
fn a_root_without_moves_answers_with_the_game_score() {
    let mut engine = Engine::for_variant(Variant::Chess);
    for (fen, score) in [
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            Score::Mate(0),
        ),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Score::Centipawns(0)),
    ] {
        let pos = Position::from_fen(Variant::Chess, fen).unwrap();
        let (best, record) = search(&mut engine, &pos, GoLimits::infinite());
        assert_eq!(
            (best.best, best.score, best.depth),
            (None, score, 0),
            "{fen}"
        );
        let infos = record.infos();
        assert_eq!(infos.len(), 1, "{fen}");
        assert_eq!((infos[0].depth, infos[0].score), (0, score));
        assert!(infos[0].pv.is_empty());
    }
}

/// A search stopped before its first iteration completes still answers with a searched move
/// and a true score (it answered `score mate -0` and the first generated move, which a GUI reads
/// as "I am mated").
#[test]
fn a_search_stopped_at_once_still_completes_its_first_iteration() {
    for variant in [Variant::Titan, Variant::Chess] {
        let mut engine = Engine::for_variant(variant);
        let pos = Position::startpos(variant);
        let record = Arc::new(Record::default());
        let handle = engine
            .go(&pos, GoLimits::depth(30), record.clone())
            .unwrap();
        handle.stop();
        let best = handle.wait();
        assert!(best.depth >= 1, "{variant:?}: {best:?}");
        assert!(
            matches!(best.score, Score::Centipawns(_)),
            "{variant:?}: {best:?}"
        );
        let infos = record.infos();
        let last = infos.last().expect("a line before the answer");
        assert_eq!(best.best, last.pv.first().copied());
        assert_eq!(best.score, last.score);
        let (depth_one, _) = search(&mut Engine::for_variant(variant), &pos, GoLimits::depth(1));
        if best.depth == 1 {
            assert_eq!(best.best, depth_one.best, "{variant:?}");
        }
    }
}

/// The same, deterministically: a search told to stop before it starts.
#[test]
fn a_search_stopped_before_it_starts_completes_its_first_iteration() {
    use engine::options::EngineOptions;
    use engine::search::history::HistoryStore;
    use engine::search::{self, SearchConfig, SharedState};
    use engine::tt::TranspositionTable;

    let pos = Position::startpos(Variant::Titan);
    let opts = EngineOptions::for_variant(Variant::Titan);
    let cfg = SearchConfig {
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        params: opts.search.clone(),
        eval: Arc::new(opts.evaluator()),
        report: true,
        histories: Arc::new(HistoryStore::default()),
    };
    let shared = SharedState::new(1);
    shared
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let record = Record::default();
    let tt = TranspositionTable::new(1);
    let r = search::search(&pos, &tt, &cfg, &GoLimits::infinite(), &shared, &record);
    assert_eq!(r.depth, 1);
    assert!(r.score.abs() < 1000, "{}", r.score);
    let infos = record.infos();
    assert!(infos.iter().all(|i| i.depth == 1), "{infos:?}");
    assert_eq!(r.best, infos.last().unwrap().pv.first().copied());
}

/// A server holds engines and handles across threads.
#[test]
fn engines_and_handles_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Engine>();
    send_sync::<engine::core::SearchHandle>();
    send_sync::<engine::core::SearchStopper>();
    send_sync::<Info>();
    send_sync::<BestMove>();
}
