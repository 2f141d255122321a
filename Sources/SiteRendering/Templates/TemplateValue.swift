/// What a template sees: a page's view turned, once per page, into text, flags, lists and
/// objects, so that every `{{name}}` is a dictionary lookup.
enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
    /// A nil field. It is present, so a lookup stops here instead of finding the same name in
    /// an enclosing view (as the Mustache spec's null does).
    case null

    /// What `{{name}}` prints; lists and objects print nothing.
    var text: String? {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag ? "true" : "false"
        case .list, .object, .null: nil
        }
    }

    /// What `{{^name}}` renders for.
    var isFalsey: Bool {
        switch self {
        case .flag(let flag): !flag
        case .list(let items): items.isEmpty
        case .null: true
        case .text, .object: false
        }
    }

    /// A view's stored properties by reflection: structs and classes become objects, arrays
    /// lists, optionals their value or `null`, anything else its description.
    init(reflecting value: Any) {
        switch value {
        case let text as String: self = .text(text); return
        case let flag as Bool: self = .flag(flag); return
        case let number as Int: self = .text(String(number)); return
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .class?, .tuple?:
            var fields: [String: TemplateValue] = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label { fields[label] = TemplateValue(reflecting: child.value) }
            }
            self = .object(fields)
        case .optional?:
            self = mirror.children.first.map { TemplateValue(reflecting: $0.value) } ?? .null
        case .collection?, .set?:
            self = .list(mirror.children.map { TemplateValue(reflecting: $0.value) })
        case .dictionary?:
            var fields: [String: TemplateValue] = [:]
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                if pair.count == 2 { fields[String(describing: pair[0].value)] = TemplateValue(reflecting: pair[1].value) }
            }
            self = .object(fields)
        default:
            self = .text(String(describing: value))
        }
    }
}
