/// What a template sees: a page's view turned, once per page, into text, flags, lists and
/// objects, so that every `{{name}}` is a lookup among a few fields.
enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case object(TemplateFields)
    /// A nil field. It is present, so a lookup stops here instead of finding the same name in
    /// an enclosing view (as the Mustache spec's null does).
    case null
    /// Code in the data, as the spec's lambdas module has. Views never hold one (they are
    /// `Encodable`); the spec's tests do, and a tag that meets one is an error.
    case lambda

    /// What `{{name}}` prints; lists and objects print nothing.
    var text: String? {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag ? "true" : "false"
        case .list, .object, .null, .lambda: nil
        }
    }

    /// What `{{^name}}` renders for.
    var isFalsey: Bool {
        switch self {
        case .flag(let flag): !flag
        case .list(let items): items.isEmpty
        case .null: true
        case .text, .object, .lambda: false
        }
    }
}

/// An object's fields in the order they were encoded. Views have a handful of fields, so a
/// linear search beats hashing: dictionaries were a twentieth of a site build.
struct TemplateFields: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    struct Field: Sendable, Equatable {
        var key: String
        var value: TemplateValue
    }

    private(set) var fields: [Field] = []
    /// Each key's last position, for an object of many fields (the site's texts, hundreds of
    /// them, looked up on every page); nil for a view's handful, where a linear search wins.
    private var positions: [String: Int]?

    init() {}

    /// A key given twice keeps its last value, as a dictionary would. One pass from the end: the
    /// site's texts are hundreds of fields, and a search per field was quadratic.
    init(_ elements: [(String, TemplateValue)]) {
        var seen: Set<String> = []
        fields = elements.reversed().filter { seen.insert($0.0).inserted }.reversed().map {
            Field(key: $0.0, value: $0.1)
        }
        if fields.count > 32 { index() }
    }

    private mutating func index() {
        positions = Dictionary(fields.indices.map { (fields[$0].key, $0) }) { _, last in last }
    }

    init(dictionaryLiteral elements: (String, TemplateValue)...) { self.init(elements) }

    mutating func reserveCapacity(_ count: Int) { fields.reserveCapacity(count) }

    /// A key encoded twice keeps its last value, as a dictionary would.
    subscript(key: String) -> TemplateValue? {
        get {
            if let positions { return positions[key].map { fields[$0].value } }
            // Lengths first: most fields searched past differ in length, and two lengths compare
            // far faster than two strings.
            let length = key.utf8.count
            var index = fields.endIndex
            while index > fields.startIndex {
                index -= 1
                if fields[index].key.utf8.count == length && fields[index].key == key {
                    return fields[index].value
                }
            }
            return nil
        }
        set {
            fields.removeAll { $0.key == key }
            if let newValue { fields.append(Field(key: key, value: newValue)) }
            if positions != nil { index() }
        }
    }

    /// Adds a field without looking for an earlier one: synthesized conformances encode each
    /// key once, and a key appended twice still reads as its last value.
    mutating func append(_ key: String, _ value: TemplateValue) {
        fields.append(Field(key: key, value: value))
        positions?[key] = fields.count - 1
    }

    /// Equal when they read the same, whatever the order: as dictionaries compare.
    static func == (a: TemplateFields, b: TemplateFields) -> Bool {
        let keys = Set(a.fields.map(\.key))
        return keys == Set(b.fields.map(\.key)) && keys.allSatisfy { a[$0] == b[$0] }
    }
}

// MARK: - From a view

/// A view that makes its template value by hand: those of every scorecard and list row. Through
/// `Encodable` each value cost an encoder and a container box, a twelfth of a site build's CPU.
/// `template` must equal what `Encodable` makes (`TemplateValue.encode(_:byHand: false)`), as
/// `TemplateByHandTests` checks for every such view.
protocol TemplateConvertible: Encodable {
    var template: TemplateValue { get }
}

extension TemplateValue {
    /// A view through its synthesized `Encodable`: structs become objects, arrays lists, a nil
    /// optional `null`. Reflection (`Mirror`) did the same at a tenth of a site build. `byHand`:
    /// whether a `TemplateConvertible` view makes its own value.
    static func encode<Value: Encodable>(_ value: Value, byHand: Bool = true) -> TemplateValue {
        switch value {
        case let text as String: return .text(text)
        case let flag as Bool: return .flag(flag)
        case let number as Int: return .text(String(number))
        case let number as Double: return .text(String(describing: number))
        case let view as any TemplateConvertible where byHand: return view.template
        default:
            let encoder = TemplateEncoder(byHand: byHand)
            // Only our containers are used, and they never throw.
            try? value.encode(to: encoder)
            return encoder.result
        }
    }

    // What the synthesized conformances make of each kind of stored property, for views made by hand.
    static func of(_ text: String) -> TemplateValue { .text(text) }
    static func of(_ text: String?) -> TemplateValue { text.map(TemplateValue.text) ?? .null }
    static func of(_ flag: Bool) -> TemplateValue { .flag(flag) }
    static func of(_ number: Int) -> TemplateValue { .text(String(number)) }
    static func of(_ number: Int?) -> TemplateValue { number.map { .text(String($0)) } ?? .null }
    static func of(_ numbers: [Int]) -> TemplateValue { .list(numbers.map { .text(String($0)) }) }
    static func of(_ texts: [String]) -> TemplateValue { .list(texts.map(TemplateValue.text)) }
    static func of(_ view: (some TemplateConvertible)?) -> TemplateValue { view?.template ?? .null }
    static func of(_ views: [some TemplateConvertible]) -> TemplateValue { .list(views.map(\.template)) }
}

extension TemplateFields {
    /// For a view's fields, made by hand (`TemplateConvertible`) in the order they are declared.
    init(capacity: Int) { fields.reserveCapacity(capacity) }
}

private final class TemplateEncoder: Encoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    let byHand: Bool
    var fields: TemplateFields?
    var items: [TemplateValue]?
    var single: TemplateValue?
    /// Nested containers and super-encoders (which synthesized conformances do not use), resolved at the end.
    var nested: [(key: String?, encoder: TemplateEncoder)] = []

    var result: TemplateValue {
        if fields == nil && items == nil && nested.isEmpty { return single ?? .null }
        if var items {
            items += nested.map(\.encoder.result)
            return .list(items)
        }
        var fields = fields ?? TemplateFields()
        for (key, encoder) in nested { if let key { fields.append(key, encoder.result) } }
        return .object(fields)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if fields == nil {
            // Room for a view's fields at once: grown one by one, the array was made four or five times.
            fields = TemplateFields()
            fields?.reserveCapacity(16)
        }
        return KeyedEncodingContainer(Keyed(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if items == nil { items = [] }
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    init(byHand: Bool) { self.byHand = byHand }

    func child(_ key: String?) -> TemplateEncoder {
        let child = TemplateEncoder(byHand: byHand)
        nested.append((key, child))
        return child
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: TemplateEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) { encoder.fields?.append(key.stringValue, .null) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
            encoder.fields?.append(key.stringValue, .encode(value, byHand: encoder.byHand))
        }
        // Views are mostly text and flags: these skip the generic path's dynamic casts.
        mutating func encode(_ value: String, forKey key: Key) { encoder.fields?.append(key.stringValue, .text(value)) }
        mutating func encode(_ value: Bool, forKey key: Key) { encoder.fields?.append(key.stringValue, .flag(value)) }
        mutating func encode(_ value: Int, forKey key: Key) {
            encoder.fields?.append(key.stringValue, .text(String(value)))
        }
        // Synthesized conformances skip a nil optional; a template must see it as present but empty.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) { store(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) { store(value, key) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) { store(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) { store(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) { store(value, key) }

        private func store<T: Encodable>(_ value: T?, _ key: Key) {
            encoder.fields?.append(key.stringValue, value.map { .encode($0, byHand: encoder.byHand) } ?? .null)
        }

        private func store(_ value: String?, _ key: Key) {
            encoder.fields?.append(key.stringValue, value.map { .text($0) } ?? .null)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            encoder.child(key.stringValue).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.child(key.stringValue).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder.child("super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.child(key.stringValue) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: TemplateEncoder
        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.items?.count ?? 0 }

        mutating func encodeNil() { encoder.items?.append(.null) }
        mutating func encode<T: Encodable>(_ value: T) { encoder.items?.append(.encode(value, byHand: encoder.byHand)) }
        mutating func encode(_ value: String) { encoder.items?.append(.text(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            encoder.child(nil).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder.child(nil).unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder.child(nil) }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: TemplateEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { encoder.single = .null }
        mutating func encode<T: Encodable>(_ value: T) { encoder.single = .encode(value, byHand: encoder.byHand) }
    }
}
