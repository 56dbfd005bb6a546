import Synchronization

/// A ``Scheduler`` on virtual time: actions run only when the test moves time, in deadline
/// order, on the thread that moves it.
///
/// Its timeline is `TestClock`'s: it starts at ``SchedulerTimeType-swift.struct/zero`` and
/// offsets are `Duration`s, so the same scenario can drive the pull and the push engine and both
/// outputs carry the same timestamps.
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// let subject = PassthroughSubject<String, Never>()
/// let cancellable = subject
///   .debounce(for: .milliseconds(300), scheduler: scheduler)
///   .sink { print($0, scheduler.now) }
/// subject.send("c")
/// subject.send("ci")
/// scheduler.advance(by: .milliseconds(300))   // prints "ci 0.3 seconds"
/// ```
///
/// Rules:
/// - ``advance(by:)`` and ``advance(to:)`` run every action due by the target, earliest first;
///   actions due at the same instant run in the order they were scheduled; ``now`` is each
///   action's deadline while it runs.
/// - An action scheduled for now or earlier (including ``schedule(options:_:)``) never runs
///   inside the call that schedules it: it waits for the next ``advance(by:)`` (even a zero one)
///   when the scheduler is idle, and runs after the actions already due when it is advancing —
///   like a serial queue, whose work runs only once the code that enqueued it has returned.
/// - A scheduled action can be cancelled through ``scheduleCancellable(after:_:)`` or the value
///   the repeating `schedule(after:interval:...)` returns.
/// - Advancing from inside an action, or from two threads at once, is a programming error.
public final class VirtualTimeScheduler: Scheduler, Sendable {

  /// The scheduler takes no options.
  public typealias SchedulerOptions = Never

  /// One scheduled action.
  private struct ScheduledAction {
    let id: UInt64
    var deadline: SchedulerTimeType
    /// The repeat interval, or `nil` for a one-shot action.
    let interval: Duration?
    /// Non-Sendable as in Combine; moved under the lock, run outside it by the advancing thread.
    let action: UncheckedSendable<() -> Void>
  }

  private struct State {
    var now: SchedulerTimeType = .zero
    var nextID: UInt64 = 0
    /// Sorted by deadline, then by `id` (the order in which the actions were scheduled).
    var queue: [ScheduledAction] = []
    /// Whether some thread is running actions now.
    var isRunning = false

    mutating func insert(_ action: ScheduledAction) {
      let index =
        queue.firstIndex {
          $0.deadline > action.deadline || ($0.deadline == action.deadline && $0.id > action.id)
        } ?? queue.endIndex
      queue.insert(action, at: index)
    }

    mutating func makeID() -> UInt64 {
      defer { nextID += 1 }
      return nextID
    }
  }

  private let state: Mutex<State>

  /// Creates a scheduler whose time is ``SchedulerTimeType-swift.struct/zero``.
  public init() {
    state = Mutex(State())
  }

  /// The scheduler's current time. It changes only while the scheduler is advanced.
  public var now: SchedulerTimeType { state.withLock { $0.now } }

  /// The tolerance is ignored on virtual time: actions run exactly at their deadline.
  public var minimumTolerance: SchedulerTimeType.Stride { .zero }

  /// How many actions are waiting to run.
  public var pendingActionCount: Int { state.withLock { $0.queue.count } }

  /// The deadline of the next action to run, or `nil` when none is waiting.
  public var nextDeadline: SchedulerTimeType? { state.withLock { $0.queue.first?.deadline } }

  /// Runs `action` at the next `advance` (right after the actions already due, when advancing).
  ///
  /// Like a `DispatchQueue`, and unlike Combine's `ImmediateScheduler`, the scheduler never runs
  /// an action inside the call that schedules it: a value scheduled during a subscription must not
  /// reach a subscriber that has not finished subscribing.
  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    _ = enqueue(after: nil, interval: nil, action)
  }

  /// Runs `action` once, when time reaches `date`; the tolerance is ignored.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    _ = enqueue(after: date, interval: nil, action)
  }

  /// Runs `action` at `date` and then every `interval`, until the result is cancelled.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    precondition(interval.duration > .zero, "a repeat interval must be positive")
    return cancellable(enqueue(after: date, interval: interval.duration, action))
  }

  /// Runs `action` once, when time reaches `date`, unless the returned token is cancelled first.
  ///
  /// ```swift
  /// let timer = scheduler.scheduleCancellable(after: scheduler.now.advanced(by: .seconds(1))) {
  ///   print("never printed")
  /// }
  /// timer.cancel()
  /// scheduler.advance(by: .seconds(1))
  /// ```
  @discardableResult
  public func scheduleCancellable(after date: SchedulerTimeType, _ action: @escaping () -> Void)
    -> AnyCancellable
  {
    cancellable(enqueue(after: date, interval: nil, action))
  }

  /// Moves time forward by `duration`, running every action that becomes due.
  ///
  /// `advance()` (a zero duration) runs the actions already due without moving time.
  public func advance(by duration: Duration = .zero) {
    precondition(duration >= .zero, "virtual time cannot move backwards")
    advance(to: SchedulerTimeType(offset: now.offset + duration))
  }

  /// Moves time to `instant` (if it is later than ``now``), running every action due by then
  /// in deadline order, and same-deadline actions in the order they were scheduled.
  public func advance(to instant: SchedulerTimeType) {
    state.withLock { state in
      precondition(
        !state.isRunning,
        "VirtualTimeScheduler.advance called while it runs actions (from an action or a thread)")
      state.isRunning = true
    }
    while let next = takeNextAction(dueBy: instant) {
      next.value()
    }
  }

  /// Runs actions until none is waiting, moving time to each deadline in turn, but never past
  /// `limit` from now; returns whether the queue is empty.
  ///
  /// ```swift
  /// scheduler.run(within: .seconds(10))   // lets every pending debounce fire
  /// ```
  @discardableResult
  public func run(within limit: Duration) -> Bool {
    let end = SchedulerTimeType(offset: now.offset + limit)
    while let deadline = nextDeadline, deadline <= end {
      advance(to: max(deadline, now))
    }
    return pendingActionCount == 0
  }

  /// Removes the next action due by `instant` and moves `now` to its deadline; when none is due,
  /// moves `now` to `instant` and marks the scheduler idle.
  private func takeNextAction(
    dueBy instant: SchedulerTimeType
  ) -> UncheckedSendable<() -> Void>? {
    state.withLock { state in
      guard let first = state.queue.first, first.deadline <= instant else {
        state.now = max(state.now, instant)
        state.isRunning = false
        return nil
      }
      state.queue.removeFirst()
      state.now = max(state.now, first.deadline)
      if let interval = first.interval {
        var again = first
        again.deadline = SchedulerTimeType(offset: first.deadline.offset + interval)
        state.insert(again)
      }
      return first.action
    }
  }

  /// Queues `action` and returns its id; it runs when the scheduler is next advanced to (or
  /// past) its deadline, never here.
  private func enqueue(
    after date: SchedulerTimeType?, interval: Duration?, _ action: @escaping () -> Void
  ) -> UInt64 {
    let action = UncheckedSendable(action)
    return state.withLock { state in
      let id = state.makeID()
      let deadline = max(date ?? state.now, state.now)
      state.insert(ScheduledAction(id: id, deadline: deadline, interval: interval, action: action))
      return id
    }
  }

  /// A token that removes the action `id` from the queue.
  private func cancellable(_ id: UInt64) -> AnyCancellable {
    AnyCancellable { [weak self] in
      self?.state.withLock { $0.queue.removeAll { $0.id == id } }
    }
  }
}
