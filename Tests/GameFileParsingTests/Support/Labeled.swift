import Testing

/// A test argument that the log shows by a short label instead of its value.
struct Labeled<Value: Sendable>: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let value: Value

    init(_ label: String, _ value: Value) {
        (testDescription, self.value) = (label, value)
    }
}
