/// A tiny, fast, seeded pseudo-random generator (Steele, Lea & Flood's SplitMix64).
///
/// Deterministic on every platform and Swift version, unlike the standard library's
/// `random(in:using:)` algorithms, so `next(below:)` is provided here too.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let die = random.next(below: 6) + 1
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator; equal seeds give equal sequences.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A value in `0..<bound` (Lemire's multiply-shift, fixed so sequences never change).
  public mutating func next(below bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A random element of a non-empty array.
  public mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[next(below: elements.count)]
  }

  /// `true` with probability `numerator / denominator`.
  public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    next(below: denominator) < numerator
  }
}
