import Foundation
import Testing

@testable import GameDomain

@Suite("Fifteen: moves, replay, results")
struct FifteenMoveTests {
    // 1 2 3
    // 4 _ 5
    // 7 8 6
    let board = try! PuzzleBoard(size: 3, tiles: [1, 2, 3, 4, 0, 5, 7, 8, 6])

    @Test(arguments: [
        (SlideDirection.up, 8), (.down, 2), (.left, 5), (.right, 4),
    ])
    func directionNamesTheTilesMotion(direction: SlideDirection, tile: Int) throws {
        // U slides the tile below the blank up, D the tile above down, L the tile to the
        // right leftwards, R the tile to the left rightwards.
        #expect(board.tile(sliding: direction) == tile)
        #expect(board.direction(ofTile: tile) == direction)
        let moved = try #require(board.applying(.slide(direction)))
        #expect(moved == board.applying(.tile(tile)))
        #expect(moved.tiles[board.blankIndex] == tile)
    }

    @Test func legalMovesAtACorner() throws {
        let goal = try PuzzleBoard.goal(size: 3)
        #expect(goal.legalDirections == [.down, .right])
        #expect(goal.movableTiles == [6, 8])
        #expect(goal.applying(.slide(.up)) == nil)
        #expect(goal.applying(.tile(5)) == nil)
    }

    @Test func replayKeepsEveryBoardAndSolves() throws {
        let replay = try PuzzleReplay(start: board, moves: [.tile(5), .slide(.up)])
        #expect(replay.timeline.map(\.tiles) == [[1, 2, 3, 4, 5, 0, 7, 8, 6], [1, 2, 3, 4, 5, 6, 7, 8, 0]])
        #expect(replay.final.isSolved)
        #expect(replay.directions == [.left, .up])
        #expect(replay.tileNumbers == [5, 6])
        let none = try PuzzleReplay(start: board, moves: [])
        #expect(none.final == board && none.timeline.isEmpty)
    }

    /// A replay keeps its moves a byte each: on boards of every size, every tile and every
    /// slide comes back as it went in (and a larger board would need more than a byte).
    @Test(arguments: PuzzleBoard.sizes)
    func everyMoveComesBackAsItWentIn(size: Int) throws {
        var random = SplitMix64(seed: UInt64(size))
        var board = try PuzzleBoard.shuffled(size: size, seed: 7)
        var moves: [PuzzleMove] = []
        var tiles = Set<Int>()
        while (tiles.count < size * size - 1 || moves.count < 4 * size * size) && moves.count < 100_000 {
            let direction = board.legalDirections[Int(random.next() % UInt64(board.legalDirections.count))]
            let tile = board.tile(sliding: direction) ?? 0
            let move: PuzzleMove = moves.count % 2 == 0 ? .tile(tile) : .slide(direction)
            board = try #require(board.applying(move))
            moves.append(move)
            tiles.insert(tile)
        }
        #expect(tiles.count == size * size - 1)
        let start = try PuzzleBoard.shuffled(size: size, seed: 7)
        let replay = try PuzzleReplay(start: start, moves: moves)
        #expect(replay.moves == moves)
        #expect(replay.moveCount == moves.count)
        #expect(replay.final == board)
        let decoded = try JSONDecoder().decode(PuzzleReplay.self, from: JSONEncoder().encode(replay))
        #expect(decoded == replay)
        // The blank's walk, played on one board, is the boards' own.
        let blanks = [start.blankIndex] + replay.timeline.map(\.blankIndex)
        #expect(replay.blankCells() == blanks)
        #expect(replay.blankCells(limit: 5) == Array(blanks.prefix(6)))
    }

    @Test(arguments: [
        (moves: [PuzzleMove.tile(5), .tile(1)], position: 1, reason: IllegalMoveError.Reason.notNextToBlank),
        (moves: [.tile(9)], position: 0, reason: .noSuchTile),
        (moves: [.tile(0)], position: 0, reason: .noSuchTile),
        (moves: [.slide(.left), .slide(.up), .slide(.up)], position: 2, reason: .noTileThatSide),
    ])
    func illegalMovesNameTheirPosition(moves: [PuzzleMove], position: Int, reason: IllegalMoveError.Reason) {
        #expect {
            try PuzzleReplay(start: board, moves: moves)
        } throws: { error in
            guard let error = error as? IllegalMoveError else { return false }
            return error.position == position && error.reason == reason && error.move == moves[position]
        }
    }

    @Test func illegalMoveMessages() {
        let tile = IllegalMoveError(position: 3, move: .tile(1), board: board)
        #expect(tile.description == "move 4: tile 1 is not next to the blank; tiles that can move: 2, 4, 5, 8")
        let edge = IllegalMoveError(position: 0, move: .slide(.up), board: try! PuzzleBoard.goal(size: 3))
        #expect(edge.description == "move 1: U has no tile to slide (the blank is at that edge); legal: D, R")
    }

    @Test func resultMath() throws {
        let replay = try PuzzleReplay(start: board, moves: [.tile(5), .tile(6)])
        let result = PuzzleResult(replay: replay, seconds: 4)
        #expect(result.solved && result.moveCount == 2)
        #expect(result.movesPerSecond == 0.5)
        #expect(result.efficiency(optimal: 2) == 1)
        #expect(PuzzleResult(solved: true, moveCount: 10, seconds: 0).movesPerSecond == nil)
        #expect(PuzzleResult(solved: false, moveCount: 10, seconds: nil).efficiency(optimal: 5) == nil)
    }

    @Test(
        arguments: [
            // Fewest moves, then shortest time; equal share a place, the next is skipped.
            (results: [(true, 30, 20.0), (true, 30, 20.0), (true, 31, 5.0)], places: [1, 1, 3]),
            (results: [(true, 30, 25.0), (true, 30, 20.0), (false, 10, 1.0)], places: [2, 1, nil]),
            (results: [(true, 40, nil), (true, 40, 99.0), (true, 39, nil)], places: [3, 2, 1]),
            (results: [(false, 3, 1.0)], places: [nil]),
        ] as [(results: [(Bool, Int, Double?)], places: [Int?])])
    func ranking(results: [(Bool, Int, Double?)], places: [Int?]) {
        let results = results.map { PuzzleResult(solved: $0.0, moveCount: $0.1, seconds: $0.2) }
        #expect(PuzzleRanking.places(results) == places)
    }
}
