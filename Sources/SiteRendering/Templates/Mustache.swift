/// A parsed Mustache template: the spec's tags (variables, sections, inverted sections,
/// comments, partials, set delimiters) and its inheritance (`{{<parent}}`, `{{$block}}`) and
/// dynamic-names (`{{>*name}}`) modules. Lambdas are refused: a template cannot define code.
///
/// Ours rather than a library's: a general engine looks every name up by reflection and
/// dynamic casts, which was a third of a site build. Here names are looked up in plain
/// field lists made once per page (`TemplateValue`).
struct Mustache: Sendable {
    /// A dotted name split at its dots; `[]` is `.`, the current value.
    typealias Path = [String]

    /// A partial's or parent's name: as written, or looked up in the data (`{{>*name}}`).
    enum Name: Sendable {
        case fixed(String)
        case dynamic(Path)
    }

    /// `at`: the byte offset of the tag, for messages.
    indirect enum Node: Sendable {
        case text(String)
        /// A line of the template starts here (and not inside a text node): where a standalone
        /// partial's or a block's indentation goes. Text nodes indent after their inner line breaks.
        case lineStart
        case variable(Path, escaped: Bool, at: Int)
        case section(Path, [Node], inverted: Bool, at: Int)
        case partial(Name, indentation: String, at: Int)
        case parent(Name, indentation: String, blocks: [String: [Node]], at: Int)
        /// `standalone`: the block's opening tag has its line to itself, so its content starts a line.
        case block(String, [Node], indentation: String, standalone: Bool, at: Int)
    }

    var nodes: [Node]
    /// The source, for the line and column of errors found while rendering.
    var text: String

    /// Sections, parents and blocks nest at most this deep in one template (checked when parsing).
    static let maxNesting = 100
    /// Partials and parents include one another at most this deep (a recursive list); deeper is an
    /// error at the tag. The expansion budget stops a self-including partial inside a list, whose
    /// work would grow exponentially with the depth; a page of 10,000 games uses 10,000.
    static let maxDepth = 64
    static let maxExpansions = 1_000_000
    /// What one page may weigh: a template that repeats itself without end stops here.
    static let outputBudget = 64 * 1024 * 1024
}

/// A template that does not parse: where and why.
struct MustacheSyntaxError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
}

// MARK: - Rendering

extension Mustache {
    /// A template that could not be rendered: which one, the byte offset of the tag, and why.
    struct RenderError: Error, Sendable {
        var template: String
        var offset: Int
        var message: String
    }

    /// Renders without recursion: each section, partial and block being rendered is a frame on
    /// a list, so no template, however deep, can exhaust the thread's stack.
    struct Renderer {
        var templates: [String: Mustache]
        var stack: [TemplateValue]
        /// Partials and parents left to expand; output bytes allowed.
        var expansions: Int
        let expansionLimit: Int
        let budget: Int

        /// A block's content and the template it is written in.
        struct Content {
            var nodes: [Node]
            var template: String
        }

        private struct Frame {
            var nodes: [Node]
            var index = 0
            var template: String
            var indentation: String
            var blocks: [String: Content]
            /// A list section's items; the current one is on the context stack.
            var items: [TemplateValue] = []
            var item = 0
            /// It put a value on the context stack, taken off when it ends.
            var pushed = false
            /// A partial's or parent's: it counts toward `maxDepth`.
            var expands = false
            /// The offset of its last tag, where an error in plain text (the budget) is reported.
            var lastTag = 0
        }

        init(
            templates: [String: Mustache], stack: [TemplateValue], expansions: Int = Mustache.maxExpansions,
            budget: Int = Mustache.outputBudget
        ) {
            self.templates = templates
            self.stack = stack
            self.expansions = expansions
            self.expansionLimit = expansions
            self.budget = budget
        }

        // Into UTF-8 bytes: String appends were a fifth of rendering a page.
        mutating func render(_ name: String, into output: inout [UInt8]) throws(RenderError) {
            guard let template = templates[name] else { return }
            var frames = [Frame(nodes: template.nodes, template: name, indentation: "", blocks: [:])]
            var depth = 0
            while let top = frames.indices.last {
                // The frame is read in place, not copied: a copy retained and released its every
                // field once per item of each list.
                guard frames[top].index < frames[top].nodes.count else {
                    let next = frames[top].item + 1
                    if next < frames[top].items.count, !stack.isEmpty {
                        frames[top].item = next
                        frames[top].index = 0
                        stack[stack.count - 1] = frames[top].items[next]
                        continue
                    }
                    if frames[top].pushed { _ = stack.popLast() }
                    if frames[top].expands { depth -= 1 }
                    frames.removeLast()
                    continue
                }
                let node = frames[top].nodes[frames[top].index]
                frames[top].index += 1
                switch node {
                case .text(let text):
                    if frames[top].indentation.isEmpty {
                        Escape.appendVerbatim(text, to: &output)
                    } else {
                        Self.append(text, indenting: frames[top].indentation, to: &output)
                    }
                    guard output.count <= budget else { throw overBudget(frames[top]) }
                case .lineStart:
                    Escape.appendVerbatim(frames[top].indentation, to: &output)
                case .variable(let path, let escaped, let at):
                    frames[top].lastTag = at
                    guard let text = try lookup(path, at: at, in: frames[top].template)?.text else { continue }
                    if escaped { Escape.append(text, to: &output) } else { Escape.appendVerbatim(text, to: &output) }
                    guard output.count <= budget else { throw overBudget(frames[top]) }
                case .section(let path, let children, let inverted, let at):
                    frames[top].lastTag = at
                    let value = try lookup(path, at: at, in: frames[top].template)
                    var inner = Self.child(of: frames[top], children)
                    if inverted {
                        guard value?.isFalsey ?? true else { continue }
                    } else {
                        guard let value, !value.isFalsey else { continue }
                        switch value {
                        case .flag: break
                        case .list(let items):
                            guard let first = items.first else { continue }
                            inner.items = items
                            inner.pushed = true
                            stack.append(first)
                        default:
                            inner.pushed = true
                            stack.append(value)
                        }
                    }
                    frames.append(inner)
                case .partial(let name, let indentation, let at), .parent(let name, let indentation, _, let at):
                    frames[top].lastTag = at
                    let template = frames[top].template
                    guard let name = try resolve(name, at: at, in: template), let included = templates[name] else {
                        continue
                    }
                    try include(at: at, in: template, depth: &depth)
                    var inner = Self.child(of: frames[top], included.nodes)
                    if case .parent(_, _, let overrides, _) = node {
                        // The outermost override of a block wins.
                        for (block, nodes) in overrides where inner.blocks[block] == nil {
                            inner.blocks[block] = Content(nodes: nodes, template: template)
                        }
                    }
                    inner.template = name
                    inner.indentation += indentation
                    inner.expands = true
                    frames.append(inner)
                case .block(let name, let defaults, let indentation, let standalone, let at):
                    frames[top].lastTag = at
                    var inner = Self.child(of: frames[top], defaults)
                    if let content = inner.blocks[name] {
                        // An override may hold its own block (`{{$a}}{{$a}}{{/a}}{{/a}}`), which renders it
                        // again: it counts as an inclusion, or it would recurse without end.
                        try include(at: at, in: frames[top].template, depth: &depth)
                        inner.nodes = content.nodes
                        inner.template = content.template
                        inner.expands = true
                    }
                    inner.indentation += indentation
                    if standalone, !inner.nodes.isEmpty { Escape.appendVerbatim(inner.indentation, to: &output) }
                    frames.append(inner)
                }
            }
        }

        /// Counts a partial, a parent or a block override against the depth and the expansions.
        private mutating func include(at offset: Int, in template: String, depth: inout Int) throws(RenderError) {
            guard depth < Mustache.maxDepth else {
                throw RenderError(
                    template: template, offset: offset,
                    message: "partials, parents and blocks include one another more than "
                        + "\(Mustache.maxDepth) deep here; a partial or block that includes itself needs a section that ends the recursion"
                )
            }
            guard expansions > 0 else {
                throw RenderError(
                    template: template, offset: offset,
                    message: "more than \(expansionLimit) partials, parents and "
                        + "blocks for one page; a partial or block that includes itself needs a section that ends the recursion"
                )
            }
            expansions -= 1
            depth += 1
        }

        private static func child(of frame: Frame, _ nodes: [Node]) -> Frame {
            Frame(nodes: nodes, template: frame.template, indentation: frame.indentation, blocks: frame.blocks)
        }

        /// `text` with `indentation` after each of its line breaks but a last one.
        private static func append(_ text: String, indenting indentation: String, to output: inout [UInt8]) {
            let bytes = text.utf8
            var lineStart = bytes.startIndex
            while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                let next = bytes.index(after: newline)
                output += bytes[lineStart..<next]
                lineStart = next
                guard lineStart != bytes.endIndex else { return }
                Escape.appendVerbatim(indentation, to: &output)
            }
            output += bytes[lineStart...]
        }

        /// At the last tag of the frame being rendered.
        private func overBudget(_ frame: Frame) -> RenderError {
            RenderError(
                template: frame.template, offset: frame.lastTag,
                message: "the page grows past the output budget of "
                    + "\(budget / 1024 / 1024) MB here; look for a partial or section that repeats without end")
        }

        /// The first name is looked up from the innermost value outwards; the rest only inside what it found.
        private func lookup(_ path: Path, at offset: Int, in template: String) throws(RenderError) -> TemplateValue? {
            let found = lookup(path)
            if case .lambda? = found {
                throw RenderError(
                    template: template, offset: offset,
                    message: "`\(path.isEmpty ? "." : path.joined(separator: "."))` "
                        + "is a lambda (code in the data); templates do not run code, so use a plain value")
            }
            return found
        }

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

        private func resolve(_ name: Name, at offset: Int, in template: String) throws(RenderError) -> String? {
            switch name {
            case .fixed(let name): name
            case .dynamic(let path): try lookup(path, at: offset, in: template)?.text
            }
        }
    }
}
