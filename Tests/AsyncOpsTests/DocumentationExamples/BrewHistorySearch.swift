// The sample of "Migrating from Combine" (AsyncOps.docc/MigratingFromCombine.md), verbatim: the
// source article's `BrewHistorySearchModel` with its Combine pipeline rewritten on AsyncOps.
// MigratingFromCombineExampleTests runs it; the AsyncOpsTesting article tests it on virtual time.

import AsyncOps

enum BrewMethod: Sendable, Equatable {
  case filter, espresso, aeropress
}

struct Brew: Sendable, Equatable {
  var method: BrewMethod
  var rating: Int
  var notes: String
}

final class BrewHistorySearch: Sendable {
  // CurrentValueSubject → AsyncCurrentValue: set from synchronous code, never suspends.
  let searchText = AsyncCurrentValue("")
  let methodFilter = AsyncCurrentValue<BrewMethod?>(nil)
  let minimumRating = AsyncCurrentValue(0)
  let allBrews = AsyncCurrentValue<[Brew]>([])

  // What the UI reads.
  let filteredBrews = AsyncCurrentValue<[Brew]>([])
  let recentSearchTerms = AsyncCurrentValue<[String]>([])

  private let onFilterApplied: @Sendable () -> Void

  init(onFilterApplied: @escaping @Sendable () -> Void = {}) {
    self.onFilterApplied = onFilterApplied
  }

  /// `sink` + `store(in:)` → one task: cancel it and every loop and operator task stops.
  func run(debounce interval: Duration, clock: some Clock<Duration>) async {
    let debouncedSearchText =
      searchText
      .debounce(for: interval, clock: clock)
      .removeDuplicates()
      .share(replay: 1)

    await withDiscardingTaskGroup { group in
      // Subscriber 1: the filtered list.
      group.addTask {
        for await (text, method, minimumRating, brews) in combineLatest(
          debouncedSearchText, self.methodFilter, self.minimumRating, self.allBrews)
        {
          self.filteredBrews.send(
            brews.filter { brew in
              (method == nil || brew.method == method)
                && brew.rating >= minimumRating
                && (text.isEmpty || brew.notes.lowercased().contains(text.lowercased()))
            })
          self.onFilterApplied()
        }
      }
      // Subscriber 2: recent searches. Same debounced text, no idea subscriber 1 exists.
      group.addTask {
        for await term in debouncedSearchText where !term.isEmpty {
          self.recentSearchTerms.send(self.recentSearchTerms.value + [term])
        }
      }
    }
  }
}
