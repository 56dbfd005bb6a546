/// The brew-history search of the source article, built twice. Arrives with its own issue.
public enum BrewSearch {
  /// The debounce the article uses for typing.
  public static let defaultDebounce: Duration = .milliseconds(300)
}
