/**
 * Domain errors: a stable key (also the i18n key in the `errors` catalogue) and the HTTP
 * status the edge answers with. Services throw DomainError; only the HTTP and socket edges
 * turn it into an envelope, translated into the user's language.
 */
export const ERRORS = {
  'common.badJson': 400,
  'common.bodyTooLarge': 413,
  'common.unsupportedMediaType': 415,
  'common.validation': 400,
  'common.notFound': 404,
  'common.methodNotAllowed': 405,
  'common.internal': 500,
  'common.unavailable': 503,
  'common.duplicateSubmit': 409,
  'common.idempotencyConflict': 409,
  'common.idempotencyKeyInvalid': 400,
  'common.forbidden': 403,
  'auth.loginFirst': 401,
  'auth.sessionExpired': 401,
  'auth.inputAccountPassword': 400,
  'auth.queryNotBase64': 400,
  'auth.queryUndecryptable': 400,
  'auth.queryNotJson': 400,
  'auth.badCredentials': 401,
  'auth.accountTaken': 409,
  'auth.tooManyAttempts': 429,
  'auth.oldPasswordWrong': 400,
  'validation.required': 400,
  'validation.account': 400,
  'validation.email': 400,
  'validation.mobile': 400,
  'validation.passwordMin': 400,
  'validation.passwordsMismatch': 400,
  'validation.passwordSame': 400,
  'validation.name': 400,
  'validation.decimal': 400,
  'validation.amount': 400,
  'validation.language': 400,
  'market.badSymbol': 400,
  'market.unknownSymbol': 404,
  'market.tooManySymbols': 400,
  'market.unknownList': 404,
  'market.badPeriod': 400,
  'market.badPayload': 400,
  'market.noDragonTigerList': 404,
  'avatar.missing': 400,
  'avatar.badType': 415,
  'avatar.tooLarge': 413,
  'identity.notVerified': 403,
  'identity.nameInvalid': 400,
  'identity.idNumberFormat': 400,
  'identity.idNumberBirthDate': 400,
  'identity.idNumberCheckDigit': 400,
  'identity.underAge': 400,
  'identity.idNumberTaken': 409,
  'identity.pending': 409,
  'identity.alreadyVerified': 409,
  'identity.photoBadType': 415,
  'identity.photoTooLarge': 413,
  'identity.requestNotFound': 404,
  'identity.notPending': 409,
  'identity.refusalReasonRequired': 400,
  'payPassword.notSet': 400,
  'payPassword.required': 400,
  'payPassword.format': 400,
  'payPassword.wrong': 400,
  'payPassword.locked': 429,
  'payPassword.oldNotNeeded': 400,
  'message.notFound': 404,
  'bank.cardNumberFormat': 400,
  'bank.cardNumberInvalid': 400,
  'bank.cardUnsupported': 400,
  'bank.holderMismatch': 400,
  'bank.cardTaken': 409,
  'bank.tooManyCards': 409,
  'bank.cardNotFound': 404,
  'bank.cardBusy': 409,
  'transfer.directionInvalid': 400,
  'transfer.amountNotPositive': 400,
  'transfer.aboveLimit': 400,
  'transfer.exceedsWithdrawable': 400,
  'fund.amountNotPositive': 400,
  'fund.unitsNotPositive': 400,
  'fund.exceedsWithdrawable': 400,
  'fund.exceedsHolding': 400,
  'ipo.notFound': 404,
  'ipo.badCode': 400,
  'ipo.badPrice': 400,
  'ipo.badDate': 400,
  'ipo.notTradingDay': 400,
  'ipo.badOnlineShares': 400,
  'ipo.badListingDate': 400,
  'ipo.codeTaken': 409,
  'ipo.notAwaitingAllotment': 409,
  'ipo.notSubscribing': 409,
  'ipo.unitsInvalid': 400,
  'ipo.aboveQuota': 400,
  'ipo.noQuota': 400,
  'ipo.alreadySubscribed': 409,
  'ipo.barred': 403,
  'ipo.badStatus': 400,
  'order.quantityInvalid': 400,
  'order.belowMinimum': 400,
  'order.lotMultiple': 400,
  'order.aboveMaximum': 400,
  'order.oddLotSellWhole': 400,
  'order.exceedsSellable': 400,
  'order.priceInvalid': 400,
  'order.priceOffTick': 400,
  'order.priceAboveLimit': 400,
  'order.priceBelowLimit': 400,
  'order.sideInvalid': 400,
  'order.typeInvalid': 400,
  'order.priceRequired': 400,
  'order.symbolNotTradable': 400,
  'order.marketClosed': 400,
  'order.afterHoursNotOffered': 400,
  'order.marketOrderContinuousOnly': 400,
  'order.marketOrderNeedsBand': 400,
  'order.insufficientCash': 400,
  'order.notFound': 404,
  'order.notOpen': 409,
  'order.cancelClosed': 400,
} as const satisfies Record<string, number>;

export type ErrorKey = keyof typeof ERRORS;
export type ErrorParams = Record<string, string | number>;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly key: ErrorKey,
    readonly params: ErrorParams = {},
  ) {
    super(key);
    this.name = 'DomainError';
    this.status = ERRORS[key];
  }
}

/** The envelope code for a failure: the HTTP status, so 401 is `code: 401` as the contract says. */
export function failureCode(status: number): number {
  return status;
}
