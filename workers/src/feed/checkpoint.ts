/**
 * A simulator's state as bytes, so a standby feed resumes the day from the newest checkpoint
 * instead of replaying it from its start. Layout (little-endian):
 *
 *   u32 version | u32 n | n bytes of JSON (the scalars) | per array of STATE_ARRAYS: u32 length, bytes
 *
 * Arrays go as their raw bytes and the scalars as JSON numbers, which round-trip a double
 * exactly, so a resumed simulation continues bit for bit. A checkpoint of another version,
 * or one that does not parse, decodes to undefined: the feed then replays the day as before.
 */

import { marketPhaseSchema } from '@bourse/shared';
import { z } from 'zod';
import { type SimulatorState, STATE_ARRAYS, type StateArray, type StateArrayName } from './simulator.ts';

/** Bump on any change of the layout or of what the state holds. */
export const CHECKPOINT_VERSION = 1;

const ARRAY_TYPES = {
  last: Int32Array,
  limitUp: Int32Array,
  limitDown: Int32Array,
  high: Int32Array,
  low: Int32Array,
  tradeSeq: Uint32Array,
  prevClose: Int32Array,
  open: Int32Array,
  hasBand: Uint8Array,
  volume: Float64Array,
  turnoverCents: Float64Array,
  buyCents: Float64Array,
  sellCents: Float64Array,
  fair: Float64Array,
  anchor: Float64Array,
  logVol: Float64Array,
  side: Int8Array,
  sealed: Int8Array,
  indicative: Int32Array,
  auctionLots: Float64Array,
  seq: Uint32Array,
  dirty: Uint8Array,
  newsMinute: Int16Array,
  newsSize: Float64Array,
  spread: Int32Array,
  levelStep: Int32Array,
  sectorLogVol: Float64Array,
  sectorShock: Float64Array,
  themeDrift: Float64Array,
} as const satisfies Record<StateArrayName, { new (buffer: ArrayBuffer): StateArray }>;

const scalarsSchema = z.object({
  fingerprint: z.number().int(),
  time: z.number(),
  phase: marketPhaseSchema,
  tradingDate: z.string(),
  firstDay: z.boolean(),
  marketLogVol: z.number(),
  indicesDirty: z.boolean(),
  rng: z.object({
    words: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
    spare: z.number().nullable(),
  }),
  indices: z.array(
    z.object({
      prevClose: z.number(),
      base: z.number(),
      value: z.number(),
      open: z.number(),
      high: z.number(),
      low: z.number(),
      seq: z.number().int(),
    }),
  ),
});

export function encodeCheckpoint(state: SimulatorState): Buffer {
  const { arrays, ...scalars } = state;
  const json = Buffer.from(JSON.stringify(scalars));
  const head = Buffer.alloc(8);
  head.writeUInt32LE(CHECKPOINT_VERSION, 0);
  head.writeUInt32LE(json.length, 4);
  const parts = [head, json];
  for (const name of STATE_ARRAYS) {
    const array = arrays[name];
    const length = Buffer.alloc(4);
    length.writeUInt32LE(array.byteLength, 0);
    // A copy: the simulator's arrays change as soon as it advances.
    parts.push(length, Buffer.from(new Uint8Array(array.buffer, array.byteOffset, array.byteLength)));
  }
  return Buffer.concat(parts);
}

/** The state in a checkpoint, or undefined if it is of another version or malformed. */
export function decodeCheckpoint(bytes: Buffer): SimulatorState | undefined {
  if (bytes.length < 8 || bytes.readUInt32LE(0) !== CHECKPOINT_VERSION) return undefined;
  const jsonEnd = 8 + bytes.readUInt32LE(4);
  if (jsonEnd > bytes.length) return undefined;
  let scalars: z.infer<typeof scalarsSchema>;
  try {
    const parsed = scalarsSchema.safeParse(JSON.parse(bytes.toString('utf8', 8, jsonEnd)));
    if (!parsed.success) return undefined;
    scalars = parsed.data;
  } catch {
    // Not JSON: a damaged checkpoint is no checkpoint.
    return undefined;
  }
  const arrays = {} as Record<StateArrayName, StateArray>;
  let offset = jsonEnd;
  for (const name of STATE_ARRAYS) {
    if (offset + 4 > bytes.length) return undefined;
    const length = bytes.readUInt32LE(offset);
    offset += 4;
    const Type = ARRAY_TYPES[name];
    if (offset + length > bytes.length || length % Type.BYTES_PER_ELEMENT !== 0) return undefined;
    // Copied into a buffer of its own: a typed array needs its offset aligned to its element size.
    const buffer = new ArrayBuffer(length);
    new Uint8Array(buffer).set(bytes.subarray(offset, offset + length));
    arrays[name] = new Type(buffer);
    offset += length;
  }
  return offset === bytes.length ? { ...scalars, arrays } : undefined;
}
