import GameDomain

enum SearchResult {
    /// Packs a found blank path into a `Solution`.
    static func outcome(geometry: BoardGeometry, startTiles: [UInt8], blankPath: [Int], budget: SearchBudget) -> SolveOutcome {
        let (directions, tiles) = geometry.moves(startTiles: startTiles, blankPath: blankPath)
        return .solved(Solution(directions: directions, tiles: tiles, nodes: budget.nodes, seconds: budget.elapsedSeconds))
    }
}
