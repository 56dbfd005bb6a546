import Foundation

/// The columns of a `BrewSearchIndex`, built once per source and never mutated (hence `Sendable`:
/// every stored property is an immutable `let` of a `Sendable` type).
final class BrewIndexStorage: Sendable {
  /// The indexed brews, in source order.
  let brews: [Brew]
  /// The search key (see `SearchKey`) of every brew's notes: case-folded bytes for plain-ASCII
  /// notes, key bases for other keyed notes, each followed by a 0 separator (which no key
  /// contains, so no match can straddle two brews), then `overread` padding. Brews of kind
  /// `exact` contribute only their separator.
  let text: [UInt8]
  /// `text` offset where brew `i`'s notes start; `offsets[i + 1] - 1` is its separator.
  let offsets: [Int]
  /// Method, rating and kind of each brew, packed into one byte per brew (`BrewTraits`).
  let traits: [UInt8]
  /// The positions whose kind is not `plain`, ascending: a key match there is only a candidate.
  let nonPlainPositions: [Int32]
  /// The positions whose kind is `exact`, ascending.
  let exactPathPositions: [Int32]
  /// How often each byte occurs in a sample of `text`, to pick a needle's rarest bytes.
  let byteFrequency: [Int]
  /// Whether byte-wise ASCII folding agrees with the current locale's case-insensitive
  /// comparison (it does not in, e.g., a Turkish locale, where "I" and "i" differ); when `false`
  /// every comparison takes the exact path.
  let fastPathEnabled: Bool
  /// Whether non-ASCII text is keyed (`SearchKey`); when `false` it takes the exact path.
  let keyEnabled: Bool

  /// How a brew's notes are compared.
  enum Kind: UInt8 {
    /// Plain ASCII (`isPlainASCII`): for a plain-ASCII needle a key match is a match.
    case plain = 0
    /// Keyed: a key match is a candidate, confirmed with `SearchTextComparison`.
    case keyed = 1
    /// Not keyed (U+0000, a cluster where the key could miss, an unverified scalar, or keys
    /// off): always compared with `SearchTextComparison`.
    case exact = 2
  }

  convenience init(_ brews: [Brew], progress: ((Int) -> Void)? = nil) {
    self.init(brews, checkpoint: {}, progress: progress)
  }

  /// How many brews between two `progress` calls.
  static let progressInterval = 65_536

  /// Builds the columns, calling `checkpoint` every `checkpointInterval` brews so that a caller
  /// can stop a long build (`try Task.checkCancellation()`): what `checkpoint` throws is rethrown.
  /// `progress` is told how many brews are indexed, every `progressInterval` brews.
  init(
    _ brews: [Brew], checkpoint: () throws -> Void, progress: ((Int) -> Void)? = nil
  ) rethrows {
    precondition(brews.count < Int(Int32.max), "the index holds fewer than 2^31 brews")
    self.brews = brews
    fastPathEnabled = Self.asciiFoldingAgreesWithLocale()
    keyEnabled = fastPathEnabled && !SearchKey.localeHasSpecialCaseRules()
    // Pass 1: the kind of every brew, and the keys of the keyed ones (a key may be longer than
    // its notes: "ß" → "ss", a Hangul syllable → three jamo).
    var kinds = [Kind](repeating: .plain, count: brews.count)
    var keyed: [(position: Int32, key: SearchKey)] = []
    var table = ScalarKeyTable()
    var capacity = SubstringScanner.overread
    for (position, brew) in brews.enumerated() {
      if position % Self.checkpointInterval == 0 { try checkpoint() }
      var notes = brew.notes
      let plain = notes.withUTF8 { bytes in bytes.allSatisfy(Self.isPlainASCII) }
      if plain, fastPathEnabled {
        capacity += notes.utf8.count + 1
        continue
      }
      let key = keyEnabled ? SearchKey(notes, table: &table) : nil
      if let key, key.isVerified, !key.containsNUL, !key.hasRepeatableCluster {
        kinds[position] = .keyed
        keyed.append((Int32(position), key))
        capacity += key.bases.count + 1
      } else {
        kinds[position] = .exact
        capacity += 1
      }
    }
    // Pass 2: the text.
    var offsets = [Int](repeating: 0, count: brews.count + 1)
    text = try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      var end = 0
      var nextKeyed = 0
      for (position, brew) in brews.enumerated() {
        if position % Self.checkpointInterval == 0 { try checkpoint() }
        switch kinds[position] {
        case .plain:
          Self.appendFolded(brew.notes, to: buffer, at: &end)
        case .keyed:
          for byte in keyed[nextKeyed].key.bases {
            buffer[end] = byte
            end += 1
          }
          nextKeyed += 1
        case .exact: break
        }
        buffer[end] = 0
        end += 1
        offsets[position + 1] = end
        if let progress, position % Self.progressInterval == 0 { progress(position) }
      }
      progress?(brews.count)
      for padding in end..<end + SubstringScanner.overread { buffer[padding] = 0 }
      initialized = end + SubstringScanner.overread
    }
    self.offsets = offsets
    traits = brews.indices.map { position in
      BrewTraits.pack(
        method: brews[position].method.ordinal, rating: brews[position].rating,
        kind: kinds[position])
    }
    nonPlainPositions = kinds.indices.compactMap { kinds[$0] != .plain ? Int32($0) : nil }
    exactPathPositions = kinds.indices.compactMap {
      kinds[$0] == .exact ? Int32($0) : nil
    }
    byteFrequency = Self.sampledByteFrequency(text)
  }

  /// Brews indexed between two checkpoints of a build (about a millisecond of work).
  static let checkpointInterval = 8_192

  /// Whether a byte belongs to the fast path's alphabet: tab, line feed and printable ASCII.
  /// (Carriage return is left out: "\r\n" is one grapheme, so it is compared exactly.)
  @inline(__always)
  static func isPlainASCII(_ byte: UInt8) -> Bool {
    (0x20...0x7E).contains(byte) || byte == 0x09 || byte == 0x0A
  }

  /// ASCII lowercase of a plain-ASCII byte.
  @inline(__always)
  static func folded(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }

  /// The folded needle for `text`, or `nil` when the text is empty or not plain ASCII.
  static func foldedNeedle(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      guard isPlainASCII(byte) else { return nil }
      bytes.append(folded(byte))
    }
    return bytes.isEmpty ? nil : bytes
  }

  /// Writes the folded notes (plain ASCII) at `end` and advances it.
  private static func appendFolded(
    _ notes: String, to buffer: UnsafeMutableBufferPointer<UInt8>, at end: inout Int
  ) {
    var notes = notes
    notes.withUTF8 { bytes in
      for (offset, byte) in bytes.enumerated() { buffer[end + offset] = folded(byte) }
      end += bytes.count
    }
  }

  private static func sampledByteFrequency(_ text: [UInt8]) -> [Int] {
    var counts = [Int](repeating: 0, count: 256)
    // Every 61st byte: a prime stride avoids beating with the ~66-byte period of typical notes.
    for position in stride(from: 0, to: text.count, by: 61) { counts[Int(text[position])] += 1 }
    return counts
  }

  /// Probes the locale: every ASCII letter must match its other case and only it.
  private static func asciiFoldingAgreesWithLocale() -> Bool {
    let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    let lower = upper.map { $0.lowercased() }
    for (index, capital) in upper.enumerated() {
      let small = lower[index]
      let different = lower[(index + 1) % lower.count]
      guard capital.localizedCaseInsensitiveContains(small),
        small.localizedCaseInsensitiveContains(capital),
        !capital.localizedCaseInsensitiveContains(different)
      else { return false }
    }
    return "Pour Over".localizedCaseInsensitiveContains("r o")
  }
}
