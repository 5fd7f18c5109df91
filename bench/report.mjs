// The table `npm run bench` prints: one line per scenario and concurrency, next to the bare-Node limit
// at the same concurrency, with the issues' targets and their verdicts where the row has any.
import { targetsOf } from './targets.mjs';

const HEADER = [
  'scenario',
  'request',
  'c',
  'req/s',
  '% limit',
  'p50 ms',
  'p99 ms',
  '503+RA',
  'other 5xx',
  'other non-2xx',
  'errors',
  'peak RSS MB',
  'CPU ms/req svc+db+gen',
  'CPU bound',
  'target',
  '',
];

/** A count followed by the statuses it holds, e.g. `433 (429)`. */
function withCodes(count, codes, serverErrors) {
  const which = Object.keys(codes).filter((code) => Number(code) >= 500 === serverErrors);
  return count ? `${count} (${which.join(', ')})` : '0';
}

/** `service+database+generator` CPU ms per request (bench/cpu.mjs); `-` where a process was not measured. */
function cpuSplit(cpu) {
  if (!cpu) return '';
  const ms = (value) => (value === undefined ? '-' : value.toFixed(2));
  return `${ms(cpu.service)}+${ms(cpu.database)}+${ms(cpu.generator)}`;
}

/** Formats the rows as a Markdown table; `run` is { engine, fixture, events } for the targets. */
export function table(rows, run) {
  const limit = new Map(rows.filter((r) => r.scenario === 'limit').map((r) => [r.connections, r.rps]));
  // No latency: every request failed (timeouts after 30 s are counted under errors).
  const ms = (value) => (value === null ? '-' : String(value));
  const lines = rows.map((r) => {
    const targets = targetsOf(r, run, rows);
    const share = r.scenario !== 'limit' && limit.get(r.connections) ? `${Math.round((100 * r.rps) / limit.get(r.connections))}%` : '';
    const verdicts = targets.map((t) => `${t.met ? 'pass' : 'MISS'}${t.official ? '' : '*'}`).join(' / ');
    return [
      r.scenario,
      r.request,
      r.connections,
      Math.round(r.rps).toLocaleString('en-US'),
      share,
      ms(r.p50),
      ms(r.p99),
      r.retryAfter503,
      withCodes(r.other5xx, r.codes, true),
      withCodes(r.otherNon2xx, r.codes, false),
      r.errors,
      r.peakRssMb?.toFixed(0) ?? '-',
      cpuSplit(r.cpu),
      r.cpu?.bound === undefined ? '' : r.cpu.bound.toLocaleString('en-US'),
      targets.map((t) => t.text).join('; '),
      verdicts,
    ].map(String);
  });
  const widths = HEADER.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const left = (i) => i < 2 || i >= HEADER.length - 2;
  const fmt = (cells) => `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (left(i) ? ':' : '-') + '-'.repeat(w) + (left(i) ? '-' : ':')).join('|')}|`;
  return [fmt(HEADER), rule, ...lines.map(fmt)].join('\n');
}

export const LEGEND = [
  '503+RA: 503 answers with Retry-After; other 5xx: every other 5xx (a 503 without Retry-After included);',
  'errors: requests without an answer (timeouts after 30 s, resets); % limit: req/s against the bare-Node line at the same c.',
  'A throughput target passes only when every answer was a 2xx and no request failed; overload cells run at least 31 s.',
  'target: #issue and its target (several: one per issue, verdicts in the same order); a relative target shows the measured share.',
  '*: not the setup the issue states the target for (fixture database on MariaDB; SQLite 10k; MariaDB 200k) — an indication only.',
  'CPU ms/req: CPU time per answered request of the service, the local database server (- for SQLite, inside the service) and the',
  'load generator; CPU bound: the req/s those costs allow with every core of this machine busy and nothing else running,',
  'and at most what the service alone allows on its one main thread (1,000 / its ms).',
].join('\n');
