extension BowlingLine: Codable {
    /// Only the balls are stored; decoding checks them against the rules like `init(balls:)`, so
    /// a decoded line is never one the rules forbid.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let balls = try container.decode([BowlingBall].self)
        do {
            try self.init(balls: balls)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(balls)
    }
}
