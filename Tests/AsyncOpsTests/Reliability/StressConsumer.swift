/// How one consumer of a stress test ends: chosen by a seeded generator, so a run is the same
/// every time in what it asks for (the interleaving is real and varies).
enum StressPlan: Sendable, Equatable, CustomStringConvertible {
  /// Reads to the end.
  case runToEnd
  /// Cancels its own task after receiving this many elements, then asks once more.
  case cancelSelf(afterReceiving: Int)
  /// Another task (the upstream, when it produces this element) cancels the consumer's task.
  case cancelFromUpstream(atElement: Int)
  /// Stops iterating after this many elements and drops its iterator (a `break`).
  case drop(afterReceiving: Int)
  /// The upstream fails at this position.
  case upstreamFails(atElement: Int)

  var description: String {
    switch self {
    case .runToEnd: "run to end"
    case .cancelSelf(let count): "cancel self after \(count)"
    case .cancelFromUpstream(let element): "cancelled by upstream at \(element)"
    case .drop(let count): "drop after \(count)"
    case .upstreamFails(let element): "upstream fails at \(element)"
    }
  }

  /// Whether the consumer is meant to see the upstream's natural end.
  var runsToEnd: Bool { self == .runToEnd }

  /// The element at which the upstream fails, if it does.
  var failingAt: Int? {
    if case .upstreamFails(let element) = self { element } else { nil }
  }

  /// The element at which the upstream cancels the consumer, if it does.
  var cancelledAt: Int? {
    if case .cancelFromUpstream(let element) = self { element } else { nil }
  }

  /// A plan drawn from `random`: one in three runs to the end; the others stop, are cancelled or
  /// see a failure at a position below `elementCount` (receiving counts below `receivingLimit`).
  static func random(
    using random: inout ShareSeededRandom, elementCount: Int, receivingLimit: Int,
    allowingFailure: Bool = true
  ) -> StressPlan {
    let element = Int(random.next() % UInt64(elementCount))
    let received = Int(random.next() % UInt64(max(receivingLimit, 1)))
    switch random.next() % (allowingFailure ? 6 : 5) {
    case 0, 1: return .runToEnd
    case 2: return .cancelSelf(afterReceiving: received)
    case 3: return .cancelFromUpstream(atElement: element)
    case 4: return .drop(afterReceiving: received)
    default: return .upstreamFails(atElement: element)
    }
  }
}

/// What one consumer received and how its iteration ended.
struct Consumption<Element: Sendable>: Sendable {
  enum Ending: Sendable, Equatable {
    /// `next()` returned `nil`.
    case end
    /// `next()` threw; the error's description.
    case failure(String)
    /// The consumer stopped by itself and dropped its iterator.
    case dropped
  }

  var elements: [Element] = []
  var ending = Ending.end
  /// What two more calls of `next()` after the end gave: `"nil"`, `"element"` or `"throw"`.
  var afterEnd: [String] = []

  /// Every call after the end returned `nil`, or the consumer dropped its iterator.
  var endedCleanly: Bool { ending == .dropped || afterEnd == ["nil", "nil"] }
}

/// Iterates `iterator` under `plan` and reports what it received. Errors are recorded, not
/// thrown, and after the end `next()` is called twice more to check that it keeps returning
/// `nil`.
func consume<Iterator: AsyncIteratorProtocol>(
  _ iterator: inout Iterator, plan: StressPlan
) async -> Consumption<Iterator.Element> where Iterator.Element: Sendable {
  var consumption = Consumption<Iterator.Element>()
  do {
    while true {
      switch plan {
      case .cancelSelf(let count) where consumption.elements.count == count:
        withUnsafeCurrentTask { $0?.cancel() }
      case .drop(let count) where consumption.elements.count == count:
        consumption.ending = .dropped
        return consumption
      default:
        break
      }
      guard let element = try await iterator.next(isolation: nil) else { break }
      consumption.elements.append(element)
    }
  } catch {
    consumption.ending = .failure("\(error)")
  }
  for _ in 0..<2 {
    do {
      consumption.afterEnd.append(
        try await iterator.next(isolation: nil) == nil ? "nil" : "element")
    } catch {
      consumption.afterEnd.append("throw")
    }
  }
  return consumption
}

extension Array where Element == Int {
  /// Whether every element is greater than the one before it.
  var isStrictlyIncreasing: Bool { zip(self, dropFirst()).allSatisfy { $0 < $1 } }
}
