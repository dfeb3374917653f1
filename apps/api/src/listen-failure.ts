/** The one line a failed listen() prints instead of a stack trace, or undefined for an unexpected error. */
export function listenFailure(error: unknown, port: number, host: string): string | undefined {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return `port ${port} is in use; set PORT=… to another port or stop the other process`;
    case 'EACCES':
      return `port ${port} needs privileges this process lacks; set PORT=… to a port above 1023`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine; set HOST=127.0.0.1 or 0.0.0.0`;
    default:
      return undefined;
  }
}
