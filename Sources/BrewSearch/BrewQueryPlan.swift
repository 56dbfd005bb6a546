import Foundation

/// One query, prepared against one index: what each brew must satisfy, in the cheapest form.
struct BrewQueryPlan: Sendable {
  /// The text, prepared for the exact comparison.
  let needle: SearchTextComparison.Needle
  /// The query's method and rating filters and how its notes are searched, per brew.
  let rules: BrewFilterRules
  /// `rules` decided for every traits byte (`BrewTraits`), indexed by it.
  let outcomes: [BrewFilterRules.Outcome]
  /// How notes are searched.
  var mode: Mode { rules.mode }
  /// What plain notes must contain (`nil`: no plain notes can match).
  let plainScanner: SubstringScanner?
  /// Whether a key match in plain notes is a match (a plain-ASCII needle), not a candidate.
  let plainMatchIsProof: Bool
  /// What keyed notes must contain to be a candidate (`nil`: every keyed brew is one).
  let keyedScanner: SubstringScanner?

  /// How notes are searched, by the needle.
  enum Mode: Sendable {
    /// Empty text: the filters decide.
    case everything
    /// Every brew is looked at: plain and keyed notes by key scan, exact-kind ones compared.
    case dense
    /// The needle's key has marks, which plain notes lack: only the brews that are not plain
    /// are looked at.
    case sparse
    /// A needle containing U+0000, which only U+0000 matches: only exact-kind brews (the only
    /// ones that may contain it) are compared.
    case exactKindOnly
    /// Keys are off (a locale with special case rules) or the needle's key is unverified:
    /// every brew is compared.
    case compareAll
  }

  init(_ query: BrewQuery, storage: BrewIndexStorage) {
    needle = SearchTextComparison.Needle(query.text)
    var accepted: UInt8 = 0
    for method in BrewMethod.allCases
    where query.text.isEmpty || needle.isContained(in: method.label) {
      accepted |= 1 << method.ordinal
    }
    func scanner(_ bytes: [UInt8]?) -> SubstringScanner? {
      guard let bytes, !bytes.isEmpty else { return nil }
      return SubstringScanner(foldedNeedle: bytes, byteFrequency: storage.byteFrequency)
    }
    var (mode, plain, keyed, proof) = (Mode.compareAll, [UInt8]?.none, [UInt8]?.none, false)
    if query.text.isEmpty {
      mode = .everything
    } else if storage.fastPathEnabled, let folded = BrewIndexStorage.foldedNeedle(query.text) {
      (mode, plain, keyed, proof) = (.dense, folded, folded, true)
    } else if query.text.utf8.contains(0) {
      // Plain and keyed notes never hold U+0000, whether or not keys are on.
      mode = .exactKindOnly
    } else if storage.keyEnabled {
      let key = SearchKey(query.text)
      if key.isVerified {
        // Plain notes: the whole key (no holes there); none can hold a mark.
        plain = key.marks == 0 ? key.bases : nil
        keyed = key.hasHoles ? key.reliableBases : key.bases
        mode = plain == nil ? .sparse : .dense
      }
    }
    plainScanner = scanner(plain)
    keyedScanner = scanner(keyed)
    plainMatchIsProof = proof
    rules = BrewFilterRules(
      methodOrdinal: query.method?.ordinal, minimumRating: query.minimumRating,
      acceptedMethods: accepted, mode: mode, hasPlainNeedle: plainScanner != nil)
    outcomes = rules.table
  }

  /// Exact comparisons between two checks of `isCancelled` (a few microseconds each).
  static let comparisonsPerCheck = 64

  /// Appends every matching position in `range` (a full pass), in ascending order. Returns
  /// early (with a partial result) once `isCancelled` answers `true`.
  func scan(
    _ range: Range<Int>, _ storage: BrewIndexStorage, into matches: inout [Int32],
    isCancelled: () -> Bool = { false }
  ) {
    switch mode {
    case .sparse:
      scan(
        sparse: Self.slice(storage.nonPlainPositions, in: range), storage, into: &matches,
        isCancelled: isCancelled)
    case .exactKindOnly:
      scan(
        sparse: Self.slice(storage.exactPathPositions, in: range), storage, into: &matches,
        isCancelled: isCancelled)
    default:
      scanDense(range, storage, into: &matches, isCancelled: isCancelled)
    }
  }

  /// Appends every matching position among `candidates` (ascending), scanning only their text.
  func scan(
    candidates: ArraySlice<Int32>, _ storage: BrewIndexStorage, into matches: inout [Int32],
    isCancelled: () -> Bool = { false }
  ) {
    scan(sparse: candidates, storage, into: &matches, isCancelled: isCancelled)
  }

  /// The full pass of the dense modes: every brew in `range` is looked at; for plain notes the
  /// text buffer is scanned lazily (one scan answers every brew up to the next key match).
  private func scanDense(
    _ range: Range<Int>, _ storage: BrewIndexStorage, into matches: inout [Int32],
    isCancelled: () -> Bool
  ) {
    withColumns(storage) { columns in
      Self.collect(upTo: range.count, into: &matches) { output in
        if scansByText {
          return scanByText(range, storage, columns, into: output, isCancelled: isCancelled)
        }
        var found = 0
        var comparisons = 0
        let textLimit = columns.offsets[range.upperBound]
        var nextMatch = -1
        for position in range {
          let verdict = brewMatches(
            position, columns.outcome(position), columns, storage, &comparisons, isCancelled
          ) {
            let start = columns.offsets[position]
            if nextMatch < start {
              nextMatch = columns.plain.firstMatch(columns.text, from: start, limit: textLimit)
            }
            return nextMatch < columns.offsets[position + 1]
          }
          guard let verdict else { return found }
          if verdict {
            output[found] = Int32(truncatingIfNeeded: position)
            found += 1
          }
        }
        return found
      }
    }
  }

  /// Looks at each of `positions` (ascending) on its own.
  private func scan(
    sparse positions: ArraySlice<Int32>, _ storage: BrewIndexStorage,
    into matches: inout [Int32], isCancelled: () -> Bool
  ) {
    withColumns(storage) { columns in
      Self.collect(upTo: positions.count, into: &matches) { output in
        var found = 0
        var comparisons = 0
        for candidate in positions {
          let position = Int(candidate)
          let verdict = brewMatches(
            position, columns.outcome(position), columns, storage, &comparisons, isCancelled
          ) {
            let end = columns.offsets[position + 1]
            return columns.plain.firstMatch(
              columns.text, from: columns.offsets[position], limit: end) < end
          }
          guard let verdict else { return found }
          if verdict {
            output[found] = candidate
            found += 1
          }
        }
        return found
      }
    }
  }

  /// Whether brew `position` matches, given its `outcome` and, for plain notes, whether they hold
  /// the key (`plainKeyFound`, asked only then); `nil` once the pass must stop. Every exact
  /// comparison is counted in `comparisons`, and every `comparisonsPerCheck`-th asks
  /// `isCancelled` first: the one place every loop of a pass checks for cancellation.
  @inline(__always)
  func brewMatches(
    _ position: Int, _ outcome: BrewFilterRules.Outcome, _ columns: ScanColumns,
    _ storage: BrewIndexStorage, _ comparisons: inout Int, _ isCancelled: () -> Bool,
    plainKeyFound: () -> Bool
  ) -> Bool? {
    switch outcome {
    case .rejected: return false
    case .accepted: return true
    case .scanPlain:
      guard plainKeyFound() else { return false }
      if plainMatchIsProof { return true }
    case .scanKeyed:
      guard columns.keyedCandidate(position) else { return false }
    case .compare, .readRating:
      // (`ScanColumns.outcome` never answers `readRating`; comparing is right for any brew.)
      break
    }
    comparisons &+= 1
    if comparisons % Self.comparisonsPerCheck == 0, isCancelled() { return nil }
    return exactNotesMatch(position, storage)
  }

  /// The part of an ascending position list inside `range`.
  static func slice(_ positions: [Int32], in range: Range<Int>) -> ArraySlice<Int32> {
    func firstIndex(notBelow bound: Int) -> Int {
      var (low, high) = (0, positions.count)
      while low < high {
        let middle = (low + high) / 2
        if Int(positions[middle]) < bound { low = middle + 1 } else { high = middle }
      }
      return low
    }
    return positions[
      firstIndex(notBelow: range.lowerBound)..<firstIndex(notBelow: range.upperBound)]
  }

  /// Lets `body` write up to `maximum` positions into a scratch buffer (no per-match `append` in
  /// the hot loop), then appends the number it reports to `matches`.
  private static func collect(
    upTo maximum: Int, into matches: inout [Int32],
    _ body: (UnsafeMutableBufferPointer<Int32>) -> Int
  ) {
    let spare = UnsafeMutableBufferPointer<Int32>.allocate(capacity: maximum)
    defer { spare.deallocate() }
    let found = body(spare)
    matches.append(contentsOf: spare[0..<found])
  }

  /// The exact comparison the article makes (made total).
  func exactNotesMatch(_ position: Int, _ storage: BrewIndexStorage) -> Bool {
    needle.isContained(in: storage.brews[position].notes)
  }

  /// Runs `body` with raw pointers to the index columns and the needles, taken once so that the
  /// per-brew loop touches no reference counts (which every core would contend on).
  func withColumns(_ storage: BrewIndexStorage, _ body: (ScanColumns) -> Void) {
    storage.text.withUnsafeBufferPointer { text in
      storage.offsets.withUnsafeBufferPointer { offsets in
        storage.traits.withUnsafeBufferPointer { traits in
          outcomes.withUnsafeBufferPointer { outcomes in
            storage.brews.withUnsafeBufferPointer { brews in
              (plainScanner?.needle ?? []).withUnsafeBufferPointer { plain in
                (keyedScanner?.needle ?? []).withUnsafeBufferPointer { keyed in
                  body(
                    ScanColumns(
                      text: text.baseAddress!, offsets: offsets, traits: traits,
                      outcomes: outcomes, brews: brews, rules: rules,
                      plain: NeedleView(plain, plainScanner),
                      keyed: NeedleView(keyed, keyedScanner)))
                }
              }
            }
          }
        }
      }
    }
  }
}
