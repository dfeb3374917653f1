import type { EnvironmentName } from './accounts.args.js';
import type { CommandContext } from './accounts.context.js';
import { createStaffAccountRepository } from '../modules/staff-accounts/staff-accounts.repository.js';
import { createProvisioningRepository } from './provisioning.repository.js';

const signedIn = (at: Date | null) => (at ? `last sign-in ${at.toISOString()}` : 'never signed in');

/** Municipalities (departments, administrators) and operators of each environment, for a quick check. */
export async function listAccounts(context: CommandContext): Promise<string[]> {
  const lines: string[] = [];
  for (const environment of ['production', 'staging'] as EnvironmentName[]) {
    const db = context.databases[environment].db;
    const provisioning = createProvisioningRepository(db);
    const staff = createStaffAccountRepository(db);
    lines.push(`${environment}:`);
    const municipalities = await provisioning.municipalities();
    if (municipalities.length === 0) lines.push('  no municipality');
    for (const m of municipalities) {
      const departments = await staff.departments(m.id);
      const { accounts } = await staff.list(m.id, { limit: null, offset: 0 });
      const administrators = accounts.filter((a) => a.permission === 'administrator');
      lines.push(`  municipality ${m.code} ${m.name}`);
      lines.push(`    departments: ${departments.map((d) => `${d.code} ${d.name}`).join(', ') || 'none'}`);
      lines.push(
        `    administrators: ${administrators.map((a) => `${a.email} (${signedIn(a.lastLoginAt)})`).join(', ') || 'none'}`,
      );
    }
    const operators = await provisioning.operators();
    lines.push(
      `  operators: ${operators.map((o) => `${o.loginId} ${o.name} (${signedIn(o.lastLoginAt)})`).join(', ') || 'none'}`,
    );
  }
  return lines;
}
