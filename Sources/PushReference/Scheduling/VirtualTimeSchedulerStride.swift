extension VirtualTimeScheduler.SchedulerTimeType {
  /// An interval on the virtual timeline, backed by a `Duration`.
  ///
  /// As with Combine's `DispatchQueue` stride, a bare number literal means seconds, and
  /// multiplying two strides multiplies the first by the second taken as a number of seconds.
  ///
  /// ```swift
  /// let half: VirtualTimeScheduler.SchedulerTimeType.Stride = .milliseconds(500)
  /// half * 2 == 1   // true: one second
  /// ```
  public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable,
    Sendable, ExpressibleByFloatLiteral, CustomStringConvertible
  {
    /// The interval as a duration.
    public var duration: Duration

    /// Creates an interval of `duration`.
    public init(_ duration: Duration) {
      self.duration = duration
    }

    /// An interval of `value` seconds.
    public init(integerLiteral value: Int) {
      self.init(.seconds(value))
    }

    /// An interval of `value` seconds, fractions included.
    public init(floatLiteral value: Double) {
      self.init(.seconds(value))
    }

    /// An interval of `source` seconds, when `source` fits.
    public init?<T: BinaryInteger>(exactly source: T) {
      guard let seconds = Int64(exactly: source) else { return nil }
      self.init(.seconds(seconds))
    }

    /// The zero interval.
    public static var zero: Stride { Stride(.zero) }

    /// The interval without its sign.
    public var magnitude: Stride { duration < .zero ? Stride(.zero - duration) : self }

    /// An interval of `seconds` seconds.
    public static func seconds(_ seconds: Int) -> Stride { Stride(.seconds(seconds)) }
    /// An interval of `seconds` seconds, fractions included.
    public static func seconds(_ seconds: Double) -> Stride { Stride(.seconds(seconds)) }
    /// An interval of `milliseconds` milliseconds.
    public static func milliseconds(_ milliseconds: Int) -> Stride {
      Stride(.milliseconds(milliseconds))
    }
    /// An interval of `microseconds` microseconds.
    public static func microseconds(_ microseconds: Int) -> Stride {
      Stride(.microseconds(microseconds))
    }
    /// An interval of `nanoseconds` nanoseconds.
    public static func nanoseconds(_ nanoseconds: Int) -> Stride {
      Stride(.nanoseconds(nanoseconds))
    }

    /// Orders intervals by length, negative ones first.
    public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.duration < rhs.duration }
    /// The sum of two intervals.
    public static func + (lhs: Stride, rhs: Stride) -> Stride {
      Stride(lhs.duration + rhs.duration)
    }
    /// The difference of two intervals.
    public static func - (lhs: Stride, rhs: Stride) -> Stride {
      Stride(lhs.duration - rhs.duration)
    }
    /// `lhs` scaled by `rhs` taken as a number of seconds.
    public static func * (lhs: Stride, rhs: Stride) -> Stride {
      let (seconds, attoseconds) = rhs.duration.components
      return Stride(lhs.duration * (Double(seconds) + Double(attoseconds) / 1e18))
    }
    /// Adds `rhs` to `lhs`.
    public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
    /// Subtracts `rhs` from `lhs`.
    public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
    /// Scales `lhs` by `rhs` taken as a number of seconds.
    public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

    /// The duration, written out (`"0.5 seconds"`).
    public var description: String { "\(duration)" }
  }
}
