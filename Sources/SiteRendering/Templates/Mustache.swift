/// A parsed Mustache template: the spec's tags (variables, sections, inverted sections,
/// comments, partials, set delimiters) and its inheritance module (`{{<parent}}`, `{{$block}}`).
///
/// Ours rather than a library's: a general engine looks every name up by reflection and
/// dynamic casts, which was a third of a site build. Here names are looked up in plain
/// field lists made once per page (`TemplateValue`).
struct Mustache: Sendable {
    /// A dotted name split at its dots; `[]` is `.`, the current value.
    typealias Path = [String]

    indirect enum Node: Sendable {
        case text(String)
        case variable(Path, escaped: Bool)
        case section(Path, [Node], inverted: Bool)
        case partial(String, indentation: String)
        case parent(String, indentation: String, blocks: [String: [Node]])
        case block(String, [Node])
    }

    var nodes: [Node]
}

/// A template that does not parse: where and why.
struct MustacheSyntaxError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
}

// MARK: - Rendering

extension Mustache {
    /// Partials and parents may include themselves (a recursive list); past this depth they
    /// render nothing. The expansion budget stops a self-including partial inside a list, whose
    /// work would grow exponentially with the depth; a page of 10,000 games uses 10,000.
    static let maxDepth = 64
    static let maxExpansions = 1_000_000

    struct Renderer {
        var partials: [String: Mustache]
        var stack: [TemplateValue]
        var expansions = Mustache.maxExpansions

        // Into UTF-8 bytes, nodes by index: String appends and copying each node were a fifth
        // of rendering a page.
        mutating func render(_ nodes: [Node], blocks: [String: [Node]], depth: Int, into output: inout [UInt8]) {
            for index in nodes.indices {
                switch nodes[index] {
                case .text(let text):
                    Escape.appendVerbatim(text, to: &output)
                case .variable(let path, let escaped):
                    guard let text = lookup(path)?.text else { continue }
                    if escaped { Escape.append(text, to: &output) } else { Escape.appendVerbatim(text, to: &output) }
                case .section(let path, let children, let inverted):
                    let value = lookup(path)
                    if inverted {
                        if value?.isFalsey ?? true { render(children, blocks: blocks, depth: depth, into: &output) }
                        continue
                    }
                    guard let value, !value.isFalsey else { continue }
                    switch value {
                    case .flag: render(children, blocks: blocks, depth: depth, into: &output)
                    case .list(let items):
                        for item in items { renderPushing(item, children, blocks: blocks, depth: depth, into: &output) }
                    default: renderPushing(value, children, blocks: blocks, depth: depth, into: &output)
                    }
                case .partial(let name, let indentation):
                    guard depth < Mustache.maxDepth, expansions > 0, let partial = partials[name] else { continue }
                    expansions -= 1
                    renderIndented(partial.nodes, indentation, blocks: blocks, depth: depth + 1, into: &output)
                case .parent(let name, let indentation, let overrides):
                    guard depth < Mustache.maxDepth, expansions > 0, let parent = partials[name] else { continue }
                    expansions -= 1
                    // The outermost override of a block wins.
                    let merged = blocks.merging(overrides) { outer, _ in outer }
                    renderIndented(parent.nodes, indentation, blocks: merged, depth: depth + 1, into: &output)
                case .block(let name, let defaults):
                    render(blocks[name] ?? defaults, blocks: blocks, depth: depth, into: &output)
                }
            }
        }

        private mutating func renderPushing(_ value: TemplateValue, _ nodes: [Node], blocks: [String: [Node]], depth: Int,
                                            into output: inout [UInt8]) {
            stack.append(value)
            render(nodes, blocks: blocks, depth: depth, into: &output)
            stack.removeLast()
        }

        /// A standalone partial's indentation goes in front of each of its lines.
        private mutating func renderIndented(_ nodes: [Node], _ indentation: String, blocks: [String: [Node]], depth: Int,
                                             into output: inout [UInt8]) {
            guard !indentation.isEmpty else { return render(nodes, blocks: blocks, depth: depth, into: &output) }
            var inner: [UInt8] = []
            render(nodes, blocks: blocks, depth: depth, into: &inner)
            var atLineStart = true
            for byte in inner {
                if atLineStart { Escape.appendVerbatim(indentation, to: &output) }
                output.append(byte)
                atLineStart = byte == UInt8(ascii: "\n")
            }
        }

        /// The first name is looked up from the innermost value outwards; the rest only inside what it found.
        func lookup(_ path: Path) -> TemplateValue? {
            guard let first = path.first else { return stack.last }
            for value in stack.reversed() {
                guard case .object(let fields) = value, var found = fields[first] else { continue }
                for name in path.dropFirst() {
                    guard case .object(let fields) = found, let next = fields[name] else { return nil }
                    found = next
                }
                return found
            }
            return nil
        }
    }
}
