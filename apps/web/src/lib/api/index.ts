// The app's API client and its TanStack Query helpers.
export { apiClient, api } from './default-client';
export { ApiError, ParseError, CSRF_TOKEN_MISSING, isApiError, apiErrorMessage } from './errors';
export type { ApiProblem } from './errors';
export { errorText, errorKind, errorFields, fieldErrorTexts, isSignInEnded } from './error-text';
export type { ErrorKind, ErrorTextContext } from './error-text';
export type { ApiArgs, ApiCallOptions, ApiParams, ApiResult } from './client';
export { setCurrentMunicipality, currentMunicipality } from './municipality';
export { apiQueryKey, apiQueryOptions, useApiQuery, useApiMutation, createQueryClient } from './hooks';
