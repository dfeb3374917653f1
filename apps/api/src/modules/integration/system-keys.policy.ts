import { BlockList, isIP } from 'node:net';
import { forbidden } from '../../http/errors.js';

/** What a request's key allows, once authenticated (decision 0057). */
export interface SystemKeyContext {
  id: string;
  municipalityId: number;
  name: string;
  procedureCodes: readonly string[];
  access: 'read' | 'read_update';
  ip: string | null;
}

/** Whether an address lies in one of the ranges; an IPv4 address seen as `::ffff:a.b.c.d` counts as IPv4. */
export function addressAllowed(cidrs: readonly string[], address: string | null | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    const netFamily = isIP(net ?? '');
    if (netFamily === 0) continue;
    list.addSubnet(net!, Number(bits), netFamily === 4 ? 'ipv4' : 'ipv6');
  }
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Refuses (403) a document of a procedure the key was not given. */
export function authorizeProcedure(key: SystemKeyContext, procedureCode: string): void {
  if (!key.procedureCodes.includes(procedureCode)) {
    throw forbidden('this key does not reach documents of this procedure');
  }
}

/** Refuses (403) a write with a read-only key. */
export function authorizeUpdate(key: SystemKeyContext): void {
  if (key.access !== 'read_update') throw forbidden('this key may only read');
}
