/// The conformance table: every scenario, run through both engines by `ConformanceTests`.
enum ConformanceScenarios {
  static let all: [ConformanceScenario] =
    debounce + removeDuplicates + combineLatest + share + throttle + mapLatest
    + buffer
    + fanIn
    + chunks + timer
    + scan
    + pastSAA + shareWithLeaves
}
