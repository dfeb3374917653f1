/** db:seed's line for one environment: the rows it added per table, or that the demo data was all there. */
export function seedReport(
  environment: string,
  before: Record<string, number>,
  after: Record<string, number>,
): string {
  const added = Object.entries(after)
    .map(([table, n]) => [table, n - (before[table] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${n} ${table}`);
  return added.length === 0
    ? `${environment}: demo data already present, nothing inserted`
    : `${environment}: inserted ${added.join(', ')}`;
}
