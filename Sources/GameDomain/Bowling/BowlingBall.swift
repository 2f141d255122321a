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
}
