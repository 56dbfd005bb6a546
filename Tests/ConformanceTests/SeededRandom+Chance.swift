import TestSupport

extension SeededRandom {
  /// True with the given chance, in percent.
  mutating func chance(_ percent: Int) -> Bool {
    int(in: 0...99) < percent
  }
}
