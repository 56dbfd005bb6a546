import AsyncOps
import AsyncOpsTesting
import MarbleNotation

extension PullMarbles {
  /// `chunks:N`, `chunksByTime:T`, `chunksByTimeOrCount:T:N`, `timer:T` on the pull engine.
  static func evaluateChunksOrTimer(
    _ operation: MarbleOperator, inputs: [String], tick: Duration
  ) async throws -> [MarbleTimeline] {
    let joined: @Sendable ([String]) -> String = { $0.joined() }
    switch operation {
    case .chunks(let count):
      return try await recordMarbles(inputs, tick: tick, render: joined) { sources, _ in
        sources[0].chunks(ofCount: count)
      }
    case .chunksByTime(let ticks):
      return try await recordMarbles(inputs, tick: tick, render: joined) { sources, clock in
        sources[0].chunked(by: .repeating(every: tick * ticks, clock: clock))
      }
    case .chunksByTimeOrCount(let ticks, let count):
      return try await recordMarbles(inputs, tick: tick, render: joined) { sources, clock in
        sources[0].chunks(ofCount: count, or: .repeating(every: tick * ticks, clock: clock))
      }
    case .timer(let ticks):
      return try await recordMarbles(inputs, tick: tick) { sources, clock in
        timerUntilEnd(of: sources[0], every: tick * ticks, clock: clock)
      }
    default:
      preconditionFailure("\(operation.name) is not a chunking or timer operator")
    }
  }

  /// The ticks of a timer (`x`), ended by the end of `input`: the timer runs in one task, the
  /// input is read to its end in another; a tick due at the input's last instant comes first,
  /// as every timer of the marble runner fires before that tick's inputs.
  private static func timerUntilEnd(
    of input: AsyncTestSource<String>, every interval: Duration, clock: TestClock
  ) -> AsyncThrowingStream<String, any Error> {
    AsyncThrowingStream { continuation in
      let ticking = Task {
        for await _ in AsyncTimerSequence(interval: interval, clock: clock) {
          continuation.yield("x")
        }
      }
      let ending = Task {
        do {
          for try await _ in input {}
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
        ticking.cancel()
      }
      continuation.onTermination = { _ in
        ticking.cancel()
        ending.cancel()
      }
    }
  }
}
