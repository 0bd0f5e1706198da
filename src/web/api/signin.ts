import { SIGNIN } from '../../core/api/signin';
import type { BodyOf } from '../../core/api/endpoint';
import { call } from './client';

/** Decision 0070: provider sign-in and the second factor. */
export const listProviders = () => call(SIGNIN.listProviders);
export const completeOidc = (body: BodyOf<typeof SIGNIN.completeOidc>) => call(SIGNIN.completeOidc, { body });
export const completeSecondFactor = (body: BodyOf<typeof SIGNIN.completeSecondFactor>) => call(SIGNIN.completeSecondFactor, { body });
export const getAccountSecurity = () => call(SIGNIN.getAccountSecurity);
export const startLink = (provider: string, password: string) => call(SIGNIN.startLink, { params: { provider }, body: { password } });
export const unlinkIdentity = (identityId: string) => call(SIGNIN.unlinkIdentity, { params: { identityId } });
export const startTotp = () => call(SIGNIN.startTotp);
export const confirmTotp = (code: string) => call(SIGNIN.confirmTotp, { body: { code } });
export const disableTotp = (code: string) => call(SIGNIN.disableTotp, { body: { code } });
export const getSecuritySettings = () => call(SIGNIN.getSecuritySettings);
export const updateSecuritySettings = (requireSecondFactor: boolean) =>
  call(SIGNIN.updateSecuritySettings, { body: { requireSecondFactor } });
export const resetSecondFactor = (userId: string) => call(SIGNIN.resetSecondFactor, { params: { userId } });
