/// The brew-history search of the source article: the model types (`Brew`, `BrewMethod`,
/// `BrewQuery`), data files (`BrewDataFile`), a synthetic history (`BrewGenerator`) and a fast
/// index (`BrewSearchIndex`).
///
/// ```swift
/// let index = BrewSearchIndex(Brew.sampleHistory)
/// let result = try await index.search(BrewQuery(text: "citrus"))
/// print(result.brews.map(\.notes))
/// ```
public enum BrewSearch {
  /// The debounce the article uses for typing.
  public static let defaultDebounce: Duration = .milliseconds(300)
}
