import { describe, expect, it } from 'vitest';
import { type RechargeForm, validateRecharge } from './rechargeForm.ts';

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
const ADDRESS = 'TXq8bDemoBourseDeposit9Zk3NpQ7wRt2vYh';
const HASH = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const blockchain: RechargeForm = {
  method: 'blockchain',
  network: 'TRC20',
  address: ADDRESS,
  amount: '100',
  txHash: HASH,
  evidence: png,
};

describe('validateRecharge', () => {
  it("asks for every missing field of a blockchain top-up with the spec's messages", () => {
    const result = validateRecharge({
      ...blockchain,
      network: '',
      address: '',
      amount: '',
      txHash: '',
      evidence: null,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        network: 'Please select a network.',
        address: 'Please fill in the deposit address.',
        amount: 'Please fill correct amount',
        txHash: 'Please fill in the transaction hash.',
        evidence: 'Please upload the payment evidence.',
      },
    });
  });

  it('refuses DEX, BSC and HECO with the note that the network must match the withdrawing platform', () => {
    for (const network of ['DEX', 'BSC', 'HECO']) {
      const result = validateRecharge({ ...blockchain, network, address: '' });
      expect(result.ok ? undefined : result.errors.network).toBe(
        'Deposits through DEX, BSC and HECO are not supported, and the network must match the withdrawing platform.',
      );
    }
  });

  it('refuses amounts that are not a positive sum in cents, and a malformed hash', () => {
    for (const amount of ['0', '-1', '1.001', 'ten', '1000000.01']) {
      const result = validateRecharge({ ...blockchain, amount });
      expect(result.ok ? undefined : result.errors).toEqual({ amount: 'Please fill correct amount' });
    }
    const result = validateRecharge({ ...blockchain, txHash: 'not a hash' });
    expect(result.ok ? undefined : result.errors).toEqual({
      txHash: 'Please fill in a correct transaction hash.',
    });
  });

  it('refuses evidence that is not an image', () => {
    const text = new File(['hello'], 'proof.txt', { type: 'text/plain' });
    const result = validateRecharge({ ...blockchain, evidence: text });
    expect(result.ok ? undefined : result.errors).toEqual({
      evidence: 'The payment evidence must be a PNG, JPEG or WebP image.',
    });
  });

  it('passes a blockchain top-up with its fields and a manual one with its amount only', () => {
    expect(validateRecharge({ ...blockchain, amount: ' 100.5 ' })).toEqual({
      ok: true,
      body: { method: 'blockchain', network: 'TRC20', address: ADDRESS, amount: '100.50', txHash: HASH },
      evidence: png,
    });
    expect(
      validateRecharge({ ...blockchain, method: 'manual', network: 'BSC', txHash: '', amount: '20' }),
    ).toEqual({ ok: true, body: { method: 'manual', amount: '20.00' }, evidence: png });
    const noEvidence = validateRecharge({ ...blockchain, method: 'manual', evidence: null });
    expect(noEvidence.ok ? undefined : noEvidence.errors).toEqual({
      evidence: 'Please upload the payment evidence.',
    });
  });
});
