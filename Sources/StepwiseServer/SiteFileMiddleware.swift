import Foundation
import Hummingbird

/// Serves the files of the site folder: `index.html` for a folder, the site's `404.html` (status 404)
/// for an unknown path, 400 for a path that could leave the folder; HTML with the live-reload script.
/// Requests below `/__stepwise/` go on to the router.
struct SiteFileMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let site: URL
    /// The path the site is published at (see `NotFoundPage`), asked when a 404 page is served.
    var sitePath: @Sendable () -> String = { "/" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let target = request.head.path ?? "/"
        if target.hasPrefix("/__stepwise/") { return try await next(request, context) }
        guard request.method == .get || request.method == .head else {
            return Self.text(.methodNotAllowed, "Only GET and HEAD are served.\n")
        }
        guard let segments = SitePath.segments(target) else { return Self.text(.badRequest, "This path is not served.\n") }
        let response = respond(to: target, segments: segments)
        return request.method == .head ? Self.withoutBody(response) : response
    }

    private func respond(to target: String, segments: [String]) -> Response {
        var file = segments.reduce(site) { $0.appendingPathComponent($1) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let path = target.prefix { $0 != "?" && $0 != "#" }
            guard path.hasSuffix("/") else { return Response(status: .movedPermanently, headers: [.location: path + "/"]) }
            file.appendPathComponent("index.html")
        }
        if let response = serve(file, status: .ok) { return response }
        let served = NotFoundPage(sitePath: sitePath())
        return serve(site.appendingPathComponent("404.html"), status: .notFound, edit: served.servedAtRoot) ?? Self.text(.notFound, "Not found.\n")
    }

    /// The file as a response (HTML `edit`ed, then with the live-reload script), nil when it is not a
    /// regular file inside the site folder.
    private func serve(_ file: URL, status: HTTPResponse.Status, edit: (Data) -> Data = { $0 }) -> Response? {
        let resolved = file.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(site.resolvingSymlinksInPath().path + "/"),
              let values = try? URL(fileURLWithPath: resolved).resourceValues(forKeys: [.isRegularFileKey]), values.isRegularFile == true,
              var data = try? Data(contentsOf: URL(fileURLWithPath: resolved))
        else { return nil }
        let type = ContentType.of(file.lastPathComponent)
        if type == ContentType.html { data = LiveReload.inject(into: edit(data)) }
        return Response(
            status: status,
            headers: [.contentType: type, .contentLength: String(data.count), .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static func withoutBody(_ response: Response) -> Response {
        Response(status: response.status, headers: response.headers, body: ResponseBody())
    }
}
