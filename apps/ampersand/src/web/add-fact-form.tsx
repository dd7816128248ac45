/**
 * "Add a fact about yourself": the andee's own fact, with who may see it chosen before it is
 * filed (home-routes.tsx `/facts`). It lands on the page it was sent from (`back`), whose notice
 * says what happened.
 */
import { VISIBILITIES, type Visibility } from '../identity/identity-signals.ts';

/** The pages the form is on, and where `/facts` sends the andee back to. */
// The welcome page sends the andee on to home: its greeting has done its work.
export const FACT_FORM_PAGES = { home: '/home', welcome: '/home', review: '/review' } as const;
export type FactFormPage = keyof typeof FACT_FORM_PAGES;

export const VISIBILITY_CHOICES: Record<Visibility, string> = {
  private: 'Only me (private)',
  connected: 'My connections',
  public: 'Anyone (public)',
};

export function AddFactForm(props: { csrf: string; back: FactFormPage }) {
  return (
    <form method="post" action="/facts" id="add-fact" aria-labelledby="add-fact-heading">
      <h2 id="add-fact-heading">Add a fact about yourself</h2>
      <input type="hidden" name="csrf" value={props.csrf} />
      <input type="hidden" name="back" value={props.back} />
      <label>
        A fact, in your own words
        <input type="text" name="value" maxlength={1000} required placeholder="I love hiking in the Alps." autocomplete="off" />
      </label>
      <fieldset>
        <legend>Who may see it</legend>
        {VISIBILITIES.map((v) => (
          <label class="choice">
            <input type="radio" name="visibility" value={v} checked={v === 'private'} required /> {VISIBILITY_CHOICES[v]}
          </label>
        ))}
      </fieldset>
      <p class="meta">Agents you connect see it only as far as you allow: a private fact only when you ask & yourself.</p>
      <button type="submit" class="primary">
        Add fact
      </button>
    </form>
  );
}

/** The notice `/facts` leaves on the page, rebuilt from a known word (never text from the address). */
export function factNotice(query: Record<string, string>): string | undefined {
  if (query.fact === 'added') return 'Added to your identity. See it under Review → Your identity.';
  if (query.fact === 'duplicate') return 'That fact is already in your identity or waiting in Review, so nothing new was added.';
  return undefined;
}
