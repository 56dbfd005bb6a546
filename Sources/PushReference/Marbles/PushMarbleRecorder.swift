import MarbleNotation
import Synchronization

/// Collects the events one push consumer receives, with the tick at which each arrived.
final class PushMarbleRecorder: Sendable {
  private struct State {
    var events: [(tick: Int, event: MarbleEvent)] = []
    var isClosed = false
  }

  private let scheduler: VirtualTimeScheduler
  private let tick: Duration
  private let state = Mutex(State())

  init(scheduler: VirtualTimeScheduler, tick: Duration) {
    self.scheduler = scheduler
    self.tick = tick
  }

  var timeline: MarbleTimeline {
    MarbleTimeline(events: state.withLock { $0.events })
  }

  /// Stops recording: what happens after this (the consumer's cancellation) is not its output.
  func close() {
    state.withLock { $0.isClosed = true }
  }

  /// Subscribes a sink with unlimited demand that records every value and the completion.
  func consume<Output: Publisher>(
    _ output: Output, render: @escaping (Output.Output) -> String
  ) -> AnyCancellable {
    output.sink(
      receiveCompletion: { [self] completion in
        switch completion {
        case .finished: record(.finish)
        case .failure: record(.failure)
        }
      },
      receiveValue: { [self] value in record(.value(render(value))) })
  }

  private func record(_ event: MarbleEvent) {
    let tickIndex = Int((scheduler.now.offset / tick).rounded(.down))
    state.withLock { state in
      guard !state.isClosed else { return }
      state.events.append((tick: tickIndex, event: event))
    }
  }
}
