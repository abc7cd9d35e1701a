//! Rook and bishop reach (line attacks) with each backend: BMI2 `pext`/`pdep` and the portable
//! rays, from every occupied square of the middlegame positions of `data/positions.txt`, one group
//! per variant. Before measuring, both backends are checked to give the same sets.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use movegen::line_attacks::{LineAttacks, LineBackend};
use movegen::{Bitboard, Square, Variant};
use std::time::Duration;

fn lines_benches(c: &mut Criterion) {
    for variant in Variant::ALL {
        // (slider square, occupancy) of every occupied square of every position.
        let cases: Vec<(Square, Bitboard)> = bench::positions_of(variant)
            .iter()
            .flat_map(|p| {
                let occ = p.position().board().occupied();
                occ.iter().map(move |sq| (sq, occ))
            })
            .collect();
        let mut group = c.benchmark_group(format!("lines/{}", variant.name()));
        group.throughput(Throughput::Elements(cases.len() as u64));
        let rays = LineAttacks::new(variant, LineBackend::Rays).expect("rays always exist");
        for backend in [LineBackend::Bmi2, LineBackend::Rays] {
            let Ok(lines) = LineAttacks::new(variant, backend) else {
                eprintln!("lines/{variant}: no BMI2 on this processor, {backend:?} skipped");
                continue;
            };
            for &(sq, occ) in &cases {
                assert_eq!(lines.rook(sq, occ), rays.rook(sq, occ));
                assert_eq!(lines.bishop(sq, occ), rays.bishop(sq, occ));
            }
            // Queen reach (rook | bishop) from every case; throughput = cases.
            group.bench_function(format!("queen_{backend:?}").to_lowercase(), |b| {
                b.iter(|| {
                    let mut n = 0;
                    for &(sq, occ) in &cases {
                        let reach = lines.rook(black_box(sq), occ) | lines.bishop(sq, occ);
                        n += reach.count();
                    }
                    black_box(n)
                })
            });
        }
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
    targets = lines_benches
}
criterion_main!(benches);
