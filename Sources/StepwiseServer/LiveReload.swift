import Foundation

/// The script served pages get (never the files on disk): it listens to the server's events,
/// reloads the page after a rebuild or when it reconnects to a server that was restarted, and shows
/// the errors of a failed build over the page.
enum LiveReload {
    /// Where the server-sent events are.
    static let eventsPath = "/__stepwise/events"

    static let script = """
        <script>/* stepwise serve: live reload */(function(){var id=null,events=new EventSource("\(eventsPath)");\
        events.addEventListener("hello",function(e){if(id!==null&&id!==e.data)location.reload();id=e.data});\
        events.addEventListener("reload",function(){location.reload()});\
        events.addEventListener("problems",function(e){var p=document.getElementById("stepwise-problems");\
        if(!p){p=document.createElement("pre");p.id="stepwise-problems";p.style.cssText="position:fixed;left:0;right:0;bottom:0;\
        max-height:40%;overflow:auto;margin:0;padding:1em;background:#3b0a0a;color:#ffe4e4;font:12px/1.5 monospace;\
        white-space:pre-wrap;z-index:2147483647";document.body.appendChild(p)}\
        p.textContent="stepwise serve: the last build failed; this is the previous site.\\n\\n"+e.data})})();</script>

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
