/// A scheduler's time interval that can be written in seconds, milliseconds, microseconds or
/// nanoseconds — what lets `debounce(for: .milliseconds(300), scheduler: scheduler)` read the
/// same on every scheduler.
///
/// ```swift
/// let interval: VirtualTimeScheduler.SchedulerTimeType.Stride = .milliseconds(300)
/// ```
public protocol SchedulerTimeIntervalConvertible {
  /// An interval of `seconds` seconds.
  static func seconds(_ seconds: Int) -> Self
  /// An interval of `seconds` seconds, fractions included.
  static func seconds(_ seconds: Double) -> Self
  /// An interval of `milliseconds` milliseconds.
  static func milliseconds(_ milliseconds: Int) -> Self
  /// An interval of `microseconds` microseconds.
  static func microseconds(_ microseconds: Int) -> Self
  /// An interval of `nanoseconds` nanoseconds.
  static func nanoseconds(_ nanoseconds: Int) -> Self
}
