/// A small SVG builder: every attribute value and every text node is escaped when rendered,
/// so callers can pass user-supplied names without thinking about markup.
public struct SVG: Sendable, Hashable {
    public enum Node: Sendable, Hashable {
        case element(SVG)
        case text(String)
    }

    public var name: String
    /// Attribute names are ours (fixed strings); values are escaped.
    public var attributes: [(String, String)]
    public var children: [Node]

    public init(_ name: String, _ attributes: [(String, String)] = [], children: [Node] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    public init(_ name: String, _ attributes: [(String, String)] = [], text: String) {
        self.init(name, attributes, children: [.text(text)])
    }

    /// The root `<svg>` with its size, accessible name (`<title>`) and description (`<desc>`).
    public static func document(width: Int, height: Int, title: String, description: String, children: [SVG]) -> SVG {
        SVG(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", "\(width)"), ("height", "\(height)"),
                ("viewBox", "0 0 \(width) \(height)"), ("role", "img"),
            ],
            children: [.element(SVG("title", text: title)), .element(SVG("desc", text: description))]
                + children.map(Node.element))
    }

    public func render() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(8192)  // most sheets and charts fit: no regrowth
        write(to: &output, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    // Appends bytes, escaping in place: interpolation, `+` chains and `String` appends cost
    // far more for the thousands of images of a site.
    // Elements and attributes by index: `for … in` copies each one (a retain and a release of
    // every string).
    private func write(to output: inout [UInt8], indent: Int) {
        Self.indent(&output, indent)
        output.append(UInt8(ascii: "<"))
        Escape.appendVerbatim(name, to: &output)
        for index in attributes.indices {
            output.append(UInt8(ascii: " "))
            Escape.appendVerbatim(attributes[index].0, to: &output)
            output.append(UInt8(ascii: "="))
            output.append(UInt8(ascii: "\""))
            Escape.append(attributes[index].1, to: &output)
            output.append(UInt8(ascii: "\""))
        }
        if children.isEmpty {
            output += "/>\n".utf8
            return
        }
        let textOnly = children.allSatisfy { if case .text = $0 { true } else { false } }
        output += (textOnly ? ">" : ">\n").utf8
        for index in children.indices {
            switch children[index] {
            case .element(let element): element.write(to: &output, indent: indent + 1)
            case .text(let text) where textOnly: Escape.append(text, to: &output)
            case .text(let text):
                Self.indent(&output, indent + 1)
                Escape.append(text, to: &output)
                output.append(UInt8(ascii: "\n"))
            }
        }
        if !textOnly { Self.indent(&output, indent) }
        output.append(UInt8(ascii: "<"))
        output.append(UInt8(ascii: "/"))
        Escape.appendVerbatim(name, to: &output)
        output += ">\n".utf8
    }

    private static func indent(_ output: inout [UInt8], _ depth: Int) {
        var depth = depth
        while depth > spaces.count / 2 {
            output += spaces
            depth -= spaces.count / 2
        }
        output += spaces[..<(2 * depth)]
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

    public static func == (a: SVG, b: SVG) -> Bool { a.render() == b.render() }
    public func hash(into hasher: inout Hasher) { hasher.combine(render()) }
}
