//! Static exchange evaluation: `see` (the exchange's value) and `see_ge` (a threshold test, as
//! the search asks it) of every capture of the titan middlegame positions of
//! `data/positions.txt`, with the piece values titan's search uses. The criterion form of the `see_cost_probe`
//! that used to print a sum from `engine/tests/see.rs`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use engine::search::see::{see, see_ge};
use engine::search::values::PieceValues;
use movegen::{Move, MoveList, Position, Variant};

fn see_benches(c: &mut Criterion) {
    let eval = PieceValues::of(Variant::Titan);
    // (position, capture) of every capture of every titan position.
    let positions: Vec<Position> = bench::positions_of(Variant::Titan)
        .iter()
        .map(|p| p.position())
        .collect();
    let cases: Vec<(&Position, Move)> = positions
        .iter()
        .flat_map(|pos| {
            let mut list = MoveList::new();
            pos.generate_captures(&mut list);
            list.iter().map(|&m| (pos, m)).collect::<Vec<_>>()
        })
        .collect();
    assert!(
        !cases.is_empty(),
        "no captures in the titan bench positions"
    );
    let mut group = c.benchmark_group("see/titan");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("see", |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for &(pos, m) in &cases {
                sum += i64::from(see(pos, black_box(m), eval));
            }
            black_box(sum)
        })
    });
    group.bench_function("see_ge_0", |b| {
        b.iter(|| {
            let mut winning = 0u32;
            for &(pos, m) in &cases {
                winning += u32::from(see_ge(pos, black_box(m), eval, 0));
            }
            black_box(winning)
        })
    });
    group.finish();
}

criterion_group!(benches, see_benches);
criterion_main!(benches);
