extension Dictionary {
  /// Creates a dictionary of the key-value pairs of an asynchronous sequence whose keys are
  /// unique.
  ///
  /// ```swift
  /// let ratings = await Dictionary(uniqueKeysWithValues: ratingStream)   // [String: Int]
  /// ```
  ///
  /// - Precondition: No key occurs twice (as for `Dictionary(uniqueKeysWithValues:)` of a
  ///   `Sequence`).
  /// - Parameter keysAndValues: The pairs to collect.
  @inlinable
  public nonisolated(nonsending) init<S: AsyncSequence>(uniqueKeysWithValues keysAndValues: S)
    async rethrows
  where S.Element == (Key, Value) {
    self.init()
    for try await (key, value) in keysAndValues {
      guard updateValue(value, forKey: key) == nil else {
        preconditionFailure("Dictionary(uniqueKeysWithValues:): duplicate key \(key)")
      }
    }
  }

  // Not `nonisolated(nonsending)` with a `nonisolated(nonsending)` closure: Swift 6.3 crashes
  // type-checking `uniquingKeysWith: +` against such a parameter.
  /// Creates a dictionary of the key-value pairs of an asynchronous sequence, combining the
  /// values of a key that occurs more than once.
  ///
  /// ```swift
  /// let totals = await Dictionary(sales) { $0 + $1 }   // sums per product
  /// ```
  ///
  /// - Parameters:
  ///   - keysAndValues: The pairs to collect.
  ///   - combine: Called with the value so far and the new value of a repeated key; returns the
  ///     value to keep. An error it throws is rethrown.
  @inlinable
  public init<S: AsyncSequence>(
    _ keysAndValues: S,
    uniquingKeysWith combine: (Value, Value) async throws -> Value
  ) async rethrows where S.Element == (Key, Value) {
    self.init()
    for try await (key, value) in keysAndValues {
      if let existing = self[key] {
        self[key] = try await combine(existing, value)
      } else {
        self[key] = value
      }
    }
  }

  /// Creates a dictionary of the elements of an asynchronous sequence grouped by a key.
  ///
  /// ```swift
  /// let byInitial = await Dictionary(grouping: names, by: { $0.first! })   // [Character: [String]]
  /// ```
  ///
  /// - Parameters:
  ///   - values: The elements to group; each group keeps their order.
  ///   - keyForValue: The key of an element. An error it throws is rethrown.
  @inlinable
  public init<S: AsyncSequence>(
    grouping values: S,
    by keyForValue: (S.Element) async throws -> Key
  ) async rethrows where Value == [S.Element] {
    self.init()
    for try await value in values {
      let key = try await keyForValue(value)
      self[key, default: []].append(value)
    }
  }
}
