import Synchronization

/// What a documentation example records, in order: the stand-in for the UI the article's code
/// updates, so that a test can check what the example did.
final class ExampleLog<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])

  func append(_ value: Value) {
    values.withLock { $0.append(value) }
  }

  var all: [Value] { values.withLock { $0 } }
}
