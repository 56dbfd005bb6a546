extension Publishers {
  /// How ``Publisher/collect(_:options:)`` groups values in time: Combine's strategy.
  ///
  /// ```swift
  /// values.collect(.byTime(scheduler, .milliseconds(10)))
  /// values.collect(.byTimeOrCount(scheduler, .milliseconds(10), 50))
  /// ```
  public enum TimeGroupingStrategy<Context: Scheduler> {
    /// Every `stride`, the values received since the last group (if any).
    case byTime(Context, Context.SchedulerTimeType.Stride)
    /// Every `stride` or as soon as `count` values arrived, whichever comes first.
    case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
  }

  /// A publisher that groups its upstream's values into arrays of `count`; made by
  /// ``Publisher/collect(_:)``.
  ///
  /// Combine's behaviour: a full array is published at once; when the upstream finishes, the
  /// partial array (if not empty) is published, then the finish; a failure drops the partial
  /// array. Demand for n arrays asks the upstream for n × `count` values.
  ///
  /// ```swift
  /// subject.collect(3).sink { print($0) }   // "abcde|" gives ["a","b","c"], ["d","e"]
  /// ```
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    /// Arrays of the upstream's values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are grouped.
    public let upstream: Upstream
    /// The number of values of a full array.
    public let count: Int

    /// Groups `upstream`'s values into arrays of `count`.
    public init(upstream: Upstream, count: Int) {
      precondition(count > 0, "collect(_:) needs a count greater than zero")
      self.upstream = upstream
      self.count = count
    }

    /// Attaches `subscriber` through a grouping of its own.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        CollectSubscription<Upstream, VirtualTimeScheduler, S>(
          downstream: subscriber, count: count, timing: nil))
    }
  }

  /// A publisher that groups its upstream's values by time, or by time or count; made by
  /// ``Publisher/collect(_:options:)``.
  ///
  /// Combine's behaviour: a repeating timer starts at the subscription; at each of its ticks the
  /// values received since the last group are published, unless there are none (an empty array
  /// is never published); with `.byTimeOrCount` a group is also published as soon as it holds
  /// `count` values (the timer keeps its own rhythm). When the upstream finishes, the partial
  /// group (if not empty) is published, then the finish; a failure drops it.
  ///
  /// ```swift
  /// keystrokes.collect(.byTime(scheduler, .milliseconds(50))).sink { print($0) }
  /// ```
  public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Arrays of the upstream's values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are grouped.
    public let upstream: Upstream
    /// The grouping.
    public let strategy: TimeGroupingStrategy<Context>

    /// Groups `upstream`'s values by `strategy`.
    public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>) {
      if case .byTimeOrCount(_, _, let count) = strategy {
        precondition(count > 0, "collect(.byTimeOrCount) needs a count greater than zero")
      }
      self.upstream = upstream
      self.strategy = strategy
    }

    /// Attaches `subscriber` through a grouping of its own.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let subscription: CollectSubscription<Upstream, Context, S>
      switch strategy {
      case .byTime(let scheduler, let stride):
        subscription = CollectSubscription(
          downstream: subscriber, count: nil, timing: (scheduler, stride))
      case .byTimeOrCount(let scheduler, let stride, let count):
        subscription = CollectSubscription(
          downstream: subscriber, count: count, timing: (scheduler, stride))
      }
      upstream.subscribe(subscription)
    }
  }
}

extension Publisher {
  /// Groups the values into arrays of `count`; the last array may be shorter.
  ///
  /// ```swift
  /// records.collect(100).sink { database.insert($0) }
  /// ```
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }

  /// Groups the values by time, or by time or count, on a scheduler.
  ///
  /// ```swift
  /// // With a stride of 4 ticks, "abc-def-|" gives "abc" at 4, "def" at 8, then the finish.
  /// events.collect(.byTime(scheduler, .milliseconds(4)))
  /// ```
  ///
  /// - Parameters:
  ///   - strategy: `.byTime(scheduler, stride)` or `.byTimeOrCount(scheduler, stride, count)`.
  ///   - options: Scheduler options (unused by ``VirtualTimeScheduler``).
  public func collect<S: Scheduler>(
    _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
  ) -> Publishers.CollectByTime<Self, S> {
    Publishers.CollectByTime(upstream: self, strategy: strategy)
  }
}
