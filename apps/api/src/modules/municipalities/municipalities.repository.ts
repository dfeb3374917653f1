import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { municipalities } from '../../db/schema/index.js';

export interface MunicipalityRef {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  maintenanceMessage: string | null;
}

export function createMunicipalityRepository(db: Db) {
  return {
    async findByCode(code: string): Promise<MunicipalityRef | null> {
      const rows = await db
        .select({
          id: municipalities.id,
          code: municipalities.code,
          name: municipalities.name,
          nameEn: municipalities.nameEn,
          maintenanceMessage: municipalities.maintenanceMessage,
        })
        .from(municipalities)
        .where(eq(municipalities.code, code))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type MunicipalityRepository = ReturnType<typeof createMunicipalityRepository>;
