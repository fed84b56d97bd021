import { useSignedIn } from '../../auth/use-signed-in.ts';
import { LandingPage } from '../landing/landing-page.tsx';
import { HomePage } from './home-page.tsx';

/** / is home for a signed-in player and the landing page for everyone else (§1, §2) */
export function IndexPage() {
  return useSignedIn() ? <HomePage /> : <LandingPage />;
}
