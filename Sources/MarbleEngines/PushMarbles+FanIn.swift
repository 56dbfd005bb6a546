import MarbleNotation
import PushReference

extension PushMarbles {
  /// Combine's `Merge`/`Merge3`/`MergeMany`, `Zip`/`Zip3` (nested beyond three inputs, which in
  /// a synchronous engine emits as a flat zip would) and `append`, on the input subjects.
  static func fanInMarbles(
    _ fanIn: FanInOperator, _ inputs: [String], tick: Duration
  ) throws -> [MarbleTimeline] {
    switch (fanIn, inputs.count) {
    case (.merge, 2):
      return try recordPushMarbles(inputs, tick: tick) { s, _ in Publishers.Merge(s[0], s[1]) }
    case (.merge, 3):
      return try recordPushMarbles(inputs, tick: tick) { s, _ in
        Publishers.Merge3(s[0], s[1], s[2])
      }
    case (.merge, _):
      return try recordPushMarbles(inputs, tick: tick) { s, _ in Publishers.MergeMany(s) }
    case (.zip, 2):
      let render: ((String, String)) -> String = { $0.0 + $0.1 }
      return try recordPushMarbles(inputs, tick: tick, render: render) { s, _ in
        Publishers.Zip(s[0], s[1])
      }
    case (.zip, 3):
      let render: ((String, String, String)) -> String = { $0.0 + $0.1 + $0.2 }
      return try recordPushMarbles(inputs, tick: tick, render: render) { s, _ in
        Publishers.Zip3(s[0], s[1], s[2])
      }
    case (.zip, _):
      let render: ([String]) -> String = { $0.joined() }
      return try recordPushMarbles(inputs, tick: tick, render: render) { s, _ in
        s.dropFirst().reduce(s[0].map { [$0] }.eraseToAnyPublisher()) { zipped, next in
          zipped.zip(next).map { $0 + [$1] }.eraseToAnyPublisher()
        }
      }
    case (.chain, _):
      return try recordPushMarbles(inputs, tick: tick) { s, _ in
        s.dropFirst().reduce(s[0].eraseToAnyPublisher()) { chained, next in
          chained.append(next).eraseToAnyPublisher()
        }
      }
    }
  }
}
