import { NOT_VERIFIED } from '@bourse/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../test/renderApp.tsx';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

const pending = {
  status: 'pending',
  realName: '李雷',
  idNumberMasked: '1101**********002X',
  refusalReason: null,
  submittedAt: '2026-07-10T02:00:00.000Z',
  reviewedAt: null,
};
// The standard's example number: its check character is X.
const VALID_ID = '11010519491231002X';

async function fillIn(name: string, idNumber: string) {
  await userEvent.type(await screen.findByTestId('real-name-name'), name);
  await userEvent.type(screen.getByTestId('real-name-id'), idNumber);
}

describe('/realNameAuthentication', () => {
  it('submits name, number and photo as multipart and shows the request under review', async () => {
    const api = fakeApi({
      'GET /user/authenticationDetail': ok(NOT_VERIFIED),
      'POST /user/realName': ok(pending),
    });
    renderApp('/realNameAuthentication');
    expect((await screen.findByTestId('real-name-status-label')).textContent).toBe('Not verified');
    await fillIn('李雷', '11010519491231002x');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('real-name-photo'), photo);
    expect(screen.getByTestId('real-name-photo-name').textContent).toBe('card.png');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));

    expect((await screen.findByTestId('real-name-status-label')).textContent).toBe('Under review');
    expect(screen.getByTestId('real-name-id-masked').textContent).toBe('1101**********002X');
    expect(screen.queryByTestId('real-name-submit')).toBeNull();
    const sent = callsTo(api, 'POST /user/realName')[0]?.body as FormData;
    expect(sent.get('realName')).toBe('李雷');
    expect(sent.get('idNumber')).toBe(VALID_ID);
    expect((sent.get('photo') as File).name).toBe('card.png');
  });

  it.each([
    ['a Latin name', 'Li Lei', VALID_ID, 'Please enter your name exactly as on your resident ID card'],
    [
      'a wrong check digit',
      '李雷',
      '110105194912310021',
      'The last character of this ID number does not match the rest.',
    ],
    [
      'an impossible birth date',
      '李雷',
      '110105199002301234',
      'The date of birth in this ID number is not a valid date.',
    ],
    ['a short number', '李雷', '1101051949', 'A resident ID number has 18 characters'],
  ])('refuses %s before sending it', async (_, name, idNumber, message) => {
    const api = fakeApi({ 'GET /user/authenticationDetail': ok(NOT_VERIFIED) });
    renderApp('/realNameAuthentication');
    await fillIn(name, idNumber);
    await userEvent.click(screen.getByTestId('real-name-submit'));
    expect(
      (await screen.findByText(new RegExp(message.replace(/[.*()]/g, '\\$&')))).getAttribute('role'),
    ).toBe('alert');
    expect(callsTo(api, 'POST /user/realName')).toHaveLength(0);
  });

  it('refuses a photo that is not an image it accepts', async () => {
    const api = fakeApi({ 'GET /user/authenticationDetail': ok(NOT_VERIFIED) });
    renderApp('/realNameAuthentication');
    await fillIn('李雷', VALID_ID);
    const gif = new File(['GIF89a'], 'card.gif', { type: 'image/gif' });
    await userEvent.upload(screen.getByTestId('real-name-photo'), gif, { applyAccept: false });
    await userEvent.click(screen.getByTestId('real-name-submit'));
    expect(await screen.findByText('The photo must be a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(callsTo(api, 'POST /user/realName')).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    fakeApi({
      'GET /user/authenticationDetail': ok(NOT_VERIFIED),
      'POST /user/realName': {
        status: 409,
        body: {
          code: 409,
          msg: 'This ID number is already verified on another account.',
          key: 'identity.idNumberTaken',
        },
      },
    });
    renderApp('/realNameAuthentication');
    await fillIn('李雷', VALID_ID);
    await userEvent.click(screen.getByTestId('real-name-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'This ID number is already verified on another account.',
    );
  });

  it('says why a request was refused and offers to submit again', async () => {
    fakeApi({
      'GET /user/authenticationDetail': ok({
        ...pending,
        status: 'refused',
        refusalReason: 'nameMismatch',
        reviewedAt: '2026-07-10T03:00:00.000Z',
      }),
    });
    renderApp('/realNameAuthentication');
    const card = await screen.findByTestId('real-name-status');
    expect(card.textContent).toContain(
      'Your last request was refused. The name does not match the ID number. Please correct it and submit again.',
    );
    expect(card.textContent).toContain('Submitted 2026-07-10 10:00 · Reviewed 2026-07-10 11:00');
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeTruthy();
  });

  it('shows a passed verification without the form', async () => {
    fakeApi({
      'GET /user/authenticationDetail': ok({ ...pending, status: 'passed', reviewedAt: pending.submittedAt }),
    });
    renderApp('/realNameAuthentication');
    expect((await screen.findByTestId('real-name-status-label')).textContent).toBe('Verified');
    expect(screen.queryByTestId('real-name-submit')).toBeNull();
  });
});
