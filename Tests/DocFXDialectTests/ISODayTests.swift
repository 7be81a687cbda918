import DocFXDialect
import Foundation
import Testing

/// A day as ISO 8601 writes it, as `String(format: "%04d-%02d-%02d", …)` writes it (which both the
/// front matter's dates and a page's `<time datetime>` were written with before).
@Suite struct ISODayTests {
    @Test("zeros in front of short years, months and days; long and negative numbers as printf writes them",
          arguments: [(2017, 8, 9), (2016, 3, 4), (1999, 12, 31), (0, 0, 0), (7, 1, 1), (12345, 10, 10), (-1, 2, 3), (-2017, 11, 5)])
    func asPrintf(_ day: (Int, Int, Int)) {
        #expect(ISODay.text(year: day.0, month: day.1, day: day.2) == String(format: "%04d-%02d-%02d", day.0, day.1, day.2))
    }
}
