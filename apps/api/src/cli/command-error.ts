/** A refusal of the accounts command: its lines go to stderr and the exit code is 1. */
export class CommandError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}
