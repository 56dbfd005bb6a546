/// The subscriber that feeds one upstream of a combineLatest into its core.
struct CombineLatestSide<Input, Downstream: Subscriber>: Subscriber {
  typealias Failure = Downstream.Failure

  let core: CombineLatestCore<Downstream>
  let index: Int

  func receive(subscription: any Subscription) {
    core.attach(subscription, at: index)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    core.receive(input, at: index)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    core.complete(completion, at: index)
  }
}
