import GameDomain

/// Reads front-matter values and collects every problem as a `Diagnostic`, so one run reports
/// all errors of a file instead of stopping at the first.
struct GameFileReader {
    let path: String
    let limits: GameFileLimits
    private(set) var diagnostics: [Diagnostic] = []
    /// Errors past `maximumDiagnostics`: counted, not kept.
    private var dropped = 0

    /// The first errors are the ones to fix; keeping (and wording, with its suggestions) every
    /// error of a file with a hundred thousand bad lines would cost more than parsing it.
    static let maximumDiagnostics = 100

    init(path: String, limits: GameFileLimits) {
        self.path = path
        self.limits = limits
    }

    /// Records an error (what is wrong, and what to do when `message` does not say it); its text
    /// is only built if it is kept.
    mutating func fail(
        at location: SourceLocation, _ message: @autoclosure () -> String, hint: @autoclosure () -> String? = nil
    ) {
        guard !isFull else {
            dropped += 1
            return
        }
        diagnostics.append(Diagnostic(path: path, location: location, message: message(), hint: hint()))
    }

    mutating func fail(_ node: YAMLNode, _ message: @autoclosure () -> String, hint: @autoclosure () -> String? = nil) {
        fail(at: node.location, message(), hint: hint())
    }

    /// Every error so far, kept or not: a reader compares it before and after reading a part.
    var errorCount: Int { diagnostics.count + dropped }

    /// No more errors will be kept.
    var isFull: Bool { diagnostics.count >= Self.maximumDiagnostics }

    /// The kept errors in file order, then a note of how many more there were.
    var report: [Diagnostic] {
        var report = diagnostics.sorted {
            ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        if dropped > 0, let last = report.last {
            report.append(
                Diagnostic(
                    path: path, location: last.location,
                    message:
                        "\(counted(dropped, "more error", plural: "more errors")) in this file not shown; fix these first"
                ))
        }
        return report
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
                // A guess only serves to silence the "missing key" error, dropped anyway past the limit.
                if !isFull, let guess = closest(to: name, among: allowed) { fields.misspelled.insert(guess) }
                fail(
                    key,
                    "unknown key `\(name)` in \(place)\(suggestion(for: name, among: allowed)); the keys here are \(allowed.joined(separator: ", "))"
                )
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

    mutating func integer(_ node: YAMLNode, _ what: String, examples: String = "3 or -1") -> Int? {
        guard let value = node.integer else {
            fail(
                node,
                "\(what) must be a whole number such as \(examples), found \(node.isNull ? "nothing" : node.summary)")
            return nil
        }
        guard value.magnitude <= UInt(Self.pointsLimit) else {
            fail(node, "\(what) is \(value), beyond the limit of ±\(Self.pointsLimit); check for a typo")
            return nil
        }
        return value
    }

    /// One of an enumeration's raw values, e.g. `win: highest`.
    mutating func choice<Value: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ key: String, as: Value.Type)
        -> Value?
    where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        guard let text = node.scalar, let value = Value(rawValue: text.trimmingCharacters(in: " ")) else {
            fail(
                node,
                "`\(key)` must be one of \(names.joined(separator: ", ")), found \(node.summary)\(suggestion(for: node.scalar ?? "", among: names))"
            )
            return nil
        }
        return value
    }

    /// `true` or `false` (YAML 1.2's spelling; `yes`/`no` would be text there).
    mutating func flag(_ node: YAMLNode, _ what: String) -> Bool? {
        switch node.scalar?.trimmingCharacters(in: " ").lowercased() {
        case "true": return true
        case "false": return false
        default:
            fail(node, "\(what) must be true or false, found \(node.summary)")
            return nil
        }
    }

    /// False, after reporting it at `node`, when `count` is past `limit`.
    mutating func check(_ count: Int, against limit: GameFileLimits.Limit, at node: YAMLNode) -> Bool {
        let limits = limits
        guard count > limits[limit] else { return true }
        fail(node, limits.exceeded(limit, count))
        return false
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

    /// The key itself, where errors about the key's presence point.
    func key(_ key: String) -> YAMLNode? { values[key]?.key }

    /// Reports a required key that is absent, unless a typo of it was already reported.
    func requireMissing(_ key: String, _ message: String, reader: inout GameFileReader) {
        guard values[key] == nil, !misspelled.contains(key) else { return }
        reader.fail(node, message)
    }
}

/// " (did you mean `players`?)" when a close name exists, else "".
public func suggestion(for name: String, among candidates: [String]) -> String {
    closest(to: name, among: candidates).map { " (did you mean `\($0)`?)" } ?? ""
}

/// The candidate within a few typos of `name`, if any.
func closest(to name: String, among candidates: [String]) -> String? {
    let lowered = name.lowercased()
    let best = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }.min { $0.1 < $1.1 }
    guard let (candidate, distance) = best, distance <= max(1, candidate.count / 3), !name.isEmpty else { return nil }
    return candidate
}

/// Edit distance counting two swapped neighbours as one typo (`titel` → `title`), as people
/// type them; names are short, so the simple O(n·m) table is fine.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty, a.count <= 64, b.count <= 64 else { return max(a.count, b.count) }
    // Three rows, allocated once: suggestions run against every player of a large game.
    var beforePrevious = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                distance = min(distance, beforePrevious[j - 2] + 1)
            }
            current[j] = distance
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}
