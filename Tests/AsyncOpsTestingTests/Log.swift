import Synchronization

/// A thread-safe list that tasks inside a test append to.
final class Log<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  var values: [Value] { storage.withLock { $0 } }
}
