import { useSignOut } from '../features/auth/api/sign-out';
import { loginUrlFor } from '../features/auth/safe-redirect';
import { InvitationPage } from '../features/workspaces/components/invitation-page';

/** `/invite#<token>`: the invitation page, with signing in and out from the sign-in feature. */
export function InvitationRoute() {
  const signOut = useSignOut();
  return (
    <InvitationPage
      links={{ loginUrlFor, signOut: { onClick: () => signOut.mutate(), loading: signOut.isPending } }}
    />
  );
}
