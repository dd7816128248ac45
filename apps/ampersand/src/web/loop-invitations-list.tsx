/**
 * The shelf's invitations: Loops someone who is not the andee's connection shared with them, each
 * waiting for Accept (they become a member and see it) or Decline (it goes, and no one is told).
 * Until then the andee is no member and cannot open the Loop, so the card names only its title
 * and who invited them.
 */
import type { WaitingInvitation } from '../loops/loop-invitations.ts';
import { OlderLink } from './older-link.tsx';
import { TimeWords } from './time-zone.tsx';

export function LoopInvitationsList(props: { invitations: WaitingInvitation[]; next: string | undefined; csrf: string; now: Date; zone: string }) {
  if (props.invitations.length === 0 && !props.next) return null;
  return (
    <section aria-labelledby="invitations">
      <h2 id="invitations">Invitations</h2>
      <p>People who are not your connections invited you to these Loops. You see one only once you accept; declining tells no one.</p>
      <ul class="shelf">
        {props.invitations.map((i) => (
          <li class="card" data-invitation={i.loopId}>
            <h3>{i.title}</h3>
            <p class="meta">
              From {i.owner.name} ({i.owner.tag}), <TimeWords at={i.invitedAt} now={props.now} zone={props.zone} />
            </p>
            <div class="actions">
              <form method="post" action={`/loops/${encodeURIComponent(i.loopId)}/accept`}>
                <input type="hidden" name="csrf" value={props.csrf} />
                <button type="submit" class="primary">
                  Accept
                </button>
              </form>
              <form method="post" action={`/loops/${encodeURIComponent(i.loopId)}/decline`}>
                <input type="hidden" name="csrf" value={props.csrf} />
                <button type="submit">Decline</button>
              </form>
            </div>
          </li>
        ))}
      </ul>
      <OlderLink path="/loops" param="invitations" next={props.next} anchor="invitations" label="Older invitations" />
    </section>
  );
}
