// The /account page (issue 21): a signed-in person's own account. Profile, password, phone, the
// authenticator app, the devices signed in, the last sign-ins. Without a session it goes to the
// login page, which comes back here.
import { useEffect, useState } from 'react';
import type { AccountProfile } from '../../contract/endpoints/account.ts';
import { BusyButton } from '../admin/busy-button.tsx';
import { api, LOGIN_AND_BACK, notices } from './account-api.ts';
import { NoticeRegion } from '../admin/notice-region.tsx';
import { PasswordSection } from './password-section.tsx';
import { PhoneSection } from './phone-section.tsx';
import { SessionsSection, SignInsSection } from './sessions-section.tsx';
import { TotpSection } from './totp-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { useCall } from './use-call.ts';
import { useStore } from '@nanostores/react';
import { $proofAsked } from './recent-proof.ts';
import { RecentProofDialog } from './recent-proof-dialog.tsx';
import { PageText, ProfileText } from './account.messages.ts';

function ProfileSection({ profile }: { profile: AccountProfile }) {
  return (
    <section className="account-card" aria-labelledby="account-profile">
      <h2 id="account-profile">{ProfileText.heading}</h2>
      <dl className="account-profile">
        <dt>{ProfileText.username}</dt><dd>{profile.username}</dd>
        <dt>{ProfileText.kind}</dt><dd>{ProfileText.kinds[profile.kind]}</dd>
        <dt>{ProfileText.phone}</dt><dd>{profile.phone ?? PageText.notBound}</dd>
        <dt>{ProfileText.groups}</dt><dd>{profile.groups.length > 0 ? profile.groups.map((g) => g.name).join(PageText.listSeparator) : PageText.none}</dd>
      </dl>
    </section>
  );
}

export function AccountApp() {
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const load = useCall();
  const signOut = useCall();
  const proofAsked = useStore($proofAsked);
  useEffect(() => {
    void load.run(() => api.get('/account/profile', { quiet: true })).then((answer) => answer && setProfile(answer));
  }, [load.run]);

  async function leave() {
    const done = await signOut.run(async () => {
      const answer = await api.get('/centerAuth/sso/signout', { params: { from: 'account' }, quiet: true });
      // Apps only the browser can sign out (SAML front channel) first; that chain ends on the signed-out page.
      return answer?.logoutChain ?? '/';
    });
    if (done) window.location.assign(done);
  }

  return (
    <div className="account">
      <header className="account__header">
        <h1 className="account__title">{PageText.heading}</h1>
        <nav className="account__nav" aria-label={PageText.nav}>
          <a className="btn btn--link" href="/home">{PageText.backToApps}</a>
          <BusyButton busy={signOut.busy} busyLabel={PageText.signingOut} onClick={() => void leave()}>{PageText.signOut}</BusyButton>
        </nav>
      </header>
      <main className="account__main" id="account-main">
        {profile === null ? (
          <p className="muted" role="status">{load.error ? <>{load.error} <a href={LOGIN_AND_BACK}>{PageText.signInAgain}</a></> : PageText.loading}</p>
        ) : (
          <>
            <ProfileSection profile={profile} />
            <PasswordSection username={profile.username} />
            <PhoneSection phone={profile.phone} onChanged={(phone) => setProfile({ ...profile, phone })} />
            <PasskeysSection />
            <TotpSection />
            <SessionsSection />
            <SignInsSection />
          </>
        )}
        {signOut.error ? <p className="form-error" role="alert">{signOut.error}</p> : null}
      </main>
      {proofAsked ? <RecentProofDialog need={proofAsked} /> : null}
      <NoticeRegion notices={notices} />
    </div>
  );
}
