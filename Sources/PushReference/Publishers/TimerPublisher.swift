import Synchronization

extension Publishers {
  /// A publisher of the ticks of a repeating timer on a scheduler: Combine's
  /// `Timer.publish(every:on:in:).autoconnect()`, on any ``Scheduler``.
  ///
  /// Each subscription has its own timer, started when it subscribes: the n-th tick is due at
  /// the subscription's instant + n × `interval` (no drift) and publishes the scheduler's `now`.
  /// A tick that finds no demand is dropped, as Combine's timer drops it. It never completes;
  /// cancelling the subscription stops the timer.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let ticks = Publishers.Timer(every: .milliseconds(10), scheduler: scheduler)
  ///   .sink { print("tick at", $0) }
  /// scheduler.advance(by: .milliseconds(30))   // three ticks: 10, 20, 30 ms
  /// ```
  public struct Timer<Context: Scheduler>: Publisher {
    /// The scheduler's time of each tick.
    public typealias Output = Context.SchedulerTimeType
    /// A timer never fails.
    public typealias Failure = Never

    /// The time between two ticks.
    public let interval: Context.SchedulerTimeType.Stride
    /// The scheduler that times the ticks.
    public let scheduler: Context

    /// A timer that ticks every `interval` on `scheduler`, from each subscription.
    public init(every interval: Context.SchedulerTimeType.Stride, scheduler: Context) {
      self.interval = interval
      self.scheduler = scheduler
    }

    /// Starts a timer of its own for `subscriber`.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let subscription = TimerSubscription(downstream: subscriber, scheduler: scheduler)
      subscriber.receive(subscription: subscription)
      subscription.start(every: interval)
    }
  }
}

/// One subscriber's timer.
final class TimerSubscription<Context: Scheduler, Downstream: Subscriber>: Subscription, Sendable
where Downstream.Input == Context.SchedulerTimeType, Downstream.Failure == Never {
  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var timer: UncheckedSendable<any Cancellable>?
    var demand = Subscribers.Demand.none
  }

  private let state: Mutex<State>
  private let scheduler: UncheckedSendable<Context>

  init(downstream: Downstream, scheduler: Context) {
    state = Mutex(State(downstream: UncheckedSendable(downstream)))
    self.scheduler = UncheckedSendable(scheduler)
  }

  func start(every interval: Context.SchedulerTimeType.Stride) {
    let scheduler = scheduler.value
    let timer = scheduler.schedule(
      after: scheduler.now.advanced(by: interval), interval: interval,
      tolerance: scheduler.minimumTolerance, options: nil
    ) { [weak self] in self?.tick() }
    let cancelNow = state.withLock { state -> Bool in
      guard state.downstream != nil else { return true }
      state.timer = UncheckedSendable(timer)
      return false
    }
    if cancelNow { timer.cancel() }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in
      if state.downstream != nil { state.demand += demand }
    }
  }

  func cancel() {
    let timer = state.withLock { state -> UncheckedSendable<(any Cancellable)?> in
      defer { state = State() }
      return UncheckedSendable(state.timer?.value)
    }
    timer.value?.cancel()
  }

  private func tick() {
    let now = UncheckedSendable(scheduler.value.now)
    let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
      guard let downstream = state.downstream, state.demand > 0 else { return nil }
      state.demand -= 1
      return downstream
    }
    guard let downstream else { return }
    let more = downstream.value.receive(now.value)
    guard more > 0 else { return }
    state.withLock { state in
      if state.downstream != nil { state.demand += more }
    }
  }
}
