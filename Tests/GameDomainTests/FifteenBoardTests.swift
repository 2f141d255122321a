import Foundation
import Testing

@testable import GameDomain

@Suite("Fifteen: board")
struct FifteenBoardTests {
    @Test func goalIsReadingOrderWithBlankLast() throws {
        let goal = try PuzzleBoard.goal(size: 3)
        #expect(goal.tiles == [1, 2, 3, 4, 5, 6, 7, 8, 0])
        #expect(goal.isSolved)
        #expect(goal.blankIndex == 8)
        #expect(goal.rows == [[1, 2, 3], [4, 5, 6], [7, 8, 0]])
        #expect(goal.description == "1 2 3\n4 5 6\n7 8 _")
        #expect(goal.tile(row: 2, column: 1) == 8)
        #expect(goal.tile(row: 3, column: 0) == nil)
    }

    @Test(arguments: [
        (size: 1, tiles: [0], error: PuzzleBoardError.sizeOutOfRange(1)),
        (size: 9, tiles: [], error: .sizeOutOfRange(9)),
        (size: 2, tiles: [1, 2, 0], error: .wrongTileCount(expected: 4, found: 3)),
        (size: 2, tiles: [1, 2, 3, 4], error: .tileOutOfRange(tile: 4, index: 3, size: 2)),
        (size: 2, tiles: [1, -1, 3, 0], error: .tileOutOfRange(tile: -1, index: 1, size: 2)),
        (size: 2, tiles: [1, 2, 2, 0], error: .duplicateTile(tile: 2, firstIndex: 1, index: 2)),
        (size: 2, tiles: [0, 2, 1, 0], error: .duplicateTile(tile: 0, firstIndex: 0, index: 3)),
    ])
    func invalidBoardsAreRejected(size: Int, tiles: [Int], error: PuzzleBoardError) {
        #expect(throws: error) { try PuzzleBoard(size: size, tiles: tiles) }
    }

    @Test func errorMessagesSayWhatIsWrong() {
        #expect(PuzzleBoardError.duplicateTile(tile: 0, firstIndex: 0, index: 3).description.contains("two blanks"))
        #expect(
            PuzzleBoardError.duplicateTile(tile: 5, firstIndex: 0, index: 3).description
                == "tile 5 appears twice, in cells 1 and 4; each tile appears exactly once")
        #expect(
            PuzzleBoardError.unsolvable(inversions: 1, blankRow: 2, size: 3).description.contains("can never be solved")
        )
    }

    @Test func codableRoundTripsAndValidates() throws {
        let board = try PuzzleBoard(size: 2, tiles: [3, 1, 0, 2])
        let data = try JSONEncoder().encode(board)
        #expect(try JSONDecoder().decode(PuzzleBoard.self, from: data) == board)
        let broken = Data(#"{"size":2,"tiles":[1,1,2,0]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PuzzleBoard.self, from: broken) }
    }
}
