/// The rules of `share`, as a value type: every event returns what the storage must do next.
///
/// No locks, no tasks, no continuations resumed here. `ConsumerWaiter` and `UpstreamWaiter` are
/// what a suspended consumer and the suspended upstream task are resumed through (continuations
/// in ``ShareStorage``, plain tokens in the unit tests).
///
/// Invariants: `consumers` is sorted by id; a consumer with a waiter has an empty buffer;
/// `fullConsumerCount` is the number of consumers that hold the upstream back: under
/// `.bounded(n)`, those whose buffer holds at least `n` elements and that do not wait (for
/// `n ≥ 1` a waiting consumer's buffer is empty anyway; for `.bounded(0)`, a rendezvous, every
/// consumer that is not suspended in `next()`). Always 0 under the other policies.
@usableFromInline
struct ShareStateMachine<Element, Failure: Error, ConsumerWaiter, UpstreamWaiter> {
  /// How the upstream ended.
  @usableFromInline
  enum Terminal {
    case finished
    case failed(Failure)
  }

  /// Where the upstream task is.
  @usableFromInline
  enum UpstreamPhase {
    /// No consumer has called `next()` yet (since the last stop, for a restartable share).
    case notStarted
    /// The task reads the upstream (or is about to).
    case running
    /// The task waits for a consumer under `.bounded` to make room.
    case awaitingDemand(UpstreamWaiter)
    /// The upstream finished or failed; `terminal` is set.
    case ended
    /// No consumer is left and none can be made: the upstream is (being) cancelled.
    case cancelled
  }

  /// What the storage does to the upstream task besides the event's main effect.
  @usableFromInline
  enum UpstreamEffect {
    case none
    /// Start the upstream task for this run, then report it with `upstreamTaskCreated(_:run:)`.
    case start(run: Int)
    /// Resume the upstream task waiting for demand: it may read again.
    case resume(UpstreamWaiter)
    /// Cancel the task (if already created) and resume its demand wait (if any) to stop.
    case cancel(Task<Void, Never>?, UpstreamWaiter?)
    /// The last consumer left a restartable share: start the stop timer of this generation, then
    /// report it with `stopTimerCreated(_:generation:)`; when it fires, `stopTimerFired(_:)`.
    /// The upstream, if it waited for demand, is resumed: no consumer holds it back any more.
    case startStopTimer(generation: Int, resuming: UpstreamWaiter?)
  }

  /// The answer to a consumer asking for its next element.
  @usableFromInline
  enum NextAction {
    case element(Element, UpstreamEffect)
    case end(Terminal?)
    /// Nothing buffered yet: suspend (for `next`) or the waiter was stored (for `suspend`).
    case wait(UpstreamEffect)
  }

  /// What the upstream task does after delivering an element.
  @usableFromInline
  enum ProduceAction {
    case readNext
    case awaitDemand
    case stop
  }

  /// The answer to the upstream task offering to wait for demand.
  @usableFromInline
  enum DemandAction {
    case resume(UpstreamWaiter, readNext: Bool)
    case suspended
  }

  @usableFromInline
  struct Consumer {
    @usableFromInline let id: Int
    @usableFromInline var buffer: RingBuffer<Element>
    @usableFromInline var waiter: ConsumerWaiter?

    @inlinable
    init(id: Int, buffer: RingBuffer<Element>) {
      self.id = id
      self.buffer = buffer
      self.waiter = nil
    }
  }

  // The fields every element reads or writes come first, in declaration order, so that they sit
  // next to the lock word in memory: with the upstream and a consumer on two cores, each cache
  // line the lock bodies touch moves from one core to the other on every element.
  @usableFromInline var consumers: [Consumer] = []
  @usableFromInline var fullConsumerCount = 0
  @usableFromInline var phase = UpstreamPhase.notStarted
  /// How many elements the upstream has produced so far.
  @usableFromInline var producedCount = 0
  /// Which run of the upstream is current: a restartable share starts a new one after each
  /// stop, and what an older run's task still reports is ignored.
  @usableFromInline var run = 0
  @usableFromInline let policy: AsyncShareBufferingPolicy
  @usableFromInline let replayLimit: Int
  @usableFromInline let stopping: ShareStopping
  @usableFromInline var replay = RingBuffer<Element>()
  @usableFromInline var nextConsumerID = 0
  @usableFromInline var terminal: Terminal?
  @usableFromInline var upstreamTask: Task<Void, Never>?
  @usableFromInline var sequenceAlive = true
  /// The stop timer, while one is armed (StoppingAfter rule 1).
  @usableFromInline var stopTimer: StopTimer?
  /// Counts the stop timers armed so far: a timer that fires after it was disarmed is ignored.
  @usableFromInline var stopTimerGeneration = 0

  @inlinable
  init(
    replay replayLimit: Int, policy: AsyncShareBufferingPolicy,
    stopping: ShareStopping = .whenUnreachable
  ) {
    self.replayLimit = replayLimit
    self.policy = policy
    self.stopping = stopping
  }

  /// The `.bounded` limit, or `nil` for the policies without backpressure.
  @inlinable
  var boundedLimit: Int? {
    if case .bounded(let limit) = policy { limit } else { nil }
  }

  @inlinable @inline(__always)
  func index(of id: Int) -> Int? {
    var low = 0
    var high = consumers.count
    while low < high {
      let middle = (low + high) / 2
      if consumers[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low < consumers.count && consumers[low].id == id ? low : nil
  }

  /// ``index(of:)``, looked up at `hint` first: a consumer stays at the same index until one
  /// registered before it leaves, so the index it was found at last time is almost always
  /// right, and checking it is one predictable comparison. The binary search, with one
  /// mispredicted branch per level, was the largest cost of a consumer's step among 16 consumers.
  @inlinable @inline(__always)
  func index(of id: Int, hint: Int) -> Int? {
    if hint < consumers.count, consumers[hint].id == id { return hint }
    return index(of: id)
  }
}

// MARK: - Consumers

extension ShareStateMachine {
  /// A consumer registers (its iterator is made): it starts with a copy of the replay, treated as
  /// if it had been buffered (Share rule 3): a dropping policy trims it the way it
  /// trims any overflow; `.bounded` and `.unbounded` keep it whole.
  @inlinable
  mutating func register() -> Int {
    registerDisarmingStopTimer().id
  }

  /// Registers a consumer, as ``register()``; a consumer that arrives while the stop timer runs
  /// keeps the upstream (StoppingAfter rule 1): the timer's task is returned, to cancel.
  @inlinable
  mutating func registerDisarmingStopTimer() -> (id: Int, stopTimer: Task<Void, Never>?) {
    let timer = disarmStopTimer()
    let id = nextConsumerID
    nextConsumerID += 1
    var buffer = RingBuffer<Element>()
    let replayed = replay.elements
    switch policy {
    case .bufferingNewest(let limit):
      for element in replayed.suffix(limit) { buffer.append(element) }
    case .bufferingOldest(let limit):
      for element in replayed.prefix(limit) { buffer.append(element) }
    case .bounded, .unbounded:
      for element in replayed { buffer.append(element) }
    }
    if let limit = boundedLimit, buffer.count >= limit { fullConsumerCount += 1 }
    consumers.append(Consumer(id: id, buffer: buffer))
    return (id, timer)
  }

  /// A consumer asks for its next element without a waiter: `.wait` means it must suspend and
  /// call `suspend(consumer:waiter:)`.
  ///
  /// A `.wait` never starts the upstream: `suspend(consumer:waiter:)` does, once the waiter is
  /// stored. Started here, the upstream could produce before the waiter is stored, and its first
  /// elements would go through the policy as if this consumer were busy: under
  /// `.bufferingNewest(1)` it would get a later element first, under a zero-size policy element 0
  /// would be lost, although the consumer has been waiting since before the upstream started
  /// (the start race).
  @inlinable @inline(__always)
  mutating func next(consumer id: Int) -> NextAction {
    var slot = 0
    return next(consumer: id, slot: &slot)
  }

  /// ``next(consumer:)`` for a consumer that remembers where it was found: `slot` is where to
  /// look first, and is set to where the consumer is now (see ``index(of:hint:)``).
  @inlinable @inline(__always)
  mutating func next(consumer id: Int, slot: inout Int) -> NextAction {
    guard let index = index(of: id, hint: slot) else { return .end(nil) }
    slot = index
    if let action = take(at: index) { return action }
    return .wait(.none)
  }

  /// A consumer suspends: it gets an element or its end at once, or its waiter is stored.
  @inlinable
  mutating func suspend(consumer id: Int, waiter: ConsumerWaiter) -> NextAction {
    suspend(consumer: id, slot: 0, waiter: waiter)
  }

  /// ``suspend(consumer:waiter:)`` for a consumer that remembers where it was found (`slot`, see
  /// ``index(of:hint:)``): a consumer that waits for every element, as each does on a source
  /// slower than it, suspends once per element, so this is its per-element step.
  @inlinable
  mutating func suspend(consumer id: Int, slot: Int, waiter: ConsumerWaiter) -> NextAction {
    guard let index = index(of: id, hint: slot) else { return .end(nil) }
    if let action = take(at: index) { return action }
    precondition(
      consumers[index].waiter == nil,
      """
      share: next() was called on an iterator (or a copy of it) while another call of next() on \
      it is still waiting; iterate each iterator from one task at a time
      """)
    consumers[index].waiter = waiter
    if boundedLimit == 0 {
      // A rendezvous: a consumer holds the upstream back until it waits, and now it does.
      fullConsumerCount -= 1
      let effect = resumeUpstreamIfDemanded()
      if case .none = effect { return .wait(startIfNeeded()) }
      return .wait(effect)
    }
    return .wait(startIfNeeded())
  }

  /// A consumer leaves: its task was cancelled or its iterator dropped. Returns its waiter (to
  /// resume with `nil`) and what happens to the upstream.
  @inlinable
  mutating func cancel(consumer id: Int) -> (ConsumerWaiter?, UpstreamEffect) {
    guard let index = index(of: id) else { return (nil, .none) }
    let consumer = consumers.remove(at: index)
    if let limit = boundedLimit, consumer.buffer.count >= limit, consumer.waiter == nil {
      fullConsumerCount -= 1
    }
    if consumers.isEmpty {
      if !sequenceAlive { return (consumer.waiter, cancelUpstream()) }
      if let effect = lastConsumerLeft() { return (consumer.waiter, effect) }
    }
    return (consumer.waiter, resumeUpstreamIfDemanded())
  }

  /// The shared sequence value is gone: no new consumer can register. Returns what happens to
  /// the upstream, and the stop timer's task to cancel (the upstream stops now, if unused).
  @inlinable
  mutating func sequenceDropped() -> (UpstreamEffect, stopTimer: Task<Void, Never>?) {
    sequenceAlive = false
    guard consumers.isEmpty else { return (.none, nil) }
    return (cancelUpstream(), disarmStopTimer())
  }

  /// Takes the oldest buffered element, or the end once the buffer is drained; `nil` when the
  /// consumer must wait.
  ///
  /// This is every consumer's per-element step, so its common case (an element, the consumer was
  /// not full) is kept small enough to inline into the storage's lock; the rarer steps are apart.
  @inlinable @inline(__always)
  mutating func take(at index: Int) -> NextAction? {
    if let element = consumers[index].buffer.popFirst() {
      if let limit = boundedLimit, consumers[index].buffer.count == limit - 1 {
        return .element(element, tookFromFullBuffer())
      }
      return .element(element, startIfNeeded())
    }
    return end(at: index)
  }

  /// The consumer's take left its full `.bounded` buffer with room: it no longer holds the
  /// upstream back, which is resumed if it waits and no other consumer is full.
  @inlinable
  mutating func tookFromFullBuffer() -> UpstreamEffect {
    fullConsumerCount -= 1
    let effect = resumeUpstreamIfDemanded()
    if case .resume = effect { return effect }
    return startIfNeeded()
  }

  /// The consumer's buffer is drained: its end once the upstream has ended, `nil` to wait.
  @inlinable
  mutating func end(at index: Int) -> NextAction? {
    guard let terminal else { return nil }
    consumers.remove(at: index)
    return .end(terminal)
  }

  @inlinable @inline(__always)
  mutating func startIfNeeded() -> UpstreamEffect {
    guard case .notStarted = phase else { return .none }
    phase = .running
    return .start(run: run)
  }

  /// The upstream waiting for demand may read again once no consumer is full.
  @inlinable
  mutating func resumeUpstreamIfDemanded() -> UpstreamEffect {
    guard fullConsumerCount == 0, case .awaitingDemand(let waiter) = phase else { return .none }
    phase = .running
    return .resume(waiter)
  }

  @inlinable
  mutating func cancelUpstream() -> UpstreamEffect {
    switch phase {
    case .notStarted, .ended, .cancelled:
      if case .notStarted = phase { phase = .cancelled }
      return .none
    case .running:
      phase = .cancelled
      return .cancel(upstreamTask.take(), nil)
    case .awaitingDemand(let waiter):
      phase = .cancelled
      return .cancel(upstreamTask.take(), waiter)
    }
  }
}

// MARK: - Upstream

extension ShareStateMachine {
  /// The storage created the upstream task of `run`. Returns it when it must be cancelled at once.
  @inlinable
  mutating func upstreamTaskCreated(_ task: Task<Void, Never>, run: Int) -> Task<Void, Never>? {
    guard run == self.run else { return task }  // that run was stopped meanwhile
    switch phase {
    case .cancelled: return task
    case .ended: return nil
    case .notStarted, .running, .awaitingDemand:
      upstreamTask = task
      return nil
    }
  }

  /// The upstream produced `element`: it goes to the replay and to every consumer, by its
  /// policy. The waiters of consumers that were waiting are appended to `resuming`; the storage
  /// resumes each with `element`.
  ///
  /// Runs under the lock the consumers take too, once per element: inlined into the upstream
  /// loop, and a consumer's waiter is only taken (a write) when there is one.
  @inlinable @inline(__always)
  mutating func upstreamProduced(
    _ element: Element, run: Int, resuming: inout [ConsumerWaiter]
  ) -> ProduceAction {
    guard run == self.run else { return .stop }  // a stopped run's last read
    if case .cancelled = phase { return .stop }
    producedCount &+= 1
    if replayLimit > 0 {
      if replay.count == replayLimit { _ = replay.popFirst() }
      replay.append(element)
    }
    // One uniqueness check of the registry for all consumers, not one per consumer: the loop
    // writes through the buffer pointer, and the counts it changes are kept in locals meanwhile.
    let policy = self.policy
    let rendezvous = boundedLimit == 0
    var full = fullConsumerCount
    consumers.withUnsafeMutableBufferPointer { consumers in
      for index in consumers.indices {
        if consumers[index].waiter != nil, let waiter = consumers[index].waiter.take() {
          resuming.append(waiter)
          // A rendezvous consumer holds none, but holds the upstream back until it waits again.
          if rendezvous { full += 1 }
        } else {
          Self.buffer(element, in: &consumers[index].buffer, policy: policy, full: &full)
        }
      }
    }
    fullConsumerCount = full
    return full > 0 ? .awaitDemand : .readNext
  }

  /// Buffers `element` for one consumer by `policy`; `full` counts one more consumer when this
  /// element fills its `.bounded` buffer.
  @inlinable @inline(__always)
  static func buffer(
    _ element: Element, in buffer: inout RingBuffer<Element>, policy: AsyncShareBufferingPolicy,
    full: inout Int
  ) {
    switch policy {
    case .bounded(let limit):
      buffer.append(element)
      if buffer.count == limit { full += 1 }
    case .unbounded:
      buffer.append(element)
    case .bufferingNewest(let limit):
      guard limit > 0 else { return }
      if buffer.count >= limit { _ = buffer.popFirst() }
      buffer.append(element)
    case .bufferingOldest(let limit):
      if buffer.count < limit { buffer.append(element) }
    }
  }

  /// The upstream task of `run` offers to wait until no consumer is full.
  @inlinable
  mutating func upstreamAwaitsDemand(_ waiter: UpstreamWaiter, run: Int) -> DemandAction {
    guard run == self.run else { return .resume(waiter, readNext: false) }
    switch phase {
    case .cancelled, .ended: return .resume(waiter, readNext: false)
    case .notStarted, .running, .awaitingDemand:
      if fullConsumerCount == 0 { return .resume(waiter, readNext: true) }
      phase = .awaitingDemand(waiter)
      return .suspended
    }
  }

  /// The upstream's `run` finished (`nil`) or failed. Returns the waiting consumers, to resume
  /// with the end; consumers with buffered elements get it once they have drained them.
  @inlinable
  mutating func upstreamEnded(
    _ failure: Failure?, run: Int
  ) -> (waiters: [ConsumerWaiter], Terminal) {
    let terminal: Terminal = failure.map { .failed($0) } ?? .finished
    guard run == self.run else { return ([], terminal) }  // a stopped run: nobody waits on it
    upstreamTask = nil
    guard case .running = phase else { return ([], terminal) }  // cancelled: nobody is left
    phase = .ended
    self.terminal = terminal
    var waiters: [ConsumerWaiter] = []
    consumers.removeAll { consumer in
      guard let waiter = consumer.waiter else { return false }
      waiters.append(waiter)
      return true
    }
    return (waiters, terminal)
  }
}

// MARK: - Inspection (tests)

extension ShareStateMachine {
  /// How many undelivered elements each consumer holds, in registration order.
  @inlinable
  var bufferedCounts: [Int] { consumers.map(\.buffer.count) }
}
