extension BrewQueryPlan {
  /// Whether a full pass can be driven by the text alone: every brew that can match has a key
  /// match (no method label contains the text, so no brew is accepted without one), and plain
  /// and keyed notes are searched for the same bytes. True for every plain-ASCII query without a
  /// label match, and for non-ASCII ones whose key has no marks and no holes.
  var scansByText: Bool {
    guard mode == .dense, rules.acceptedMethods == 0, let plain = plainScanner,
      let keyed = keyedScanner
    else { return false }
    return plain.needle == keyed.needle
  }

  /// The full pass of `scansByText` plans: instead of visiting every brew of `range`, scans the
  /// text of the whole range for the key and visits only the brew of each key match (found by
  /// its offset), then skips to the next brew's text. The brews whose notes are compared without
  /// a key (kind `exact`, no text) are visited between matches, in order. The method and rating
  /// columns are read only for matched brews, so a pass reads little more than the text once.
  /// Returns how many positions it wrote to `output`; stops early once `isCancelled` answers
  /// `true` (checked every `comparisonsPerCheck` exact comparisons).
  func scanByText(
    _ range: Range<Int>, _ storage: BrewIndexStorage, _ columns: ScanColumns,
    into output: UnsafeMutableBufferPointer<Int32>, isCancelled: () -> Bool
  ) -> Int {
    var found = 0
    var comparisons = 0
    let end = range.upperBound
    let textLimit = columns.offsets[end]
    let unkeyed = Self.slice(storage.exactPathPositions, in: range)
    var nextUnkeyed = unkeyed.startIndex
    var textPosition = columns.offsets[range.lowerBound]
    var firstUnvisited = range.lowerBound
    while true {
      let match = columns.plain.firstMatch(columns.text, from: textPosition, limit: textLimit)
      let matched =
        match < textLimit ? columns.brew(holding: match, from: firstUnvisited, before: end) : end
      while nextUnkeyed < unkeyed.endIndex, Int(unkeyed[nextUnkeyed]) < matched {
        let position = Int(unkeyed[nextUnkeyed])
        nextUnkeyed += 1
        // An unkeyed brew has no text to scan: its outcome is `compare` or `rejected`.
        let verdict = brewMatches(
          position, columns.outcome(position), columns, storage, &comparisons, isCancelled
        ) { false }
        guard let verdict else { return found }
        if verdict {
          output[found] = Int32(truncatingIfNeeded: position)
          found &+= 1
        }
      }
      if matched == end { return found }
      firstUnvisited = matched &+ 1
      textPosition = columns.offsets[firstUnvisited]
      // The key is in this brew's text (for a keyed brew that is again only a candidate, which
      // `keyedCandidate` confirms from the same text).
      let verdict = brewMatches(
        matched, columns.outcome(matched), columns, storage, &comparisons, isCancelled
      ) { true }
      guard let verdict else { return found }
      if verdict {
        output[found] = Int32(truncatingIfNeeded: matched)
        found &+= 1
      }
    }
  }
}
