extension VirtualTimeScheduler {
  /// A point on the virtual timeline: a duration since the origin (`.zero`).
  ///
  /// It is the same timeline as `TestClock`'s (whose instants are also an `offset` from a
  /// `.zero` origin), so a push scenario and a pull scenario can be compared instant by instant.
  ///
  /// ```swift
  /// let start = VirtualTimeScheduler.SchedulerTimeType.zero
  /// let later = start.advanced(by: .milliseconds(250))
  /// later.offset   // .milliseconds(250)
  /// ```
  public struct SchedulerTimeType: Strideable, Hashable, Sendable, CustomStringConvertible {
    /// The time elapsed since the origin.
    public var offset: Duration

    /// Creates the point `offset` after the origin.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The origin, at which every ``VirtualTimeScheduler`` starts.
    public static var zero: SchedulerTimeType { SchedulerTimeType(offset: .zero) }

    /// The interval from this point to `other` (negative when `other` is earlier).
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(other.offset - offset)
    }

    /// The point `interval` later than this one.
    public func advanced(by interval: Stride) -> SchedulerTimeType {
      SchedulerTimeType(offset: offset + interval.duration)
    }

    /// Orders points by their offset from the origin.
    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, written as a duration (`"0.25 seconds"`).
    public var description: String { "\(offset)" }
  }
}
