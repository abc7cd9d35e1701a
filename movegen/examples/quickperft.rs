use movegen::{perft::perft, Position, Variant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = Variant::from_name(&args[1]).unwrap();
    let depth: u32 = args[2].parse().unwrap();
    let mut pos = match args.get(3) {
        Some(f) => Position::from_fen(v, f).unwrap(),
        None => Position::startpos(v),
    };
    for d in 1..=depth {
        let t = std::time::Instant::now();
        let n = perft(&mut pos, d);
        println!("{d} {n} {:.2}s", t.elapsed().as_secs_f64());
    }
}
