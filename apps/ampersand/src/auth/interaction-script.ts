/**
 * The only script of the interaction pages, served from &'s own origin (`script-src 'self'`).
 * On the starting screen it asks every two seconds whether the request was answered on another
 * device and then moves on by itself (the Continue button does the same without JavaScript). On
 * an approving device it keeps Approve disabled until two digits are typed; the server checks the
 * number either way.
 */
export const INTERACTION_SCRIPT_PATH = '/assets/interaction.js';

export const INTERACTION_SCRIPT = `(() => {
  const waiting = document.querySelector('[data-answer-status]');
  if (waiting) {
    const statusUrl = waiting.getAttribute('data-answer-status');
    const next = waiting.getAttribute('data-answer-continue');
    const check = async () => {
      try {
        const response = await fetch(statusUrl, { headers: { Accept: 'application/json' }, cache: 'no-store' });
        const status = response.ok ? await response.json() : { state: 'gone' };
        if (status.state !== 'pending') return window.location.assign(next);
      } catch {}
      setTimeout(check, 2000);
    };
    setTimeout(check, 2000);
  }
  const number = document.querySelector('input[name="number"]');
  const approve = document.querySelector('button[value="approve"]');
  if (number && approve) {
    const sync = () => { approve.disabled = !/^[0-9]{2}$/.test(number.value.trim()); };
    number.addEventListener('input', sync);
    sync();
  }
})();
`;
