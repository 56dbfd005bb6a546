/// The namespace of subscriber-side types, as in Combine: ``Subscribers/Demand``,
/// ``Subscribers/Completion`` and ``Subscribers/Sink``.
///
/// ```swift
/// let demand: Subscribers.Demand = .max(1)
/// let completion: Subscribers.Completion<Never> = .finished
/// ```
public enum Subscribers {}
