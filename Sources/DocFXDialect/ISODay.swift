/// A calendar day written as ISO 8601 writes it: `YYYY-MM-DD`, zeros in front.
public enum ISODay {
    /// `year-month-day`, the year in at least four digits, the month and day in two (`2017-08-09`).
    public static func text(year: Int, month: Int, day: Int) -> String {
        padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// `number` in decimal, zeros in front up to `width` digits (`%0*d`; a negative number keeps its sign first).
    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count - (number < 0 ? 1 : 0)))
        return (number < 0 ? "-" : "") + zeros + digits
    }
}
