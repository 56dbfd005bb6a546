import MarbleNotation
import PushReference

extension PushMarbles {
  /// `share:T1,T2-L2,...[:stop=0]` on the push engine: Combine's `share()` (`multicast` with
  /// `autoconnect`), which disconnects when its last subscriber cancels and connects again for
  /// the next. Without `stop=`, of the hot input; with `stop=0`, of the input played cold from its
  /// first tick at each connection (StoppingAfter rule 4). A longer stop delay has no push twin.
  static func shareWithLeavesMarbles(
    _ inputs: [String], tick: Duration, consumers: [Int], leaves: [Int?], stop: Int?
  ) throws -> [MarbleTimeline] {
    guard let stop else {
      return try recordPushMarbles(inputs, tick: tick, consumers: consumers, leaves: leaves) {
        subjects, _ in subjects[0].share()
      }
    }
    guard stop == 0 else {
      throw MarbleOperatorError(
        "operator share with stop=\(stop): the push engine does not support it (Combine's "
          + "share() reconnects at once: only stop=0 has a push twin)")
    }
    let runs = try inputs.map { marble throws(MarbleSyntaxError) in
      try MarbleTimeline(parsing: marble)
    }
    return try recordPushMarbles([], tick: tick, consumers: consumers, leaves: leaves) {
      _, scheduler in
      // Half a tick in, as on the pull engine.
      RestartingMarblePublisher(runs: runs, scheduler: scheduler, tick: tick, offset: tick / 2)
        .share()
    }
  }
}
