// After a change on the detail screen: the answer is the new document; lists and counts refresh.
import type { QueryClient } from '@tanstack/react-query';
import { apiQueryKey, type ApiResult } from '../../lib/api';

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
