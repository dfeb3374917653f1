// What the form and its review both read: the application, the form definition of its procedures (at
// the configuration version it started with) and the saved answers, with one error and one retry.
import { useApplication, useApplicationParams } from '../../lib/application/application';
import { useApiQuery } from '../../lib/api';

export function useFormData() {
  const { code, applicationId } = useApplicationParams();
  const app = useApplication(applicationId);
  const application = app.application;
  const definition = useApiQuery(
    'applicant.form.get',
    {
      params: { code },
      query: {
        procedure_group_id: application?.procedure_group_id ?? 1,
        procedure_ids: (application?.procedure_ids ?? []).join(','),
        version: application?.configuration_version,
      },
    },
    { enabled: (application?.procedure_ids.length ?? 0) > 0 },
  );
  const values = useApiQuery('applicant.form.values', { params: { code, applicationId } });
  const failed = app.isError ? app.error : definition.isError ? definition.error : values.error;
  const retry = () => {
    void app.refetch();
    void definition.refetch();
    void values.refetch();
  };
  return { code, applicationId, app, application, definition, values, failed, retry };
}
