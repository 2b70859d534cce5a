import { describe, expect, it } from 'vitest';
import { validateComplaint } from './complaintForm.ts';

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });

describe('validateComplaint', () => {
  it('needs content and a certificate, and an order for an order complaint', () => {
    const result = validateComplaint({ kind: 'order', orderId: '', content: ' ', certificate: null });
    expect(result).toEqual({
      ok: false,
      errors: {
        content: 'Please enter the content of your complaint.',
        orderId: 'Please choose the order this is about.',
        certificate: 'Please upload a certificate image.',
      },
    });
  });

  it('refuses a certificate that is not an image', () => {
    const text = new File(['hello'], 'proof.txt', { type: 'text/plain' });
    const result = validateComplaint({ kind: 'platform', orderId: '', content: 'Slow.', certificate: text });
    expect(result.ok ? undefined : result.errors.certificate).toBe(
      'The certificate must be a PNG, JPEG or WebP image.',
    );
  });

  it('passes a platform complaint without an order', () => {
    const result = validateComplaint({
      kind: 'platform',
      orderId: 'x',
      content: ' Slow. ',
      certificate: png,
    });
    expect(result).toEqual({ ok: true, body: { kind: 'platform', content: 'Slow.' }, certificate: png });
  });
});
