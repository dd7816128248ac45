/**
 * Who answered, as a conversation's bubbles name them: a reply an external runtime wrote (its
 * `run_outcome` ended the turn) goes by the name its client registered; everything & writes
 * itself — in process, through its own hosted runtime, or a timeout, a cancel — goes by "&".
 * Which apps an andee connected is theirs to know: in a shared Loop, another member reads a
 * reply their app wrote as "Mara’s app". A registered name that reads as one of the
 * conversation's own speakers ("&", "You") is shown in quotes, as the app's claim, so no app
 * passes itself off as & or as the andee.
 */
import type { Kysely } from 'kysely';
import { appNames } from '../auth/connected-apps.ts';
import { HOSTED_RUNTIME_CLIENT_ID } from '../auth/hosted-runtime.ts';
import type { MessageView } from '../loops/conversation.ts';
import { andeeNames, replyClients } from '../loops/page-references.ts';
import type { AmpersandDatabase } from '../store/schema.ts';

/** The speakers a conversation page names itself, compared without case or surrounding spaces. */
const PAGE_SPEAKERS = new Set(['&', 'you', '']);

/** The name over each of these messages that a runtime other than & wrote, as `viewerId` reads it, by message id; a reply not in it is &'s. */
export async function runtimeSpeakers(db: Kysely<AmpersandDatabase>, messages: readonly MessageView[], viewerId: string): Promise<Map<string, string>> {
  const clients = await replyClients(
    db,
    messages.filter((m) => m.role !== 'andee').map((m) => m.messageId),
  );
  const external = [...clients].filter(([, reply]) => reply.clientId !== HOSTED_RUNTIME_CLIENT_ID);
  const [apps, owners] = await Promise.all([
    appNames(
      db,
      external.filter(([, reply]) => reply.andeeId === viewerId).map(([, reply]) => reply.clientId),
    ),
    andeeNames(
      db,
      external.filter(([, reply]) => reply.andeeId !== viewerId).map(([, reply]) => reply.andeeId),
    ),
  ]);
  return new Map(
    external.map(([messageId, reply]) => [
      messageId,
      reply.andeeId === viewerId ? speakerName(apps.get(reply.clientId)) : `${owners.get(reply.andeeId) ?? 'A member'}’s app`,
    ]),
  );
}

function speakerName(registered: string | undefined): string {
  // A client no longer registered still wrote the reply: it was an app, not &.
  if (registered === undefined) return 'An app';
  return PAGE_SPEAKERS.has(registered.trim().toLowerCase()) ? `“${registered}”` : registered;
}
