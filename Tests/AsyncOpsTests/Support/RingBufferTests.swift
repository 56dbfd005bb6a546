import Testing

@testable import AsyncOps

/// The ring under `share`, `buffer`, `delay` and the driven operators: first in, first out, across
/// every growth, whether the elements wrap around the end of the ring or not.
@Suite struct RingBufferTests {
  @Test func growingWhileWrappedKeepsTheOrder() {
    var ring = RingBuffer<Int>()
    var expected: [Int] = []
    var next = 0
    // Appends three and takes two, round after round: the head moves on, so the ring is wrapped
    // at most of its growths.
    for _ in 0..<200 {
      for _ in 0..<3 {
        ring.append(next)
        expected.append(next)
        next += 1
      }
      for _ in 0..<2 {
        #expect(ring.popFirst() == expected.removeFirst())
      }
      #expect(ring.count == expected.count)
      #expect(ring.elements == expected)
    }
    while let element = ring.popFirst() {
      #expect(element == expected.removeFirst())
    }
    #expect(expected.isEmpty)
    #expect(ring.isEmpty)
  }

  @Test func growingHoldsReferencesOnce() {
    final class Box {}
    weak var first: Box?
    do {
      var ring = RingBuffer<Box>()
      for _ in 0..<100 {
        let box = Box()
        if first == nil { first = box }
        ring.append(box)
      }
      #expect(first != nil)
      _ = ring.popFirst()
      #expect(first == nil, "the ring still holds an element it handed out")
      ring.removeAll()
    }
  }
}
