/**
 * Compact encodings of bars, shared by the feed (writer), the workers and the history routes
 * (readers). Prices and turnover are integer cents, exact and never a float; fields are
 * (zigzag) varints relative to figures of the same day, about 8 bytes a minute.
 *
 * A minute series is one symbol's 1-minute bars of one trading day: the feed appends it to
 * Redis slot by slot during the day and the history store keeps it in PostgreSQL afterwards.
 * A day has 240 slots, each labelled by its start in Asia/Shanghai: 09:30–11:29 and
 * 13:00–14:59. The opening auction's print (09:25) belongs to the 09:30 slot and the closing
 * auction's (15:00) to the 14:59 slot, as on the exchanges' own minute charts. Layout: a
 * version byte, the previous close, then per slot a bar (see writeBar) relative to the
 * previous close, so a slot is appended without reading what precedes it.
 *
 * A day-bar run is a symbol's day bars within one calendar month (see encodeDayBars).
 */

export const MINUTE_SLOTS = 240;
const MORNING_SLOTS = 120;
const MORNING_START = 9 * 60 + 30;
const AFTERNOON_START = 13 * 60;
const SERIES_VERSION = 1;
const MINUTE_MS = 60_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** Integer cents and shares. */
export interface MinuteBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: number;
}

export interface MinuteSeries {
  prevClose: number;
  /** Slot 0 first; slots that did not trade carry the previous close and volume 0. */
  bars: MinuteBar[];
}

/** The slot of a Shanghai minute of day: auction prints and stray instants go to the nearest slot. */
export function minuteSlotOf(minuteOfDay: number): number {
  if (minuteOfDay < MORNING_START) return 0;
  if (minuteOfDay < MORNING_START + MORNING_SLOTS) return minuteOfDay - MORNING_START;
  if (minuteOfDay < AFTERNOON_START) return MORNING_SLOTS - 1;
  return Math.min(MINUTE_SLOTS - 1, MORNING_SLOTS + minuteOfDay - AFTERNOON_START);
}

/** Shanghai minute of day at which a slot starts. */
export function slotMinuteOfDay(slot: number): number {
  return slot < MORNING_SLOTS ? MORNING_START + slot : AFTERNOON_START + slot - MORNING_SLOTS;
}

/** Midnight of a YYYY-MM-DD trading date in Asia/Shanghai (UTC+8 all year), ms since the epoch. */
export function shanghaiDayStart(tradingDate: string): number {
  return Date.parse(`${tradingDate}T00:00:00Z`) - SHANGHAI_OFFSET_MS;
}

/** Start of a slot, ms since the epoch: a bar's `time`. */
export function slotStart(tradingDate: string, slot: number): number {
  return shanghaiDayStart(tradingDate) + slotMinuteOfDay(slot) * MINUTE_MS;
}

/** A slot is complete once market time reaches its end; the 14:59 slot ends with the closing print at 15:00. */
export function slotEnd(tradingDate: string, slot: number): number {
  return slotStart(tradingDate, slot) + MINUTE_MS;
}

/** Integer cents as a decimal string: 1230 → "12.30". */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}${(abs - rest) / 100}.${rest < 10 ? '0' : ''}${rest}`;
}

/** A decimal string with at most two places as integer cents: "12.3" → 1230. Runs for every trade: no allocation. */
export function decimalToCents(text: string): number {
  const negative = text.charCodeAt(0) === 45; // '-'
  let i = negative ? 1 : 0;
  let whole = 0;
  for (; i < text.length && text.charCodeAt(i) !== 46; i++) whole = whole * 10 + text.charCodeAt(i) - 48;
  const tenths = i + 1 < text.length ? text.charCodeAt(i + 1) - 48 : 0;
  const hundredths = i + 2 < text.length ? text.charCodeAt(i + 2) - 48 : 0;
  const cents = whole * 100 + tenths * 10 + hundredths;
  return negative ? -cents : cents;
}

/** Growable byte buffer for varints; values may exceed 32 bits, so no bitwise arithmetic on them. */
class ByteWriter {
  private bytes = new Uint8Array(64);
  private length = 0;

  uint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`not a safe unsigned integer: ${value}`);
    let v = value;
    while (v >= 0x80) {
      this.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.push(v);
  }

  int(value: number): void {
    this.uint(value < 0 ? -2 * value - 1 : 2 * value);
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }

  private push(byte: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }
}

class ByteReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.at >= this.bytes.length;
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++];
      if (byte === undefined) throw new RangeError('truncated minute series');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  int(): number {
    const z = this.uint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
}

/**
 * A bar relative to `ref` (the previous close): a field holding the volume and two flags, 0
 * when nothing traded (the bar is then flat at the previous close); then open − ref,
 * close − open, high − max(open, close), min(open, close) − low and the turnover. Whole lots,
 * the usual case, are counted in lots (flag 2). The turnover is written as its excess over
 * low × volume, in hundreds of cents with whole lots, unless that is no smaller (flag 1): an
 * index's turnover in CNY has nothing to do with its points times its volume.
 */
function writeBar(w: ByteWriter, ref: number, bar: MinuteBar): void {
  if (bar.volume === 0) {
    w.uint(0);
    return;
  }
  const floor = bar.low * bar.volume;
  const excess = bar.turnover - floor;
  const relative = Number.isSafeInteger(floor) && excess >= 0;
  const lots = bar.volume % 100 === 0 && (!relative || excess % 100 === 0);
  w.uint((lots ? bar.volume / 100 : bar.volume) * 4 + (lots ? 2 : 0) + (relative ? 0 : 1));
  w.int(bar.open - ref);
  w.int(bar.close - bar.open);
  w.uint(bar.high - Math.max(bar.open, bar.close));
  w.uint(Math.min(bar.open, bar.close) - bar.low);
  w.uint(relative ? (lots ? excess / 100 : excess) : bar.turnover);
}

/** A bar written by writeBar; `flat` is the price of a bar that did not trade. */
function readBar(r: ByteReader, ref: number, flat: number): MinuteBar {
  const field = r.uint();
  if (field === 0) return { open: flat, high: flat, low: flat, close: flat, volume: 0, turnover: 0 };
  const lots = field % 4 >= 2;
  const relative = field % 2 === 0;
  const volume = Math.floor(field / 4) * (lots ? 100 : 1);
  const open = ref + r.int();
  const close = open + r.int();
  const high = Math.max(open, close) + r.uint();
  const low = Math.min(open, close) - r.uint();
  const figure = r.uint();
  const turnover = relative ? low * volume + (lots ? figure * 100 : figure) : figure;
  return { open, high, low, close, volume, turnover };
}

const NO_TRADE: MinuteBar = { open: 0, high: 0, low: 0, close: 0, volume: 0, turnover: 0 };

/** The bytes that start a day's minute series. */
export function encodeSeriesHeader(prevClose: number): Uint8Array {
  const w = new ByteWriter();
  w.uint(SERIES_VERSION);
  w.uint(prevClose);
  return w.done();
}

/** Consecutive slots, to append after the header or earlier slots; null: the slot did not trade. */
export function encodeSlots(prevClose: number, bars: readonly (MinuteBar | null)[]): Uint8Array {
  const w = new ByteWriter();
  for (const bar of bars) writeBar(w, prevClose, bar ?? NO_TRADE);
  return w.done();
}

export function encodeSeries(series: MinuteSeries): Uint8Array {
  const head = encodeSeriesHeader(series.prevClose);
  const body = encodeSlots(series.prevClose, series.bars);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

export function decodeSeries(bytes: Uint8Array): MinuteSeries {
  const r = new ByteReader(bytes);
  const version = r.uint();
  if (version !== SERIES_VERSION) throw new RangeError(`unknown minute series version ${version}`);
  const prevClose = r.uint();
  const bars: MinuteBar[] = [];
  let last = prevClose;
  while (!r.done && bars.length < MINUTE_SLOTS) {
    const bar = readBar(r, prevClose, last);
    bars.push(bar);
    last = bar.close;
  }
  return { prevClose, bars };
}

/** A day's bar with what the lists need besides prices: cents, shares, basis points. */
export interface DayBar extends MinuteBar {
  tradingDate: string;
  prevClose: number;
  /** Volume as a share of the float in basis points: 123 is 1.23%. */
  turnoverRate: number;
}

/**
 * Day bars of one symbol within one calendar month, oldest first, as records of: the day of
 * the month, the previous close, the turnover rate and the bar relative to the previous close.
 * Runs of the same month concatenate into a valid run, so a day is stored by appending.
 */
export function encodeDayBars(bars: readonly DayBar[]): Uint8Array {
  const w = new ByteWriter();
  for (const bar of bars) {
    w.uint(Number(bar.tradingDate.slice(8, 10)));
    w.uint(bar.prevClose);
    w.uint(bar.turnoverRate);
    writeBar(w, bar.prevClose, bar);
  }
  return w.done();
}

/** `month` is the run's YYYY-MM. */
export function decodeDayBars(month: string, bytes: Uint8Array): DayBar[] {
  const r = new ByteReader(bytes);
  const bars: DayBar[] = [];
  while (!r.done) {
    const day = r.uint();
    const prevClose = r.uint();
    const turnoverRate = r.uint();
    const bar = readBar(r, prevClose, prevClose);
    bars.push({ ...bar, tradingDate: `${month}-${String(day).padStart(2, '0')}`, prevClose, turnoverRate });
  }
  return bars;
}
