// Japan calendar days (the server's dates for filters and the dashboard are Japan days).

/** The first and last day of the month of a YYYY-MM-DD date. */
export function monthRange(isoDate: string): { start: string; end: string } {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}
