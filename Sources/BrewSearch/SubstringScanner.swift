/// A case-folded ASCII needle and the SIMD scan that finds it in the index's text buffer.
///
/// The scan compares 16 positions at a time on the needle's two rarest bytes (by their
/// frequency in the indexed text) and verifies candidates byte by byte, so common letters rarely
/// trigger verification.
struct SubstringScanner: Sendable {
  /// The folded needle bytes (never empty, never containing the 0 separator).
  let needle: [UInt8]
  /// Offsets in `needle` of its rarest and second-rarest bytes (equal for a 1-byte needle).
  let rareOffset: Int
  let otherOffset: Int

  /// The bytes the scan may read beyond a limit: the buffer must be padded by at least this.
  static let overread = 16

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

  /// The first position `p` in `start..<limit` where `needle` occurs entirely before `limit`,
  /// or `limit` when there is none. Reads up to `overread` bytes past `limit`. Takes raw
  /// pointers so that the hot loop touches no reference counts (shared by every core).
  @inline(__always)
  static func firstMatch(
    of needle: UnsafeBufferPointer<UInt8>, rareOffset: Int, otherOffset: Int,
    in text: UnsafePointer<UInt8>, from start: Int, limit: Int
  ) -> Int {
    let lastStart = limit - needle.count
    guard start <= lastStart else { return limit }
    let rare = SIMD16<UInt8>(repeating: needle[rareOffset])
    let other = SIMD16<UInt8>(repeating: needle[otherOffset])
    let raw = UnsafeRawPointer(text)
    var position = start
    while position <= lastStart {
      let first = raw.loadUnaligned(fromByteOffset: position + rareOffset, as: SIMD16<UInt8>.self)
      let second = raw.loadUnaligned(fromByteOffset: position + otherOffset, as: SIMD16<UInt8>.self)
      let hits = (first .== rare) .& (second .== other)
      if any(hits) {
        var bits = bitmask(hits)
        while bits != 0 {
          let candidate = position + bits.trailingZeroBitCount
          if candidate > lastStart { return limit }
          if equal(text + candidate, needle) { return candidate }
          bits &= bits - 1
        }
      }
      position += 16
    }
    return limit
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
