// The new key's form: what the administrator types (address ranges one per line, an expiry date) and
// the request it becomes; the server checks the same again.
import { Cidr, SYSTEM_KEY_MAX_DAYS } from '@portal/contracts';
import { z } from 'zod';

/** The address lines that are not a CIDR (blank lines are ignored). */
export function badCidrLines(text: string): string[] {
  return cidrLines(text).filter((line) => !Cidr.safeParse(line).success);
}

/** What is wrong with the address lines, or null. */
export function cidrProblem(text: string): 'missing' | 'invalid' | 'tooMany' | null {
  const lines = cidrLines(text);
  if (lines.length === 0) return 'missing';
  if (badCidrLines(text).length > 0) return 'invalid';
  return lines.length > 50 ? 'tooMany' : null;
}

export const cidrLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** `YYYY-MM-DD` days from `today` (the browser's date). */
export function dateAfter(today: Date, days: number): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// The key works to the end of the chosen day in Japan, where the municipality is.
export const expiryOf = (date: string) => `${date}T23:59:59+09:00`;

export function keyFormSchema(today: Date) {
  const first = dateAfter(today, 0);
  // The key ends at that day's close, so the last day is one short of the server's limit.
  const last = dateAfter(today, SYSTEM_KEY_MAX_DAYS - 1);
  return z
    .object({
      name: z.string().trim().min(1).max(100),
      procedure_codes: z.array(z.string()).min(1),
      access: z.enum(['read', 'read_update']),
      expires_on: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .refine((d) => d > first && d <= last),
      cidrs: z.string().refine((text) => cidrProblem(text) === null),
      webhook_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]),
    })
    .transform((v) => ({
      name: v.name,
      procedure_codes: v.procedure_codes,
      access: v.access,
      expires_at: expiryOf(v.expires_on),
      allowed_cidrs: cidrLines(v.cidrs),
      ...(v.webhook_url ? { webhook_url: v.webhook_url } : {}),
    }));
}

export type KeyFormValues = z.input<ReturnType<typeof keyFormSchema>>;

/** A key's state as the list shows it. */
export function keyState(
  key: { revoked_at: string | null; expires_at: string },
  now: Date,
): 'active' | 'revoked' | 'expired' {
  if (key.revoked_at) return 'revoked';
  return new Date(key.expires_at) <= now ? 'expired' : 'active';
}
