import { AppError } from '../../http/errors.js';
import type { ChangePosition } from './pull.repository.js';

/** Before every document (rows written before migration 0029 have xid 0, and any id is above this). */
export const START: ChangePosition = { xid: 0, id: '00000000-0000-0000-0000-000000000000' };

/** The cursor a caller keeps: opaque to it, the change position to us (decision 0057). */
export const encodeCursor = (p: ChangePosition) => Buffer.from(`${p.xid}.${p.id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): ChangePosition {
  if (cursor === undefined) return START;
  const m = /^(\d{1,19})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    Buffer.from(cursor, 'base64url').toString(),
  );
  if (!m || !Number.isSafeInteger(Number(m[1]))) {
    throw new AppError('bad_request', 'cursor is not one this API gave', 'cursor');
  }
  return { xid: Number(m[1]), id: m[2]! };
}
