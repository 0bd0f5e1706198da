import { redirect } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import { LoginBody } from '../../../core/schemas/auth';
import { logIn, signUp } from '../../api/accounts';
import { messageOf, session } from '../../api/client';
import { forgotPassword, type ForgotIntent } from './forgot-password';
import { jsonBody, revalidateAfterSuccess } from '../../lib/route-data';
import { takeReturnTo } from '../../lib/return-to';
import { afterLogin } from '../../lib/sign-in';
import { LoginForm, type LoginIntent } from './login-form';
import type { Route } from './+types/login';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Login / Signup') }, { name: 'robots', content: 'noindex' }];

/** Who is logged in already, if anyone (the page offers their dashboard). */
export const clientLoader = () => ({ current: session.user() });

/**
 * Log in or sign up: the session is kept and the browser goes to the dashboard (or back to the page asked for).
 * Intent "forgot" is the "Forgot password?" panel's request for a reset link.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const body = await jsonBody<LoginIntent | ForgotIntent>(request);
  if ('intent' in body) return forgotPassword(body);
  const { mode, role, email, password } = body;
  try {
    if (mode === 'login') {
      const parsed = LoginBody.safeParse({ email, password, role });
      if (!parsed.success) return { ok: false as const, intent: mode, error: parsed.error.issues[0]?.message ?? MESSAGES.loginFailed };
      const res = await logIn(parsed.data);
      // After 'Please login first': back to the page asked for (its own loader sends another role to their dashboard).
      // An account with a second factor goes to its code first (decision 0070).
      const wanted = body.returning ? takeReturnTo() : null;
      return redirect(afterLogin(res, wanted));
    }
    const res = await signUp({
      name: body.name || email.split('@')[0] || '',
      email,
      password,
      confirmPassword: body.confirmPassword,
      role,
      // The picker offers the tracks' topics; the server checks them against the tracks again.
      tags: role === 'Reviewer' ? body.tags : [],
      // Decision 0074: the name's parts, only when the person gave some.
      ...body.parts,
    });
    return redirect(afterLogin(res));
  } catch (err) {
    if (err instanceof Response) throw err;
    return { ok: false as const, intent: mode, error: messageOf(err, mode === 'login' ? MESSAGES.loginFailed : MESSAGES.signupFailed) };
  }
}

export const shouldRevalidate = revalidateAfterSuccess;

export default function Login({ loaderData: { current } }: Route.ComponentProps) {
  return <LoginForm current={current} />;
}
