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
        SVG("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", "\(width)"), ("height", "\(height)"),
            ("viewBox", "0 0 \(width) \(height)"), ("role", "img"),
        ], children: [.element(SVG("title", text: title)), .element(SVG("desc", text: description))] + children.map(Node.element))
    }

    public func render() -> String {
        var output = ""
        write(to: &output, indent: 0)
        return output
    }

    private func write(to output: inout String, indent: Int) {
        output += String(repeating: "  ", count: indent) + "<" + name
        for (key, value) in attributes { output += " \(key)=\"\(Escape.markup(value))\"" }
        if children.isEmpty {
            output += "/>\n"
        } else if children.allSatisfy({ if case .text = $0 { true } else { false } }) {
            output += ">"
            for case .text(let text) in children { output += Escape.markup(text) }
            output += "</\(name)>\n"
        } else {
            output += ">\n"
            for child in children {
                switch child {
                case .element(let element): element.write(to: &output, indent: indent + 1)
                case .text(let text): output += String(repeating: "  ", count: indent + 1) + Escape.markup(text) + "\n"
                }
            }
            output += String(repeating: "  ", count: indent) + "</\(name)>\n"
        }
    }

    public static func == (a: SVG, b: SVG) -> Bool { a.render() == b.render() }
    public func hash(into hasher: inout Hasher) { hasher.combine(render()) }
}
