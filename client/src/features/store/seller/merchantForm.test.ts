import { describe, expect, it } from 'vitest';
import { type MerchantForm, validateMerchant } from './merchantForm.ts';

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'licence.png', { type: 'image/png' });
const filled: MerchantForm = {
  shopName: ' Harbour Kites ',
  category: 'toys',
  contact: '+44 20 7946 0958',
  licence: png,
};

describe('validateMerchant', () => {
  it('asks for every missing field with the server’s messages', () => {
    expect(validateMerchant({ shopName: '', category: '', contact: '', licence: null })).toEqual({
      ok: false,
      errors: {
        shopName: 'Please fill in the shop name.',
        category: "Please choose the shop's category.",
        contact: 'Please fill in a contact phone or e-mail.',
        licence: 'Please upload the business licence.',
      },
    });
  });

  it('refuses a contact that is neither a phone number nor an e-mail, and a licence that is no image', () => {
    const pdf = new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' });
    expect(validateMerchant({ ...filled, contact: 'call me', licence: pdf })).toEqual({
      ok: false,
      errors: {
        contact: 'Please fill in a correct phone number or e-mail address.',
        licence: 'The business licence must be a PNG, JPEG or WebP image.',
      },
    });
  });

  it('answers the trimmed fields and the licence when all is well', () => {
    expect(validateMerchant({ ...filled, contact: 'kites@example.com' })).toEqual({
      ok: true,
      body: { shopName: 'Harbour Kites', category: 'toys', contact: 'kites@example.com' },
      licence: png,
    });
  });
});
