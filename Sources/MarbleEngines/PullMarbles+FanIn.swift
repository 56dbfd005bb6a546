import AsyncOps
import AsyncOpsTesting
import MarbleNotation

extension PullMarbles {
  /// One call of `merge`, `zip` or `chain` with as many bases as there are inputs (2 to 8; the
  /// arity is static in Swift, so each count is spelled out). A zip tuple is written as its parts
  /// concatenated.
  static func fanInMarbles(
    _ fanIn: FanInOperator, _ inputs: [String], tick: Duration
  ) async throws -> [MarbleTimeline] {
    switch fanIn {
    case .merge: try await mergeMarbles(inputs, tick: tick)
    case .zip: try await zipMarbles(inputs, tick: tick)
    case .chain: try await chainMarbles(inputs, tick: tick)
    }
  }

  private static func mergeMarbles(
    _ inputs: [String], tick: Duration
  ) async throws -> [MarbleTimeline] {
    switch inputs.count {
    case 2:
      return try await recordMarbles(inputs, tick: tick) { s, _ in merge(s[0], s[1]) }
    case 3:
      return try await recordMarbles(inputs, tick: tick) { s, _ in merge(s[0], s[1], s[2]) }
    case 4:
      return try await recordMarbles(inputs, tick: tick) { s, _ in merge(s[0], s[1], s[2], s[3]) }
    case 5:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        merge(s[0], s[1], s[2], s[3], s[4])
      }
    case 6:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        merge(s[0], s[1], s[2], s[3], s[4], s[5])
      }
    case 7:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
      }
    default:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
      }
    }
  }

  private static func zipMarbles(
    _ inputs: [String], tick: Duration
  ) async throws -> [MarbleTimeline] {
    let render: @Sendable (Any) -> String = concatenatedParts
    switch inputs.count {
    case 2:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in zip(s[0], s[1]) }
    case 3:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        zip(s[0], s[1], s[2])
      }
    case 4:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        zip(s[0], s[1], s[2], s[3])
      }
    case 5:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        zip(s[0], s[1], s[2], s[3], s[4])
      }
    case 6:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        zip(s[0], s[1], s[2], s[3], s[4], s[5])
      }
    case 7:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
      }
    default:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
      }
    }
  }

  private static func chainMarbles(
    _ inputs: [String], tick: Duration
  ) async throws -> [MarbleTimeline] {
    switch inputs.count {
    case 2:
      return try await recordMarbles(inputs, tick: tick) { s, _ in chain(s[0], s[1]) }
    case 3:
      return try await recordMarbles(inputs, tick: tick) { s, _ in chain(s[0], s[1], s[2]) }
    case 4:
      return try await recordMarbles(inputs, tick: tick) { s, _ in chain(s[0], s[1], s[2], s[3]) }
    case 5:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        chain(s[0], s[1], s[2], s[3], s[4])
      }
    case 6:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        chain(s[0], s[1], s[2], s[3], s[4], s[5])
      }
    case 7:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        chain(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
      }
    default:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        chain(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
      }
    }
  }
}
