import Synchronization

/// The storage of ``AsyncMapLatestSequence`` and ``AsyncFlatMapLatestSequence``: holds the
/// ``MapLatestStateMachine`` in a `Mutex`, runs the task that reads the upstream and one task per
/// inner run (what a run does is `Run`'s), and performs the machine's actions outside the lock.
/// The consumer's side is the ``SingleConsumerStorage`` shell.
///
/// The upstream is read continuously, so a newer element cancels the stale inner run when it
/// arrives, whatever the consumer is doing. Each inner run is an unstructured task, because a
/// superseded run must be cancelled on its own; the machine's generations make sure nothing of a
/// superseded run is ever emitted, and the iterator's end cancels the last run. A run's task takes
/// the newest element when it begins, so an upstream faster than task start-up costs one lock per
/// element, not one task.
@usableFromInline
final class MapLatestStorage<
  Base: AsyncSequence & Sendable, Element: Sendable, Failure: Error, Run: MapLatestInnerRun
>: SingleConsumerStorage
where
  Base.Element: Sendable, Run.Input == Base.Element, Run.Output == Element,
  Run.Failure == Failure
{
  @usableFromInline typealias Outcome = Result<Element?, Failure>
  @usableFromInline typealias Consumer = UnsafeContinuation<Outcome, Never>
  @usableFromInline typealias InnerWaiter = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = MapLatestStateMachine<
    Base.Element, Element, Failure, Consumer, Task<Void, Never>, Task<Void, Never>, InnerWaiter
  >

  @usableFromInline let machine = Mutex(Machine())
  @usableFromInline let base: Base
  @usableFromInline let baseFailure: @Sendable (Base.Failure) -> Failure
  @usableFromInline let innerRun: Run

  @inlinable
  init(base: Base, baseFailure: @escaping @Sendable (Base.Failure) -> Failure, innerRun: Run) {
    self.base = base
    self.baseFailure = baseFailure
    self.innerRun = innerRun
  }

  // MARK: - Consumer side (the shell is ``SingleConsumerStorage``)

  /// Taking an element wakes the inner run that waits on it.
  @inlinable
  func consumerNext() -> SingleConsumerNextAction<Element, Failure> {
    switch machine.withLock({ $0.next() }) {
    case .deliver(let ready):
      ready.innerToResume?.resume(returning: true)
      return .deliver(ready.outcome)
    case .startUpstream:
      return .startUpstream
    case .suspend:
      return .suspend
    }
  }

  @inlinable
  func consumerSuspend(_ consumer: Consumer) -> Outcome? {
    guard let ready = machine.withLock({ $0.suspend(consumer) }) else { return nil }
    ready.innerToResume?.resume(returning: true)
    return ready.outcome
  }

  /// Ends the iteration: the consumer was cancelled or dropped its iterator. Cancels the upstream
  /// read and the inner run.
  @inlinable
  func cancel() {
    perform(machine.withLock { $0.cancelled() })
  }

  @inlinable
  func perform(_ resumptions: Machine.Resumptions) {
    if let (consumer, outcome) = resumptions.consumer { consumer.resume(returning: outcome) }
    resumptions.innerWaiter?.resume(returning: false)
    resumptions.inner?.cancel()
    resumptions.upstream?.cancel()
  }

  // MARK: - Upstream side

  @inlinable
  func readUpstream() async {
    var iterator = base.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        switch machine.withLock({ $0.upstreamProduced(element) }) {
        case .readNext:
          continue
        case .supersede(let launch, let superseded, let waiting):
          waiting?.resume(returning: false)
          superseded?.cancel()
          if let launch { launchInner(launch) }
        case .stop:
          return
        }
      }
      perform(machine.withLock { $0.upstreamFinished() })
    } catch {
      perform(machine.withLock { $0.upstreamFailed(baseFailure(error)) })
    }
  }

  // MARK: - Inner runs

  /// Creates the task of one run. It takes the newest element when it begins, so while it waits
  /// to run, newer elements need no task of their own.
  @inlinable
  func launchInner(_ launch: UInt64) {
    let task = Task { await self.runInner(launch: launch) }
    machine.withLock { $0.innerStarted(task, launch: launch) }?.cancel()
  }

  @inlinable
  func runInner(launch: UInt64) async {
    guard let (element, generation) = machine.withLock({ $0.innerBegan(launch: launch) }) else {
      return
    }
    do {
      let last = try await innerRun.run(element) {
        await self.yieldInner($0, generation: generation)
      }
      perform(machine.withLock { $0.innerFinished(generation: generation, last: last) })
    } catch {
      perform(machine.withLock { $0.innerFailed(error, generation: generation) })
    }
  }

  /// Hands an inner sequence's element on; waits while the consumer has not taken it. Returns
  /// `false` when the run must stop (superseded, or the iteration ended).
  @inlinable
  func yieldInner(_ element: Element, generation: UInt64) async -> Bool {
    switch machine.withLock({ $0.innerProduced(element, generation: generation) }) {
    case .resumeConsumer(let consumer, let element):
      consumer.resume(returning: .success(element))
      return true
    case .stop:
      return false
    case .wait:
      return await withUnsafeContinuation { (waiter: InnerWaiter) in
        if let resumption = machine.withLock({ $0.innerSuspend(waiter, generation: generation) }) {
          waiter.resume(returning: resumption)
        }
      }
    }
  }
}
