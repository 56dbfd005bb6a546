import AsyncOps
import PushReference

/// `buffer-bounded` (and `-async`, `-async-channel`): `0..<N` read ahead by
/// `buffer(policy: .bounded(64))`'s own task and drained by the consumer; per element.
struct BufferBoundedWorkload: OperatorWorkload {
  /// How far the buffer reads ahead.
  static let limit = 64

  let name = "buffer-bounded"
  var measures: String { "buffer(policy: .bounded(\(Self.limit))) of 0..<N from %@; per element" }
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    for await value in source.values(count: count).buffer(policy: .bounded(Self.limit)) {
      sum &+= value
    }
    return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
  }
}

extension BenchCase {
  /// `push-buffer`: `PassthroughSubject` → `buffer(size: 64, prefetch: .byRequest, whenFull:
  /// .dropNewest)` → sink, synchronous; per value (the sink's unlimited demand lets every value
  /// through the buffer at once).
  static let pushBuffer = BenchCase(
    name: "push-buffer",
    summary: "PassthroughSubject.buffer(size: 64, .byRequest, .dropNewest) → sink; per value",
    size: 1_000_000, quickSize: 10_000, repetitions: 3,
    measure: { count in
      let subject = PassthroughSubject<Int, Never>()
      let sum = PushBufferTally()
      let cancellable = subject.buffer(
        size: BufferBoundedWorkload.limit, prefetch: .byRequest, whenFull: .dropNewest
      ).sink { sum.value &+= $0 }
      for value in 0..<count { subject.send(value) }
      cancellable.cancel()
      return RunOutcome(elements: count, checksum: sum.value, expected: triangular(count))
    })
}

/// The push-buffer sink's running sum.
private final class PushBufferTally: @unchecked Sendable {
  // @unchecked: only touched by the one thread that runs the case's synchronous loop (the push
  // engine delivers on the sending thread).
  var value = 0
}
