// What staff screens share: the signed-in member (from the area route's context), the procedure catalog
// of the municipality (published groups and their procedures), and how to word a 403.
import { useQueries } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { apiQueryOptions, isApiError, useApiQuery } from '../api';
import type { StaffUser } from './permissions';

export function useStaffUser(): StaffUser | null {
  const context = useRouteContext({ strict: false }) as { loginStatus?: { user: StaffUser | null } };
  return context.loginStatus?.user ?? null;
}

export interface CatalogProcedure {
  id: number;
  code: string;
  name: string;
  groupId: number;
  groupName: string;
  version: number;
}

/** The published procedures of the municipality, by group (for filters, exports and the detail's form). */
export function useProcedureCatalog() {
  const home = useApiQuery('applicant.home', undefined, { staleTime: 300_000 });
  const groups = home.data?.procedure_groups ?? [];
  const lists = useQueries({
    queries: groups.map((g) => ({
      ...apiQueryOptions('applicant.procedures', { query: { procedure_group_id: g.id } }),
      staleTime: 300_000,
    })),
  });
  const procedures: CatalogProcedure[] = groups.flatMap((group, index) =>
    (lists[index]?.data?.available ?? []).map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      groupId: group.id,
      groupName: group.name,
      version: group.version,
    })),
  );
  return {
    groups,
    procedures,
    isPending: home.isPending || lists.some((l) => l.isPending),
    error: home.error ?? lists.find((l) => l.error)?.error ?? null,
  };
}

/** The departments whose documents the member sees (all for administrators), with their procedures. */
export function useStaffDepartments() {
  const departments = useApiQuery('staff.departments', undefined, { staleTime: 300_000 });
  return { departments: departments.data?.departments ?? [], isPending: departments.isPending };
}

/** Whether an error is the server refusing the act (403): screens then say what is not permitted. */
export const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;
