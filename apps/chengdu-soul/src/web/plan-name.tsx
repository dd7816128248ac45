/**
 * How the owner's web names a plan or a draft: by its days ("Day 1: People's Park 人民公园 ·
 * Wenshu Monastery 文殊院"), and when things happened, in China time — the time of the city the
 * plan is for, whatever the owner's own clock says.
 */

export interface NamedDay {
  day: number;
  scenes: ReadonlyArray<{ name: { en: string; zh: string } }>;
}

const CHINA_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Shanghai',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** «Tue, 1 Dec 2026, 17:30 China time». */
export function chinaTime(at: Date | string): string {
  return `${CHINA_TIME.format(new Date(at))} China time`;
}

const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', day: 'numeric', month: 'short', year: 'numeric' });

/**
 * A plan's short name and date: «2 days: Qingyang Palace, Chengdu Museum and 2 more · 1 Dec 2026»
 * (the date in China time), so plans and drafts in a list tell apart at a glance.
 */
export function PlanTitle(props: { days: readonly NamedDay[]; at: Date | string }) {
  return (
    <h3 class="plan-title">
      {planSummary(props.days)} · <time datetime={new Date(props.at).toISOString()}>{SHORT_DATE.format(new Date(props.at))}</time>
    </h3>
  );
}

/** «2 days: Qingyang Palace, Chengdu Museum and 2 more». */
function planSummary(days: readonly NamedDay[]): string {
  const names = days.flatMap((day) => day.scenes.map((s) => s.name.en));
  const shown = names.slice(0, 2).join(', ');
  const more = names.length > 2 ? ` and ${names.length - 2} more` : '';
  return `${days.length} day${days.length === 1 ? '' : 's'}${names.length > 0 ? `: ${shown}${more}` : ''}`;
}

/**
 * What a button or link acting on one plan of a list is called for a screen reader: its verb, the
 * plan's place in the list and its summary («Copy link (saved plan 2: 2 days: Qingyang Palace,
 * Chengdu Museum and 2 more)»), so "Copy link" ten times over becomes ten different buttons, even
 * for two plans made alike.
 */
export function actionOnPlan(verb: string, plan: { kind: 'saved plan' | 'draft'; position: number; days: readonly NamedDay[] }): string {
  return `${verb} (${plan.kind} ${plan.position}: ${planSummary(plan.days)})`;
}

export function PlanName(props: { days: readonly NamedDay[] }) {
  return (
    <span class="plan-name">
      {props.days.map((day) => (
        <span class="plan-day">
          <strong>Day {day.day}:</strong>{' '}
          {day.scenes.length === 0
            ? 'open for exploring'
            : day.scenes.map((scene, index) => (
                <>
                  {index > 0 ? ' · ' : ''}
                  {scene.name.en} <span lang="zh-CN">{scene.name.zh}</span>
                </>
              ))}
        </span>
      ))}
    </span>
  );
}
