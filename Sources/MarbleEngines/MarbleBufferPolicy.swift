import AsyncOps
import PushReference

/// The policy of a `buffer` marble scenario, and what it is on each engine.
///
/// ```swift
/// let operation = try MarbleOperator(parsing: "buffer:2:latest")
/// // .buffer(.latest(2))
/// ```
public enum MarbleBufferPolicy: Hashable, Sendable {
  /// `buffer:N` — pull `.bounded(N)`; push `keepFull`, `dropNewest` (the upstream is asked for N).
  case bounded(Int)
  /// `buffer:unbounded` — pull `.unbounded`; push `byRequest` with no practical limit.
  case unbounded
  /// `buffer:N:latest` — pull `.bufferingLatest(N)`; push `byRequest`, `dropOldest`.
  case latest(Int)
  /// `buffer:N:oldest` — pull `.bufferingOldest(N)`; push `byRequest`, `dropNewest`.
  case oldest(Int)

  init(parts: [String], text: String) throws(MarbleOperatorError) {
    let malformed = MarbleOperatorError(
      "malformed operator '\(text)': expected buffer:N, buffer:N:latest, buffer:N:oldest or "
        + "buffer:unbounded, with N a whole number ≥ 1")
    guard parts.count >= 2 else { throw malformed }
    if parts[1] == "unbounded" {
      guard parts.count == 2 else { throw malformed }
      self = .unbounded
      return
    }
    // N ≥ 1: a limit of 0 is a pass-through in pull but drops every value in Combine.
    guard let size = Int(parts[1]), size >= 1 else { throw malformed }
    switch parts.dropFirst(2).first {
    case nil: self = .bounded(size)
    case "latest" where parts.count == 3: self = .latest(size)
    case "oldest" where parts.count == 3: self = .oldest(size)
    default: throw malformed
    }
  }

  /// The pull engine's policy.
  var pull: AsyncBufferSequencePolicy {
    switch self {
    case .bounded(let size): .bounded(size)
    case .unbounded: .unbounded
    case .latest(let size): .bufferingLatest(size)
    case .oldest(let size): .bufferingOldest(size)
    }
  }

  /// The push engine's buffer size.
  var size: Int {
    switch self {
    case .bounded(let size), .latest(let size), .oldest(let size): size
    case .unbounded: Int.max
    }
  }

  /// The push engine's prefetch.
  var prefetch: Publishers.PrefetchStrategy {
    if case .bounded = self { .keepFull } else { .byRequest }
  }

  /// The push engine's strategy when full.
  func whenFull<Failure: Error>() -> Publishers.BufferingStrategy<Failure> {
    if case .latest = self { .dropOldest } else { .dropNewest }
  }
}
