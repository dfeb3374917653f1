// The municipality of an applicant page and its published procedure groups.
import { useParams } from '@tanstack/react-router';
import { useApiQuery, type ApiResult } from '../../lib/api';
import type { Language } from '../../lib/i18n';

export type MunicipalityHome = ApiResult<'applicant.home'>;
export type ProcedureGroup = MunicipalityHome['procedure_groups'][number];

/** The `{municipalityCode}` of the current route (validated by the route). */
export function useMunicipalityCode(): string {
  const params = useParams({ strict: false }) as { municipalityCode?: string };
  return params.municipalityCode ?? '';
}

export function useMunicipalityHome(code: string) {
  return useApiQuery('applicant.home', { params: { code } });
}

/** The municipality's name in the page's language (Japanese when it has no English name). */
export function municipalityName(m: MunicipalityHome['municipality'], language: Language): string {
  return language === 'en' && m.name_en ? m.name_en : m.name;
}

/** Groups in their configured order. */
export function sortedGroups(home: MunicipalityHome): ProcedureGroup[] {
  return [...home.procedure_groups].sort((a, b) => a.sequence - b.sequence || a.id - b.id);
}

/** The group a page is about: the one named, else the only one there is. */
export function pickGroup(home: MunicipalityHome, id: number | undefined): ProcedureGroup | undefined {
  const groups = sortedGroups(home);
  if (id !== undefined) return groups.find((g) => g.id === id);
  return groups.length === 1 ? groups[0] : undefined;
}
