/// An asynchronous sequence of the runs of consecutive elements of its base with an equal
/// projection, each paired with that projection; made by `chunked(on:)` and `chunked(into:on:)`.
///
/// ```swift
/// // Messages grouped by day, as long as consecutive messages share it:
/// for await (day, messages) in inbox.chunked(on: { $0.day }) { print(day, messages.count) }
/// ```
///
/// The rules: an element whose projection equals the current chunk's joins it; one whose
/// projection differs ends the chunk (emitted with its projection) and starts the next one. At
/// the end the last chunk is emitted, then the end; an empty chunk is never emitted; a failure
/// of the base drops the partial chunk and is thrown. After the end or the failure every
/// `next()` returns `nil`.
public struct AsyncChunkedOnProjectionSequence<
  Base: AsyncSequence, Subject: Equatable, Collected: RangeReplaceableCollection
>: AsyncSequence where Collected.Element == Base.Element {
  /// A projection and the run of elements that share it.
  public typealias Element = (Subject, Collected)
  /// The base's failure.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let projection: @Sendable (Base.Element) -> Subject

  @inlinable
  init(base: Base, projection: @escaping @Sendable (Base.Element) -> Subject) {
    self.base = base
    self.projection = projection
  }

  /// Creates an iterator.
  ///
  /// ```swift
  /// var days = inbox.chunked(on: { $0.day }).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), projection: projection)
  }

  /// Produces the runs with their projections.
  ///
  /// ```swift
  /// while let (day, messages) = await days.next() { print(day, messages.count) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// `nil` once the base ended or failed.
    @usableFromInline var base: Base.AsyncIterator?
    /// The element that ended the previous chunk, with its projection: the next chunk's start.
    @usableFromInline var carried: (Subject, Base.Element)?
    @usableFromInline let projection: @Sendable (Base.Element) -> Subject

    @inlinable
    init(base: Base.AsyncIterator, projection: @escaping @Sendable (Base.Element) -> Subject) {
      self.base = base
      self.projection = projection
    }

    /// The next run and its projection; `nil` at the end. Throws the base's failure, dropping
    /// the partial run.
    ///
    /// ```swift
    /// let day = try await days.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> (Subject, Collected)? {
      guard var iterator = base.take() else { return nil }
      let subject: Subject
      var chunk = Collected()
      if let (carriedSubject, first) = carried.take() {
        subject = carriedSubject
        chunk.append(first)
      } else {
        guard let first = try await iterator.next(isolation: actor) else { return nil }
        subject = projection(first)
        chunk.append(first)
      }
      // Left `nil` when the base ends or throws: every later call returns `nil`.
      while let element = try await iterator.next(isolation: actor) {
        let next = projection(element)
        guard next == subject else {
          carried = (next, element)
          base = iterator
          return (subject, chunk)
        }
        chunk.append(element)
      }
      return (subject, chunk)
    }

    /// The next run and its projection; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> (Subject, Collected)? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncChunkedOnProjectionSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncChunkedOnProjectionSequence.Iterator: Sendable {}

extension AsyncSequence {
  /// Collects runs of consecutive elements with an equal `projection`, each an instance of
  /// `Collected`, paired with the projection.
  ///
  /// ```swift
  /// // "aAbB" by lowercase letter gives ("a", "aA"), ("b", "bB").
  /// let runs = letters.chunked(into: String.self, on: { $0.lowercased() })
  /// ```
  ///
  /// - Parameters:
  ///   - into: The collection type of a chunk.
  ///   - projection: The value consecutive elements of one chunk share.
  @inlinable
  public func chunked<Subject: Equatable, Collected: RangeReplaceableCollection>(
    into: Collected.Type, on projection: @escaping @Sendable (Element) -> Subject
  ) -> AsyncChunkedOnProjectionSequence<Self, Subject, Collected>
  where Collected.Element == Element {
    AsyncChunkedOnProjectionSequence(base: self, projection: projection)
  }

  /// Collects runs of consecutive elements with an equal `projection`, in arrays, paired with
  /// the projection.
  ///
  /// ```swift
  /// for await (day, messages) in inbox.chunked(on: { $0.day }) { print(day, messages.count) }
  /// ```
  ///
  /// - Parameter projection: The value consecutive elements of one chunk share.
  @inlinable
  public func chunked<Subject: Equatable>(
    on projection: @escaping @Sendable (Element) -> Subject
  ) -> AsyncChunkedOnProjectionSequence<Self, Subject, [Element]> {
    chunked(into: [Element].self, on: projection)
  }
}
