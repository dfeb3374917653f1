// /municipalities/{code}/procedure-groups/{id}/edit: the draft of one procedure group in the editor.
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ProcedureGroupEditor } from '../../../features/mastertool-editor/ProcedureGroupEditor';
import { useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { RouterButton } from '../../../lib/router/RouterLink';
import { useDraftGroup } from '../components/draft-group';
import { MastertoolPage } from '../components/MastertoolPage';

export function ProcedureGroupEditorScreen() {
  const { t } = useTranslation();
  const { code, groupId, id, draft, title } = useDraftGroup({
    title: (name) => t('mastertool.editor.title', { name }),
    fallback: t('screens.procedureGroupEditor'),
    refetchOnMount: 'always',
  });
  const reference = useApiQuery('operator.reference_data', { params: { code } });
  // `?at=<path>`: a place to open first (the reflection page's check links here).
  const { at } = useSearch({ strict: false }) as { at?: unknown };
  const initialPath = typeof at === 'string' && at.length <= 300 ? at : undefined;
  const templates = useApiQuery('operator.material_templates', { params: { code } });
  // The working copy starts from a fresh read, never from a cached draft someone may have changed since.
  const fresh = draft.data !== undefined && draft.isFetchedAfterMount;
  return (
    <MastertoolPage
      title={title}
      intro={t('mastertool.editor.intro')}
      back={{ to: `/municipalities/${code}`, label: t('mastertool.backToManagers') }}
    >
      {!fresh && !draft.isError ? <Loading /> : null}
      {draft.isError ? (
        <LoadError
          title={t('mastertool.editor.loadError')}
          error={draft.error}
          onRetry={() => void draft.refetch()}
        />
      ) : null}
      {fresh ? (
        <ProcedureGroupEditor
          key={`${id}`}
          groupId={id}
          initial={draft.data.procedure_group}
          initialPath={initialPath}
          reference={{
            standardItems: reference.data?.standard_items ?? [],
            departments: reference.data?.departments ?? [],
            procedureCodes: (reference.data?.procedure_codes ?? []).map((c) => ({
              ...c,
              elsewhere: !draft.data.procedure_group.disclosure.procedures.some((p) => p.code === c.value),
            })),
            attachCodes: attachCodesOf(templates.data?.material_templates ?? []),
          }}
          actions={(dirty) => (
            <>
              <RouterButton
                to="/municipalities/$code/procedure-groups/$groupId/preview"
                params={{ code, groupId }}
                variant="outlined"
                disabled={dirty}
              >
                {t('mastertool.editor.preview')}
              </RouterButton>
              <RouterButton
                to="/municipalities/$code/procedure-groups/$groupId/reflect"
                params={{ code, groupId }}
                variant="outlined"
                disabled={dirty}
              >
                {t('mastertool.editor.reflect')}
              </RouterButton>
            </>
          )}
        />
      ) : null}
    </MastertoolPage>
  );
}

/** The attachment codes the material templates know (PRA: a document and its code), named by it. */
function attachCodesOf(
  templates: readonly {
    type: string;
    name: string;
    values: { application_target: { standard_item_codes: string[] } | null };
  }[],
) {
  return templates
    .filter((tpl) => tpl.type === 'PRA')
    .flatMap((tpl) =>
      (tpl.values.application_target?.standard_item_codes ?? []).map((value) => ({ value, label: tpl.name })),
    );
}
