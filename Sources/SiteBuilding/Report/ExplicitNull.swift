/// An optional field that JSON writes as `null` when it is nil, where synthesized encoding would
/// leave the key out: readers of `score --json` and `solve --json` can rely on every key.
// swift-format-ignore: UseSynthesizedInitializer
@propertyWrapper
struct ExplicitNull<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    // A property wrapper needs `init(wrappedValue:)` declared: a memberwise one does not count.
    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
