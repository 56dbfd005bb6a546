/// A type that runs actions now or at a later time: what time-based operators such as
/// ``Publisher/debounce(for:scheduler:options:)`` use for their timers.
///
/// The shape is Combine's. ``VirtualTimeScheduler`` implements it on virtual time.
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) {
///   print("300 ms later")
/// }
/// scheduler.advance(by: .milliseconds(300))   // prints "300 ms later"
/// ```
public protocol Scheduler<SchedulerTimeType> {
  /// The scheduler's notion of a point in time.
  associatedtype SchedulerTimeType: Strideable
  where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
  /// Options a particular scheduler accepts; schedulers without options use `Never`.
  associatedtype SchedulerOptions

  /// The scheduler's current time.
  var now: SchedulerTimeType { get }

  /// The smallest tolerance the scheduler honours.
  var minimumTolerance: SchedulerTimeType.Stride { get }

  /// Runs `action` as soon as possible.
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

  /// Runs `action` once, at `date` or later (within `tolerance`).
  func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void)

  /// Runs `action` at `date`, then every `interval`, until the returned value is cancelled.
  func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// Runs `action` as soon as possible, with no options.
  ///
  /// ```swift
  /// scheduler.schedule { print("soon") }
  /// ```
  public func schedule(_ action: @escaping () -> Void) {
    schedule(options: nil, action)
  }

  /// Runs `action` once, at `date`, with the minimum tolerance and no options.
  ///
  /// ```swift
  /// scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { print("1 s later") }
  /// ```
  public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
    schedule(after: date, tolerance: minimumTolerance, options: nil, action)
  }

  /// Runs `action` once, at `date`, within `tolerance`, with no options.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) {
    schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` at `date`, then every `interval`, until cancelled; minimum tolerance, no
  /// options.
  ///
  /// ```swift
  /// let ticking = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { print("tick") }
  /// ```
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(
      after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
  }
}
