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

  // First, so that the lock word and the machine's per-element fields (declared first in it)
  // start the object (see ShareStateMachine's stored properties).
  @usableFromInline let state: Mutex<Machine>
  /// The upstream's iterator for each run, taken by the upstream task.
  @usableFromInline let upstream: ShareUpstreamHandOff<Base.AsyncIterator>
  /// A restartable share's stop delay on its clock: called when the last consumer leaves, it
  /// reads the clock and returns the sleep until that instant plus the delay (`false` when
  /// cancelled first).
  @usableFromInline let makeStopSleep: (@Sendable () -> @Sendable () async -> Bool)?

  @inlinable
  init(
    upstream: ShareUpstreamHandOff<Base.AsyncIterator>, replay: Int,
    policy: AsyncShareBufferingPolicy, restart: ShareRestart = .never
  ) {
    self.upstream = upstream
    self.state = Mutex(Machine(replay: replay, policy: policy, stopping: restart.stopping))
    self.makeStopSleep = restart.makeSleep
  }

  // MARK: Consumers

  @inlinable
  func register() -> Int {
    let (id, stopTimer) = state.withLock { $0.registerDisarmingStopTimer() }
    stopTimer?.cancel()
    return id
  }

  /// A consumer's next element when it need not wait: from its buffer, or its end; `nil` when it
  /// must suspend (``suspend(consumer:slot:isolation:)`` then starts the upstream if it has not
  /// started, after storing the waiter: see ``ShareStateMachine/next(consumer:)``).
  ///
  /// Synchronous on purpose: the iterator calls this first and awaits
  /// ``suspend(consumer:slot:isolation:)`` only when it returns `nil`, so a consumer that takes
  /// from its buffer makes no async call (no async frame, no executor check on entry and return):
  /// the per-element path of a consumer that is behind is one lock, as the hand-written floor's.
  /// The rules stay in the state machine.
  ///
  /// `slot` is where the consumer was found last time, and is updated
  /// (``ShareStateMachine/next(consumer:slot:)``).
  @inlinable
  func nextIfReady(consumer id: Int, slot: inout Int) -> Result<Element?, Failure>? {
    if Task.isCancelled {
      cancel(consumer: id)
      return .success(nil)
    }
    switch state.withLock({ $0.next(consumer: id, slot: &slot) }) {
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

  /// Waits for the consumer's next element or its end, after ``nextIfReady(consumer:slot:)``
  /// found nothing ready; `slot` is where that call found the consumer.
  @inlinable
  func suspend(
    consumer id: Int, slot: Int, isolation actor: isolated (any Actor)?
  ) async -> Result<Element?, Failure> {
    await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: actor) { continuation in
          switch state.withLock({ $0.suspend(consumer: id, slot: slot, waiter: continuation) }) {
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
    // One value, not `let (effect, stopTimer) = …`: Swift 6.3's region checker rejects that
    // tuple pattern here (docs/compiler-workarounds.md, "Tuple patterns of a lock's result").
    let dropped = state.withLock { $0.sequenceDropped() }
    dropped.stopTimer?.cancel()
    perform(dropped.0)
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
    case .start(let run):
      let task = Task { await self.runUpstream(run: run) }
      state.withLock { $0.upstreamTaskCreated(task, run: run) }?.cancel()
    case .resume(let waiter):
      waiter.resume(returning: true)
    case .cancel(let task, let waiter):
      task?.cancel()
      waiter?.resume(returning: false)
    case .startStopTimer(let generation, let waiter):
      waiter?.resume(returning: true)
      startStopTimer(generation: generation)
    }
  }

  /// Sleeps the stop delay in a task of its own, then tells the state machine, which stops the
  /// upstream's run unless a consumer arrived meanwhile (StoppingAfter rule 1).
  @inlinable
  func startStopTimer(generation: Int) {
    // The deadline is read now, as the last consumer leaves, not when the task first runs.
    guard let sleepUntilStop = makeStopSleep?() else { return }
    let task = Task {
      guard await sleepUntilStop() else { return }
      self.perform(self.state.withLock { $0.stopTimerFired(generation: generation) })
    }
    state.withLock { $0.stopTimerCreated(task, generation: generation) }?.cancel()
  }

  /// The upstream loop: read, deliver to every consumer under one lock, resume the waiting ones,
  /// and wait for room when a `.bounded` consumer is full.
  @inlinable
  func runUpstream(run: Int) async {
    // The upstream task starts once per run (`startIfNeeded`), so the iterator is there: the one
    // `share()` made, or a new one for each run of a restartable share.
    guard var iterator = upstream.take() else { return }
    var resuming: [ConsumerWaiter] = []
    // Demand is checked before every read, the first included: under `.bounded(0)` no element
    // may be read until every consumer waits for it.
    guard await awaitDemand(run: run) else { return }
    while true {
      let element: Element?
      do throws(Failure) {
        element = try await iterator.next(isolation: nil)
      } catch {
        return upstreamEnded(error, run: run)
      }
      guard let element else { return upstreamEnded(nil, run: run) }
      let action = state.withLock { $0.upstreamProduced(element, run: run, resuming: &resuming) }
      if !resuming.isEmpty {
        for waiter in resuming { waiter.resume(returning: .success(element)) }
        resuming.removeAll(keepingCapacity: true)
      }
      switch action {
      case .readNext: continue
      case .stop: return
      case .awaitDemand: guard await awaitDemand(run: run) else { return }
      }
    }
  }

  // Always inlined into the upstream loop: no async frame of its own when the upstream waits.
  @inlinable @inline(__always)
  func awaitDemand(run: Int) async -> Bool {
    await withUnsafeContinuation { continuation in
      let action = state.withLock { $0.upstreamAwaitsDemand(continuation, run: run) }
      if case .resume(let waiter, let readNext) = action { waiter.resume(returning: readNext) }
    }
  }

  @inlinable
  func upstreamEnded(_ failure: Failure?, run: Int) {
    let (waiters, terminal) = state.withLock { $0.upstreamEnded(failure, run: run) }
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
