/// The namespace of the publishers that operators return, as in Combine:
/// `Publishers.Map`, `Publishers.Debounce`, `Publishers.CombineLatest4`, `Publishers.Share`...
///
/// ```swift
/// let pair: Publishers.CombineLatest<PassthroughSubject<Int, Never>,
///                                    PassthroughSubject<String, Never>> =
///   Publishers.CombineLatest(numbers, names)
/// ```
public enum Publishers {}
