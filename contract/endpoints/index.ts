// Every endpoint of the API (base path /api), each with its method, path and request schema. The
// server registers its routes from these; a test checks that the registered routes and
// docs/api-contract.md name exactly these.
import * as auth from './auth.ts';
import * as catalog from './catalog.ts';
import * as console from './console.ts';
import * as embedding from './embedding.ts';
import * as mfa from './mfa.ts';
import * as account from './account.ts';
import * as passkey from './passkey.ts';
import * as passwordReset from './password-reset.ts';
import * as registration from './registration.ts';
import * as tenant from './tenant.ts';

export const endpoints = {
  getPublicKey: auth.getPublicKey,
  doLogin: auth.doLogin,
  weComLoginByCode: auth.weComLoginByCode,
  feishuLoginByCode: auth.feishuLoginByCode,
  isLogin: auth.isLogin,
  signOut: auth.signOut,
  currentUser: auth.currentUser,
  changePassword: auth.changePassword,
  sendLoginSms: auth.sendLoginSms,
  sendResetSms: passwordReset.sendResetSms,
  resetPassword: passwordReset.resetPassword,
  sendRegisterSms: registration.sendRegisterSms,
  userDetails: registration.userDetails,
  registerUser: registration.registerUser,
  groupDetail: catalog.groupDetail,
  groupList: catalog.groupList,
  appList: catalog.appList,
  redeemTicket: embedding.redeemTicket,
  tenantList: tenant.tenantList,
  health: tenant.health,
  healthReady: tenant.healthReady,
  consoleSetupState: console.setupState,
  consoleCompleteSetup: console.completeSetup,
  consoleSignIn: console.consoleSignIn,
  consoleReauth: console.consoleReauth,
  consoleSignOut: console.consoleSignOut,
  consoleMe: console.consoleMe,
  consoleListClients: console.listClients,
  consoleSaveClient: console.saveClient,
  consoleSetClientDisabled: console.setClientDisabled,
  consoleRemoveClient: console.removeClient,
  consoleRotateClientSecret: console.rotateClientSecret,
  consoleRotateSigningKey: console.rotateSigningKey,
  consoleListProtocolApps: console.listProtocolApps,
  consoleSaveCasService: console.saveCasService,
  consoleSaveSamlSp: console.saveSamlSp,
  consoleRemoveProtocolApp: console.removeProtocolApp,
  consoleListApps: console.listApps,
  consoleSaveApp: console.saveApp,
  consoleRemoveApp: console.removeApp,
  consoleListGroups: console.listGroups,
  consoleSaveGroup: console.saveGroup,
  consoleSearchAccounts: console.searchAccounts,
  consoleCreateAccount: console.createAccount,
  consoleResetAccountPassword: console.resetAccountPassword,
  consoleUnlockAccount: console.unlockAccount,
  consoleSetAccountDisabled: console.setAccountDisabled,
  consoleSetAccountGroups: console.setAccountGroups,
  consoleSetAccountAdmin: console.setAccountAdmin,
  consoleAccountSessions: console.accountSessions,
  consoleEndAccountSessions: console.endAccountSessions,
  consoleSignInAudit: console.signInAudit,
  consoleSignInAuditCsv: console.signInAuditCsv,
  consoleAdminActionAudit: console.adminActionAudit,
  verifySecondFactor: mfa.verifySecondFactor,
  startSignInEnrolment: mfa.startSignInEnrolment,
  confirmSignInEnrolment: mfa.confirmSignInEnrolment,
  accountSecurity: account.accountSecurity,
  startTotpEnrolment: account.startTotpEnrolment,
  confirmTotpEnrolment: account.confirmTotpEnrolment,
  removeTotp: account.removeTotp,
  renewRecoveryCodes: account.renewRecoveryCodes,
  accountProfile: account.accountProfile,
  sendPhoneChangeCode: account.sendPhoneChangeCode,
  changePhone: account.changePhone,
  accountSessionList: account.accountSessionList,
  endOwnSession: account.endOwnSession,
  endOtherSessions: account.endOtherSessions,
  recentSignIns: account.recentSignIns,
  passkeyList: passkey.passkeyList,
  passkeyRegistrationOptions: passkey.passkeyRegistrationOptions,
  addPasskey: passkey.addPasskey,
  renamePasskey: passkey.renamePasskey,
  removePasskey: passkey.removePasskey,
  passkeySignInOptions: passkey.passkeySignInOptions,
  passkeySignIn: passkey.passkeySignIn,
} as const;

export type EndpointName = keyof typeof endpoints;
