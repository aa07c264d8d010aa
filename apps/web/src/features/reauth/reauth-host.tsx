import { lazy, Suspense, useState } from 'react';
import { useStore } from '../../lib/external-store';
import { reauthPromptStore } from '../../lib/reauth-prompt';

const ReauthDialog = lazy(async () => ({ default: (await import('./reauth-dialog')).ReauthDialog }));

/**
 * Where the "Confirm it's you" prompt lives (mounted once by the shell): its code loads the first
 * time a sensitive act asks for it, then it stays mounted so it can close with its transition.
 */
export function ReauthHost() {
  const open = useStore(reauthPromptStore);
  const [asked, setAsked] = useState(false);
  if (open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog open={open} />
    </Suspense>
  );
}
