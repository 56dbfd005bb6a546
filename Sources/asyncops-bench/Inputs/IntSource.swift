/// Where an operator case's input comes from: `0..<count` as an `AsyncSequence` of one kind.
///
/// An operator case is written once, generic over its source, and registered once; the registry
/// runs it on every kind (see ``OperatorWorkload``), so the synchronous figure and the figures
/// with a suspending producer always come from the same code.
protocol IntSource: Sendable {
  /// The sequence this source makes.
  associatedtype Values: AsyncSequence & Sendable
  where Values.Element == Int, Values.Failure == Never

  /// What this kind appends to a case's name (`""`, `"-async"`, `"-async-channel"`).
  static var nameSuffix: String { get }
  /// How the kind is described in `--help`.
  static var phrase: String { get }

  /// `0, 1, ... count - 1`, then the end. A producer task, if any, starts when iteration starts.
  func values(count: Int) -> Values
}

/// `0..<count` from ``CountingSequence``: `next` never suspends, so the operator is measured
/// without any task hop on its input.
struct SynchronousSource: IntSource {
  static let nameSuffix = ""
  static let phrase = "a synchronous 0..<N source"

  func values(count: Int) -> CountingSequence {
    CountingSequence(count: count)
  }
}

/// `0..<count` through an `AsyncStream` fed by its own producer task, which suspends
/// (`Task.yield()`) after each element: a stream fed by another task, as a socket reader or an
/// event source is. The producer may run ahead of the reader (the stream's buffer is unbounded),
/// so how often the reader suspends depends on the scheduler.
struct StreamSource: IntSource {
  static let nameSuffix = "-async"
  static let phrase = "an AsyncStream fed by a producer task that suspends per element"

  func values(count: Int) -> ProducedStream {
    ProducedStream(count: count)
  }
}

/// `0..<count` sent through a ``RendezvousChannel`` by its own producer task: each `send`
/// waits until the reader has taken the element, so every element crosses from one task to
/// another on its own, one hand-off per element, never batched.
struct ChannelSource: IntSource {
  static let nameSuffix = "-async-channel"
  static let phrase = "a rendezvous channel fed by a producer task, one hand-off per element"

  func values(count: Int) -> RendezvousSequence {
    RendezvousSequence(count: count)
  }
}
