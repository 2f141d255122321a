import GameDomain

/// Precomputed facts about an N×N grid that every search step needs: neighbours of each cell
/// and each tile's Manhattan distance from each cell.
struct BoardGeometry {
    let size: Int
    let cells: Int
    /// `neighbors[cell * 4 + i]`, padded with -1: cells the blank can move to.
    let neighbors: [Int8]
    /// `manhattan[tile * cells + cell]`: rows plus columns from `cell` to the tile's home.
    let manhattan: [UInt8]

    init(size: Int) {
        self.size = size
        cells = size * size
        var neighbors = [Int8](repeating: -1, count: cells * 4)
        for cell in 0..<cells {
            let row = cell / size
            let column = cell % size
            var slot = cell * 4
            // Order: down, up, right, left (blank motion); any fixed order works.
            for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let r = row + dr
                let c = column + dc
                if (0..<size).contains(r), (0..<size).contains(c) {
                    neighbors[slot] = Int8(r * size + c)
                    slot += 1
                }
            }
        }
        var manhattan = [UInt8](repeating: 0, count: cells * cells)
        for tile in 1..<cells {
            let home = tile - 1
            for cell in 0..<cells {
                manhattan[tile * cells + cell] = UInt8(abs(home / size - cell / size) + abs(home % size - cell % size))
            }
        }
        self.neighbors = neighbors
        self.manhattan = manhattan
    }

    /// Sum of the Manhattan distances of all tiles on `tiles`.
    func manhattanDistance(_ tiles: [UInt8]) -> Int {
        var total = 0
        for (cell, tile) in tiles.enumerated() where tile != 0 {
            total += Int(manhattan[Int(tile) * cells + cell])
        }
        return total
    }

    /// Turns the blank's path (cells it moved to) into directions and tile numbers.
    func moves(startTiles: [UInt8], blankPath: [Int]) -> (directions: [SlideDirection], tiles: [Int]) {
        var tiles = startTiles
        var blank = tiles.firstIndex(of: 0) ?? 0
        var directions: [SlideDirection] = []
        var numbers: [Int] = []
        for next in blankPath {
            let direction: SlideDirection =
                next == blank + size ? .up : next == blank - size ? .down : next == blank + 1 ? .left : .right
            directions.append(direction)
            numbers.append(Int(tiles[next]))
            tiles.swapAt(blank, next)
            blank = next
        }
        return (directions, numbers)
    }
}
