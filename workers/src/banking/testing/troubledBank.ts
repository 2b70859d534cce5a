import { DEFAULT_BANK_OPTIONS, type SimulatedBankOptions } from '../simulatedBank.ts';

/** A bank that answers in milliseconds, with every kind of trouble at once, for in-process tests. */
export function troubledBank(seed: string): SimulatedBankOptions {
  return {
    ...DEFAULT_BANK_OPTIONS,
    seed,
    declineRate: 0.25,
    timeoutRate: 0.25,
    duplicateCallbackRate: 0.5,
    lostCallbackRate: 0.25,
    latencyMs: [1, 5],
    processingMs: [10, 60],
    timeoutMs: 20,
  };
}

/** The same troubles as BANK_SIM_* settings for a worker process the crash tests kill, slower so kills land mid-payment. */
export function troubledBankEnv(seed: string): Record<string, string> {
  return {
    BANK_SIM_SEED: seed,
    BANK_SIM_DECLINE_RATE: '0.2',
    BANK_SIM_TIMEOUT_RATE: '0.1',
    BANK_SIM_DUPLICATE_CALLBACK_RATE: '0.5',
    BANK_SIM_LOST_CALLBACK_RATE: '0.2',
    BANK_SIM_LATENCY_MS: '20-150',
    BANK_SIM_PROCESSING_MS: '300-1500',
    BANK_SIM_TIMEOUT_MS: '100',
  };
}
