// Where each problem the server names when the application is submitted (or submitted again after a
// remand) is fixed.
import type { ApiProblem } from '../../lib/api';

/** The screen (under applications/{id}/) that fixes a problem of the submission, by its field. */
export function screenForProblem(problem: Pick<ApiProblem, 'field'>): { screen: string; field?: string } {
  const field = problem.field ?? '';
  if (field === 'signature') return { screen: 'signatureDigitalCertificateConfirm' };
  if (field === 'identification') return { screen: 'identification' };
  if (field === 'procedure_ids') return { screen: 'procedures' };
  if (field.startsWith('attach_')) return { screen: 'attached' };
  if (field === '') return { screen: 'formValues' };
  return { screen: 'form', field: field.replace(/\.\d+$/, '') };
}
