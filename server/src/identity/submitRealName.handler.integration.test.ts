import { messages, realNamePhotos, realNameVerifications } from '@bourse/core/db/schema.ts';
import { requireVerifiedUser } from '@bourse/core/identity/index.ts';
import { sampleResidentId } from '@bourse/core/identity/testing.ts';
import type { RequestOptions } from '@bourse/core/testing/api.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  type ErrorKey,
  type ErrorParams,
  identityRoutes,
  type Locale,
  residentIdCheckChar,
  userRoutes,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { malformedMultipart } from '../testing/malformedMultipart.ts';
import { withoutWrites } from '../testing/rows.ts';
import { type TestServer, useTestServer } from '../testing/testServer.ts';

const PATH = '/api/user/realName';
const MAX_PHOTO = identityRoutes.submitRealName.upload?.maxBytes ?? 0;

/** An ID number born `yearsAgo` years before today (Beijing), give or take the day. */
function idBornYearsAgo(yearsAgo: number, dayOffset: number): string {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const birth = new Date(
    Date.UTC(now.getUTCFullYear() - yearsAgo, now.getUTCMonth(), now.getUTCDate() + dayOffset),
  );
  return sampleResidentId(birth.toISOString().slice(0, 10));
}

/** A valid number whose check character is X, typed with a lower-case x as people do. */
function idEndingInLowerX(): string {
  for (let seq = 100; ; seq++) {
    const first17 = `11010519900307${seq}`;
    if (residentIdCheckChar(first17) === 'X') return `${first17}x`;
  }
}

/** Name and number as multipart fields, with a photo when given. */
function form(fields: Record<string, string>, photo?: { bytes: Buffer; type: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (photo) body.append('photo', new Blob([photo.bytes], { type: photo.type }), 'id-card');
  return body;
}

const submitForm = (t: TestServer, body: FormData, options: RequestOptions) =>
  t.api.request('POST', PATH, { ...options, body });

/** Another account's request holds its number: a second account is refused it, storing nothing. */
async function expectNumberHeld(t: TestServer, lang: Locale): Promise<void> {
  const idNumber = sampleResidentId();
  const first = await t.api.signUp();
  expectOk(
    await t.api.post(PATH, { realName: '李雷', idNumber }, { token: first.token }),
    identityRoutes.submitRealName.response,
  );
  const second = await t.api.signUp();
  const res = await withoutWrites(t.database.db, () =>
    t.api.post(PATH, { realName: '韩梅梅', idNumber }, { token: second.token, lang }),
  );
  expectFailure(res, 'identity.idNumberTaken', lang);
}

const detailOf = async (t: TestServer, token: string) =>
  expectOk(
    await t.api.get('/api/user/authenticationDetail', { token }),
    userRoutes.authenticationDetail.response,
  );

describe.each(DB_KINDS)('POST /api/user/realName in demo mode on %s', (kind) => {
  const t = useTestServer(kind, { config: { realNameAutoApprove: true } });

  it('passes at once, tells the user, and unlocks what needs a verified user', async () => {
    const { token, user } = await t.api.signUp();
    await expect(requireVerifiedUser(t.database.db, user.id)).rejects.toMatchObject({
      key: 'identity.notVerified',
      status: 403,
    });
    const idNumber = idEndingInLowerX();
    const detail = expectOk(
      await t.api.post(PATH, { realName: ' 李雷 ', idNumber }, { token }),
      identityRoutes.submitRealName.response,
    );
    const stored = idNumber.toUpperCase();
    expect(detail).toMatchObject({
      status: 'passed',
      realName: '李雷',
      idNumberMasked: `${stored.slice(0, 4)}**********${stored.slice(-4)}`,
      refusalReason: null,
    });
    expect(detail.reviewedAt).toBe(detail.submittedAt);
    expect(await detailOf(t, token)).toEqual(detail);
    await requireVerifiedUser(t.database.db, user.id);

    const [row] = await t.database.db
      .select()
      .from(realNameVerifications)
      .where(eq(realNameVerifications.userId, user.id));
    expect(row?.idNumber).toBe(stored);
    const notices = await t.database.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(notices.map((m) => [m.kind, m.params])).toEqual([['verificationResult', { status: 'passed' }]]);
  });

  it('accepts a minority name with "·" and keeps a photo checked by its bytes', async () => {
    const { token, user } = await t.api.signUp();
    const res = await submitForm(
      t,
      form({ realName: '阿依古丽·买买提', idNumber: sampleResidentId() }, { bytes: PNG, type: 'image/gif' }),
      { token },
    );
    expect(expectOk(res, identityRoutes.submitRealName.response).realName).toBe('阿依古丽·买买提');
    const [row] = await t.database.db
      .select({ mimeType: realNamePhotos.mimeType, content: realNamePhotos.content })
      .from(realNamePhotos)
      .innerJoin(realNameVerifications, eq(realNameVerifications.id, realNamePhotos.verificationId))
      .where(eq(realNameVerifications.userId, user.id));
    expect(row).toEqual({ mimeType: 'image/png', content: PNG });
  });

  it('accepts multipart without a photo, and someone who turned 18 today', async () => {
    const { token } = await t.api.signUp();
    const res = await submitForm(t, form({ realName: '韩梅梅', idNumber: idBornYearsAgo(18, 0) }), { token });
    expect(expectOk(res, identityRoutes.submitRealName.response).status).toBe('passed');
  });

  const valid = sampleResidentId('1985-11-30');
  const first17 = valid.slice(0, 17);
  const wrongCheck = first17 + (residentIdCheckChar(first17) === '0' ? '1' : '0');
  const feb30 = `11010519900230123`;
  it.each<[string, Record<string, unknown>, ErrorKey, ErrorParams]>([
    ['no name', { idNumber: valid }, 'validation.required', { field: 'realName' }],
    ['a blank name', { realName: '  ', idNumber: valid }, 'validation.required', { field: 'realName' }],
    ['a name in Latin letters', { realName: 'Li Lei', idNumber: valid }, 'identity.nameInvalid', {}],
    ['a one-character name', { realName: '李', idNumber: valid }, 'identity.nameInvalid', {}],
    ['a name ending in "·"', { realName: '李雷·', idNumber: valid }, 'identity.nameInvalid', {}],
    ['no ID number', { realName: '李雷' }, 'validation.required', { field: 'idNumber' }],
    [
      'a 15-digit ID number',
      { realName: '李雷', idNumber: '110105491231002' },
      'identity.idNumberFormat',
      {},
    ],
    [
      'a number as JSON number',
      { realName: '李雷', idNumber: 110105194912310020 },
      'validation.required',
      { field: 'idNumber' },
    ],
    [
      'letters in the number',
      { realName: '李雷', idNumber: '11010519491231A02X' },
      'identity.idNumberFormat',
      {},
    ],
    [
      'a date of birth of 30 February',
      { realName: '李雷', idNumber: feb30 + residentIdCheckChar(feb30) },
      'identity.idNumberBirthDate',
      {},
    ],
    ['a wrong check digit', { realName: '李雷', idNumber: wrongCheck }, 'identity.idNumberCheckDigit', {}],
    ['someone 18 tomorrow', { realName: '李雷', idNumber: idBornYearsAgo(18, 1) }, 'identity.underAge', {}],
  ])('refuses %s, translated, and stores nothing', async (_, body, key, params) => {
    const { token } = await t.api.signUp();
    const res = await withoutWrites(t.database.db, () => t.api.post(PATH, body, { token, lang: 'fr' }));
    expectFailure(res, key, 'fr', params);
    expect((await detailOf(t, token)).status).toBe('none');
  });

  it('names the missing field in the user language', async () => {
    const { token } = await t.api.signUp();
    const res = await t.api.post(PATH, { idNumber: valid }, { token, lang: 'zh-CN' });
    expect(res.body.msg).toBe('请填写真实姓名。');
  });

  it.each([
    ['a GIF', { bytes: Buffer.from('GIF89a\x01\x00\x01\x00'), type: 'image/gif' }, 'identity.photoBadType'],
    ['text declared as JPEG', { bytes: Buffer.from('<svg/>'), type: 'image/jpeg' }, 'identity.photoBadType'],
    [
      'a photo over 5 MB',
      { bytes: Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO, 0)]), type: 'image/png' },
      'identity.photoTooLarge',
    ],
  ] as const)('refuses %s as the photo and stores nothing', async (_, photo, key) => {
    const { token } = await t.api.signUp();
    const res = await withoutWrites(t.database.db, () =>
      submitForm(t, form({ realName: '李雷', idNumber: sampleResidentId() }, photo), { token, lang: 'th' }),
    );
    expectFailure(res, key, 'th');
  });

  it.each(malformedMultipart('photo'))('refuses %s with 400, storing nothing', async (_, body, type) => {
    const { token } = await t.api.signUp();
    const res = await withoutWrites(t.database.db, () =>
      t.api.postRaw(PATH, body, type, { token, lang: 'ko' }),
    );
    expectFailure(res, 'common.badMultipart', 'ko');
  });

  it('refuses a second request once verified', async () => {
    const { token } = await t.api.signUp();
    expectOk(
      await t.api.post(PATH, { realName: '李雷', idNumber: sampleResidentId() }, { token }),
      identityRoutes.submitRealName.response,
    );
    const again = await withoutWrites(t.database.db, () =>
      t.api.post(PATH, { realName: '李雷', idNumber: sampleResidentId() }, { token, lang: 'it' }),
    );
    expectFailure(again, 'identity.alreadyVerified', 'it');
  });

  it('refuses an ID number verified on another account', () => expectNumberHeld(t, 'ko'));

  it('needs a session before reading anything', async () => {
    const res = await withoutWrites(t.database.db, () =>
      t.api.post(PATH, { realName: '李雷', idNumber: sampleResidentId() }),
    );
    expectFailure(res, 'auth.loginFirst');
  });
});

describe.each(DB_KINDS)('POST /api/user/realName for back office review on %s', (kind) => {
  const t = useTestServer(kind, { config: { realNameAutoApprove: false } });

  it('waits as pending, sends no message yet, and refuses a second request meanwhile', async () => {
    const { token, user } = await t.api.signUp();
    const detail = expectOk(
      await t.api.post(PATH, { realName: '李雷', idNumber: sampleResidentId() }, { token }),
      identityRoutes.submitRealName.response,
    );
    expect(detail).toMatchObject({ status: 'pending', reviewedAt: null });
    expect(await t.database.db.select().from(messages).where(eq(messages.userId, user.id))).toEqual([]);
    await expect(requireVerifiedUser(t.database.db, user.id)).rejects.toMatchObject({
      key: 'identity.notVerified',
    });
    const again = await withoutWrites(t.database.db, () =>
      t.api.post(PATH, { realName: '李雷', idNumber: sampleResidentId() }, { token, lang: 'en' }),
    );
    expectFailure(again, 'identity.pending', 'en');
  });

  it('holds a pending ID number against other accounts', () => expectNumberHeld(t, 'en'));
});
