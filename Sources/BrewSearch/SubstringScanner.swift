import BrewScanKernel

/// A case-folded ASCII needle and the SIMD scan that finds it in the index's text buffer.
///
/// The scan compares 64 positions a step on the needle's two rarest bytes (by their frequency in
/// the indexed text) and verifies candidates byte by byte, so common letters rarely trigger
/// verification: in AVX-512BW or AVX2 (`BrewScanKernel`) where the CPU has them, in portable
/// Swift SIMD elsewhere.
struct SubstringScanner: Sendable {
  /// The folded needle bytes (never empty, never containing the 0 separator).
  let needle: [UInt8]
  /// Offsets in `needle` of its rarest and second-rarest bytes (equal for a 1-byte needle).
  let rareOffset: Int
  let otherOffset: Int

  /// The bytes the scan may read beyond a limit: the buffer must be padded by at least this
  /// (a step reads 64 positions, each 16 bytes from a needle offset below the needle's length).
  static let overread = 64

  init(foldedNeedle: [UInt8], byteFrequency: [Int]) {
    precondition(!foldedNeedle.isEmpty)
    needle = foldedNeedle
    let ranked = foldedNeedle.indices.sorted { lhs, rhs in
      let (left, right) = (
        byteFrequency[Int(foldedNeedle[lhs])], byteFrequency[Int(foldedNeedle[rhs])]
      )
      return left != right ? left < right : lhs < rhs
    }
    rareOffset = ranked[0]
    otherOffset = ranked.count > 1 ? ranked[1] : ranked[0]
  }

  /// The width of the wide scan this CPU runs (`BrewScanKernel`: 512 with AVX-512BW, 256 with
  /// AVX2), or 0, where `firstMatch` uses the portable scan.
  static let kernelWidth = Int(brew_scan_kernel_width())

  /// The first position `p` in `start..<limit` where `needle` occurs entirely before `limit`,
  /// or `limit` when there is none. Reads up to `overread` bytes past `limit`. Takes raw
  /// pointers so that the hot loop touches no reference counts (shared by every core).
  ///
  /// `width` picks the scan: 0 the portable one below, 256 or 512 the wide kernel (which must
  /// not exceed `kernelWidth`). Both look at 64 positions a step the same way.
  @inline(__always)
  static func firstMatch(
    of needle: UnsafeBufferPointer<UInt8>, rareOffset: Int, otherOffset: Int,
    in text: UnsafePointer<UInt8>, from start: Int, limit: Int, width: Int = kernelWidth
  ) -> Int {
    guard width != 0, let bytes = needle.baseAddress else {
      return portableFirstMatch(
        of: needle, rareOffset: rareOffset, otherOffset: otherOffset, in: text, from: start,
        limit: limit)
    }
    return brew_scan_kernel_first_match(
      Int32(width), bytes, needle.count, rareOffset, otherOffset, text, start, limit)
  }

  /// `firstMatch` in portable Swift (SSE2 on x86-64, NEON on ARM).
  ///
  /// Most of the text has no candidate, so the loop looks at 64 positions per step with one
  /// branch (a position is a candidate when both of its rare bytes match), and only a step with
  /// a candidate is looked at again 16 positions at a time, in order, verifying each candidate.
  @inline(__always)
  static func portableFirstMatch(
    of needle: UnsafeBufferPointer<UInt8>, rareOffset: Int, otherOffset: Int,
    in text: UnsafePointer<UInt8>, from start: Int, limit: Int
  ) -> Int {
    let lastStart = limit - needle.count
    guard start <= lastStart else { return limit }
    let rare = SIMD16<UInt8>(repeating: needle[rareOffset])
    let other = SIMD16<UInt8>(repeating: needle[otherOffset])
    // Two bases, so that the four blocks of a step are constant displacements from one index.
    let rareBytes = UnsafeRawPointer(text) + rareOffset
    let otherBytes = UnsafeRawPointer(text) + otherOffset
    @inline(__always) func candidates(_ position: Int) -> SIMDMask<SIMD16<Int8>> {
      let first = rareBytes.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
      let second = otherBytes.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
      return (first .== rare) .& (second .== other)
    }
    var position = start
    while position <= lastStart {
      let step =
        candidates(position) .| candidates(position &+ 16) .| candidates(position &+ 32)
        .| candidates(position &+ 48)
      if isAnySet(step) {
        for lane in stride(from: position, to: position &+ 64, by: 16) {
          let hits = candidates(lane)
          guard isAnySet(hits) else { continue }
          var bits = bitmask(hits)
          while bits != 0 {
            let candidate = lane &+ bits.trailingZeroBitCount
            if candidate > lastStart { return limit }
            if equal(text + candidate, needle) { return candidate }
            bits &= bits &- 1
          }
        }
      }
      position &+= 64
    }
    return limit
  }

  /// Whether any lane of `mask` is set. (The standard `any(_:)` compiles to a call of a
  /// horizontal `min()` here; two 64-bit halves compile to a compare and a movemask.)
  @inline(__always)
  static func isAnySet(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
    let lanes = unsafeBitCast(
      SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask), to: SIMD2<UInt64>.self)
    return lanes[0] | lanes[1] != 0
  }

  @inline(__always)
  static func bitmask(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
    let weights = SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
    let selected = SIMD16<UInt8>(repeating: 0).replacing(with: weights, where: mask)
    return UInt32(selected.lowHalf.wrappedSum()) | UInt32(selected.highHalf.wrappedSum()) << 8
  }

  @inline(__always)
  static func equal(_ text: UnsafePointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
    for offset in 0..<needle.count where text[offset] != needle[offset] {
      return false
    }
    return true
  }
}
