import type { CDPSession, Page, Worker } from 'playwright-core';
import { until } from './app.ts';
import { PhoneShell } from './phoneShell.ts';

/** A notification as the service worker's registration lists it. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: string;
}

/**
 * Settings → Notifications on a phone, and the service worker's side of a push. No push service
 * is reachable here, so a push comes in through DevTools (ServiceWorker.deliverPushMessage),
 * which hands it to the worker's `push` event as a push service would.
 */
export class PushScreens extends PhoneShell {
  static override async onPhone(page: Page, baseUrl: string): Promise<PushScreens> {
    await PhoneShell.onPhone(page, baseUrl);
    return new PushScreens(page, baseUrl);
  }

  /** The service worker's side of a page another screen object drives. */
  static ofPage(page: Page, baseUrl: string): PushScreens {
    return new PushScreens(page, baseUrl);
  }

  /**
   * Subscribes a device of the signed-in user at `subscription`'s endpoint, as the Settings
   * switch does once the browser's push service answers (headless Chromium has none).
   */
  async subscribeDevice(subscription: {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }): Promise<void> {
    const token = (await this.page.context().cookies(this.baseUrl)).find(
      (c) => c.name === 'Admin-Token',
    )?.value;
    if (!token) throw new Error('not signed in: no Admin-Token cookie');
    const response = await this.page.request.post(`${this.baseUrl}/api/push/subscribe`, {
      headers: { token },
      data: subscription,
    });
    const envelope = (await response.json().catch(() => null)) as { code?: number } | null;
    if (!response.ok() || envelope?.code !== 1) {
      throw new Error(`push subscribe answered ${response.status()}: ${JSON.stringify(envelope)}`);
    }
  }

  async openSettings(): Promise<void> {
    await this.open('/setting');
    await this.page.getByTestId('push-settings').waitFor();
  }

  /** The device's state as the section shows it (checking, unsupported, denied, off, on). */
  deviceState(): Promise<string | null> {
    return this.page.getByTestId('push-settings').getAttribute('data-state');
  }

  async tapTurnOn(): Promise<void> {
    await this.page.getByTestId('push-toggle-device').click();
  }

  async toggleTopic(topic: string): Promise<void> {
    await this.page.getByTestId(`push-topic-${topic}`).getByRole('switch').click();
  }

  topicIsOn(topic: string): Promise<boolean> {
    return this.page.getByTestId(`push-topic-${topic}`).getByRole('switch').isChecked();
  }

  /** Page code: what the browser says about notification permission for this site. */
  permission(): Promise<string> {
    return this.page.evaluate('Notification.permission') as Promise<string>;
  }

  /** The newest running worker: one stopped while idle (30 s on a slow run) is started anew by the next event. */
  private worker(): Worker {
    const worker = this.page.context().serviceWorkers().at(-1);
    if (!worker) throw new Error('no service worker runs for this page');
    return worker;
  }

  private registration: Promise<{ cdp: CDPSession; registrationId: string }> | undefined;

  /** A DevTools session that stays open: one detached right after a push can drop it undelivered. */
  private ourRegistration(): Promise<{ cdp: CDPSession; registrationId: string }> {
    this.registration ??= (async () => {
      const cdp = await this.page.context().newCDPSession(this.page);
      const scope = `${new URL(this.baseUrl).origin}/`;
      const registered = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      return { cdp, registrationId: await registered };
    })();
    return this.registration;
  }

  /** Hands `data` to the service worker's push event, as the browser's push service would. */
  private async deliverPush(data: string): Promise<void> {
    const { cdp, registrationId } = await this.ourRegistration();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(this.baseUrl).origin,
      registrationId,
      data,
    });
  }

  /**
   * Page code: the notifications the registration shows now. Asked of the page, which outlives
   * any one run of the worker, rather than of a worker the browser may have stopped since.
   */
  async shownNotifications(): Promise<ShownNotification[]> {
    return (await this.page.evaluate(`navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((shown) =>
      shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url })))`)) as ShownNotification[];
  }

  /**
   * The notification `data`'s push shows. DevTools hands a push to the worker once; a clean-clone
   * CI run on a loaded machine once saw none shown in 30 s (passing alone every time), so a push
   * not shown in 15 s is handed over again: the same tag replaces rather than adds, so a second
   * delivery cannot show two.
   */
  async deliverAndWaitForNotification(data: string): Promise<ShownNotification> {
    const shown = (ms: number) =>
      until(
        'a notification shown',
        () => this.shownNotifications(),
        (list) => list.length > 0,
        ms,
        250,
      );
    await this.deliverPush(data);
    const first = await shown(15_000).catch(() => undefined);
    if (first) return first[0]!;
    await this.deliverPush(data);
    return (await shown(30_000))[0]!;
  }

  /**
   * Taps the notification: a `notificationclick` carrying the very notification the worker
   * showed (a headless browser draws none to tap), dispatched in the worker.
   */
  async tapNotification(tag: string): Promise<void> {
    await this.worker().evaluate(`self.registration.getNotifications({ tag: ${JSON.stringify(tag)} }).then(([n]) => {
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
    })`);
  }
}
