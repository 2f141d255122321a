/// IDA* with Manhattan distance, optionally plus linear conflicts, for any width.
///
/// A linear conflict: two tiles in their home row (or column) in the wrong order; one of
/// them must leave the line and come back, two extra moves. Per line we count the fewest
/// tiles to remove so the rest are in order (line length minus the longest increasing run),
/// which is admissible and adds up over rows and columns (Hansson, Mayer & Yung 1992).
/// All of it is updated incrementally: a move changes one tile's Manhattan distance and at
/// most one line's conflicts.
final class LineConflictSearch {
    private let size: Int
    private let cells: Int
    private let useConflicts: Bool
    private let manhattan: UnsafeMutablePointer<UInt8>
    private let goalRow: UnsafeMutablePointer<Int>
    private let goalColumn: UnsafeMutablePointer<Int>
    private let rowConflicts: UnsafeMutablePointer<Int>
    private let columnConflicts: UnsafeMutablePointer<Int>
    private let scratch: UnsafeMutablePointer<Int>
    private let lengths: UnsafeMutablePointer<Int>
    private let driver: IDAStarDriver

    init(geometry: BoardGeometry, tiles start: [UInt8], useConflicts: Bool, budget: SearchBudget) {
        driver = IDAStarDriver(geometry: geometry, startTiles: start, budget: budget)
        size = geometry.size
        cells = geometry.cells
        self.useConflicts = useConflicts
        manhattan = .allocate(capacity: cells * cells)
        manhattan.initialize(from: geometry.manhattan, count: cells * cells)
        goalRow = .allocate(capacity: cells)
        goalColumn = .allocate(capacity: cells)
        goalRow.initialize(repeating: -1, count: cells)
        goalColumn.initialize(repeating: -1, count: cells)
        for tile in 1..<cells {
            goalRow[tile] = (tile - 1) / size
            goalColumn[tile] = (tile - 1) % size
        }
        rowConflicts = .allocate(capacity: size)
        columnConflicts = .allocate(capacity: size)
        scratch = .allocate(capacity: size)
        lengths = .allocate(capacity: size)
        for line in 0..<size {
            rowConflicts[line] = useConflicts ? conflicts(row: line) : 0
            columnConflicts[line] = useConflicts ? conflicts(column: line) : 0
        }
    }

    deinit {
        for pointer in [goalRow, goalColumn, rowConflicts, columnConflicts, scratch, lengths] {
            pointer.deallocate()
        }
        manhattan.deallocate()
    }

    /// Runs IDA* to the end or until the budget runs out.
    func solve() -> SolveOutcome {
        var heuristic = driver.geometry.manhattanDistance(driver.startTiles)
        for line in 0..<size { heuristic += 2 * (rowConflicts[line] + columnConflicts[line]) }
        return driver.run(heuristic: heuristic) { [heuristic] blank, bound in
            search(blank: blank, depth: 0, heuristic: heuristic, bound: bound, previous: -1)
        }
    }

    private func search(blank: Int, depth: Int, heuristic: Int, bound: Int, previous: Int) -> Int {
        let estimate = depth + heuristic
        if estimate > bound { return estimate }
        if heuristic == 0 { return IDAStarDriver.found }
        if depth >= IDAStarDriver.pathCapacity { return Int.max }
        var smallest = Int.max
        let first = blank * 4
        for slot in first..<first + 4 {
            let next = Int(driver.neighbors[slot])
            if next < 0 { break }
            if next == previous { continue }
            if !driver.countNode() { return IDAStarDriver.aborted }
            let tile = Int(driver.tiles[next])
            var childHeuristic = heuristic - Int(manhattan[tile * cells + next]) + Int(manhattan[tile * cells + blank])
            driver.tiles[blank] = UInt8(truncatingIfNeeded: tile)
            driver.tiles[next] = 0
            // The one line whose conflicts can change: the tile's home row when it moved
            // between rows, its home column when it moved between columns.
            var changedLine = -1
            var oldConflicts = 0
            let vertical = next / size != blank / size
            if useConflicts {
                if vertical {
                    let line = goalRow[tile]
                    if line == next / size || line == blank / size {
                        changedLine = line
                        oldConflicts = rowConflicts[line]
                        let new = conflicts(row: line)
                        rowConflicts[line] = new
                        childHeuristic += 2 * (new - oldConflicts)
                    }
                } else {
                    let line = goalColumn[tile]
                    if line == next % size || line == blank % size {
                        changedLine = line
                        oldConflicts = columnConflicts[line]
                        let new = conflicts(column: line)
                        columnConflicts[line] = new
                        childHeuristic += 2 * (new - oldConflicts)
                    }
                }
            }
            driver.path[depth] = next
            let result = search(blank: next, depth: depth + 1, heuristic: childHeuristic, bound: bound, previous: blank)
            driver.tiles[next] = UInt8(truncatingIfNeeded: tile)
            driver.tiles[blank] = 0
            if changedLine >= 0 {
                if vertical {
                    rowConflicts[changedLine] = oldConflicts
                } else {
                    columnConflicts[changedLine] = oldConflicts
                }
            }
            if result < 0 { return result }
            if result < smallest { smallest = result }
        }
        return smallest
    }

    private func conflicts(row: Int) -> Int {
        var count = 0
        for column in 0..<size {
            let tile = Int(driver.tiles[row * size + column])
            if tile != 0, goalRow[tile] == row {
                scratch[count] = goalColumn[tile]
                count += 1
            }
        }
        return count - longestIncreasingRun(count)
    }

    private func conflicts(column: Int) -> Int {
        var count = 0
        for row in 0..<size {
            let tile = Int(driver.tiles[row * size + column])
            if tile != 0, goalColumn[tile] == column {
                scratch[count] = goalRow[tile]
                count += 1
            }
        }
        return count - longestIncreasingRun(count)
    }

    /// Longest increasing subsequence of `scratch[0..<count]` (count ≤ 8: quadratic is fine).
    private func longestIncreasingRun(_ count: Int) -> Int {
        var best = 0
        for i in 0..<count {
            var length = 1
            for j in 0..<i where scratch[j] < scratch[i] && lengths[j] + 1 > length {
                length = lengths[j] + 1
            }
            lengths[i] = length
            if length > best { best = length }
        }
        return best
    }
}
