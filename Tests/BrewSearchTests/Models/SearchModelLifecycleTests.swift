import AsyncOps
import AsyncOpsTesting
import Observation
import Synchronization
import Testing

@testable import BrewSearch

/// Restarting `run()`, cancelling it, and stale passes, on virtual time.
@Suite struct SearchModelLifecycleTests {
  private let kenya = BrewQuery(text: "kenya").filter(Brew.sampleHistory)

  @Test func aRunStartedRightAfterCancellingThePreviousOneOwnsTheModel() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearchModel(
        debounce: .milliseconds(20), clock: time.clock, filter: .naive)
      model.updateSource(Brew.sampleHistory)
      let first = Task { await model.run() }
      await time.settle()
      // What `.task(id:)` does: cancel the old task and start the new one at once, before the
      // old one has torn down.
      first.cancel()
      let second = Task { await model.run() }
      await time.settle()
      model.searchText = "kenya"
      await time.advance(by: .milliseconds(20))
      #expect(model.filteredBrews == kenya)
      #expect(model.recentSearchTerms == ["kenya"])
      await first.value
      second.cancel()
      await second.value
    }
  }

  @Test func aRunStartedWhileAnotherOwnsTheModelStillReturnsAtOnce() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearchModel(
        debounce: .milliseconds(20), clock: time.clock, filter: .naive)
      model.updateSource(Brew.sampleHistory)
      let first = Task { await model.run() }
      await time.settle()
      await model.run()  // the first owns the model: returns at once
      model.searchText = "kenya"
      await time.advance(by: .milliseconds(20))
      #expect(model.filteredBrews == kenya, "the first run still serves the model")
      first.cancel()
      await first.value
    }
  }

  @Test func cancellingRunAfterFinishInputsCancelsThePassInFlight() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearchModel(
        debounce: .milliseconds(20), clock: time.clock,
        filter: BrewFilter { query, source in
          try await time.clock.sleep(for: .seconds(10))
          return query.filter(source.brews)
        })
      let published = Atomic(0)
      model.onFilterApplied = { published.add(1, ordering: .relaxed) }
      model.updateSource(Brew.sampleHistory)
      model.searchText = "kenya"
      model.finishInputs()
      let running = Task { await model.run() }
      await time.advance(by: .milliseconds(10))  // the 10 s pass is in flight
      running.cancel()
      await running.value
      #expect(time.now == .zero.advanced(by: .milliseconds(10)), "run returned at once")
      #expect(published.load(ordering: .relaxed) == 0)
      #expect(model.filteredBrews.isEmpty)
      #expect(time.clock.sleeperCount == 0, "the pass was cancelled")
    }
  }

  @Test func aPassThatStopsBeingTheNewestWhileItIsPublishedIsNotPublished() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearchModel(
        debounce: .milliseconds(20), clock: time.clock, filter: .naive)
      let applied = Atomic(0)
      model.onFilterApplied = { applied.add(1, ordering: .relaxed) }
      model.updateSource(Brew.sampleHistory)
      // The first pass's publication tells observers first (willSet); at that very moment a
      // newer pass starts, so the first one is stale by the time it would be written.
      withObservationTracking {
        _ = model.filteredBrews
      } onChange: {
        _ = model.startPass()
      }
      let running = Task { await model.run() }
      await time.advance(by: .milliseconds(20))
      #expect(model.filteredBrews.isEmpty, "the stale pass was not stored")
      #expect(applied.load(ordering: .relaxed) == 0, "nor reported")
      running.cancel()
      await running.value
    }
  }

  @Test func afterFinishInputsTheSettersHaveNoVisibleEffect() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearchModel(
        debounce: .milliseconds(20), clock: time.clock, filter: .naive)
      model.updateSource(Brew.sampleHistory)
      model.searchText = "kenya"
      model.minimumRating = 2
      model.finishInputs()
      await model.run()
      model.searchText = "jasmine"
      model.methodFilter = .espresso
      model.minimumRating = 5
      model.updateSource([])
      #expect(model.searchText == "kenya")
      #expect(model.methodFilter == nil)
      #expect(model.minimumRating == 2)
      #expect(
        model.filteredBrews == BrewQuery(text: "kenya", minimumRating: 2).filter(Brew.sampleHistory)
      )
    }
  }
}
