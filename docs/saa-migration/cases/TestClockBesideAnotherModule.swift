// A file that imports AsyncOps and another module's generic `TestClock` (as a test file imports
// swift-clocks' `Clocks` to drive swift-async-algorithms' debounce): `TestClock<Duration>` names
// the other module's clock, because AsyncOps declares no `TestClock` (AsyncOpsTesting does).

import AsyncOps
import LocalClocks

/// Debounces `values` on another module's generic test clock.
public func debounceOnLocalTestClock(_ values: [Int], clock: TestClock<Duration>) async -> [Int] {
  var result: [Int] = []
  for await value in values.async.debounce(for: .seconds(1), clock: clock) { result.append(value) }
  return result
}
