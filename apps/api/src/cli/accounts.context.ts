import type { Database } from '../db/client.js';
import { environmentPaths } from '../environment-paths.js';
import type { EnvironmentName } from './accounts.args.js';

/** What every command gets: both environments' databases (decision 0006), the public address and a clock. */
export interface CommandContext {
  databases: Record<EnvironmentName, Database>;
  publicUrl: string;
  clock: () => Date;
  /** The operator's password, asked only once the command knows it will create one. */
  readPassword: () => Promise<string>;
}

/** Where an environment's web pages are: staging's under /stg. */
export const webUrlOf = (context: CommandContext, environment: EnvironmentName) =>
  `${context.publicUrl}${environmentPaths[environment].web}`;

/** "production and staging" */
export const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
