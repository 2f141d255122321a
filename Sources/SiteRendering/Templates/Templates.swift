public import GameDomain

/// The site's Mustache templates and stylesheet: the built-in ones from `templates/`
/// (compiled into the binary), each replaceable by a user's file of the same name.
public struct Templates: Sendable {
    let templates: [String: Mustache]
    public let stylesheet: String

    /// `overrides` maps a file name (`index.mustache`, `style.css`) to its path, for messages,
    /// and its text. Extra `.mustache` files become partials the user's templates can include.
    public init(overrides: [String: (path: String, text: String)] = [:]) throws(TemplateErrors) {
        var templates: [String: Mustache] = [:]
        var errors: [Diagnostic] = []
        let files = BuiltInTemplates.files.mapValues { (path: "", text: $0) }
            .merging(overrides) { _, user in user }
        for (name, file) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            do {
                templates[String(name.dropLast(".mustache".count))] = try Mustache(parsing: file.text)
            } catch {
                errors.append(Diagnostic(path: overrides[name]?.path ?? "templates/\(name)",
                                         location: SourceLocation(line: error.line, column: error.column), message: error.message))
            }
        }
        guard errors.isEmpty else { throw TemplateErrors(errors: errors) }
        self.templates = templates
        self.stylesheet = files["style.css"]?.text ?? ""
    }

    func render(_ view: some Encodable, with template: String) -> String {
        render(TemplateValue.encode(view), with: template)
    }

    func render(_ value: TemplateValue, with template: String) -> String {
        guard let template = templates[template] else { return "" }
        var renderer = Mustache.Renderer(partials: templates, stack: [value])
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        renderer.render(template.nodes, blocks: [:], depth: 0, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

/// Every template that failed to parse.
public struct TemplateErrors: Error, Sendable {
    public var errors: [Diagnostic]
}
