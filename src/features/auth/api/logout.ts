import { clearQueryCache } from '../../../lib/query-client';
import { tokenStore } from '../../../lib/tokens';

/** Opening /login ends the session on this device: tokens and cached answers go. */
export async function logout(): Promise<void> {
  tokenStore.clear();
  await clearQueryCache();
}
