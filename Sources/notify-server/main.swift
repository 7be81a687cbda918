import NotifyUsersServerCommand

await NotifyServer.start()
