/// Where a game night's game stands: winners exist only once it is `finished`.
public enum GameStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case setup
    case playing
    case finished
}
