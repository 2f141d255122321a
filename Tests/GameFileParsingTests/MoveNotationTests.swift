import GameDomain
import Testing

@testable import GameFileParsing

@Suite("Fifteen: move notation")
struct MoveNotationTests {
    @Test(arguments: [
        ("12 8 4", [PuzzleMove.tile(12), .tile(8), .tile(4)]),
        ("12,8,4", [.tile(12), .tile(8), .tile(4)]),
        (" 12 ,  8,4 ", [.tile(12), .tile(8), .tile(4)]),
        ("", []),
        ("  ", []),
        ("R3", [.slide(.right), .slide(.right), .slide(.right)]),
        ("UUL2", [.slide(.up), .slide(.up), .slide(.left), .slide(.left)]),
        ("U U L2 D", [.slide(.up), .slide(.up), .slide(.left), .slide(.left), .slide(.down)]),
        ("u,l, r1", [.slide(.up), .slide(.left), .slide(.right)]),
        ("D10", Array(repeating: PuzzleMove.slide(.down), count: 10)),
    ])
    func parses(text: String, moves: [PuzzleMove]) throws {
        #expect(try MoveNotation.parse(text) == moves)
    }

    @Test(arguments: [
        ("12 x 4", 3, "expected a tile number, found 'x'"),
        (
            "12 8 R", 5,
            "expected a tile number, found 'R' (tile numbers and direction letters cannot be mixed in one line)"
        ),
        ("12R", 2, "expected a space or comma after tile 12, found 'R'"),
        ("3 0 4", 2, "expected a tile number from 1 up; 0 is the blank, which is not moved by name"),
        ("UUX", 2, "expected a direction U, D, L or R, found 'X'"),
        (
            "UL 3", 3,
            "expected a direction U, D, L or R before a repeat count, found '3' (tile numbers and direction letters cannot be mixed in one line)"
        ),
        ("R0", 1, "expected a repeat count from 1 to 1000 after R, found 0"),
        ("R1001", 1, "expected a repeat count from 1 to 1000 after R, found 1001"),
        ("  ?", 2, "expected a tile number (like 12 8 4) or a direction U, D, L or R (like R3 UUL2), found '?'"),
        ("1 12345678901", 2, "expected a number of at most 9 digits"),
        ("é 1", 0, "expected a tile number (like 12 8 4) or a direction U, D, L or R (like R3 UUL2), found 'é'"),
    ])
    func errorsCarryOffsetAndExpectation(text: String, offset: Int, message: String) {
        #expect(throws: MoveNotationError(offset: offset, message: message)) { try MoveNotation.parse(text) }
    }

    @Test func errorDescriptionCountsFromOne() {
        #expect(MoveNotationError(offset: 3, message: "m").description == "character 4: m")
    }
}

@Suite("Fifteen: layout notation")
struct LayoutNotationTests {
    @Test func parsesRowTextsWithEitherBlank() throws {
        let board = try LayoutNotation.parse(rowTexts: ["1 2 3", "4,5,6", "7 8 _"], size: 3)
        #expect(board.isSolved)
        let zero = try LayoutNotation.parse(rowTexts: ["1 2 3", "4 5 6", "7 0 8"], size: 3)
        #expect(zero.tiles == [1, 2, 3, 4, 5, 6, 7, 0, 8])
        let cells = try LayoutNotation.parse(rows: [["1", "2"], ["3", " _ "]], size: 2)
        #expect(cells.isSolved)
    }

    @Test(
        arguments: [
            (["1 2 3", "4 5 6"], 3, nil, nil, "expected 3 rows for a 3×3 board, found 2"),
            (["1 2 3", "4 5 6", "7 8 _", "1 2 3"], 3, 3, nil, "expected 3 rows for a 3×3 board, found 4"),
            (["1 2 3", "4 5", "7 8 _"], 3, 1, 2, "expected 3 tiles in this row, found 2"),
            (["1 2 3", "4 x 6", "7 8 _"], 3, 1, 1, "expected a tile number or _ for the blank, found 'x'"),
            (["1 2 3", "4 -5 6", "7 8 _"], 3, 1, 1, "expected a tile number or _ for the blank, found '-5'"),
            (
                ["1 2 3", "4 5 9", "7 8 _"], 3, 1, 2,
                "tile 9 in cell 6 is not on a 3×3 board (tiles are 1 to 8, blank is _ or 0)"
            ),
            (
                ["1 2 3", "4 5 6", "7 3 _"], 3, 2, 1,
                "tile 3 appears twice, in cells 3 and 8; each tile appears exactly once"
            ),
            (["1 2 _", "4 5 6", "7 8 _"], 3, 2, 2, "two blanks, in cells 3 and 9; a board has exactly one"),
        ] as [([String], Int, Int?, Int?, String)])
    func errorsCarryRowAndColumn(rows: [String], size: Int, row: Int?, column: Int?, message: String) {
        #expect(throws: LayoutError(row: row, column: column, message: message)) {
            try LayoutNotation.parse(rowTexts: rows, size: size)
        }
    }

    @Test func unsolvableLayoutIsAnError() {
        #expect {
            try LayoutNotation.parse(rowTexts: ["1 2 3", "4 5 6", "8 7 _"], size: 3)
        } throws: { error in
            guard let error = error as? LayoutError else { return false }
            return error.row == nil && error.message.contains("can never be solved")
        }
        #expect(throws: LayoutError.self) { try LayoutNotation.parse(numbers: [[1]], size: 1) }
    }

    @Test func errorDescriptionCountsFromOne() {
        #expect(LayoutError(row: 1, column: 2, message: "m").description == "row 2, column 3: m")
        #expect(LayoutError(row: 4, column: nil, message: "m").description == "row 5: m")
    }
}
