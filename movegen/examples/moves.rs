use movegen::{Position, Variant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = Variant::from_name(&args[1]).unwrap();
    let pos = Position::from_fen(v, &args[2]).unwrap();
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_to_uci(*m))
        .collect();
    v.sort();
    println!("{} {}", v.len(), v.join(" "));
}
