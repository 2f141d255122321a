public import GameDomain

/// The `start:` layout of a sliding-puzzle game: rows of tile numbers, `_` or `0` for the blank.
///
/// Rows come either as text (`"1 2 3"`, `"4,5,_"`) or already split into cells (what a YAML
/// sequence gives). Errors say which row and column (both from 0) is wrong.
public enum LayoutNotation {
    /// Splits each row text at spaces and commas, then reads it as cells.
    public static func parse(rowTexts: [String], size: Int) throws(LayoutError) -> PuzzleBoard {
        let rows = rowTexts.map { text in
            text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        }
        return try parse(rows: rows, size: size)
    }

    /// Reads cells (`"12"`, `"_"`, `"0"`) into a validated, solvable board of width `size`.
    public static func parse(rows: [[String]], size: Int) throws(LayoutError) -> PuzzleBoard {
        var numbers: [[Int]] = []
        for (row, cells) in rows.enumerated() {
            var line: [Int] = []
            for (column, cell) in cells.enumerated() {
                let text = cell.trimmingSpaces
                if text == "_" {
                    line.append(0)
                } else if let number = Int(text), number >= 0, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
                    line.append(number)
                } else {
                    throw LayoutError(
                        row: row, column: column, message: "expected a tile number or _ for the blank, found '\(cell)'")
                }
            }
            numbers.append(line)
        }
        return try parse(numbers: numbers, size: size)
    }

    /// Reads integer rows (`0` is the blank) into a validated, solvable board of width `size`.
    public static func parse(numbers rows: [[Int]], size: Int) throws(LayoutError) -> PuzzleBoard {
        guard PuzzleBoard.sizes.contains(size) else {
            throw LayoutError(row: nil, column: nil, message: PuzzleBoardError.sizeOutOfRange(size).description)
        }
        guard rows.count == size else {
            // Too many rows: the first extra row is the place to look.
            throw LayoutError(
                row: rows.count > size ? size : nil, column: nil,
                message: "expected \(size) rows for a \(size)×\(size) board, found \(rows.count)")
        }
        for (row, cells) in rows.enumerated() where cells.count != size {
            throw LayoutError(
                row: row, column: min(cells.count, size),
                message: "expected \(size) tiles in this row, found \(cells.count)")
        }
        let board: PuzzleBoard
        do {
            board = try PuzzleBoard(size: size, tiles: rows.flatMap { $0 })
        } catch {
            switch error {
            case .tileOutOfRange(_, let index, _), .duplicateTile(_, _, let index):
                throw LayoutError(row: index / size, column: index % size, message: error.description)
            default:
                throw LayoutError(row: nil, column: nil, message: error.description)
            }
        }
        do {
            try board.requireSolvable()
        } catch {
            throw LayoutError(row: nil, column: nil, message: error.description)
        }
        return board
    }
}

/// A layout that is not a solvable board. `row` and `column` count from 0; `nil` when the
/// problem is the whole layout (an unsolvable one) rather than one place.
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    public var row: Int?
    public var column: Int?
    public var message: String

    public init(row: Int?, column: Int?, message: String) {
        self.row = row
        self.column = column
        self.message = message
    }

    public var description: String {
        switch (row, column) {
        case (let row?, let column?): "row \(row + 1), column \(column + 1): \(message)"
        case (let row?, nil): "row \(row + 1): \(message)"
        default: message
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? endIndex
        return start < end ? self[start..<end] : ""
    }
}
