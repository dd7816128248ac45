/**
 * Where and when an authorization request started, said to the person asked to approve it on
 * another screen (the approving phone, or the browser a device code is typed into): the time, how
 * long ago, the network address of the screen or device that started it, and whether that is this
 * screen's own network. Someone relaying a number or a device code to a victim (cross-device
 * consent phishing) starts the request elsewhere and moments before; this puts both facts in front
 * of the person. A shared network is shown as a hint, never trusted (a VPN or a shared Wi-Fi
 * defeats it either way), so the decision stays the person's.
 */
import type { Child } from 'hono/jsx';

export interface RequestOrigin {
  /** The starting screen's or device's network address (client-address.ts), when known. */
  address: string | undefined;
  startedAt: Date;
}

export function requestOriginLine(origin: RequestOrigin, thisAddress: string, now: Date): Child {
  const sameNetwork = origin.address !== undefined && origin.address === thisAddress;
  return (
    <p class={sameNetwork ? 'meta' : 'problem'} id="request-origin">
      This request started at <strong>{origin.startedAt.toISOString().slice(11, 16)} UTC</strong> ({ago(origin.startedAt, now)})
      {origin.address ? (
        <>
          {' '}
          from the network address <strong>{origin.address}</strong>, {sameNetwork ? 'the same network as this screen.' : 'not the network this screen is on.'}
        </>
      ) : (
        '.'
      )}{' '}
      {sameNetwork ? null : 'If you did not start it yourself, just now, on a screen or device in front of you, Decline.'}
    </p>
  );
}

function ago(at: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  if (seconds < 90) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} minutes ago`;
  return `${Math.round(minutes / 60)} hours ago`;
}
