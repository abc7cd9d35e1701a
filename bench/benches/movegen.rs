//! Legal move generation (also in check, after every checking move), staged generation (captures then quiets), the hash-move legality path
//! (`is_pseudo_legal` + `is_legal_pseudo`), `gives_check` and make/unmake over the middlegame
//! positions of `data/positions.txt`, one criterion group per variant. Before measuring, every position's perft(2) is checked
//! against the recorded count, so a benchmark never times a generator that gives wrong answers.

use bench::BenchPosition;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use movegen::{Move, MoveList, Position, Variant};
use std::time::Duration;

/// The positions of one variant, parsed and checked, with their legal moves.
struct Prepared {
    positions: Vec<Position>,
    moves: Vec<Vec<Move>>,
    total_moves: u64,
}

fn prepare(variant: Variant) -> Prepared {
    let set: Vec<BenchPosition> = bench::positions_of(variant);
    assert!(
        set.len() >= 10,
        "{variant}: only {} benchmark positions",
        set.len()
    );
    for p in &set {
        if let Err(e) = p.verify() {
            panic!("benchmark data does not match movegen: {e}");
        }
    }
    let positions: Vec<Position> = set.iter().map(BenchPosition::position).collect();
    let moves: Vec<Vec<Move>> = positions
        .iter()
        .map(|p| p.legal_moves().iter().copied().collect())
        .collect();
    let total_moves = moves.iter().map(|m| m.len() as u64).sum();
    eprintln!(
        "movegen/{variant}: {} positions, {total_moves} legal moves, perft(2) verified",
        positions.len()
    );
    Prepared {
        positions,
        moves,
        total_moves,
    }
}

fn movegen_benches(c: &mut Criterion) {
    for variant in Variant::ALL {
        let Prepared {
            mut positions,
            moves,
            total_moves,
        } = prepare(variant);
        let mut group = c.benchmark_group(format!("movegen/{}", variant.name()));
        group.throughput(Throughput::Elements(total_moves));

        // Legal move generation of every position; throughput = legal moves produced.
        let mut list = MoveList::new();
        group.bench_function("generate_legal", |b| {
            b.iter(|| {
                let mut n = 0;
                for pos in &positions {
                    black_box(pos).generate_legal(&mut list);
                    n += list.len();
                }
                black_box(n)
            })
        });

        // Legal generation in check (the evasion masks of the recorded check state): the
        // positions after every checking move of the benchmark positions.
        let in_check: Vec<Position> = positions
            .iter()
            .zip(&moves)
            .flat_map(|(pos, ms)| {
                ms.iter().filter(|&&m| pos.gives_check(m)).map(|&m| {
                    let mut after = pos.clone();
                    after.make_move(m);
                    after
                })
            })
            .collect();
        assert!(in_check.iter().all(Position::in_check));
        // Throughput of this case: the legal moves of those positions.
        let evasions: u64 = in_check.iter().map(|p| p.legal_moves().len() as u64).sum();
        group.throughput(Throughput::Elements(evasions.max(1)));
        group.bench_function("generate_legal_in_check", |b| {
            b.iter(|| {
                let mut n = 0;
                for pos in &in_check {
                    black_box(pos).generate_legal(&mut list);
                    n += list.len();
                }
                black_box(n)
            })
        });
        group.throughput(Throughput::Elements(total_moves));

        // make_move + unmake_move of every legal move of every position; throughput = moves.
        group.bench_function("make_unmake", |b| {
            b.iter(|| {
                let mut h = 0u64;
                for (pos, ms) in positions.iter_mut().zip(&moves) {
                    for &m in ms {
                        pos.make_move(black_box(m));
                        h ^= pos.hash();
                        pos.unmake_move();
                    }
                }
                black_box(h)
            })
        });

        // Staged generation: tactical then quiet moves (pseudo-legal) of every position.
        group.bench_function("generate_captures_then_quiets", |b| {
            b.iter(|| {
                let mut n = 0;
                for pos in &positions {
                    list.clear();
                    black_box(pos).generate_captures(&mut list);
                    black_box(pos).generate_quiets(&mut list);
                    n += list.len();
                }
                black_box(n)
            })
        });

        // The hash/killer-move path: is_pseudo_legal then the fast legality test, for every
        // legal move of every position.
        group.bench_function("is_pseudo_legal_and_legal", |b| {
            b.iter(|| {
                let mut n = 0;
                for (pos, ms) in positions.iter().zip(&moves) {
                    for &m in ms {
                        n += (pos.is_pseudo_legal(black_box(m)) && pos.is_legal_pseudo(m)) as u32;
                    }
                }
                black_box(n)
            })
        });

        // gives_check of every legal move of every position.
        group.bench_function("gives_check", |b| {
            b.iter(|| {
                let mut n = 0;
                for (pos, ms) in positions.iter().zip(&moves) {
                    for &m in ms {
                        n += pos.gives_check(black_box(m)) as u32;
                    }
                }
                black_box(n)
            })
        });
        group.finish();
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = config();
    targets = movegen_benches
}
criterion_main!(benches);
