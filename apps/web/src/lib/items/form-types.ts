// The form of an application as the server sends it: its definition (fragments, items, rules) and the
// saved answers with each item's state. The form and the assistant both read them.
import type { ApiResult } from '../api';

export type FormDefinition = ApiResult<'applicant.form.get'>;
export type FormValuesResult = ApiResult<'applicant.form.values'>;
