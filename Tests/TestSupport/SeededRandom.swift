/// A small, seedable random number generator (Steele, Lea & Flood's SplitMix64) for tests: the
/// same seed gives the same sequence on every platform and Swift version, so a "random" case can
/// be made again from its seed alone.
///
/// The one copy every test target uses (`BrewSearch` has its own public `SplitMix64` for its
/// data generator; its outputs are the same for the same seed). A test target adds its own
/// vocabulary (`chance(_:)`, `pick(_:)`) as an extension.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let interval = random.int(in: 1...4)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's finaliser: spreads consecutive numbers over the whole range, so that the seeds
  /// of consecutive cases are unrelated.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range` (the standard library's `Int.random(in:using:)` on this generator).
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }
}
