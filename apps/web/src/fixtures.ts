// Sample data for tests and screenshots: the shape GET /api/municipalities/{code}/ returns.
import type { MunicipalityHomeData } from './api';

export const sampleHome: MunicipalityHomeData = {
  municipality: { code: '999999', name: 'デモ市', name_en: 'Demo City', maintenance_message: null },
  procedure_groups: [
    {
      id: 2,
      name: '児童手当',
      sequence: 2,
      icon_type: 'OT',
      description: null,
      start_date: '2024-04-01',
      end_date: '2099-12-31',
      version: 1,
    },
    {
      id: 1,
      name: '出生届',
      sequence: 1,
      icon_type: 'BI',
      description: null,
      start_date: '2024-04-01',
      end_date: '2099-12-31',
      version: 1,
    },
  ],
};
