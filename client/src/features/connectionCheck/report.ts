import { LOCALE_NAMES } from '@bourse/shared';
import type { TFunction } from 'i18next';
import type { ClockSkew } from './measure.ts';
import { type ConnectionReport, type Measured, PINGS } from './runCheck.ts';

/** One line of the check: what was measured and what came out, both in the reader's language. */
export interface ReportRow {
  id: string;
  label: string;
  value: string;
}

/** Round trips on a LAN are a few ms: a decimal there, whole ms above. */
export function formatMs(ms: number): string {
  return Math.abs(ms) < 10 ? ms.toFixed(1) : String(Math.round(ms));
}

function measuredText(measured: Measured, t: TFunction): string {
  if (!measured.latency) return measured.error ?? t('connection.noAnswer');
  const { min, median, max } = measured.latency;
  const latency = t('connection.latency', {
    median: formatMs(median),
    min: formatMs(min),
    max: formatMs(max),
  });
  return measured.lost > 0
    ? `${latency} · ${t('connection.lost', { lost: measured.lost, sent: PINGS })}`
    : latency;
}

function clockText(clock: ClockSkew | null, t: TFunction): string {
  if (!clock) return t('connection.noAnswer');
  const within = formatMs(clock.uncertaintyMs);
  if (Math.abs(clock.offsetMs) <= clock.uncertaintyMs) return t('connection.clockInStep', { within });
  const off = Math.abs(clock.offsetMs);
  const amount =
    off < 1_000 ? t('connection.ms', { n: off }) : t('connection.seconds', { n: (off / 1_000).toFixed(1) });
  // The server ahead means this device's clock is behind.
  return t(clock.offsetMs > 0 ? 'connection.clockBehind' : 'connection.clockAhead', { amount, within });
}

/** The check's lines, as the screen lists them and the copied report says them. */
export function reportRows(report: ConnectionReport, t: TFunction): ReportRow[] {
  return [
    { id: 'api', label: t('connection.api'), value: measuredText(report.api, t) },
    { id: 'clock', label: t('connection.clock'), value: clockText(report.clock, t) },
    ...report.channels.map((channel) => {
      const state = t(`connection.state.${channel.state}`);
      // A socket that never opened was not pinged: its state says it all.
      const pinged = channel.latency !== null || channel.error !== null;
      return {
        id: `socket-${channel.namespace.slice(1)}`,
        label: t('connection.socket', { namespace: channel.namespace }),
        value: pinged ? `${state} · ${measuredText(channel, t)}` : state,
      };
    }),
    {
      id: 'online',
      label: t('connection.online'),
      value: t(report.online ? 'connection.isOnline' : 'connection.isOffline'),
    },
    { id: 'version', label: t('connection.version'), value: report.appVersion },
    {
      id: 'language',
      label: t('connection.language'),
      value: `${LOCALE_NAMES[report.language]} (${report.language})`,
    },
    { id: 'browser', label: t('connection.browser'), value: report.browser },
  ];
}

/** The plain text a user pastes to support: the lines above, when, and the whole user agent. */
export function reportText(report: ConnectionReport, t: TFunction): string {
  return [
    t('connection.reportTitle'),
    `${t('connection.time')}: ${report.at}`,
    ...reportRows(report, t).map((row) => `${row.label}: ${row.value}`),
    `${t('connection.userAgent')}: ${report.userAgent}`,
  ].join('\n');
}
