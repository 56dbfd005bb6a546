extension RangeReplaceableCollection {
  /// Creates a collection of every element of an asynchronous sequence, in order.
  ///
  /// ```swift
  /// let names = await Array(nameStream)            // no `try`: the stream does not throw
  /// let text = try await String(characters)        // `try`: `characters` may throw
  /// ```
  ///
  /// It runs in the caller's isolation and returns when `source` ends; an error of `source` is
  /// rethrown.
  ///
  /// - Parameter source: The sequence to collect.
  @inlinable
  public nonisolated(nonsending) init<Source: AsyncSequence>(_ source: Source) async rethrows
  where Source.Element == Element {
    self.init()
    for try await element in source {
      append(element)
    }
  }
}
