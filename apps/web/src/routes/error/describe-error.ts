import { TEXTS } from '@sayspell/core/constants';
import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../../api/api-error.ts';

export interface ErrorDescription {
  status: number;
  /** the page title: the error's message, or 'Error' (§2) */
  title: string;
}

function messageOf(data: unknown): string | null {
  if (typeof data === 'string' && data.trim()) return data;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
    return data.message || null;
  }
  return null;
}

/** whatever a route threw, as a status and a title (§8: generic errors default to 500) */
export function describeError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    return { status: error.status, title: messageOf(error.data) ?? (error.statusText || TEXTS.error) };
  }
  if (isApiError(error)) return { status: error.statusCode || 500, title: error.message || TEXTS.error };
  if (error instanceof Error) return { status: 500, title: error.message || TEXTS.error };
  return { status: 500, title: messageOf(error) ?? TEXTS.error };
}
