extension Array {
    /// The elements in order, cut into consecutive runs: a run ends before an element that would take
    /// it past `maximum` (by `size`; an element larger than that stands alone), or before one for which
    /// `endsBefore(element, sizeOfTheRunSoFar)` holds.
    func runs(maximum: Int, size: (Element) -> Int, endsBefore: (Element, Int) -> Bool = { _, _ in false }) -> [[Element]] {
        var runs: [[Element]] = []
        var run: [Element] = []
        var total = 0
        for element in self {
            let length = size(element)
            if !run.isEmpty, total + length > maximum || endsBefore(element, total) {
                runs.append(run)
                run = []
                total = 0
            }
            run.append(element)
            total += length
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }
}
