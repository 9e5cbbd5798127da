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

const KINDS = { staff: '员工', dealer: '经销商' } as const;

function ProfileSection({ profile }: { profile: AccountProfile }) {
  return (
    <section className="account-card" aria-labelledby="account-profile">
      <h2 id="account-profile">个人资料</h2>
      <dl className="account-profile">
        <dt>用户名</dt><dd>{profile.username}</dd>
        <dt>账号类型</dt><dd>{KINDS[profile.kind]}</dd>
        <dt>手机号</dt><dd>{profile.phone ?? '未绑定'}</dd>
        <dt>所属客户群</dt><dd>{profile.groups.length > 0 ? profile.groups.map((g) => g.name).join('、') : '无'}</dd>
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
        <h1 className="account__title">我的账号</h1>
        <nav className="account__nav" aria-label="页面">
          <a className="btn btn--link" href="/home">返回应用中心</a>
          <BusyButton busy={signOut.busy} busyLabel="正在退出…" onClick={() => void leave()}>退出登录</BusyButton>
        </nav>
      </header>
      <main className="account__main" id="account-main">
        {profile === null ? (
          <p className="muted" role="status">{load.error ? <>{load.error} <a href={LOGIN_AND_BACK}>重新登录</a></> : '正在加载…'}</p>
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
