import Mustache

/// A template that did not parse, with where: `FILE:LINE:COLUMN`.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// The site's Mustache templates and stylesheet: the built-in ones from `templates/`
/// (compiled into the binary), each replaceable by a user's file of the same name.
public struct Templates: Sendable {
    let library: MustacheLibrary
    public let stylesheet: String

    /// `overrides` maps a file name (`index.mustache`, `style.css`) to its path, for messages,
    /// and its text. Extra `.mustache` files become partials the user's templates can include.
    public init(overrides: [String: (path: String, text: String)] = [:]) throws(TemplateErrors) {
        var library = MustacheLibrary()
        var errors: [TemplateError] = []
        let files = BuiltInTemplates.files.mapValues { (path: "", text: $0) }
            .merging(overrides) { _, user in user }
        for (name, file) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            do {
                library.register(try MustacheTemplate(string: file.text), named: String(name.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                let path = overrides[name]?.path ?? "templates/\(name)"
                errors.append(TemplateError(file: path, line: error.context.lineNumber, column: error.context.columnNumber,
                                            message: Self.describe(error.error)))
            } catch {
                errors.append(TemplateError(file: overrides[name]?.path ?? name, line: 1, column: 1, message: "\(error)"))
            }
        }
        guard errors.isEmpty else { throw TemplateErrors(errors: errors) }
        self.library = library
        self.stylesheet = files["style.css"]?.text ?? ""
    }

    func render(_ view: Any, with template: String) -> String {
        library.render(Self.plain(view) ?? view, withTemplate: template) ?? ""
    }

    /// Mustache finds `{{name}}` by reflection, scanning every field of every object up the
    /// context stack on each lookup: over a third of a build's time. Turning a view into
    /// dictionaries and arrays once keeps the same lookups (a nil field is absent, so the
    /// lookup still climbs the stack) at a fraction of the cost.
    static func plain(_ value: Any) -> Any? {
        switch value {
        case is String, is Int, is Bool, is Double: return value
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .class?:
            var fields: [String: Any] = [:]
            for child in mirror.children {
                if let label = child.label, let field = plain(child.value) { fields[label] = field }
            }
            return fields
        case .optional?: return mirror.children.first.flatMap { plain($0.value) }
        case .collection?: return mirror.children.compactMap { plain($0.value) }
        default: return value
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "template error: \(error)" }
        return switch error {
        case .sectionCloseNameIncorrect: "this closing tag does not match the open section; close `{{#name}}` with `{{/name}}`"
        case .unfinishedName: "unfinished tag; close it with `}}`"
        case .expectedSectionEnd: "a section is never closed; add `{{/name}}`"
        case .invalidSetDelimiter: "malformed set-delimiter tag; write it like `{{=<% %>=}}`"
        case .transformAppliedToInheritanceSection: "transforms cannot be applied to an inherited section"
        case .illegalTokenInsideInheritSection: "only `{{$block}}` overrides may stand inside `{{<parent}}`"
        case .textInsideInheritSection: "text inside `{{<parent}}` must be inside a `{{$block}}`"
        case .invalidConfigVariableSyntax: "malformed `{{% … }}` pragma"
        case .unrecognisedConfigVariable: "unknown `{{% … }}` pragma"
        }
    }
}

/// Every template that failed to parse.
public struct TemplateErrors: Error, Sendable {
    public var errors: [TemplateError]
}
