import { describe, expect, it } from 'vitest';
import { type RefundForm, validateRefund } from './refundForm.ts';

const ORDER = '0b6f1f5e-3c1a-4f57-9a55-2f1d8c1e7a10';
const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
const filled: RefundForm = {
  type: 'refundOnly',
  productStatus: 'notReceived',
  amount: '12.50',
  reason: 'damaged',
  explanation: 'The box was crushed.',
  proof: png,
};

describe('validateRefund', () => {
  it('asks for every missing field with its message', () => {
    expect(
      validateRefund(ORDER, { ...filled, amount: '', reason: '', explanation: ' ', proof: null }, '80.00'),
    ).toEqual({
      ok: false,
      errors: {
        amount: 'Please enter the refund amount.',
        reason: 'Please choose a reason for the refund.',
        explanation: 'Please explain the problem.',
        proof: 'Please upload a proof image.',
      },
    });
  });

  it('refuses a negative amount, more than two decimals, and more than is still refundable', () => {
    const amountError = (amount: string) => {
      const result = validateRefund(ORDER, { ...filled, amount }, '80.00');
      return result.ok ? null : result.errors.amount;
    };
    expect(amountError('-5')).toBe('The refund amount cannot be negative.');
    expect(amountError('0')).toBe('Please enter an amount above 0 with at most two decimals.');
    expect(amountError('1.234')).toBe('Please enter an amount above 0 with at most two decimals.');
    expect(amountError('80.01')).toBe(
      'The refund amount cannot be more than what was paid and not yet refunded (80.00 USD).',
    );
    expect(amountError('80')).toBeNull();
  });

  it('refuses a proof that is not an image', () => {
    const pdf = new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' });
    expect(validateRefund(ORDER, { ...filled, proof: pdf }, '80.00')).toEqual({
      ok: false,
      errors: { proof: 'The proof must be a PNG, JPEG or WebP image.' },
    });
  });

  it('answers the request the server takes, amount trimmed, with the proof beside it', () => {
    expect(validateRefund(ORDER, { ...filled, amount: ' 12.50 ' }, '80.00')).toEqual({
      ok: true,
      body: {
        orderId: ORDER,
        type: 'refundOnly',
        productStatus: 'notReceived',
        amount: '12.50',
        reason: 'damaged',
        explanation: 'The box was crushed.',
      },
      proof: png,
    });
  });
});
