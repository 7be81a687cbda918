import NotifyUsersClientCommand
import NotifyUsersServerCommand
import Testing

@Suite("Executables' commands") struct CommandHelpTests {
    @Test("notify-server help names --port; an out-of-range port is a usage error")
    func serverHelp() {
        #expect(NotifyServer.helpMessage().contains("--port"))
        #expect(throws: (any Error).self) { try NotifyServer.parse(["--port", "70000"]) }
    }

    @Test("notify-client help lists login, register and send")
    func clientHelp() {
        let help = NotifyClient.helpMessage()
        for command in ["login", "register", "send"] { #expect(help.contains(command)) }
    }
}
