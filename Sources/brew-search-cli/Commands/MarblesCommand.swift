import Foundation
import MarbleEngines
import MarbleNotation

/// `brew-search marbles [--engine pull|push|both] [--svg FILE [--labels NAMES]] OPERATOR [--]
/// INPUT...`
enum MarblesCommand {
  static let help = """
    USAGE: brew-search marbles [--engine pull|push|both] [--svg FILE [--labels NAMES]]
                               OPERATOR [--] INPUT...

    Evaluates an operator on marble inputs, on virtual time, and prints the output marble, one
    line per engine (pull: / push:), or one per consumer for share (pull[1]: ...). With --svg,
    also draws the evaluation as an SVG marble diagram.

    OPERATOR:
      debounce:N                 debounce by N ticks (one input)
      debounce:N:leading         ... emitting the element that starts a burst at once
      debounce:N:maxWait=M       ... emitting at least every M ticks (M >= N) of a burst
      debounce:N:leading:maxWait=M
                                 both (leading and maxWait: pull only; with --engine both
                                 the push line is left out, with a note on stderr)
      throttle:N                 at most one element per N ticks, the latest (one input)
      throttle:N:first           ... the first of those that wait
      mapLatest:N                a transform that answers each element N ticks later; a newer
                                 element cancels it (one input)
      combineLatest              two to \(CombineLatestArity.maximum) inputs
      merge, zip, chain          two to \(CombineLatestArity.maximum) inputs (zip writes 'ax')
      removeDuplicates           one input
      removeDuplicates:ignoringCase
                                 removeDuplicates(by:) comparing lowercased values
      share:T1,T2,...[:replay=R] consumers registered at those ticks, up to \(maximumTick)
                                 (replay: pull only; with --engine both the push lines
                                 are left out, with a note on stderr)
      share:T1,T2-L2,...[:replay=R][:stop=D]
                                 ... consumer 2 leaving at tick L2 (its line stops there);
                                 stop=D: the upstream stops D ticks after the last consumer
                                 left, and the next consumer starts it again (the input is
                                 then cold: each run plays it from its first tick; push:
                                 stop=0 only, Combine's share() reconnecting at once)
      currentValue:V:T1,T2,...   an AsyncCurrentValue(V) sent each input element, read by
                                 consumers made at those ticks (pull only; the input cannot
                                 fail)
      chunks:N                   chunks of N elements, the last partial (push: collect(N))
      chunksByTime:T             chunks cut every T ticks (push: collect(.byTime))
      chunksByTimeOrCount:T:N    ... or at N elements (push: collect(.byTimeOrCount))
      timer:T                    the ticks x of a timer of T ticks, until the input ends
      scan                       the running concatenation (push: scan("", +))
      adjacentPairs              each element with the one before it ('ab')
      withLatestFrom             two inputs: each element of the first with the latest of
                                 the second ('ax')
      prefixUntil                two inputs: the first's elements until the second's first
      timeout:N                  fails (^) when no event comes for N ticks
      delay:N                    every event N ticks later
      retry:N                    N retries of a cold input (each attempt plays it from its
                                 first tick; attempt k plays input k, the last for later ones)
      retry:N:backoff=B          ... each retry B ticks after the failure (pull only)

    MARBLES: one position per tick; - nothing; a letter (any script) or a digit: that element;
    | finish; ^ failure; [...] several events in one tick; 'abc' a multi-character element;
    spaces ignored.
    A marble may start with '-': put '--' before the inputs.

    EXAMPLE:
      brew-search marbles debounce:3 'abcd----e---f-g----|'
      pull: ------d----e-----g-|
      push: ------d----e-----g-|

    OPTIONS:
      --engine E       pull, push or both (default both)
      --svg FILE       also write the diagram to FILE: a lane per input and per output (with
                       both engines, the two lanes of an output side by side, highlighted where
                       they differ), a time axis in ticks, elements as circles, a finish as a
                       bar, a failure as a cross. The same input gives the same bytes. FILE is
                       replaced whole or not at all.
      --labels NAMES   comma-separated lane names for the SVG: the inputs, then the outputs
                       (e.g. base,debounced); unnamed lanes are input, output, consumer @ T
    """

  /// The latest tick a `share` consumer may start at, and the longest delay an operator may have:
  /// evaluating and printing a marble takes time
  /// and space in proportion to its ticks (a marble argument itself is at most 128 KiB on Linux).
  static let maximumTick = 100_000

  static let spec = ArgumentSpec(
    command: "marbles", valueOptions: ["--engine", "--svg", "--labels"], positionals: 2...Int.max,
    positionalName: "OPERATOR INPUT...")

  static func run(_ arguments: ParsedArguments) async throws -> Int32 {
    let engineChoice = try arguments.choice(
      "--engine", of: ["pull", "push", "both"], default: "both")
    let operation: MarbleOperator
    do {
      operation = try MarbleOperator(parsing: arguments.positionals[0])
    } catch {
      throw CommandLineError(error.message)
    }
    // A delay of N ticks prints lines of N positions and more: bounded as the consumer ticks.
    if operation.longestDelay > maximumTick {
      throw CommandLineError(
        "malformed operator '\(arguments.positionals[0])': a delay of \(operation.longestDelay) "
          + "ticks is past the limit of \(maximumTick) ticks")
    }
    if operation.hasConsumersAtTicks,
      let late = (operation.consumers + operation.leaves.compactMap(\.self))
        .first(where: { $0 > maximumTick })
    {
      throw CommandLineError(
        "malformed operator '\(arguments.positionals[0])': consumer tick \(late) is past the "
          + "limit of \(maximumTick) ticks")
    }
    let inputs = Array(arguments.positionals.dropFirst())
    var inputTimelines: [MarbleTimeline] = []
    for input in inputs {
      do {
        inputTimelines.append(try MarbleTimeline(parsing: input))
      } catch {
        throw CommandLineError(error.description)
      }
    }
    let drawing = try DiagramRequest(arguments, laneCount: inputs.count + operation.consumers.count)
    var engines: [MarbleEngine] =
      engineChoice == "both" ? [.pull, .push] : [MarbleEngine(rawValue: engineChoice) ?? .pull]
    if engines.count > 1, operation.leavesOutAnEngineThatLacksASetting {
      // stdout stays one parseable line per engine run; why push is missing goes to stderr.
      for engine in engines {
        guard let setting = operation.unsupportedSetting(on: engine) else { continue }
        engines.removeAll { $0 == engine }
        FileHandle.standardError.write(
          Data(
            ("brew-search: note: \(engine.rawValue) line left out: the \(engine.rawValue) engine "
              + "does not support \(setting)\n").utf8))
      }
    }
    // A setting an engine would silently ignore is an error: its output would not mean what the
    // operator says.
    for engine in engines {
      if let setting = operation.unsupportedSetting(on: engine) {
        throw CommandLineError(
          "operator '\(arguments.positionals[0])': the \(engine.rawValue) engine does not support "
            + "\(setting); choose --engine pull")
      }
    }
    var lines: [String] = []
    var evaluations: [(engine: MarbleEngine, timelines: [MarbleTimeline])] = []
    for engine in engines {
      let outputs: [MarbleTimeline]
      do {
        outputs = try await MarbleEvaluation.evaluate(operation, inputs: inputs, engine: engine)
      } catch let error as MarbleOperatorError {
        throw CommandLineError(error.message)
      }
      evaluations.append((engine, outputs))
      if operation.hasConsumersAtTicks {
        for (index, output) in outputs.enumerated() {
          lines.append("\(engine.rawValue)[\(index + 1)]: \(output)")
        }
      } else {
        lines.append("\(engine.rawValue): \(outputs[0])")
      }
    }
    if let drawing {
      let diagram = MarbleDiagram(
        caption: arguments.positionals[0], operation: operation, inputs: inputTimelines,
        outputs: evaluations, labels: drawing.labels)
      try drawing.write(diagram.svg)
    }
    // Computed (and the picture written) in full before anything is printed: a failure prints
    // no partial result.
    for line in lines { print(line) }
    return 0
  }
}
