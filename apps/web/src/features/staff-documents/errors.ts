// How a refused act reads on a staff screen: 403 says it is not permitted, 409 that the document moved on.
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api';

export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403 && error.code !== 'csrf_failed')
      return `${t('staff.common.forbidden')} ${error.message}`;
    if (error.status === 409) return `${t('staff.common.conflict')} ${error.message}`;
    if (error.status === 0) return t('common.networkError');
  }
  return error instanceof Error ? error.message : String(error);
}
