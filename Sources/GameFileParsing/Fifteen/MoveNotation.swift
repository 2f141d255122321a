public import GameDomain

/// The text of a player's moves, in one of two notations (never mixed in one line):
///
/// - tile numbers slid into the blank, separated by spaces or commas: `12 8 4`, `12,8,4`;
/// - direction letters for the way a tile slides, `U D L R` (lower case too), each with an
///   optional repeat count, spaces and commas optional: `R3`, `UUL2`, `U, L 2`.
///
/// The first character that is not a separator decides which notation the line uses.
public enum MoveNotation {
    /// The largest repeat count after a letter, so a typo cannot ask for a billion moves.
    public static let maximumRepeat = 1_000

    /// Parses `text`; an empty line is no moves.
    public static func parse(_ text: String) throws(MoveNotationError) -> [PuzzleMove] {
        try parseWithOffsets(text).map(\.move)
    }

    /// Like `parse`, with each move's 0-based character offset in `text` (a repeated letter
    /// such as `R3` gives three moves at the letter's offset), so a later error can point there.
    /// More than `limit` moves is an error, raised before they are expanded, so a line of
    /// repeat counts cannot ask for millions of moves.
    public static func parseWithOffsets(_ text: String, limit: Int = .max) throws(MoveNotationError) -> [(
        move: PuzzleMove, offset: Int
    )] {
        let characters = Array(text)
        var offset = 0
        skipSeparators(characters, &offset)
        guard offset < characters.count else { return [] }
        if characters[offset].isASCIIDigit {
            return try parseTiles(characters, from: offset, limit: limit)
        }
        if direction(characters[offset]) != nil {
            return try parseDirections(characters, from: offset, limit: limit)
        }
        throw MoveNotationError(
            offset: offset,
            message:
                "expected a tile number (like 12 8 4) or a direction U, D, L or R (like R3 UUL2), found \(quoted(characters[offset]))"
        )
    }

    private static func parseTiles(_ characters: [Character], from start: Int, limit: Int) throws(MoveNotationError)
        -> [(move: PuzzleMove, offset: Int)]
    {
        var moves: [(move: PuzzleMove, offset: Int)] = []
        var offset = start
        while offset < characters.count {
            guard characters[offset].isASCIIDigit else {
                let found = characters[offset]
                let hint =
                    direction(found) != nil ? " (tile numbers and direction letters cannot be mixed in one line)" : ""
                throw MoveNotationError(
                    offset: offset, message: "expected a tile number, found \(quoted(found))\(hint)")
            }
            let numberStart = offset
            let number = try readNumber(characters, &offset)
            guard number > 0 else {
                throw MoveNotationError(
                    offset: numberStart,
                    message: "expected a tile number from 1 up; 0 is the blank, which is not moved by name")
            }
            guard moves.count < limit else { throw tooMany(limit, at: numberStart) }
            moves.append((.tile(number), numberStart))
            guard offset >= characters.count || isSeparator(characters[offset]) else {
                throw MoveNotationError(
                    offset: offset,
                    message: "expected a space or comma after tile \(number), found \(quoted(characters[offset]))")
            }
            skipSeparators(characters, &offset)
        }
        return moves
    }

    private static func parseDirections(_ characters: [Character], from start: Int, limit: Int)
        throws(MoveNotationError) -> [(move: PuzzleMove, offset: Int)]
    {
        var moves: [(move: PuzzleMove, offset: Int)] = []
        var offset = start
        while offset < characters.count {
            guard let slide = direction(characters[offset]) else {
                let found = characters[offset]
                let message =
                    found.isASCIIDigit
                    ? "expected a direction U, D, L or R before a repeat count, found \(quoted(found)) (tile numbers and direction letters cannot be mixed in one line)"
                    : "expected a direction U, D, L or R, found \(quoted(found))"
                throw MoveNotationError(offset: offset, message: message)
            }
            let letterOffset = offset
            offset += 1
            var count = 1
            if offset < characters.count, characters[offset].isASCIIDigit {
                let countStart = offset
                count = try readNumber(characters, &offset)
                guard (1...maximumRepeat).contains(count) else {
                    throw MoveNotationError(
                        offset: countStart,
                        message:
                            "expected a repeat count from 1 to \(maximumRepeat) after \(slide.rawValue), found \(count)"
                    )
                }
            }
            guard moves.count + count <= limit else { throw tooMany(limit, at: letterOffset) }
            for _ in 0..<count { moves.append((.slide(slide), letterOffset)) }
            skipSeparators(characters, &offset)
        }
        return moves
    }

    private static func tooMany(_ limit: Int, at offset: Int) -> MoveNotationError {
        MoveNotationError(
            offset: offset, message: "more than \(limit) moves; check the repeat counts", isPastLimit: true)
    }

    /// Reads ASCII digits at `offset`; more than nine digits is an error rather than an overflow.
    private static func readNumber(_ characters: [Character], _ offset: inout Int) throws(MoveNotationError) -> Int {
        let start = offset
        var value = 0
        while offset < characters.count, let digit = characters[offset].wholeNumberValue,
            characters[offset].isASCIIDigit
        {
            guard offset - start < 9 else {
                throw MoveNotationError(offset: start, message: "expected a number of at most 9 digits")
            }
            value = value * 10 + digit
            offset += 1
        }
        return value
    }

    private static func skipSeparators(_ characters: [Character], _ offset: inout Int) {
        while offset < characters.count, isSeparator(characters[offset]) { offset += 1 }
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == "," || character.isWhitespace
    }

    private static func direction(_ character: Character) -> SlideDirection? {
        SlideDirection(rawValue: character.uppercased())
    }

    private static func quoted(_ character: Character) -> String {
        "'\(character)'"
    }
}

/// Why a move line cannot be read: the 0-based character offset and what was expected there.
public struct MoveNotationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Characters (not bytes) from the start of the move text, from 0.
    public var offset: Int
    public var message: String
    /// The text holds more moves than the `limit` it was parsed with; `offset` is the first past it.
    public var isPastLimit: Bool

    public init(offset: Int, message: String, isPastLimit: Bool = false) {
        self.offset = offset
        self.message = message
        self.isPastLimit = isPastLimit
    }

    public var description: String { "character \(offset + 1): \(message)" }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
