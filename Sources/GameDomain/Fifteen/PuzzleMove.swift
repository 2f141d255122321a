/// The direction a tile slides into the blank.
///
/// The letter names the tile's motion, not the blank's: `U` slides the tile *below* the
/// blank up into it (so the blank moves down), `D` the tile above it down, `L` the tile to
/// its right leftwards, `R` the tile to its left rightwards.
public enum SlideDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case up = "U"
    case down = "D"
    case left = "L"
    case right = "R"

    /// The notation letter: `U`, `D`, `L` or `R`.
    public var letter: Character { Character(rawValue) }

    /// Where the sliding tile sits relative to the blank, as (rows, columns).
    var tileOffset: (row: Int, column: Int) {
        switch self {
        case .up: (1, 0)
        case .down: (-1, 0)
        case .left: (0, 1)
        case .right: (0, -1)
        }
    }

    /// The move that undoes this one.
    public var opposite: SlideDirection {
        switch self {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        }
    }
}

/// One move as a player writes it: the tile slid into the blank, or the direction it slides.
public enum PuzzleMove: Sendable, Hashable, Codable {
    case tile(Int)
    case slide(SlideDirection)

    /// A move that was played on a board (`PuzzleBoard.sizes`, so tiles 1 to 63) in one byte:
    /// the tile, or 64 to 67 for a slide.
    var packed: UInt8 {
        switch self {
        case .tile(let tile): UInt8(truncatingIfNeeded: tile)
        case .slide(.up): 64
        case .slide(.down): 65
        case .slide(.left): 66
        case .slide(.right): 67
        }
    }

    init(packed: UInt8) {
        self =
            switch packed {
            case 64: .slide(.up)
            case 65: .slide(.down)
            case 66: .slide(.left)
            case 67: .slide(.right)
            default: .tile(Int(packed))
            }
    }
}

extension PuzzleMove: CustomStringConvertible {
    /// `12` for a tile, `U` for a direction.
    public var description: String {
        switch self {
        case .tile(let tile): String(tile)
        case .slide(let direction): direction.rawValue
        }
    }
}
