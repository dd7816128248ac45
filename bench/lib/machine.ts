/**
 * What the figures were measured on, printed beside them: ratios hold across machines only as far
 * as the machines are alike, and a figure taken while other work ran is not an idle one.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/** The CPU as the kernel names it, with family, model and stepping (a VM's name can be as short as "AMD EPYC"). */
export function cpuModel(): string {
  const all = cpus();
  const name = all[0]?.model.trim() || 'unknown CPU';
  let detail = '';
  let mhz = all[0]?.speed ? `, ${all[0].speed} MHz` : '';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const field = (key: string) => new RegExp(`^${key}\\s*:\\s*(.*)$`, 'm').exec(info)?.[1]?.trim();
    const parts = [
      ['family', field('cpu family')],
      ['model', field('model')],
      ['stepping', field('stepping')],
    ].filter(([, v]) => v !== undefined);
    if (parts.length > 0) detail = `, ${parts.map(([k, v]) => `${k} ${v}`).join(' ')}`;
    const reported = field('cpu MHz');
    if (!mhz && reported) mhz = `, ${Math.round(Number(reported))} MHz`;
  } catch {
    // Not Linux: the name is all there is.
  }
  return `${name}${detail}${mhz}, ${all.length} cores visible`;
}

/** The 1, 5 and 15 minute load averages: above the core count, the machine was shared. */
export function loadLine(): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} (1, 5, 15 min; ${cpus().length} cores)`;
}

export function machineLine(): string {
  return `Machine: ${cpuModel()}; node ${process.version}; ${loadLine()}`;
}
