import { usage, type Command } from './accounts.args.js';
import type { CommandContext } from './accounts.context.js';
import { createAdmin } from './admin.command.js';
import { listAccounts } from './list.command.js';
import { createDepartment, createMunicipality } from './municipality.commands.js';
import { createOperator } from './operator.command.js';

/** Runs one parsed command; returns the lines for stdout or throws CommandError with those for stderr. */
export async function runCommand(context: CommandContext, command: Command): Promise<string[]> {
  switch (command.kind) {
    case 'help':
      return [usage];
    case 'list':
      return listAccounts(context);
    case 'create-municipality':
      return createMunicipality(context, command);
    case 'create-department':
      return createDepartment(context, command);
    case 'create-admin':
      return createAdmin(context, command);
    case 'create-operator':
      return createOperator(context, command);
  }
}
