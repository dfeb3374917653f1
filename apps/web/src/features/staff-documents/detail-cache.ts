// After a change on the detail screen: the answer is the new document; lists and counts refresh.
import type { QueryClient } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions, type ApiResult } from '../../lib/api';

export function storeDocument(queryClient: QueryClient, doc: ApiResult<'staff.documents.get'>) {
  queryClient.setQueryData(
    apiQueryKey('staff.documents.get', { params: { documentId: doc.id }, query: { is_internal: 'true' } }),
    doc,
  );
  void queryClient.invalidateQueries({ queryKey: ['staff.documents.list'] });
  void queryClient.invalidateQueries({ queryKey: ['staff.overview'] });
}

export function refreshDocument(queryClient: QueryClient, documentId: string) {
  void queryClient.invalidateQueries({ queryKey: ['staff.documents.get', { documentId }] });
  void queryClient.invalidateQueries({ queryKey: ['staff.documents.list'] });
}

/** Reads the document again after a stale write (decision 0034), answering it as it is now. */
export function reloadDocument(queryClient: QueryClient, documentId: string) {
  void queryClient.invalidateQueries({ queryKey: ['staff.documents.list'] });
  // The memo form follows a newer memo when nothing is typed in it (MemosSection).
  void queryClient.invalidateQueries({ queryKey: ['staff.documents.memos.get', { documentId }] });
  return queryClient.fetchQuery({
    ...apiQueryOptions('staff.documents.get', { params: { documentId }, query: { is_internal: 'true' } }),
    staleTime: 0,
  });
}
