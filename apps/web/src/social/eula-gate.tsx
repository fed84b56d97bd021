import type { UserView } from '@sayspell/core/protocol/auth';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { confirmEula } from '../api/accounts.ts';
import { profileQuery } from '../api/auth.ts';
import { notifyError } from '../api/notify-error.ts';

// a guest plays without the EULA but chats and invites only after 'I Understand' (§6; the server
// refuses both with 403 otherwise). the first chat or invite asks, then goes on with what was clicked.
// the question is a modal: its code loads when it is asked, not with the players list (issue 22)

const EulaGatePopup = lazy(async () => ({ default: (await import('./eula-gate-popup.tsx')).EulaGatePopup }));

export function useEulaGate(me: UserView | undefined): { gate(action: () => void): void; popup: ReactNode } {
  // the cached profile knows a confirmation made elsewhere (the registered user's popup)
  const profile = useQuery({ ...profileQuery, enabled: false });
  const [confirmedHere, setConfirmedHere] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [saving, setSaving] = useState(false);
  const confirmed = confirmedHere || !!(profile.data ?? me)?.hasConfirmedEULA;

  const gate = (action: () => void) => (confirmed ? action() : setPending(() => action));
  const accept = async () => {
    if (!me) return;
    setSaving(true);
    try {
      await confirmEula(me._id);
      setConfirmedHere(true);
      const action = pending;
      setPending(null);
      action?.();
    } catch (err) {
      notifyError(err, 'Could not save your answer');
    } finally {
      setSaving(false);
    }
  };

  const popup = pending ? (
    <Suspense fallback={null}>
      <EulaGatePopup saving={saving} onAccept={() => void accept()} onClose={() => setPending(null)} />
    </Suspense>
  ) : null;
  return { gate, popup };
}
