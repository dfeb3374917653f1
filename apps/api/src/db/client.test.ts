import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

describe('the embedded database', () => {
  it('runs with 16 MB of shared buffers, so two of them stay small in memory (decision 0031)', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const shown = await database.executeSql('show shared_buffers');
      expect(shown.rows).toEqual([{ shared_buffers: '16MB' }]);
      // PGlite's own parameters are kept (one schema path, no parallel workers).
      const path = await database.executeSql('show search_path');
      expect(path.rows).toEqual([{ search_path: 'public' }]);
    } finally {
      await database.close();
    }
  });
});
