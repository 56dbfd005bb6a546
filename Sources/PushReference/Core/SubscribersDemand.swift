extension Subscribers {
  /// How many more values a subscriber wants: a number (``max(_:)``, ``none``) or
  /// ``unlimited``.
  ///
  /// Arithmetic follows Combine: anything combined with `.unlimited` stays `.unlimited`, results
  /// that overflow become `.unlimited`, and results below zero become `.none`.
  ///
  /// ```swift
  /// var demand: Subscribers.Demand = .max(2)
  /// demand += .max(1)     // .max(3)
  /// demand -= 5           // .none
  /// demand + .unlimited   // .unlimited
  /// ```
  public struct Demand: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The count, with `UInt.max` standing for unlimited.
    @usableFromInline let rawValue: UInt

    @inlinable init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    /// As many values as the publisher can produce.
    public static let unlimited = Demand(rawValue: .max)

    /// No more values.
    public static let none = Demand(rawValue: 0)

    /// At most `value` more values; `value` must not be negative.
    @inlinable public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "a demand cannot be negative")
      return Demand(rawValue: UInt(value))
    }

    /// The count, or `nil` when the demand is ``unlimited``.
    @inlinable public var max: Int? {
      self == .unlimited ? nil : Int(rawValue)
    }

    /// `"unlimited"` or `"max(n)"`.
    public var description: String {
      self == .unlimited ? "unlimited" : "max(\(rawValue))"
    }

    /// Orders demands; ``unlimited`` is greater than any count.
    @inlinable public static func < (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue < rhs.rawValue
    }

    /// The sum; `.unlimited` when either side is unlimited or the sum overflows.
    @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
      let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
      return overflow || sum > UInt(Int.max) ? .unlimited : Demand(rawValue: sum)
    }

    /// The sum with a count: `.unlimited` stays unlimited, overflow becomes `.unlimited`, a
    /// negative result `.none` (OpenCombine `SubscribersDemandTests.testAddition`).
    @inlinable public static func + (lhs: Demand, rhs: Int) -> Demand {
      guard let count = lhs.max else { return .unlimited }
      let (sum, overflow) = count.addingReportingOverflow(rhs)
      return overflow ? .unlimited : sum < 0 ? .none : .max(sum)
    }

    /// The difference: `.unlimited` minus anything stays `.unlimited`; a count minus
    /// `.unlimited` or minus more than itself is `.none`.
    @inlinable public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited { return .unlimited }
      if rhs == .unlimited { return .none }
      return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
    }

    /// The difference with a count: `.unlimited` stays unlimited; a result below zero — or one
    /// that overflows, as Combine has it — is `.none` (OpenCombine
    /// `SubscribersDemandTests.testSubtraction`).
    @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
      guard let count = lhs.max else { return .unlimited }
      let (difference, overflow) = count.subtractingReportingOverflow(rhs)
      return overflow || difference < 0 ? .none : .max(difference)
    }

    /// The product with a non-negative count; `.unlimited` stays unlimited, overflow becomes
    /// `.unlimited`.
    @inlinable public static func * (lhs: Demand, rhs: Int) -> Demand {
      precondition(rhs >= 0, "a demand cannot be multiplied by a negative number")
      if lhs == .unlimited { return .unlimited }
      let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: UInt(rhs))
      return overflow || product > UInt(Int.max) ? .unlimited : Demand(rawValue: product)
    }

    /// Adds `rhs` to `lhs`.
    @inlinable public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
    /// Adds the count `rhs` to `lhs`.
    @inlinable public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
    /// Subtracts `rhs` from `lhs`.
    @inlinable public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
    /// Subtracts the count `rhs` from `lhs`.
    @inlinable public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
    /// Multiplies `lhs` by the count `rhs`.
    @inlinable public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    /// Whether the demand is exactly the count `rhs` (never true for ``unlimited``).
    @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool {
      lhs.max == rhs
    }
    /// Whether the demand differs from the count `rhs`.
    @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }
    /// Whether the demand is less than the count `rhs` (never true for ``unlimited``).
    @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool {
      lhs.max.map { $0 < rhs } ?? false
    }
    /// Whether the demand is greater than the count `rhs` (always true for ``unlimited``).
    @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool {
      lhs.max.map { $0 > rhs } ?? true
    }
    /// Whether the demand is at most the count `rhs`.
    @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool { !(lhs > rhs) }
    /// Whether the demand is at least the count `rhs`.
    @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool { !(lhs < rhs) }

    /// Whether the count `lhs` is exactly the demand.
    @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
    /// Whether the count `lhs` differs from the demand.
    @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }
    /// Whether the count `lhs` is less than the demand (always true for ``unlimited``).
    @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
    /// Whether the count `lhs` is greater than the demand (never true for ``unlimited``).
    @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
    /// Whether the count `lhs` is at most the demand.
    @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
    /// Whether the count `lhs` is at least the demand.
    @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
  }
}
