import AsyncOps
import Synchronization

/// A thread-safe list that the consumers of a `share` test append to.
final class ShareLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  var values: [Value] { storage.withLock { $0 } }
}

/// SplitMix64: a small seeded generator, so a "random" stress test is the same every run.
struct ShareSeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Starts a task that iterates `sequence` (registering when the task runs) and logs each element
/// by its description, then `"|"` at the end or `"^"` at a failure.
func startLoggingConsumer<Shared: AsyncSequence & Sendable>(
  of sequence: Shared, into log: ShareLog<String>
) -> Task<Void, Never> where Shared.Element: Sendable {
  Task {
    do {
      for try await element in sequence { log.append("\(element)") }
      log.append("|")
    } catch {
      log.append("^")
    }
  }
}

/// Reads `iterator` to its end, logging like ``startLoggingConsumer(of:into:)``.
func drain<Base>(
  _ iterator: inout AsyncShareSequence<Base>.Iterator
) async -> [String] {
  var events: [String] = []
  do {
    while let element = try await iterator.next() { events.append("\(element)") }
    events.append("|")
  } catch {
    events.append("^")
  }
  return events
}
