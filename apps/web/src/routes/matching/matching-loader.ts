import { type LoaderFunctionArgs, redirect } from 'react-router';
import { profileQuery } from '../../api/auth.ts';
import { queryClient } from '../../api/query-client.ts';
import { type MatchSettings, parseMatchSettings } from '../home/setup-options.ts';

export interface MatchingLoaderData {
  settings: MatchSettings;
}

/** /matching carries the player's settings in its url; without them there is nothing to match */
export async function matchingLoader({
  request,
}: LoaderFunctionArgs): Promise<MatchingLoaderData | Response> {
  const settings = parseMatchSettings(new URL(request.url).searchParams);
  if (!settings) return redirect('/');
  void queryClient.prefetchQuery(profileQuery);
  return { settings };
}
