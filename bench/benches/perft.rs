//! Perft from the start position of every variant at a modest depth, asserting the known node
//! counts; throughput is reported in leaf nodes.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use movegen::{Position, Variant};
use std::time::Duration;

/// (variant, depth, expected leaf nodes) from the start position.
const CASES: [(Variant, u32, u64); 5] = [
    (Variant::Titan, 3, 102_676),
    (Variant::Hadean, 3, 89_940),
    (Variant::Raptor, 3, 59_474),
    (Variant::Octopus, 3, 45_677),
    (Variant::Chess, 4, 197_281),
];

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (variant, depth, expected) in CASES {
        let mut pos = Position::startpos(variant);
        let got = movegen::perft::perft(&mut pos, depth);
        assert_eq!(
            got, expected,
            "{variant} perft({depth}) from the start position"
        );
        group.throughput(Throughput::Elements(expected));
        group.bench_function(format!("{}/d{depth}", variant.name()), |b| {
            b.iter(|| {
                let n = movegen::perft::perft(black_box(&mut pos), depth);
                assert_eq!(n, expected);
                n
            })
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = perft_benches
}
criterion_main!(benches);
