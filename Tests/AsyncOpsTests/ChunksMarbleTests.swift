import AsyncOps
import AsyncOpsTesting
import Testing

/// SAA 1.1.5's chunk tests rewritten on our marbles (one tick = 1 ms). The signal-driven ones keep
/// SAA's diagrams verbatim (the spaces dropped). The time-driven ones start the timer at the
/// first `next()`, tick 0, and a timer due at a tick fires before that tick's inputs, so a chunk
/// cut by a timer of n ticks appears at n, 2n, …: one position later than in SAA's diagrams.
@Suite struct ChunksMarbleTests {
  private static let concat: @Sendable ([String]) -> String = { $0.joined() }
  private static let sum: @Sendable ([String]) -> String = {
    String($0.reduce(0) { $0 + Int($1)! })
  }
  private static let isUpper: @Sendable (String, String) -> Bool = {
    $0.first!.isUppercase == $1.first!.isUppercase
  }
  private static func every(_ ticks: Int, _ clock: TestClock) -> AsyncTimerSequence<TestClock> {
    .repeating(every: .milliseconds(ticks), clock: clock)
  }

  // MARK: count

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_count_one
  @Test func saaCountOne() async throws {
    try await expectMarbles(["ABCDE|"], "ABCDE|", render: Self.concat) { inputs, clock in
      inputs[0].chunks(ofCount: 1)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_count
  @Test func saaCount() async throws {
    try await expectMarbles(["ABCDEF|"], "--'ABC'--'DEF'|", render: Self.concat) { inputs, clock in
      inputs[0].chunks(ofCount: 3)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_count_nonuniformTiming
  @Test func saaCountNonuniformTiming() async throws {
    try await expectMarbles(["A--B-C--DE-F|"], "-----'ABC'-----'DEF'|", render: Self.concat) {
      inputs, clock in
      inputs[0].chunks(ofCount: 3)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_count_trailingChunk
  @Test func saaCountTrailingChunk() async throws {
    try await expectMarbles(["11111|"], "--3--[2|]", render: Self.sum) { inputs, clock in
      inputs[0].chunks(ofCount: 3)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_count_error
  @Test func saaCountError() async throws {
    try await expectMarbles(["AB^"], "--^", render: Self.concat) { inputs, clock in
      inputs[0].chunks(ofCount: 3)
    }
  }

  // MARK: group

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_group
  @Test func saaGroup() async throws {
    try await expectMarbles(
      ["ABCdefGHijKl|"], "---'ABC'--'def'-'GH'-'ij'K[l|]", render: Self.concat
    ) { inputs, clock in inputs[0].chunked(by: Self.isUpper) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_group_singleValue
  @Test func saaGroupSingleValue() async throws {
    try await expectMarbles(["A----|"], "-----[A|]", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: Self.isUpper)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_group_singleGroup
  @Test func saaGroupSingleGroup() async throws {
    try await expectMarbles(["ABCDE|"], "-----['ABCDE'|]", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: { _, _ in true })
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_group_error
  @Test func saaGroupError() async throws {
    try await expectMarbles(["AB^"], "--^", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: Self.isUpper)
    }
  }

  // MARK: projection

  private static let chunkOnly: @Sendable ((Int, [String])) -> String = { $0.1.joined() }
  private static let initials: @Sendable ((String, [String])) -> String = {
    $0.1.map { String($0.first!) }.joined()
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_projection
  @Test func saaProjection() async throws {
    try await expectMarbles(
      ["A'Aa''ab'b'BB''bb''cc''CC'|"], "---'AAa'--'bBb'-['cC'|]", render: Self.initials
    ) { inputs, clock in inputs[0].chunked(on: { $0.first!.lowercased() }) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_projection_singleValue
  @Test func saaProjectionSingleValue() async throws {
    try await expectMarbles(["A----|"], "-----[A|]", render: Self.initials) { inputs, clock in
      inputs[0].chunked(on: { $0.first!.lowercased() })
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_projection_singleGroup
  @Test func saaProjectionSingleGroup() async throws {
    try await expectMarbles(["ABCDE|"], "-----['ABCDE'|]", render: Self.chunkOnly) {
      inputs, clock in inputs[0].chunked(on: { _ in 42 })
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_projection_error
  @Test func saaProjectionError() async throws {
    try await expectMarbles(["Aa^"], "--^", render: Self.initials) { inputs, clock in
      inputs[0].chunked(on: { $0.first!.lowercased() })
    }
  }

  // MARK: signal

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signal_equalChunks
  @Test func saaSignalEqualChunks() async throws {
    try await expectMarbles(
      ["ABC-DEF-GHI-|", "---X---X---X|"], "---'ABC'---'DEF'---'GHI'|", render: Self.concat
    ) { inputs, clock in inputs[0].chunked(by: inputs[1]) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signal_unequalChunks
  @Test func saaSignalUnequalChunks() async throws {
    try await expectMarbles(
      ["AB-A-ABCDEFGH-|", "--X-X--------X|"], "--'AB'-A--------'ABCDEFGH'|", render: Self.concat
    ) { inputs, clock in inputs[0].chunked(by: inputs[1]) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signal_emptyChunks
  @Test func saaSignalEmptyChunks() async throws {
    try await expectMarbles(["--1--|", "XX-XX|"], "---1-|", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: inputs[1])
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signal_error
  @Test func saaSignalError() async throws {
    try await expectMarbles(["AB^", "---X|"], "--^", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: inputs[1])
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signal_unsignaledTrailingChunk
  @Test func saaSignalUnsignaledTrailingChunk() async throws {
    try await expectMarbles(["111-111|", "---X---|"], "---3---[3|]", render: Self.sum) {
      inputs, clock in
      inputs[0].chunked(by: inputs[1])
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signalAndCount_signalAlwaysPrevails
  @Test func saaSignalAndCountSignalAlwaysPrevails() async throws {
    try await expectMarbles(
      ["AB-A-ABCDEFGH-|", "--X-X--------X|"], "--'AB'-A--------'ABCDEFGH'|", render: Self.concat
    ) { inputs, clock in inputs[0].chunks(ofCount: 42, or: inputs[1]) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signalAndCount_countAlwaysPrevails
  @Test func saaSignalAndCountCountAlwaysPrevails() async throws {
    try await expectMarbles(["AB--A-B-|", "--X----X|"], "-'AB'----'AB'-|", render: Self.concat) {
      inputs, clock in
      inputs[0].chunks(ofCount: 2, or: inputs[1])
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signalAndCount_countResetsAfterCount
  @Test func saaSignalAndCountCountResetsAfterCount() async throws {
    try await expectMarbles(
      ["ABCDE-ABCDE|", "-----------|"], "----'ABCDE'-----'ABCDE'|", render: Self.concat
    ) { inputs, clock in inputs[0].chunks(ofCount: 5, or: inputs[1]) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signalAndCount_countResetsAfterSignal
  @Test func saaSignalAndCountCountResetsAfterSignal() async throws {
    try await expectMarbles(["AB-ABCDE|", "--X-----|"], "--'AB'----'ABCDE'|", render: Self.concat) {
      inputs, clock in
      inputs[0].chunks(ofCount: 5, or: inputs[1])
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_signalAndCount_error
  @Test func saaSignalAndCountError() async throws {
    try await expectMarbles(["ABC^", "----X|"], "---^", render: Self.concat) { inputs, clock in
      inputs[0].chunks(ofCount: 5, or: inputs[1])
    }
  }

  // MARK: time

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_time_equalChunks
  @Test func saaTimeEqualChunks() async throws {
    try await expectMarbles(
      ["ABC-DEF-GHI-|"], "----'ABC'---'DEF'---['GHI'|]", render: Self.concat
    ) { inputs, clock in inputs[0].chunked(by: .repeating(every: .milliseconds(4), clock: clock)) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_time_unequalChunks
  @Test func saaTimeUnequalChunks() async throws {
    try await expectMarbles(
      ["AB------A-------ABCDEFG-|"], "--------'AB'-------A-------['ABCDEFG'|]",
      render: Self.concat
    ) { inputs, clock in inputs[0].chunked(by: Self.every(8, clock)) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_time_emptyChunks
  @Test func saaTimeEmptyChunks() async throws {
    try await expectMarbles(["--1---|"], "----1-|", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: Self.every(2, clock))
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_time_error
  @Test func saaTimeError() async throws {
    try await expectMarbles(["AB^"], "--^", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: Self.every(5, clock))
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_time_unsignaledTrailingChunk
  @Test func saaTimeUnsignaledTrailingChunk() async throws {
    try await expectMarbles(["111-111|"], "----3--[3|]", render: Self.sum) { inputs, clock in
      inputs[0].chunked(by: Self.every(4, clock))
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_timeAndCount_timeAlwaysPrevails
  @Test func saaTimeAndCountTimeAlwaysPrevails() async throws {
    try await expectMarbles(
      ["AB------A-------ABCDEFG-|"], "--------'AB'-------A-------['ABCDEFG'|]",
      render: Self.concat
    ) { inputs, clock in
      inputs[0].chunks(ofCount: 42, or: .repeating(every: .milliseconds(8), clock: clock))
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_timeAndCount_countAlwaysPrevails
  @Test func saaTimeAndCountCountAlwaysPrevails() async throws {
    try await expectMarbles(["AB--A-B-|"], "-'AB'----'AB'-|", render: Self.concat) {
      inputs, clock in
      inputs[0].chunks(ofCount: 2, or: Self.every(8, clock))
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_timeAndCount_countResetsAfterCount
  @Test func saaTimeAndCountCountResetsAfterCount() async throws {
    try await expectMarbles(
      ["ABCDE---ABCDE|"], "----'ABCDE'-------'ABCDE'|", render: Self.concat
    ) { inputs, clock in inputs[0].chunks(ofCount: 5, or: Self.every(8, clock)) }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_timeAndCount_countResetsAfterSignal
  @Test func saaTimeAndCountCountResetsAfterSignal() async throws {
    try await expectMarbles(["AB------ABCDE|"], "--------'AB'---'ABCDE'|", render: Self.concat) {
      inputs, clock in
      inputs[0].chunks(ofCount: 5, or: Self.every(8, clock))
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChunk.swift test_timeAndCount_error
  @Test func saaTimeAndCountError() async throws {
    try await expectMarbles(["ABC^"], "---^", render: Self.concat) { inputs, clock in
      inputs[0].chunks(ofCount: 5, or: Self.every(8, clock))
    }
  }
}
