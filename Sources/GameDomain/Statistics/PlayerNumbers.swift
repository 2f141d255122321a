/// Players numbered in the order they are first met, so that statistics keep per-player state
/// in arrays rather than in dictionaries keyed by identity strings. A name seen before costs
/// one lookup of the name as written; only a new spelling computes its identity.
struct PlayerNumbers {
    /// By number.
    private(set) var identities: [String] = []
    /// By number: the spelling the player was first met with.
    private(set) var names: [String] = []
    private var byIdentity: [String: Int] = [:]
    private var bySpelling: [String: Int] = [:]

    var count: Int { identities.count }

    /// The player's number, and whether they are met here for the first time.
    mutating func number(_ name: String) -> (number: Int, isNew: Bool) {
        if let known = bySpelling[name] { return (known, false) }
        let identity = PlayerName.identity(of: name)
        if let known = byIdentity[identity] {
            bySpelling[name] = known
            return (known, false)
        }
        let number = identities.count
        identities.append(identity)
        names.append(name)
        byIdentity[identity] = number
        bySpelling[name] = number
        return (number, true)
    }
}
