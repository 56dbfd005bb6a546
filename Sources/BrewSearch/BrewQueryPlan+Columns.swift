/// A needle's bytes and rarest offsets, as raw pointers.
struct NeedleView {
  let bytes: UnsafeBufferPointer<UInt8>
  let rareOffset: Int
  let otherOffset: Int
  /// `SubstringScanner.kernelWidth`, read once per view rather than once per scan.
  let width: Int

  init(_ bytes: UnsafeBufferPointer<UInt8>, _ scanner: SubstringScanner?) {
    self.bytes = bytes
    rareOffset = scanner?.rareOffset ?? 0
    otherOffset = scanner?.otherOffset ?? 0
    width = SubstringScanner.kernelWidth
  }

  /// The first match in `start..<limit`, or `limit` (an empty needle matches at `start`).
  @inline(__always)
  func firstMatch(_ text: UnsafePointer<UInt8>, from start: Int, limit: Int) -> Int {
    if bytes.isEmpty { return start }
    return SubstringScanner.firstMatch(
      of: bytes, rareOffset: rareOffset, otherOffset: otherOffset, in: text, from: start,
      limit: limit, width: width)
  }
}

/// Raw views of the index columns for one chunk of a scan.
struct ScanColumns {
  let text: UnsafePointer<UInt8>
  let offsets: UnsafeBufferPointer<Int>
  /// One `BrewTraits` byte per brew.
  let traits: UnsafeBufferPointer<UInt8>
  /// The plan's `outcomes`: the decision for each traits byte.
  let outcomes: UnsafeBufferPointer<BrewFilterRules.Outcome>
  /// The brews, read only for a rating that did not fit its traits byte.
  let brews: UnsafeBufferPointer<Brew>
  let rules: BrewFilterRules
  let plain: NeedleView
  let keyed: NeedleView

  /// What brew `position` needs under the plan's filters (never `readRating`): one byte of the
  /// brew and one entry of a 256-entry table.
  @inline(__always)
  func outcome(_ position: Int) -> BrewFilterRules.Outcome {
    let brewTraits = traits[position]
    let outcome = outcomes[Int(brewTraits)]
    guard outcome == .readRating else { return outcome }
    return rules.outcome(
      method: BrewTraits.method(brewTraits), rating: brews[position].rating,
      kind: BrewTraits.kind(brewTraits))
  }

  /// Whether keyed notes contain the keyed needle.
  @inline(__always)
  func keyedCandidate(_ position: Int) -> Bool {
    let end = offsets[position + 1]
    return keyed.firstMatch(text, from: offsets[position], limit: end) < end
  }
}

extension ScanColumns {
  /// The brew in `first..<end` whose text holds offset `byte`, given that brew `first`'s text
  /// starts at or before it and `byte` is before brew `end`'s text. Matches are usually a few
  /// brews apart, so it walks (one well-predicted branch per brew) and only gallops, then
  /// bisects, past `walkLimit` brews. Every brew's text has at least its separator, so offsets
  /// strictly increase.
  @inline(__always)
  func brew(holding byte: Int, from first: Int, before end: Int) -> Int {
    let walkEnd = Swift.min(first &+ Self.walkLimit, end)
    var next = first &+ 1
    while next < walkEnd, offsets[next] <= byte { next &+= 1 }
    if next < walkEnd || next == end || offsets[next] > byte { return next &- 1 }
    var low = next
    var high = next &+ 1
    var step = 1
    while high < end, offsets[high] <= byte {
      low = high
      step &<<= 1
      high = Swift.min(low &+ step, end)
    }
    while high &- low > 1 {
      let middle = (low &+ high) / 2
      if offsets[middle] <= byte { low = middle } else { high = middle }
    }
    return low
  }

  /// Brews walked one by one before galloping.
  static let walkLimit = 48
}
