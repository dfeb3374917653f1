import { parseArgs } from 'node:util';
import {
  Department,
  InvitationRequest,
  LoginRequest,
  MasterToolMunicipality,
  MunicipalityCode,
  SignedInUser,
} from '@portal/contracts';
import { z } from 'zod';
import type { DepartmentInput } from './provisioning.repository.js';

export type EnvironmentName = 'production' | 'staging';

export type Command =
  | { kind: 'help' }
  | { kind: 'list' }
  | {
      kind: 'create-municipality';
      code: string;
      name: string;
      nameEn: string | null;
      departments: DepartmentInput[];
    }
  | { kind: 'create-department'; municipality: string; department: DepartmentInput }
  | {
      kind: 'create-admin';
      municipality: string;
      email: string;
      /** Department codes; empty means every department of the municipality. */
      departments: string[];
      environment: EnvironmentName;
    }
  | { kind: 'create-operator'; login: string; name: string; environments: EnvironmentName[] };

export const usage = [
  'usage: npm run accounts -- <command> [options]',
  '  create-municipality --code <6 digits> --name <name> [--name-en <name>] --department <code>=<name> [--department ...]',
  '  create-department --municipality <6 digits> --code <code> --name <name>',
  '  create-admin --municipality <6 digits> --email <address> [--department <code> ...] [--env production|staging]',
  '  create-operator --login <login id> --name <name> [--env production|staging|both]   (password on stdin)',
  '  list',
].join('\n');

// The contracts' shapes, narrowed where a command line needs more than the API's response types say.
const Name = MasterToolMunicipality.shape.name.trim().min(1).max(100);
const DepartmentCode = Department.shape.code.regex(
  /^[A-Za-z0-9_-]{1,32}$/,
  'a department code is 1 to 32 letters, digits, - or _',
);
const DepartmentName = Department.shape.name.trim().min(1).max(100);
const DepartmentSpec = z
  .string()
  .regex(/^[^=]+=.+$/, 'write <code>=<name>, e.g. shimin=市民課')
  .transform((spec) => {
    const at = spec.indexOf('=');
    return { code: spec.slice(0, at), name: spec.slice(at + 1) };
  })
  .pipe(z.object({ code: DepartmentCode, name: DepartmentName }));

const text = { type: 'string' } as const;
const texts = { type: 'string', multiple: true } as const;

/** Each command's options (as node:util parseArgs takes them), their schema and the command they make. */
const commands = {
  list: { options: {}, schema: z.object({}), make: (): Command => ({ kind: 'list' }) },
  'create-municipality': {
    options: { code: text, name: text, 'name-en': text, department: texts },
    schema: z.object({
      code: MunicipalityCode,
      name: Name,
      'name-en': Name.optional(),
      department: z
        .array(DepartmentSpec)
        .min(1)
        .refine((ds) => new Set(ds.map((d) => d.code)).size === ds.length, 'department codes repeat'),
    }),
    make: (v: { code: string; name: string; 'name-en'?: string; department: DepartmentInput[] }) =>
      ({
        kind: 'create-municipality',
        code: v.code,
        name: v.name,
        nameEn: v['name-en'] ?? null,
        departments: v.department,
      }) satisfies Command,
  },
  'create-department': {
    options: { municipality: text, code: text, name: text },
    schema: z.object({ municipality: MunicipalityCode, code: DepartmentCode, name: DepartmentName }),
    make: (v: { municipality: string; code: string; name: string }) =>
      ({
        kind: 'create-department',
        municipality: v.municipality,
        department: { code: v.code, name: v.name },
      }) satisfies Command,
  },
  'create-admin': {
    options: { municipality: text, email: text, department: texts, env: text },
    schema: z.object({
      municipality: MunicipalityCode,
      email: InvitationRequest.shape.email,
      department: z.array(DepartmentCode).default([]),
      env: z.enum(['production', 'staging']).default('production'),
    }),
    make: (v: { municipality: string; email: string; department: string[]; env: EnvironmentName }) =>
      ({
        kind: 'create-admin',
        municipality: v.municipality,
        email: v.email,
        departments: [...new Set(v.department)],
        environment: v.env,
      }) satisfies Command,
  },
  'create-operator': {
    options: { login: text, name: text, env: text },
    schema: z.object({
      login: LoginRequest.shape.login_id.regex(/^\S+$/, 'a login id has no spaces'),
      name: SignedInUser.shape.name.trim().min(1).max(50),
      env: z.enum(['production', 'staging', 'both']).default('both'),
    }),
    make: (v: { login: string; name: string; env: EnvironmentName | 'both' }) =>
      ({
        kind: 'create-operator',
        login: v.login,
        name: v.name,
        environments: v.env === 'both' ? ['production', 'staging'] : [v.env],
      }) satisfies Command,
  },
} as const;

/** The command the arguments name, or one line per problem (the usage last when the shape is wrong). */
export function parseCommand(argv: string[]): { command: Command } | { errors: string[] } {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    return name === undefined ? { errors: ['no command given', usage] } : { command: { kind: 'help' } };
  }
  if (!Object.hasOwn(commands, name)) return { errors: [`unknown command "${name}"`, usage] };
  const spec = commands[name as keyof typeof commands];
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: rest, options: spec.options, strict: true }).values;
  } catch (error) {
    return { errors: [`${name}: ${(error as Error).message}`, usage] };
  }
  const parsed = spec.schema.safeParse(values);
  if (!parsed.success) {
    return {
      errors: parsed.error.issues.map((issue) => {
        const flag = String(issue.path[0] ?? '');
        return values[flag] === undefined ? `--${flag} is required` : `--${flag}: ${issue.message}`;
      }),
    };
  }
  return { command: (spec.make as (v: unknown) => Command)(parsed.data) };
}
