extension BrewSearchIndex {
  /// The bytes of the index's text buffer: what a full pass of a plain-ASCII query reads.
  @_spi(Benchmark) public var textBytes: Int { storage.text.count }

  /// One core's streaming read of the whole text buffer, 64 bytes per step, counting the bytes
  /// equal to `byte` (a byte no key holds, such as 0xFF, makes it a pure read): the physical
  /// floor of a one-core pass, which must read every byte of the text at least once. The
  /// benchmark's `scan-limit-1m` measures it beside `search-1m` on the same machine and run.
  @_spi(Benchmark) public func countTextBytes(equalTo byte: UInt8) -> Int {
    storage.text.withUnsafeBytes { raw in
      let wanted = SIMD16<UInt8>(repeating: byte)
      let blocks = raw.count / 64
      var counts = SIMD16<UInt8>()
      var total = 0
      for block in 0..<blocks {
        let base = block &* 64
        var hits = SIMD16<UInt8>()
        for lane in 0..<4 {
          let bytes = raw.loadUnaligned(fromByteOffset: base &+ lane &* 16, as: SIMD16<UInt8>.self)
          hits &+= SIMD16<UInt8>(repeating: 1).replacing(with: 0, where: bytes .!= wanted)
        }
        counts &+= hits
        // Flush before a lane can wrap (at most 4 per block, 255 / 4 blocks).
        if block % 63 == 62 {
          total &+= Self.laneSum(counts)
          counts = SIMD16<UInt8>()
        }
      }
      total &+= Self.laneSum(counts)
      for offset in (blocks &* 64)..<raw.count where raw[offset] == byte { total &+= 1 }
      return total
    }
  }

  /// The sum of the lanes, without wrapping.
  private static func laneSum(_ lanes: SIMD16<UInt8>) -> Int {
    lanes.indices.reduce(0) { $0 &+ Int(lanes[$1]) }
  }
}
