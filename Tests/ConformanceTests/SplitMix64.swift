/// A small, seedable random number generator (SplitMix64), so that every random case can be made
/// again from its seed alone.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's finaliser: spreads consecutive numbers over the whole range, so that the seeds
  /// of consecutive cases are unrelated.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// True with the given chance, in percent.
  mutating func chance(_ percent: Int) -> Bool {
    int(in: 0...99) < percent
  }
}
