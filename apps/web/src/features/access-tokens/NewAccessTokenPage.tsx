import { AccessTokensTab } from './AccessTokensTab';

/** /:projectId/settings/new-access-token: the tokens tab with the create dialog open. */
export function NewAccessTokenPage() {
  return <AccessTokensTab startCreating />;
}
