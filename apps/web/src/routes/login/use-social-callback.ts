import type { UserView } from '@sayspell/core/protocol/auth';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { signInSocial } from '../../api/accounts.ts';
import { ApiRequestError } from '../../api/api-error.ts';
import { redirectTarget } from '../../auth/redirect-target.ts';
import { PROVIDER_LABELS, type RedirectProvider, takeSocialSignIn } from './social-flow.ts';

export interface CallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

export type CallbackStatus =
  | { kind: 'none' }
  | { kind: 'pending'; provider: RedirectProvider | null }
  | { kind: 'failed'; message: string };

export const CONSENT_REFUSED =
  'You did not allow SaySpell to use that account. You can try again, or sign in another way.';
export const NOT_STARTED_HERE =
  'This sign-in answer does not belong to a sign-in started in this browser tab. Please start again.';

interface Attempt {
  code: string;
  provider: RedirectProvider;
  redirect: string;
  done: Promise<UserView>;
}
// a code is good once: strict mode's second effect run (and a re-render) share the first post
let attempt: Attempt | null = null;

/** finishes a social sign-in when the provider has sent the browser back to /login */
export function useSocialCallback(params: CallbackParams, onSettled: () => void): CallbackStatus {
  const navigate = useNavigate();
  const { code, state, error, errorDescription } = params;
  const [status, setStatus] = useState<CallbackStatus>(() => initialStatus(params));

  useEffect(() => {
    if (error) {
      takeSocialSignIn();
      setStatus({
        kind: 'failed',
        message:
          error === 'access_denied'
            ? CONSENT_REFUSED
            : `The sign-in provider answered: ${errorDescription ?? error}. Please try again.`,
      });
      onSettled();
      return;
    }
    if (!code || !state) return;
    if (attempt?.code !== code) {
      const pending = takeSocialSignIn();
      if (!pending) {
        setStatus({ kind: 'failed', message: NOT_STARTED_HERE });
        onSettled();
        return;
      }
      attempt = {
        code,
        provider: pending.provider,
        redirect: redirectTarget(pending.redirect),
        done: signInSocial(pending.provider, code, state),
      };
    }
    const current = attempt;
    let live = true;
    setStatus({ kind: 'pending', provider: current.provider });
    current.done.then(
      () => {
        if (live) navigate(current.redirect, { replace: true });
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiRequestError && err.code === 'ACCOUNT_REMOVED') {
          navigate('/adminRemoved', { replace: true });
          return;
        }
        setStatus({
          kind: 'failed',
          message:
            err instanceof Error ? err.message : `Sign-in with ${PROVIDER_LABELS[current.provider]} failed.`,
        });
        onSettled();
      },
    );
    return () => {
      live = false;
    };
  }, [code, state, error, errorDescription, navigate, onSettled]);

  return status;
}

function initialStatus(p: CallbackParams): CallbackStatus {
  if (p.code && p.state && !p.error)
    return { kind: 'pending', provider: attempt?.code === p.code ? attempt.provider : null };
  return { kind: 'none' };
}
