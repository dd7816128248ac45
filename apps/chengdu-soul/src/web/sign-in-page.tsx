/**
 * What a sign-in link opens. The link itself changes nothing: link previewers and mail scanners
 * fetch URLs on their own, and a one-time link spent by a robot would lock the owner out. The
 * owner's click on "Sign in" posts the token and only that uses it.
 */
import type { SignInLinkState } from '../access/sign-in-links.ts';
import { SIGN_IN_LINK_MINUTES } from '../access/sign-in-links.ts';
import { MessagePage } from './message-page.tsx';

export const ISSUE_LINK_COMMAND = 'npm run operator -- issue-signin-link';

const FAILURE_TEXT: Record<Exclude<SignInLinkState, 'valid'>, [string, string]> = {
  unknown: ['This sign-in link is not valid', 'Check that the whole link was copied, or ask the operator for a new one.'],
  used: ['This sign-in link was already used', 'Each link signs in once. Ask the operator for a new one.'],
  expired: ['This sign-in link has expired', `Links work for ${SIGN_IN_LINK_MINUTES} minutes after the operator issues them. Ask for a new one.`],
  withdrawn: ['This account is no longer approved', 'The operator approved another account since this link was issued.'],
};

export function signInFailureStatus(state: Exclude<SignInLinkState, 'valid'>): 403 | 404 | 410 {
  return state === 'unknown' ? 404 : state === 'withdrawn' ? 403 : 410;
}

export function SignInPage(props: { token: string; state: SignInLinkState }) {
  if (props.state !== 'valid') {
    const [title, text] = FAILURE_TEXT[props.state];
    return (
      <MessagePage title={title}>
        <p>{text}</p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title="Sign in as the owner">
      <p>This one-time link signs you in to plan Chengdu days and manage your saved plans. It works once.</p>
      <form method="post" action="/signin">
        <input type="hidden" name="token" value={props.token} />
        <button type="submit">Sign in</button>
      </form>
    </MessagePage>
  );
}
