extension PuzzleBoard: Codable {
    private enum CodingKeys: String, CodingKey {
        case size
        case tiles
    }

    /// Decoding validates like `init(size:tiles:)`: a decoded board is never malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let size = try container.decode(Int.self, forKey: .size)
        let tiles = try container.decode([Int].self, forKey: .tiles)
        do {
            try self.init(size: size, tiles: tiles)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .tiles, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(tiles, forKey: .tiles)
    }
}
