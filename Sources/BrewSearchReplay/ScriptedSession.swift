import AsyncOps
import AsyncOpsTesting
import BrewSearch
import PushReference
import Synchronization

/// An input at an instant of a scripted session.
public struct TimedSearchInput: Hashable, Sendable {
  /// The instant, from the start of the session.
  public var time: Duration
  /// What changes then.
  public var input: SearchInput

  /// Creates a timed input.
  public init(time: Duration, input: SearchInput) {
    self.time = time
    self.input = input
  }
}

/// Applies a timed list of inputs to a search model on virtual time and records every emission
/// with its instant — the engine of the pull-vs-push comparison and of `brew-search replay`.
///
/// At each instant, as everywhere in this project: timers due then fire first, then the inputs of
/// that instant are applied in order, each followed by quiescence. After the last input, time runs
/// on until nothing is pending.
///
/// ```swift
/// let script = [
///   TimedSearchInput(time: .zero, input: .text("b")),
///   TimedSearchInput(time: .milliseconds(5), input: .text("br")),
/// ]
/// let pull = try await ScriptedSession.runPull(script, source: Brew.sampleHistory)
/// let push = ScriptedSession.runPush(script, source: Brew.sampleHistory)
/// assert(pull == push)
/// ```
public enum ScriptedSession {
  /// Runs the script on ``BrewHistorySearchModel`` inside `withVirtualTime`.
  ///
  /// - Parameters:
  ///   - script: The inputs, in time order.
  ///   - source: The brews the model starts with.
  ///   - debounce: The model's debounce interval. Default: 300 ms.
  ///   - filter: Makes the model's filter; it receives the session's clock (for a slow filter
  ///     that sleeps on virtual time). Default: the indexed filter.
  public static func runPull(
    _ script: [TimedSearchInput],
    source: [Brew],
    debounce: Duration = .milliseconds(300),
    maxWait: Duration? = nil,
    filter: @escaping @Sendable (TestClock) -> BrewFilter = { _ in .indexed() }
  ) async throws -> SearchTimeline {
    // Time may run an hour past the last input (a slow filter, a long debounce), not less.
    let horizon = (script.last?.time ?? .zero) + debounce + .seconds(3600)
    return try await withVirtualTime(options: VirtualTimeOptions(horizon: horizon)) { time in
      let model = BrewHistorySearchModel(
        debounce: debounce, maxWait: maxWait, clock: time.clock, filter: filter(time.clock))
      model.updateSource(source)
      let recorder = SessionRecorder { time.now.offset }
      recorder.observe(model)
      let running = Task { await model.run() }
      await time.settle()
      for step in script {
        await time.advance(to: .zero.advanced(by: step.time))
        model.apply(step.input)
        await time.settle()
      }
      try await time.runUntilIdle()
      running.cancel()
      await running.value
      return recorder.timeline
    }
  }

  /// Runs the script on ``MainActorBrewHistorySearchModel`` inside `withVirtualTime`, with a
  /// main-actor body: the same steps as ``runPull(_:source:debounce:filter:)``, with every input
  /// applied and every result published on the (virtual) main actor.
  public static func runMainActor(
    _ script: [TimedSearchInput],
    source: [Brew],
    debounce: Duration = .milliseconds(300)
  ) async throws -> SearchTimeline {
    let horizon = (script.last?.time ?? .zero) + debounce + .seconds(3600)
    return try await withVirtualTime(options: VirtualTimeOptions(horizon: horizon)) {
      @MainActor time in
      let model = MainActorBrewHistorySearchModel(debounce: debounce, clock: time.clock)
      model.updateSource(source)
      let recorder = SessionRecorder { time.now.offset }
      recorder.observe(model.base)
      let running = Task { await model.run() }
      await time.settle()
      for step in script {
        await time.advance(to: .zero.advanced(by: step.time))
        model.base.apply(step.input)
        await time.settle()
      }
      try await time.runUntilIdle()
      running.cancel()
      await running.value
      return recorder.timeline
    }
  }

  /// Runs the script on ``ObservationBrewHistorySearchModel`` inside `withVirtualTime`, with a
  /// main-actor body.
  ///
  /// One difference from ``runPull(_:source:debounce:maxWait:filter:)``, and it is the design's:
  /// the inputs of one instant are applied in **one** turn of the main actor, as an app's action
  /// sets several properties at once, and quiescence follows the last of them. `Observations`
  /// sees that turn as one transaction, so several inputs at one instant make one filter pass
  /// where the channel design makes one per input.
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  public static func runObservation(
    _ script: [TimedSearchInput],
    source: [Brew],
    debounce: Duration = .milliseconds(300),
    maxWait: Duration? = nil
  ) async throws -> SearchTimeline {
    let horizon = (script.last?.time ?? .zero) + debounce + .seconds(3600)
    return try await withVirtualTime(options: VirtualTimeOptions(horizon: horizon)) {
      @MainActor time in
      let model = ObservationBrewHistorySearchModel(
        debounce: debounce, maxWait: maxWait, clock: time.clock)
      model.updateSource(source)
      let recorder = SessionRecorder { time.now.offset }
      recorder.observe(model)
      let running = Task { await model.run() }
      await time.settle()
      var index = script.startIndex
      while index < script.endIndex {
        let instant = script[index].time
        await time.advance(to: .zero.advanced(by: instant))
        while index < script.endIndex, script[index].time == instant {
          model.apply(script[index].input)
          index += 1
        }
        await time.settle()
      }
      try await time.runUntilIdle()
      running.cancel()
      await running.value
      return recorder.timeline
    }
  }

  /// Runs the script on ``PushBrewHistorySearchModel`` with a virtual-time scheduler on the same
  /// timeline.
  public static func runPush(
    _ script: [TimedSearchInput],
    source: [Brew],
    debounce: Duration = .milliseconds(300)
  ) -> SearchTimeline {
    let scheduler = VirtualTimeScheduler()
    let model = PushBrewHistorySearchModel(debounce: debounce, scheduler: scheduler)
    model.updateSource(source)
    let recorder = SessionRecorder { scheduler.now.offset }
    recorder.observe(model)
    scheduler.advance()
    for step in script {
      scheduler.advance(to: .init(offset: step.time))
      model.apply(step.input)
      scheduler.advance()  // what the input made due now (a zero debounce) runs now
    }
    scheduler.run(within: .seconds(3600))
    return recorder.timeline
  }
}

/// Collects a model's emissions with the instant each happened.
final class SessionRecorder: Sendable {
  private let now: @Sendable () -> Duration
  private let recorded = Mutex(SearchTimeline())

  init(now: @escaping @Sendable () -> Duration) {
    self.now = now
  }

  var timeline: SearchTimeline { recorded.withLock { $0 } }

  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  @MainActor func observe(_ model: ObservationBrewHistorySearchModel) {
    model.onFilterApplied = { [weak model, self] in
      guard let model else { return }
      self.append(.results(ids: model.filteredBrews.map(\.id)), to: \.results)
    }
    model.onRecentSearchesChanged = { [weak model, self] in
      guard let model else { return }
      self.append(.recent(terms: model.recentSearchTerms), to: \.recent)
    }
  }

  private func append(
    _ kind: SearchEmission.Kind, to list: WritableKeyPath<SearchTimeline, [SearchEmission]>
  ) {
    let emission = SearchEmission(time: now(), kind: kind)
    recorded.withLock { $0[keyPath: list].append(emission) }
  }

  func observe(_ model: some BrewSearchModel) {
    model.onFilterApplied = { [weak model, self] in
      guard let model else { return }
      self.append(.results(ids: model.filteredBrews.map(\.id)), to: \.results)
    }
    model.onRecentSearchesChanged = { [weak model, self] in
      guard let model else { return }
      self.append(.recent(terms: model.recentSearchTerms), to: \.recent)
    }
  }
}
