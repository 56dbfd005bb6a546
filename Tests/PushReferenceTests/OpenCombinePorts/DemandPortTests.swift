import PushReference
import Testing

/// Ports of OpenCombine's `SubscribersDemandTests`, expectations unchanged. Not ported:
/// `testCrashesOnNegativeValue` (a crash test) and the Codable tests (`Demand` is not
/// `Codable` here).
@Suite struct DemandPortTests {
  typealias Demand = Subscribers.Demand

  /// Ports `SubscribersDemandTests.testAddition`.
  @Test func addition() {
    #expect(Demand.max(42) + .unlimited == Demand.unlimited)
    #expect(Demand.unlimited + .unlimited == Demand.unlimited)
    #expect(Demand.unlimited + .max(42) == Demand.unlimited)
    #expect(Demand.max(100) + .max(42) == Demand.max(142))
    #expect(Demand.max(81) + 42 == Demand.max(123))
    #expect(Demand.unlimited + 42 == Demand.unlimited)
    var demand = Demand.none
    demand += .max(1)
    #expect(demand == .max(1))
    demand += 21
    #expect(demand == .max(22))
    demand += .unlimited
    #expect(demand == .unlimited)
    demand += Int.min
    #expect(demand == .unlimited)
    demand = .max(Int.max)
    #expect(demand + 10 == .unlimited)
    demand += 10
    #expect(demand == .unlimited)
  }

  /// Ports `SubscribersDemandTests.testSubtraction`.
  @Test func subtraction() {
    #expect(Demand.max(42) - .unlimited == Demand.max(0))
    #expect(Demand.unlimited - .unlimited == Demand.unlimited)
    #expect(Demand.unlimited - .max(42) == Demand.unlimited)
    #expect(Demand.max(100) - .max(42) == Demand.max(58))
    #expect(Demand.max(81) - 42 == Demand.max(39))
    #expect(Demand.unlimited - 42 == Demand.unlimited)
    var demand = Demand.max(100)
    demand -= .max(1)
    #expect(demand == .max(99))
    demand -= 21
    #expect(demand == .max(78))
    demand -= .unlimited
    #expect(demand == .max(0))
    demand = .unlimited
    demand -= Int.max
    #expect(demand == .unlimited)
    demand -= .unlimited
    #expect(demand == .unlimited)
    demand = .max(Int.max)
    #expect(demand - (-1) == .none)
    demand -= -1
    #expect(demand == .none)
  }

  /// Ports `SubscribersDemandTests.testMultiplication`.
  @Test func multiplication() {
    #expect(Demand.max(42) * 2 == Demand.max(84))
    #expect(Demand.unlimited * Int.max == Demand.unlimited)
    var demand = Demand.none
    demand *= 10
    #expect(demand == .none)
    demand = .max(20)
    demand *= 2
    #expect(demand == .max(40))
    demand = .unlimited
    demand *= Int.max
    #expect(demand == .unlimited)
    demand = .max(Int.max)
    #expect(demand * 2 == .unlimited)
    demand *= 2
    #expect(demand == .unlimited)
  }

  /// One row of `testComparison`: `lhs` against `rhs` with every operator, in the order
  /// `<`, `>`, `!=`, `==`, `<=`, `>=`.
  private func expectComparisons(
    _ results: [Bool], _ lhs: Demand, _ rhs: Demand,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = [lhs < rhs, lhs > rhs, lhs != rhs, lhs == rhs, lhs <= rhs, lhs >= rhs]
    #expect(actual == results, "\(lhs) against \(rhs)", sourceLocation: sourceLocation)
  }

  private func expectComparisons(
    _ results: [Bool], _ lhs: Demand, _ rhs: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = [lhs < rhs, lhs > rhs, lhs != rhs, lhs == rhs, lhs <= rhs, lhs >= rhs]
    #expect(actual == results, "\(lhs) against \(rhs)", sourceLocation: sourceLocation)
  }

  private func expectComparisons(
    _ results: [Bool], _ lhs: Int, _ rhs: Demand, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = [lhs < rhs, lhs > rhs, lhs != rhs, lhs == rhs, lhs <= rhs, lhs >= rhs]
    #expect(actual == results, "\(lhs) against \(rhs)", sourceLocation: sourceLocation)
  }

  /// Ports `SubscribersDemandTests.testComparison`, row by row.
  @Test func comparison() {
    let (f, t) = (false, true)
    expectComparisons([f, f, f, t, t, t], Demand.unlimited, .unlimited)
    expectComparisons([f, t, t, f, f, t], Demand.unlimited, .max(42))
    expectComparisons([f, t, t, f, f, t], Demand.unlimited, 42)
    expectComparisons([t, f, t, f, t, f], Demand.max(42), .unlimited)
    expectComparisons([t, f, t, f, t, f], 42, Demand.unlimited)
    expectComparisons([t, f, t, f, t, f], Demand.max(42), .max(100))
    expectComparisons([t, f, t, f, t, f], Demand.max(42), 100)
    expectComparisons([t, f, t, f, t, f], 42, Demand.max(100))
    expectComparisons([f, t, t, f, f, t], Demand.max(142), .max(100))
    expectComparisons([f, t, t, f, f, t], Demand.max(142), 100)
    expectComparisons([f, t, t, f, f, t], 142, Demand.max(100))
    expectComparisons([f, f, f, t, t, t], Demand.max(100), .max(100))
    expectComparisons([f, f, f, t, t, t], Demand.max(100), 100)
    expectComparisons([f, f, f, t, t, t], 100, Demand.max(100))
  }

  /// Ports `SubscribersDemandTests.testMax` and `testDescription`.
  @Test func maxAndDescription() {
    #expect(Demand.none.max == 0)
    #expect(Demand.max(42).max == 42)
    #expect(Demand.unlimited.max == nil)
    #expect(Demand.none.description == "max(0)")
    #expect(Demand.max(42).description == "max(42)")
    #expect(Demand.unlimited.description == "unlimited")
  }
}
