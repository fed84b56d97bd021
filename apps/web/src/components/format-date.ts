// the spec's date format 'MMMM D, Y' (§9, DATE_FORMAT in core): "November 22, 2026", local time
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function formatDate(epochMs: number): string {
  return longDate.format(new Date(epochMs));
}
