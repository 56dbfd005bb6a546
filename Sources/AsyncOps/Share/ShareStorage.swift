import Synchronization

/// The concurrency shell of `share`: the ``ShareStateMachine`` in a `Mutex`, the one task that
/// reads the upstream, and every action of the state machine performed outside the lock.
///
/// Delivery costs one lock per element for all consumers together: the upstream task appends the
/// element to every consumer's buffer under the lock and resumes only the consumers that are
/// suspended in `next()`; a consumer that is behind takes from its buffer without suspending.
@usableFromInline
final class ShareStorage<Base: AsyncSequence & SendableMetatype>: Sendable
where Base.Element: Sendable {
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias Failure = Base.Failure
  @usableFromInline typealias ConsumerWaiter = UnsafeContinuation<Result<Element?, Failure>, Never>
  /// Resumed with `true` to read the upstream again, `false` to stop.
  @usableFromInline typealias UpstreamWaiter = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = ShareStateMachine<
    Element, Failure, ConsumerWaiter, UpstreamWaiter
  >

  /// The upstream's iterator, made by `share()` and taken once, by the upstream task.
  @usableFromInline let upstream: ShareUpstreamHandOff<Base.AsyncIterator>
  @usableFromInline let state: Mutex<Machine>

  @inlinable
  init(
    upstream: ShareUpstreamHandOff<Base.AsyncIterator>, replay: Int,
    policy: AsyncShareBufferingPolicy
  ) {
    self.upstream = upstream
    self.state = Mutex(Machine(replay: replay, policy: policy))
  }

  // MARK: Consumers

  @inlinable
  func register() -> Int {
    state.withLock { $0.register() }
  }

  /// A consumer's next element when it need not wait: from its buffer, or its end; `nil` when it
  /// must suspend (then any start of the upstream is already under way).
  ///
  /// Synchronous on purpose: the iterator calls this first and awaits ``suspend(consumer:isolation:)``
  /// only when it returns `nil`, so a consumer that takes from its buffer makes no async call (no
  /// async frame, no executor check on entry and return): the per-element path of a consumer that
  /// is behind is one lock, as the hand-written floor's. The rules stay in the state machine.
  @inlinable
  func nextIfReady(consumer id: Int) -> Result<Element?, Failure>? {
    if Task.isCancelled {
      cancel(consumer: id)
      return .success(nil)
    }
    switch state.withLock({ $0.next(consumer: id) }) {
    case .element(let element, let effect):
      if case .none = effect { return .success(element) }
      perform(effect)
      return .success(element)
    case .end(let terminal):
      return Self.result(of: terminal)
    case .wait(let effect):
      perform(effect)
      return nil
    }
  }

  @inlinable
  func suspend(
    consumer id: Int, isolation actor: isolated (any Actor)?
  ) async -> Result<Element?, Failure> {
    await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: actor) { continuation in
          switch state.withLock({ $0.suspend(consumer: id, waiter: continuation) }) {
          case .element(let element, let effect):
            continuation.resume(returning: .success(element))
            perform(effect)
          case .end(let terminal):
            continuation.resume(returning: Self.result(of: terminal))
          case .wait(let effect):
            perform(effect)
          }
        }
      },
      onCancel: { cancel(consumer: id) },
      isolation: actor)
  }

  /// The consumer leaves (cancelled or dropped); a no-op when it has already ended.
  @inlinable
  func cancel(consumer id: Int) {
    let (waiter, effect) = state.withLock { $0.cancel(consumer: id) }
    waiter?.resume(returning: .success(nil))
    perform(effect)
  }

  /// The last copy of the shared sequence is gone: no consumer can register any more.
  @inlinable
  func sequenceDropped() {
    perform(state.withLock { $0.sequenceDropped() })
  }

  @inlinable
  static func result(of terminal: Machine.Terminal?) -> Result<Element?, Failure> {
    switch terminal {
    case .failed(let failure): .failure(failure)
    case .finished, nil: .success(nil)
    }
  }

  // MARK: Upstream

  @inlinable
  func perform(_ effect: Machine.UpstreamEffect) {
    switch effect {
    case .none:
      break
    case .start:
      let task = Task { await self.runUpstream() }
      state.withLock { $0.upstreamTaskCreated(task) }?.cancel()
    case .resume(let waiter):
      waiter.resume(returning: true)
    case .cancel(let task, let waiter):
      task?.cancel()
      waiter?.resume(returning: false)
    }
  }

  /// The upstream loop: read, deliver to every consumer under one lock, resume the waiting ones,
  /// and wait for room when a `.bounded` consumer is full.
  @inlinable
  func runUpstream() async {
    // The upstream task starts once per storage (`startIfNeeded`), so the iterator is there.
    guard var iterator = upstream.take() else { return }
    var resuming: [ConsumerWaiter] = []
    // Demand is checked before every read, the first included: under `.bounded(0)` no element
    // may be read until every consumer waits for it.
    guard await awaitDemand() else { return }
    while true {
      let element: Element?
      do throws(Failure) {
        element = try await iterator.next(isolation: nil)
      } catch {
        return upstreamEnded(error)
      }
      guard let element else { return upstreamEnded(nil) }
      let action = state.withLock { $0.upstreamProduced(element, resuming: &resuming) }
      if !resuming.isEmpty {
        for waiter in resuming { waiter.resume(returning: .success(element)) }
        resuming.removeAll(keepingCapacity: true)
      }
      switch action {
      case .readNext: continue
      case .stop: return
      case .awaitDemand: guard await awaitDemand() else { return }
      }
    }
  }

  // Always inlined into the upstream loop: no async frame of its own when the upstream waits.
  @inlinable @inline(__always)
  func awaitDemand() async -> Bool {
    await withUnsafeContinuation { continuation in
      let action = state.withLock { $0.upstreamAwaitsDemand(continuation) }
      if case .resume(let waiter, let readNext) = action { waiter.resume(returning: readNext) }
    }
  }

  @inlinable
  func upstreamEnded(_ failure: Failure?) {
    let (waiters, terminal) = state.withLock { $0.upstreamEnded(failure) }
    for waiter in waiters { waiter.resume(returning: Self.result(of: terminal)) }
  }

  // MARK: Inspection

  @inlinable
  var bufferedCounts: [Int] { state.withLock { $0.bufferedCounts } }

  @inlinable
  var replayCount: Int { state.withLock { $0.replay.count } }

  @inlinable
  var producedCount: Int { state.withLock { $0.producedCount } }
}
