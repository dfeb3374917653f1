// The saved draft of the procedure group whose manager is in the address, for the screens that work on it
// (editor, preview): always read afresh, and the page titled with the group's name once it is known.
import { useParams } from '@tanstack/react-router';
import { useMunicipalityCode } from '../../../features/mastertool-env/environments';
import { useApiQuery } from '../../../lib/api';
import { usePageTitle } from '../../../lib/router/head';

export function useDraftGroup({
  title,
  fallback,
  refetchOnMount,
}: {
  /** The heading once the group's name is known. */
  title: (name: string) => string;
  /** The heading while it is not. */
  fallback: string;
  refetchOnMount?: 'always';
}) {
  const code = useMunicipalityCode();
  const { groupId } = useParams({ strict: false }) as { groupId: string };
  const id = Number(groupId);
  const draft = useApiQuery(
    'operator.procedure_group.get',
    { params: { code }, query: { reflection_manager_id: id } },
    { staleTime: 0, ...(refetchOnMount ? { refetchOnMount } : {}) },
  );
  const name = draft.data?.procedure_group.name;
  usePageTitle(name ? title(name) : undefined);
  return { code, groupId, id, draft, title: name ? title(name) : fallback };
}
