// The API as the widget's request client sees it: for each endpoint its request and its answer
// (the `data` of the envelope). Types only: `import type` keeps TypeBox out of the widget bundle.
import type {
  ChangePasswordBody, CodeLoginQuery, CurrentUserAnswer, DoLoginBody, IsLoginAnswer, LoginAnswer, PublicKeyAnswer,
  SendLoginSmsQuery, SignOutQuery,
} from './endpoints/auth.ts';
import type { ResetPasswordBody, SendResetSmsQuery } from './endpoints/password-reset.ts';
import type { AppEntry, DomainQuery, GroupConfig, GroupSummary } from './endpoints/catalog.ts';
import type { RegisterUserAnswer, RegisterUserBody, UserDetailsAnswer, UserDetailsQuery } from './endpoints/registration.ts';

type NoInput = Record<string, never>;

/** Keyed by "METHOD path" exactly as the widget calls it (path relative to the API base). */
export interface Api {
  'GET /centerAuth/commonConfig/getPublicKeySm2': { query: NoInput; answer: PublicKeyAnswer };
  'POST /centerAuth/sso/doLogin': { body: DoLoginBody; answer: LoginAnswer };
  'GET /centerAuth/sso/WeCom/loginByCode': { query: CodeLoginQuery; answer: LoginAnswer };
  'GET /centerAuth/sso/feishu/loginByCode': { query: CodeLoginQuery; answer: LoginAnswer };
  'GET /centerAuth/sso/isLogin': { query: NoInput; answer: IsLoginAnswer };
  'GET /centerAuth/sso/signout': { query: SignOutQuery; answer: null };
  'GET /centerAuth/user/curLogin/info': { query: NoInput; answer: CurrentUserAnswer };
  'POST /centerAuth/user/changePassword': { body: ChangePasswordBody; answer: null };
  'GET /centerAuth/msg/login/send': { query: SendLoginSmsQuery; answer: null };
  'GET /centerAuth/msg/resetPassword/send': { query: SendResetSmsQuery; answer: null };
  'POST /centerAuth/user/resetPassword': { body: ResetPasswordBody; answer: null };
  'GET /admin/mobile/:phone': { query: NoInput; answer: null };
  'GET /admin/user/details': { query: UserDetailsQuery; answer: UserDetailsAnswer };
  'POST /admin/register/user': { body: RegisterUserBody; answer: RegisterUserAnswer };
  'GET /centerAuth/clientGroup/detailGetBySsoDomain': { query: DomainQuery; answer: GroupConfig };
  'GET /centerAuth/clientGroup/getClientGroupList': { query: NoInput; answer: GroupSummary[] };
  'GET /centerAuth/client/getClientListBySsoDomain': { query: DomainQuery; answer: AppEntry[] };
}

export type ApiCall = keyof Api;
export type ApiQuery<K extends ApiCall> = Api[K] extends { query: infer Q } ? Q : never;
export type ApiBody<K extends ApiCall> = Api[K] extends { body: infer B } ? B : never;
export type ApiAnswer<K extends ApiCall> = Api[K]['answer'];
