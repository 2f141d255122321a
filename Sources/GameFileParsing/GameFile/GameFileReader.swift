/// Reads front-matter values and collects every problem as a `Diagnostic`, so one run reports
/// all errors of a file instead of stopping at the first.
struct GameFileReader {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    mutating func fail(at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(path: path, location: location, message: message))
    }

    mutating func fail(_ node: YAMLNode, _ message: String) {
        fail(at: node.location, message)
    }

    /// The keys of a mapping node; unknown and repeated keys are reported.
    mutating func fields(of node: YAMLNode, allowed: [String], in place: String) -> Fields? {
        guard let pairs = node.pairs else {
            fail(node, "\(place) must be a mapping of `key: value` lines, found \(node.summary)")
            return nil
        }
        var fields = Fields(node: node)
        for (key, value) in pairs {
            guard let name = key.scalar else {
                fail(key, "\(place) has a key that is not plain text; use one of \(allowed.joined(separator: ", "))")
                continue
            }
            guard allowed.contains(name) else {
                if let guess = closest(to: name, among: allowed) { fields.misspelled.insert(guess) }
                fail(key, "unknown key `\(name)` in \(place)\(suggestion(for: name, among: allowed)); the keys here are \(allowed.joined(separator: ", "))")
                continue
            }
            fields.values[name] = (key, value)
        }
        return fields
    }

    /// Non-empty text (a number or a date written plainly counts as text too).
    mutating func text(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = node.scalar, !node.isNull else {
            fail(node, "\(what) must be text, found \(node.isNull ? "nothing" : node.summary)")
            return nil
        }
        let trimmed = text.trimmingCharacters(in: " ")
        guard !trimmed.isEmpty else {
            fail(node, "\(what) must not be empty")
            return nil
        }
        return trimmed
    }

    /// Scores are bounded so that no sum of them can overflow.
    static let pointsLimit = 1_000_000_000

    mutating func integer(_ node: YAMLNode, _ what: String) -> Int? {
        guard let value = node.integer else {
            fail(node, "\(what) must be a whole number such as 3 or -1, found \(node.isNull ? "nothing" : node.summary)")
            return nil
        }
        guard value.magnitude <= UInt(Self.pointsLimit) else {
            fail(node, "\(what) is \(value), beyond the limit of ±\(Self.pointsLimit); check for a typo")
            return nil
        }
        return value
    }

    /// One of an enumeration's raw values, e.g. `win: highest`.
    mutating func choice<Value: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ key: String, as: Value.Type) -> Value?
    where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        guard let text = node.scalar, let value = Value(rawValue: text.trimmingCharacters(in: " ")) else {
            fail(node, "`\(key)` must be one of \(names.joined(separator: ", ")), found \(node.summary)\(suggestion(for: node.scalar ?? "", among: names))")
            return nil
        }
        return value
    }

    mutating func list(_ node: YAMLNode, _ what: String) -> [YAMLNode]? {
        if node.isNull { return [] }
        guard let items = node.items else {
            fail(node, "\(what) must be a list (`[a, b]` or lines starting with `- `), found \(node.summary)")
            return nil
        }
        return items
    }
}

/// The recognised keys of one mapping, with the mapping itself for "missing key" errors.
struct Fields {
    let node: YAMLNode
    var values: [String: (key: YAMLNode, value: YAMLNode)] = [:]

    /// Keys that an unknown key looks like a typo of: not reported again as missing.
    var misspelled: Set<String> = []

    subscript(key: String) -> YAMLNode? { values[key]?.value }

    /// Reports a required key that is absent, unless a typo of it was already reported.
    func requireMissing(_ key: String, _ message: String, reader: inout GameFileReader) {
        guard values[key] == nil, !misspelled.contains(key) else { return }
        reader.fail(node, message)
    }
}

/// "; did you mean `players`?" when a close name exists, else "".
func suggestion(for name: String, among candidates: [String]) -> String {
    closest(to: name, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
}

/// The candidate within a few typos of `name`, if any.
func closest(to name: String, among candidates: [String]) -> String? {
    let lowered = name.lowercased()
    let best = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }.min { $0.1 < $1.1 }
    guard let (candidate, distance) = best, distance <= max(1, candidate.count / 3), !name.isEmpty else { return nil }
    return candidate
}

/// Levenshtein distance; names are short, so the simple O(n·m) table is fine.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty, !b.isEmpty, a.count <= 64, b.count <= 64 else { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
