/// What one inner run of a ``MapLatestStorage`` does with the upstream element it took: each
/// operator has its own conformance, so the storage, specialised for it, calls the operator's
/// work directly. (A closure shared by both operators wrapped mapLatest's transform in a second
/// `async` closure call per run: docs/bench-runs/mapLatest-transform-1208.)
@usableFromInline
protocol MapLatestInnerRun: Sendable {
  associatedtype Input
  associatedtype Output
  associatedtype Failure: Error

  /// Runs the inner work of `element`: hands each output but the last to `yield` (which returns
  /// `false` when the run must stop) and returns the last one, if any.
  func run(
    _ element: Input, yield: (Output) async -> Bool
  ) async throws(Failure) -> Output?
}

/// mapLatest's run: the transform's one result.
@usableFromInline
struct MapLatestTransformRun<Input, Output, Failure: Error>: MapLatestInnerRun {
  @usableFromInline let transform: @Sendable (Input) async throws(Failure) -> Output

  @inlinable
  init(transform: @escaping @Sendable (Input) async throws(Failure) -> Output) {
    self.transform = transform
  }

  @inlinable @inline(__always)
  func run(
    _ element: Input, yield: (Output) async -> Bool
  ) async throws(Failure) -> Output? {
    try await transform(element)
  }
}

/// flatMapLatest's run: the inner sequence's elements, each handed on before the next is read.
@usableFromInline
struct FlatMapLatestRun<Input, Inner: AsyncSequence, Failure: Error>: MapLatestInnerRun {
  @usableFromInline let transform: @Sendable (Input) -> Inner
  @usableFromInline let innerFailure: @Sendable (Inner.Failure) -> Failure

  @inlinable
  init(
    transform: @escaping @Sendable (Input) -> Inner,
    innerFailure: @escaping @Sendable (Inner.Failure) -> Failure
  ) {
    self.transform = transform
    self.innerFailure = innerFailure
  }

  @inlinable
  func run(
    _ element: Input, yield: (Inner.Element) async -> Bool
  ) async throws(Failure) -> Inner.Element? {
    var iterator = transform(element).makeAsyncIterator()
    while true {
      let next: Inner.Element?
      do throws(Inner.Failure) {
        next = try await iterator.next(isolation: nil)
      } catch {
        throw innerFailure(error)
      }
      guard let next, await yield(next) else { return nil }
    }
  }
}
