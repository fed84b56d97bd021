/** what this needs of a zod schema (the web app takes its schemas from core) */
interface Schema {
  safeParse(
    values: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** the first message per field when `values` do not fit `schema`; empty when they do */
export function fieldErrors(schema: Schema, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
