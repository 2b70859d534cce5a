import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse } from '../../testing/api.ts';

/** A signed-up user of the API with the demo's starting deposit, trading through HTTP. */
export class Trader {
  constructor(
    readonly api: ApiClient,
    readonly token: string,
    readonly userId: string,
  ) {}

  static async signUp(api: ApiClient): Promise<Trader> {
    const { token, user } = await api.signUp();
    return new Trader(api, token, user.id);
  }

  order(body: unknown, options: { key?: string | null; lang?: string } = {}): Promise<ApiResponse> {
    const key = options.key === undefined ? randomUUID() : options.key;
    return this.api.post('/api/trade/orders', body, {
      token: this.token,
      lang: options.lang,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  }

  buy(symbol: string, quantity: number, price?: string) {
    return this.order({ symbol, side: 'buy', type: price ? 'limit' : 'market', price, quantity });
  }

  sell(symbol: string, quantity: number, price?: string) {
    return this.order({ symbol, side: 'sell', type: price ? 'limit' : 'market', price, quantity });
  }

  cancel(orderId: string, lang?: string): Promise<ApiResponse> {
    return this.api.request('DELETE', `/api/trade/orders/${orderId}`, { token: this.token, lang });
  }

  get(path: string, lang?: string): Promise<ApiResponse> {
    return this.api.get(`/api/trade/${path}`, { token: this.token, lang });
  }
}
