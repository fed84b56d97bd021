import { UnstyledButton } from '@mantine/core';
import { FULL_NAME_REVEAL_MS } from '@sayspell/core/constants';
import { inviteName } from '@sayspell/core/rules/social';
import { useEffect, useState } from 'react';

/** an invite name: upper case, cut to 15 characters; a click shows it whole for 2 s (§5) */
export function InviteName({ name, fz }: { name: string; fz?: string }) {
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    if (!whole) return;
    const t = window.setTimeout(() => setWhole(false), FULL_NAME_REVEAL_MS);
    return () => window.clearTimeout(t);
  }, [whole]);
  const short = inviteName(name);
  return (
    <UnstyledButton
      onClick={() => setWhole(true)}
      fw={800}
      fz={fz}
      title={short === name.toUpperCase() ? undefined : 'Show the whole name'}
      style={{ whiteSpace: 'nowrap' }}
    >
      {whole ? name.toUpperCase() : short}
    </UnstyledButton>
  );
}
