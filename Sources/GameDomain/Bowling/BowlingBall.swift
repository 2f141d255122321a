/// One ball as written on a paper score sheet.
///
/// Strike, spare and miss are not stored: they follow from the pins and the ball's place in the
/// frame (see `BowlingFrame.marks`). Only what the pins alone cannot tell is kept: a foul, or a split.
public enum BowlingBall: Sendable, Hashable, Codable {
    /// A ball that knocked down this many pins (`X`, `/`, `-` or a digit on the sheet).
    case pins(Int)
    /// `F`: a foul scores 0 pins, but the ball counts as thrown.
    case foul
    /// `(8)`: the pins count normally; the sheet shows the number circled.
    case split(Int)

    public var pins: Int {
        switch self {
        case .pins(let pins), .split(let pins): pins
        case .foul: 0
        }
    }

    public var isFoul: Bool { self == .foul }

    public var isSplit: Bool {
        if case .split = self { true } else { false }
    }

    /// A ball of a checked line (pins 0 to 10) in one byte: the pins, 11 + the pins of a split,
    /// or 22 for a foul.
    var packed: UInt8 {
        switch self {
        case .pins(let pins): UInt8(truncatingIfNeeded: pins)
        case .split(let pins): UInt8(truncatingIfNeeded: 11 + pins)
        case .foul: 22
        }
    }

    init(packed: UInt8) {
        self =
            switch packed {
            case 0...10: .pins(Int(packed))
            case 11...21: .split(Int(packed) - 11)
            default: .foul
            }
    }
}
