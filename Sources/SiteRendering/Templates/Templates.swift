public import GameDomain

/// The site's Mustache templates and stylesheet: the built-in ones from `templates/`
/// (compiled into the binary), each replaceable by a user's file of the same name.
public struct Templates: Sendable {
    let templates: [String: Mustache]
    /// Each template's path, for messages.
    let paths: [String: String]
    public let stylesheet: String

    /// `overrides` maps a file name (`index.mustache`, `style.css`) to its path, for messages,
    /// and its text. Extra `.mustache` files become partials the user's templates can include.
    public init(overrides: [String: (path: String, text: String)] = [:]) throws(TemplateErrors) {
        var templates: [String: Mustache] = [:]
        var paths: [String: String] = [:]
        var errors: [Diagnostic] = []
        let files = BuiltInTemplates.files.mapValues { (path: "", text: $0) }
            .merging(overrides) { _, user in user }
        for (name, file) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            let path = overrides[name]?.path ?? "templates/\(name)"
            let parsed = overrides[name] == nil ? Self.builtIns[name] ?? Self.parse(file.text) : Self.parse(file.text)
            switch parsed {
            case .success(let template):
                templates[String(name.dropLast(".mustache".count))] = template
                paths[String(name.dropLast(".mustache".count))] = path
            case .failure(let error):
                errors.append(Diagnostic(path: path, location: SourceLocation(line: error.line, column: error.column), message: error.message))
            }
        }
        guard errors.isEmpty else { throw TemplateErrors(errors: errors) }
        self.templates = templates
        self.paths = paths
        self.stylesheet = files["style.css"]?.text ?? ""
    }

    /// The built-in templates' file names (`index.mustache`, …), sorted: the ones a user's file replaces.
    public static let builtInNames = BuiltInTemplates.files.keys.filter { $0.hasSuffix(".mustache") }.sorted()

    /// The built-in templates, parsed once per process: `serve` rebuilds and the template fuzzer
    /// make a `Templates` again and again, and only the user's files change.
    private static let builtIns = BuiltInTemplates.files.filter { $0.key.hasSuffix(".mustache") }.mapValues(parse)

    private static func parse(_ text: String) -> Result<Mustache, MustacheSyntaxError> {
        Result { () throws(MustacheSyntaxError) in try Mustache(parsing: text) }
    }

    /// `page`: the path of the page being rendered, for messages.
    /// `texts` lies under the view, so `{{texts.winner}}` finds the site's words on every page.
    func render(_ view: some Encodable, with template: String, page: String, texts: SiteTexts) throws(Diagnostic) -> String {
        try render(TemplateValue.encode(view), with: template, page: page, under: [.object(["texts": texts.template])])
    }

    func render(_ value: TemplateValue, with template: String, page: String, under: [TemplateValue] = [],
                budget: Int = Mustache.outputBudget) throws(Diagnostic) -> String {
        var renderer = Mustache.Renderer(templates: templates, stack: under + [value], budget: budget)
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        do {
            try renderer.render(template, into: &output)
        } catch {
            let source = Array((templates[error.template]?.text ?? "").utf8)
            let (line, column) = Mustache.position(of: error.offset, in: source)
            throw Diagnostic(path: paths[error.template] ?? error.template, location: SourceLocation(line: line, column: column),
                             message: "cannot render \(page): \(error.message)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Every template that failed to parse.
public struct TemplateErrors: Error, Sendable {
    public var errors: [Diagnostic]
}
