import Foundation

/// One query, prepared against one index: what each brew must satisfy, in the cheapest form.
struct BrewQueryPlan: Sendable {
  /// The text, prepared for the exact comparison.
  let needle: SearchTextComparison.Needle
  /// `BrewMethod.ordinal` to keep, or `nil` for every method.
  let methodOrdinal: UInt8?
  let minimumRating: Int
  /// Bit `ordinal` is set when the text is empty or contained in that method's label (by the
  /// article's own comparison): such brews match without looking at their notes.
  let acceptedMethods: UInt8
  /// The folded needle and its two rarest offsets, when the text is plain ASCII and the fast
  /// path is enabled; `nil` sends every notes comparison down the exact path.
  let scanner: SubstringScanner?

  init(_ query: BrewQuery, storage: BrewIndexStorage) {
    needle = SearchTextComparison.Needle(query.text)
    methodOrdinal = query.method?.ordinal
    minimumRating = query.minimumRating
    var accepted: UInt8 = 0
    for method in BrewMethod.allCases
    where query.text.isEmpty || needle.isContained(in: method.label) {
      accepted |= 1 << method.ordinal
    }
    acceptedMethods = accepted
    if storage.fastPathEnabled, let needle = BrewIndexStorage.foldedNeedle(query.text) {
      scanner = SubstringScanner(foldedNeedle: needle, byteFrequency: storage.byteFrequency)
    } else {
      scanner = nil
    }
  }

  /// Appends every matching position in `range` (a full pass). The text buffer is scanned
  /// lazily: one scan answers every brew up to the next match.
  func scan(_ range: Range<Int>, _ storage: BrewIndexStorage, into matches: inout [Int32]) {
    withColumns(storage) { columns in
      Self.collect(upTo: range.count, into: &matches) { output in
        var found = 0
        let textLimit = columns.offsets[range.upperBound]
        var nextMatch = -1
        for position in range {
          switch columns.outcome(position, self) {
          case .rejected: continue
          case .accepted: break
          case .exact: if !exactNotesMatch(position, storage) { continue }
          case .scan:
            let start = columns.offsets[position]
            if nextMatch < start { nextMatch = columns.firstMatch(from: start, limit: textLimit) }
            if nextMatch >= columns.offsets[position + 1] { continue }
          }
          output[found] = Int32(truncatingIfNeeded: position)
          found += 1
        }
        return found
      }
    }
  }

  /// Appends every matching position among `candidates` (ascending), scanning only their text.
  func scan(
    candidates: ArraySlice<Int32>, _ storage: BrewIndexStorage, into matches: inout [Int32]
  ) {
    withColumns(storage) { columns in
      Self.collect(upTo: candidates.count, into: &matches) { output in
        var found = 0
        for candidate in candidates {
          let position = Int(candidate)
          switch columns.outcome(position, self) {
          case .rejected: continue
          case .accepted: break
          case .exact: if !exactNotesMatch(position, storage) { continue }
          case .scan:
            let end = columns.offsets[position + 1]
            if columns.firstMatch(from: columns.offsets[position], limit: end) >= end { continue }
          }
          output[found] = candidate
          found += 1
        }
        return found
      }
    }
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

  /// The exact comparison the article makes (made total), for brews off the fast path.
  private func exactNotesMatch(_ position: Int, _ storage: BrewIndexStorage) -> Bool {
    needle.isContained(in: storage.brews[position].notes)
  }

  /// Runs `body` with raw pointers to the index columns and the needle, taken once so that the
  /// per-brew loop touches no reference counts (which every core would contend on).
  private func withColumns(_ storage: BrewIndexStorage, _ body: (ScanColumns) -> Void) {
    storage.text.withUnsafeBufferPointer { text in
      storage.offsets.withUnsafeBufferPointer { offsets in
        storage.methods.withUnsafeBufferPointer { methods in
          storage.ratings.withUnsafeBufferPointer { ratings in
            storage.needsExactPath.withUnsafeBufferPointer { exact in
              (scanner?.needle ?? []).withUnsafeBufferPointer { needle in
                body(
                  ScanColumns(
                    text: text.baseAddress!, offsets: offsets, methods: methods, ratings: ratings,
                    needsExactPath: exact, needle: needle, rareOffset: scanner?.rareOffset ?? 0,
                    otherOffset: scanner?.otherOffset ?? 0))
              }
            }
          }
        }
      }
    }
  }
}

/// Raw views of the index columns for one chunk of a scan.
private struct ScanColumns {
  let text: UnsafePointer<UInt8>
  let offsets: UnsafeBufferPointer<Int>
  let methods: UnsafeBufferPointer<UInt8>
  let ratings: UnsafeBufferPointer<Int>
  let needsExactPath: UnsafeBufferPointer<Bool>
  /// The folded needle (empty when the query has no fast path).
  let needle: UnsafeBufferPointer<UInt8>
  let rareOffset: Int
  let otherOffset: Int

  /// What a brew needs: nothing more (rejected or accepted), the exact comparison, or a scan.
  enum Outcome {
    case rejected
    case accepted
    case exact
    case scan
  }

  @inline(__always)
  func outcome(_ position: Int, _ plan: BrewQueryPlan) -> Outcome {
    let method = methods[position]
    if let wanted = plan.methodOrdinal, method != wanted { return .rejected }
    if ratings[position] < plan.minimumRating { return .rejected }
    if plan.acceptedMethods & (1 << method) != 0 { return .accepted }
    return needle.isEmpty || needsExactPath[position] ? .exact : .scan
  }

  @inline(__always)
  func firstMatch(from start: Int, limit: Int) -> Int {
    SubstringScanner.firstMatch(
      of: needle, rareOffset: rareOffset, otherOffset: otherOffset, in: text, from: start,
      limit: limit)
  }
}
