/** rows from db.execute: both drivers answer with { rows } */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
