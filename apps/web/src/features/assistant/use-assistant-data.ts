// What an assistant page reads: the page (or the first open one) with the questions of the application's
// version (read once per version, decision 0050), the saved answers and item states, the
// item definitions of every procedure of the group (inline forms fill items of any of them), and the
// filter's questions, only to quote them in "why am I seeing this".
import type { StandardItem } from '@portal/contracts';
import { useMemo } from 'react';
import { useApiQuery } from '../../lib/api';
import type { Application } from '../../lib/application/steps';
import { useLocalized } from '../../lib/i18n/localized';
import { labelIndex } from './assistant';
import type { AssistantView } from './use-assistant-page';

export function useAssistantData(code: string, application: Application, sub: number | undefined) {
  const { language } = useLocalized();
  const params = { code, applicationId: application.id };
  const group = application.procedure_group_id;
  const state = useApiQuery('applicant.concierge_assistant.get', {
    params,
    query: sub === undefined ? {} : { concierge_sub_category_id: sub },
  });
  // The questions of the application's version: configuration, read once per version.
  const questions = useApiQuery(
    'applicant.concierge_assistant.questions',
    {
      params: { code },
      query: { procedure_group_id: group, version: application.configuration_version },
    },
    { staleTime: Infinity },
  );
  const view: AssistantView | undefined = useMemo(
    () =>
      state.data && questions.data ? { ...state.data, categories: questions.data.categories } : undefined,
    [state.data, questions.data],
  );
  const values = useApiQuery('applicant.form.values', { params });
  const procedures = useApiQuery('applicant.procedures', {
    params: { code },
    query: { procedure_group_id: group },
  });
  const ids = procedures.data?.available
    .map((p) => p.id)
    .sort((a, b) => a - b)
    .join(',');
  const form = useApiQuery(
    'applicant.form.get',
    {
      params: { code },
      query: {
        procedure_group_id: group,
        procedure_ids: ids ?? '',
        version: application.configuration_version,
      },
    },
    { enabled: Boolean(ids), staleTime: Infinity },
  );
  const filter = useApiQuery(
    'applicant.concierge_filter.get',
    { params: { code }, query: { procedure_group_id: group } },
    { staleTime: Infinity },
  );

  const catalog: ReadonlyMap<string, StandardItem> = useMemo(
    () => new Map((form.data?.fragments ?? []).flatMap((f) => f.items.map((i) => [i.code, i] as const))),
    [form.data],
  );
  const labels = useMemo(
    () =>
      labelIndex(
        [...(filter.data ? [filter.data.category] : []), ...(view?.categories ?? [])],
        catalog,
        language,
      ),
    [filter.data, view?.categories, catalog, language],
  );
  const waiting =
    state.isPending ||
    questions.isPending ||
    values.isPending ||
    (procedures.isPending && !procedures.isError) ||
    (form.isPending && form.fetchStatus !== 'idle');
  return {
    view,
    values,
    catalog,
    labels,
    copies: form.data?.copies ?? [],
    catalogError: form.isError || procedures.isError,
    waiting,
    failed: state.error ?? questions.error ?? values.error,
    retry: () => {
      void state.refetch();
      void questions.refetch();
      void values.refetch();
    },
  };
}
