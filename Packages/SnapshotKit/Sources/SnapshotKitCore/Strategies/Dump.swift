import Foundation

/// A readable, stable structural dump: one property per line, no memory addresses,
/// dictionaries and sets sorted, so it diffs well. Plain ASCII framing.
public enum Dump {
    public static func render(_ value: Any) -> String {
        var visiting: Set<ObjectIdentifier> = []
        return render(value, indent: "", visiting: &visiting) + "\n"
    }

    private static func render(_ value: Any, indent: String, visiting: inout Set<ObjectIdentifier>) -> String {
        let mirror = Mirror(reflecting: value)
        let typeName = String(describing: type(of: value))
        switch value {
        case let string as String: return quoted(string)
        case let character as Character: return quoted(String(character))
        case let url as URL: return "URL(\(quoted(url.absoluteString)))"
        case let date as Date:
            return "Date(\(date.ISO8601Format(.iso8601.time(includingFractionalSeconds: true).year().month().day())))"
        case let data as Data: return "Data(\(data.count) bytes)"
        default: break
        }
        let inner = indent + "  "
        func block(_ open: String, _ close: String, _ items: [String]) -> String {
            items.isEmpty
                ? open + close
                : open + "\n" + items.map { inner + $0 + "," }.joined(separator: "\n") + "\n" + indent + close
        }
        func child(_ value: Any) -> String { render(value, indent: inner, visiting: &visiting) }

        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return render(wrapped, indent: indent, visiting: &visiting)
        case .collection:
            return block("[", "]", mirror.children.map { child($0.value) })
        case .set:
            return block("Set([", "])", byBytes(mirror.children.map { child($0.value) }))
        case .dictionary:
            let pairs = mirror.children.map { pair -> String in
                let parts = Array(Mirror(reflecting: pair.value).children)
                guard parts.count == 2 else { return child(pair.value) }
                return child(parts[0].value) + ": " + child(parts[1].value)
            }
            return block("[", "]", byBytes(pairs))
        case .enum:
            guard let payload = mirror.children.first else { return "\(typeName).\(value)" }
            let label = payload.label ?? "\(value)"
            let rendered = render(payload.value, indent: indent, visiting: &visiting)
            return rendered.hasPrefix("(") ? "\(typeName).\(label)\(rendered)" : "\(typeName).\(label)(\(rendered))"
        case .tuple:
            return block(
                "(", ")",
                mirror.children.map { element in
                    let label = element.label.map { $0.hasPrefix(".") ? "" : "\($0): " } ?? ""
                    return label + child(element.value)
                })
        case .struct, .class:
            if mirror.displayStyle == .class {
                let id = ObjectIdentifier(value as AnyObject)
                guard !visiting.contains(id) else { return "\(typeName)(<cycle>)" }
                visiting.insert(id)
            }
            defer { if mirror.displayStyle == .class { visiting.remove(ObjectIdentifier(value as AnyObject)) } }
            var children = Array(mirror.children)
            var superclass = mirror.superclassMirror
            while let parent = superclass {
                children = Array(parent.children) + children
                superclass = parent.superclassMirror
            }
            if children.isEmpty, let described = value as? any CustomStringConvertible {
                return described.description
            }
            return block("\(typeName)(", ")", children.map { ($0.label.map { "\($0): " } ?? "") + child($0.value) })
        default:
            return String(describing: value)
        }
    }

    /// Sorted by UTF-8 bytes: String's `<` ties canonically equivalent texts, which would
    /// leave their order to the hash seed and change the dump between processes.
    private static func byBytes(_ items: [String]) -> [String] {
        items.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
