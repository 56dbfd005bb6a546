/// When a share's upstream stops for want of consumers.
@usableFromInline
enum ShareStopping: Sendable {
  /// Once no consumer is left and none can be made (Share rule 6): the default.
  case whenUnreachable
  /// As soon as the last consumer leaves; the next consumer starts a new run (`stoppingAfter`
  /// of zero).
  case atOnce
  /// A stop delay after the last consumer leaves, unless one arrives meanwhile; the next consumer
  /// after the stop starts a new run.
  case afterDelay
}

extension ShareStateMachine {
  /// The stop timer armed when the last consumer left a restartable share.
  @usableFromInline
  struct StopTimer {
    @usableFromInline let generation: Int
    /// Its task, once the storage has reported it.
    @usableFromInline var task: Task<Void, Never>?

    @inlinable
    init(generation: Int) {
      self.generation = generation
    }
  }

  /// The last consumer left while the sequence can still make new ones: a restartable share
  /// stops its running upstream now (`.atOnce`) or arms the stop timer (StoppingAfter rule 1);
  /// `nil` when nothing changes (the default share keeps running: StoppingAfter rule 2).
  @inlinable
  mutating func lastConsumerLeft() -> UpstreamEffect? {
    switch (stopping, phase) {
    case (.whenUnreachable, _), (_, .notStarted), (_, .ended), (_, .cancelled):
      return nil
    case (.atOnce, _):
      return stopRun()
    case (.afterDelay, _):
      stopTimerGeneration += 1
      stopTimer = StopTimer(generation: stopTimerGeneration)
      // Meanwhile no consumer holds the upstream back: what it produces feeds the replay
      // (StoppingAfter rule 3).
      var waiting: UpstreamWaiter?
      if case .resume(let waiter) = resumeUpstreamIfDemanded() { waiting = waiter }
      return .startStopTimer(generation: stopTimerGeneration, resuming: waiting)
    }
  }

  /// The storage created the stop timer's task. Returns it when it must be cancelled at once (a
  /// consumer arrived, or the sequence was dropped, before the task was reported).
  @inlinable
  mutating func stopTimerCreated(
    _ task: Task<Void, Never>, generation: Int
  ) -> Task<Void, Never>? {
    guard stopTimer?.generation == generation else { return task }
    stopTimer?.task = task
    return nil
  }

  /// The stop timer of `generation` fired: if it is still armed, the upstream's run stops, and the
  /// next consumer to read starts a new one (StoppingAfter rule 1). The replay is kept.
  @inlinable
  mutating func stopTimerFired(generation: Int) -> UpstreamEffect {
    guard let timer = stopTimer, timer.generation == generation else { return .none }
    stopTimer = nil
    return stopRun()
  }

  /// Disarms the stop timer; returns its task, to cancel.
  @inlinable
  mutating func disarmStopTimer() -> Task<Void, Never>? {
    stopTimer.take()?.task
  }

  /// Stops the current run of the upstream and makes the next `next()` start a new one. Nothing
  /// to stop once the upstream has ended (StoppingAfter rule 3: a later consumer gets the end).
  @inlinable
  mutating func stopRun() -> UpstreamEffect {
    let effect: UpstreamEffect
    switch phase {
    case .notStarted, .ended, .cancelled:
      return .none
    case .running:
      effect = .cancel(upstreamTask.take(), nil)
    case .awaitingDemand(let waiter):
      effect = .cancel(upstreamTask.take(), waiter)
    }
    phase = .notStarted
    run += 1
    return effect
  }
}
