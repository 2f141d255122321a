import GameDomain

/// A sheet's ten running-total boxes written as on paper: `"30 60 - - - - - - - -"`, "-" for unknown.
func sheet(_ boxes: String) -> [Int?] {
    boxes.split(separator: " ").map { $0 == "-" ? nil : Int($0) }
}

/// Balls from pin counts, the common case in these tests.
func balls(_ pins: [Int]) -> [BowlingBall] {
    pins.map(BowlingBall.pins)
}

let strikes9 = Array(repeating: 10, count: 9)
