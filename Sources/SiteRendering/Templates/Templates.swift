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
                if overrides[name] != nil, let retired = Self.retired[name] {
                    errors += Self.uses(of: retired, in: template).map { found in
                        let (line, column) = Mustache.position(of: found.offset, in: Array(template.text.utf8))
                        return Diagnostic(
                            path: path, location: SourceLocation(line: line, column: column),
                            message: "`\(found.name)` is no longer given to \(name): \(found.instead)",
                            hint:
                                "compare your copy with the built-in one in GameNight's templates/ folder; CHANGELOG.md says what changed"
                        )
                    }
                }
                templates[String(name.dropLast(".mustache".count))] = template
                paths[String(name.dropLast(".mustache".count))] = path
            case .failure(let error):
                errors.append(
                    Diagnostic(
                        path: path, location: SourceLocation(line: error.line, column: error.column),
                        message: error.message))
            }
        }
        guard errors.isEmpty else { throw TemplateErrors(errors: errors) }
        self.templates = templates
        self.paths = paths
        self.stylesheet = files["style.css"]?.text ?? ""
    }

    /// Names the views no longer have, by template, with what replaces them. Mustache prints an
    /// unknown name as nothing, so an older copy of a template would lose its images in silence.
    static let retired: [String: [String: String]] = [
        "bowling.mustache": Dictionary(
            uniqueKeysWithValues: ["src", "alt", "width", "height"].map {
                ($0, "each sheet is drawn in the page, write `{{{svg}}}` in the `sheets` section instead of an <img>")
            }),
        "fifteen.mustache": [
            "replaySrc": "each replay is drawn in the page, write `{{{replay}}}` instead of an <img>",
            "replayAlt": "each replay is drawn in the page, write `{{{replay}}}` instead of an <img>",
            "startSrc": "the start board is drawn in the page (`{{{startBoard}}}`) and has no file of its own",
        ],
    ]

    /// Each tag of `template` naming one of `names` (its last part: `{{x.src}}` as `{{src}}`).
    /// Sections nest at most `Mustache.maxNesting` deep, so the walk is bounded.
    static func uses(of names: [String: String], in template: Mustache) -> [(
        name: String, instead: String, offset: Int
    )] {
        var found: [(name: String, instead: String, offset: Int)] = []
        func walk(_ nodes: [Mustache.Node]) {
            for node in nodes {
                switch node {
                case .variable(let path, _, let at):
                    if let name = path.last, let instead = names[name] { found.append((name, instead, at)) }
                case .section(let path, let inner, _, let at):
                    if let name = path.last, let instead = names[name] { found.append((name, instead, at)) }
                    walk(inner)
                case .parent(_, _, let blocks, _):
                    for key in blocks.keys.sorted() { walk(blocks[key] ?? []) }
                case .block(_, let inner, _, _, _): walk(inner)
                case .text, .lineStart, .partial: break
                }
            }
        }
        walk(template.nodes)
        return found.sorted { $0.offset < $1.offset }
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
    func render(_ view: some Encodable, with template: String, page: String, texts: SiteTexts) throws(Diagnostic)
        -> String
    {
        String(decoding: try renderBytes(view, with: template, page: page, texts: texts), as: UTF8.self)
    }

    func renderBytes(_ view: some Encodable, with template: String, page: String, texts: SiteTexts) throws(Diagnostic)
        -> [UInt8]
    {
        try renderBytes(
            TemplateValue.encode(view), with: template, page: page, under: [.object(["texts": texts.template])])
    }

    func render(
        _ value: TemplateValue, with template: String, page: String, under: [TemplateValue] = [],
        budget: Int = Mustache.outputBudget
    ) throws(Diagnostic) -> String {
        String(
            decoding: try renderBytes(value, with: template, page: page, under: under, budget: budget), as: UTF8.self)
    }

    /// The page as UTF-8: the templates' text and the values put in are valid UTF-8 already.
    func renderBytes(
        _ value: TemplateValue, with template: String, page: String, under: [TemplateValue] = [],
        budget: Int = Mustache.outputBudget
    ) throws(Diagnostic) -> [UInt8] {
        var renderer = Mustache.Renderer(templates: templates, stack: under + [value], budget: budget)
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        do {
            try renderer.render(template, into: &output)
        } catch {
            let source = Array((templates[error.template]?.text ?? "").utf8)
            let (line, column) = Mustache.position(of: error.offset, in: source)
            throw Diagnostic(
                path: paths[error.template] ?? error.template, location: SourceLocation(line: line, column: column),
                message: "cannot render \(page): \(error.message)")
        }
        return output
    }
}

/// Every template that failed to parse.
public struct TemplateErrors: Error, Sendable {
    public var errors: [Diagnostic]
}
