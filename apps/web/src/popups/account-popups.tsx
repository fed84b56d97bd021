import type { UserView } from '@sayspell/core/protocol/auth';
import { lazy, Suspense } from 'react';
import { EulaPopup } from './eula-popup.tsx';

// the form carries the whole country list: loaded only for the few who still have to fill it
const DemographicPopup = lazy(async () => ({
  default: (await import('./demographic-popup.tsx')).DemographicPopup,
}));

/** a registered user first confirms the EULA, then fills the demographic form once (§4) */
export function AccountPopups({ user }: { user: UserView }) {
  if (user.role === 'guest') return null;
  if (!user.hasConfirmedEULA) return <EulaPopup userId={user._id} />;
  if (user.needsDemographic) {
    return (
      <Suspense fallback={null}>
        <DemographicPopup />
      </Suspense>
    );
  }
  return null;
}
