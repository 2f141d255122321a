/// One piece of HTML or XML source, as the normalizer sees it.
enum MarkupToken: Equatable {
    /// A start tag; `selfClosing` when written `<x/>`.
    case start(name: String, attributes: [MarkupAttribute], selfClosing: Bool)
    case end(name: String)
    case text(String)
    /// Comments, doctypes, processing instructions and CDATA, kept verbatim.
    case verbatim(String)
    /// The content of script, style, pre and textarea, where whitespace matters.
    case raw(String)
}

struct MarkupAttribute: Equatable {
    var name: String
    var value: String?
}
