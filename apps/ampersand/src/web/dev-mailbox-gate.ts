/**
 * When the local dev mailbox may show the sign-in links it holds (issue 27 §4): they are
 * credentials, so only on a deployment whose configured public URL is itself loopback (a local
 * `npm start`, never one reached through a name), to a browser on this machine, and never through
 * a forwarding proxy — one that rewrites `Host` (nginx's default) would otherwise make a public
 * request look local, so any `Forwarded` or `X-Forwarded-*` header closes the page.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const LOOPBACK_PEER = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** True when the public URL is loopback, so a mailbox may exist at all (what is written, what is linked). */
export function mailboxAllowedFor(publicUrl: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(publicUrl).hostname);
}

/** True when this request may read the mailbox. */
export function mailboxOpenTo(publicUrl: string, headers: Headers, peerAddress: string): boolean {
  if (!mailboxAllowedFor(publicUrl)) return false;
  for (const name of headers.keys()) if (name === 'forwarded' || name.startsWith('x-forwarded-')) return false;
  return LOOPBACK_PEER.test(peerAddress);
}
