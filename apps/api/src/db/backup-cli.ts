import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.js';
import { notEmbedded } from './backup-format.js';

/**
 * The start both backup commands share: the configuration, refused in one line (exit 1) unless it is
 * the embedded database, and the arguments (paths, and `--force` where `force` is taken), refused with
 * `usage` unless `positionals` accepts their count.
 */
export function backupCommand(
  usage: string,
  takesForce: boolean,
  positionals: (count: number) => boolean,
): { config: Config; paths: string[]; force: boolean } {
  const config = loadConfig();
  const refusal = notEmbedded(config);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const args = (() => {
    try {
      return parseArgs({
        allowPositionals: true,
        options: takesForce ? { force: { type: 'boolean' as const } } : {},
      });
    } catch {
      return undefined;
    }
  })();
  if (!args || !positionals(args.positionals.length)) {
    console.error(`usage: ${usage}`);
    process.exit(1);
  }
  return { config, paths: args.positionals, force: Boolean((args.values as { force?: boolean }).force) };
}

/** A path as given on the command line: relative ones from where npm was run, as DATA_DIR is (config.ts). */
export const givenPath = (path: string) => resolve(process.env.INIT_CWD || process.cwd(), path);
