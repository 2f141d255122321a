internal import CYaml

/// A place in the YAML text: 1-based line and column, columns counted in Unicode scalars (as
/// libyaml counts them).
struct Mark: Equatable {
    var line: Int
    var column: Int
}

/// Why front matter could not be composed, before its place in the file is known.
enum YAMLError: Error {
    /// libyaml's scanner or parser, or a document after the first: what it was doing
    /// (`context`), what went wrong, and where.
    case syntax(context: (text: String, mark: Mark)?, problem: String, mark: Mark)
    /// Keys that appear more than once in one mapping, sorted; `mark` is the first one's.
    case duplicateKeys([String], mark: Mark)
    /// Bytes libyaml's reader refuses (a control character), at a byte offset.
    case unreadable(problem: String, offset: Int?)
    /// What game files never need (an alias, nesting past any game file's), with the message.
    case refused(String, mark: Mark)
    case outOfMemory
}

/// Front matter to `YAMLNode`s, from libyaml's events (the libyaml inside Yams, `CYaml`).
///
/// Every scalar is text: game-kind readers read numbers and names themselves. One document at
/// most. A mapping's keys must differ: two keys are the same when their text and tag are (so
/// `a` and `"a"` are, and `!!int 1` and `1` are not). Aliases are refused (`YAMLSafety` refuses
/// them first; this is the backstop), and so is nesting deeper than `maximumDepth`, so the
/// recursion is bounded whatever the text.
enum YAMLComposer {
    static let maximumDepth = 2 * YAMLSafety.maximumDepth + 2

    static func compose(_ yaml: String, lineOffset: Int, lineWidths: [Int]) -> Result<YAMLNode?, YAMLError> {
        var state = yaml_parser_t()
        return withUnsafeMutablePointer(to: &state) { parser in
            guard yaml_parser_initialize(parser) == 1 else { return .failure(.outOfMemory) }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            var text = yaml
            return text.withUTF8 { bytes in
                // libyaml wants an address even for no bytes.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { empty in
                    yaml_parser_set_input_string(
                        parser, bytes.baseAddress ?? UnsafePointer(empty.baseAddress), bytes.count)
                    var composer = Composer(parser: parser, lineOffset: lineOffset, lineWidths: lineWidths)
                    return Result { () throws(YAMLError) in try composer.document() }
                }
            }
        }
    }

    private struct Composer {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        let lineOffset: Int
        let lineWidths: [Int]

        /// The stream's one document's root, or nil for a stream without any.
        mutating func document() throws(YAMLError) -> YAMLNode? {
            var event = try next()
            defer { yaml_event_delete(&event) }
            guard event.type == YAML_STREAM_START_EVENT else { return nil }
            var start = try next()
            defer { yaml_event_delete(&start) }
            guard start.type == YAML_DOCUMENT_START_EVENT else { return nil }
            var first = try next()
            let root = try node(from: &first, depth: 0)
            var end = try next()
            yaml_event_delete(&end)
            var after = try next()
            defer { yaml_event_delete(&after) }
            guard after.type == YAML_STREAM_END_EVENT else {
                throw .syntax(
                    context: ("expected a single document in the stream", Mark(line: 1, column: 1)),
                    problem: "but found another document", mark: Self.mark(after.start_mark))
            }
            return root
        }

        /// The node `event` starts (deleting the event), reading the events of its contents.
        mutating func node(from event: inout yaml_event_t, depth: Int) throws(YAMLError) -> YAMLNode {
            defer { yaml_event_delete(&event) }
            let mark = Self.mark(event.start_mark)
            guard depth <= YAMLComposer.maximumDepth else {
                throw .refused(
                    "the front matter nests deeper than \(YAMLSafety.maximumDepth) levels; game files need only a few",
                    mark: mark)
            }
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let style = YAMLNode.ScalarStyle(rawValue: Int(scalar.style.rawValue)) ?? .any
                return YAMLNode(value: .scalar(text, style), mark: mark, lineOffset: lineOffset, lineWidths: lineWidths)
            case YAML_SEQUENCE_START_EVENT:
                var items: [YAMLNode] = []
                while true {
                    var item = try next()
                    if item.type == YAML_SEQUENCE_END_EVENT {
                        yaml_event_delete(&item)
                        break
                    }
                    items.append(try node(from: &item, depth: depth + 1))
                }
                return YAMLNode(value: .sequence(items), mark: mark, lineOffset: lineOffset, lineWidths: lineWidths)
            case YAML_MAPPING_START_EVENT:
                var pairs: [(key: YAMLNode, value: YAMLNode)] = []
                var keys: [Key] = []
                while true {
                    var keyEvent = try next()
                    if keyEvent.type == YAML_MAPPING_END_EVENT {
                        yaml_event_delete(&keyEvent)
                        break
                    }
                    let tag =
                        keyEvent.type == YAML_SCALAR_EVENT ? keyEvent.data.scalar.tag.map { String(cString: $0) } : nil
                    let key = try node(from: &keyEvent, depth: depth + 1)
                    keys.append(Key(key, tag: tag, place: pairs.count))
                    var valueEvent = try next()
                    pairs.append((key, try node(from: &valueEvent, depth: depth + 1)))
                }
                try Self.checkDuplicates(keys, of: pairs)
                return YAMLNode(value: .mapping(pairs), mark: mark, lineOffset: lineOffset, lineWidths: lineWidths)
            case YAML_ALIAS_EVENT:
                throw .refused(
                    "YAML aliases (`*name`) are not allowed in game files; write the value out in full (quote text that starts with `*`)",
                    mark: mark)
            default:
                throw .syntax(context: nil, problem: "unexpected YAML event", mark: mark)
            }
        }

        /// The next event, or libyaml's error.
        func next() throws(YAMLError) -> yaml_event_t {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else { throw error() }
            return event
        }

        func error() -> YAMLError {
            let state = parser.pointee
            let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
            switch state.error {
            case YAML_MEMORY_ERROR:
                return .outOfMemory
            case YAML_READER_ERROR:
                return .unreadable(problem: problem, offset: Int(state.problem_offset))
            default:
                let context = state.context.map { (String(cString: $0), Self.mark(state.context_mark)) }
                return .syntax(context: context, problem: problem, mark: Self.mark(state.problem_mark))
            }
        }

        static func mark(_ mark: yaml_mark_t) -> Mark {
            Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        /// Keys that repeat, sorted, with the first one's first place.
        static func checkDuplicates(_ keys: [Key], of pairs: [(key: YAMLNode, value: YAMLNode)]) throws(YAMLError) {
            guard keys.count > 1 else { return }
            var seen: [Key: Int] = [:]
            var repeated: [Int] = []
            for (index, key) in keys.enumerated() {
                if let first = seen[key] { repeated.append(first) } else { seen[key] = index }
            }
            guard !repeated.isEmpty else { return }
            let names = Dictionary(repeated.map { (keys[$0].text, $0) }) { first, _ in first }
            let sorted = names.keys.sorted()
            let first = sorted.first.flatMap { names[$0] } ?? 0
            throw .duplicateKeys(
                sorted, mark: pairs.indices.contains(first) ? pairs[first].key.mark : Mark(line: 1, column: 1))
        }
    }

    /// What makes two keys the same: a scalar's text and tag (every untagged scalar is text); a
    /// list or mapping key (`? [a, b]`) is only ever itself.
    struct Key: Hashable {
        var text: String
        var tag: String?
        var place: Int?

        init(_ key: YAMLNode, tag: String?, place: Int) {
            switch key.value {
            case .scalar(let text, _):
                // As messages show it: control characters (a `"\e"` escape) as U+FFFD.
                self.text = YAMLNode.shown(text)
                self.tag = tag == "tag:yaml.org,2002:str" || tag == "!" ? nil : tag
                self.place = nil
            case .sequence, .mapping:
                (text, self.tag, self.place) = (key.summary, nil, place)
            }
        }
    }
}
