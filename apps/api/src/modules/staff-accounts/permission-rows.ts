/** The three permissions (decision 0005): reference rows every database needs, seeded with demo data or not. */
export const permissionRows = [
  { id: 1, code: 'administrator', name: '管理者' },
  { id: 2, code: 'clerk', name: '担当者' },
  { id: 3, code: 'viewer', name: '閲覧者' },
] as const;
