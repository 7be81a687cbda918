import Foundation

/// The script served pages get (never the files on disk): it listens to the server's events and
/// reloads the page after a rebuild, or when it reconnects to a server that was restarted.
enum LiveReload {
    /// Where the server-sent events are.
    static let eventsPath = "/__stepwise/events"

    static let script = """
        <script>/* stepwise serve: live reload */(function(){var id=null,events=new EventSource("\(eventsPath)");\
        events.addEventListener("hello",function(e){if(id!==null&&id!==e.data)location.reload();id=e.data});\
        events.addEventListener("reload",function(){location.reload()})})();</script>

        """

    /// `html` with the script before its last `</body>` (at its end when there is none).
    static func inject(into html: Data) -> Data {
        var result = html
        let script = Data(script.utf8)
        if let body = html.range(of: Data("</body>".utf8), options: .backwards) {
            result.insert(contentsOf: script, at: body.lowerBound)
        } else {
            result.append(script)
        }
        return result
    }
}
