import { PUSH_TOPICS, type PushTopic } from '@bourse/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logger } from '../../../lib/logger.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Cell, CellGroup } from '../../../shared-ui/Cell.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { fetchPushPreferences, savePushPreferences } from './pushApi.ts';
import {
  currentBrowser,
  type PushDeviceState,
  pushDeviceState,
  turnPushOff,
  turnPushOn,
} from './pushDevice.ts';
import './notifications.css';

/** One switch per topic: what the server pushes to every device of the user. */
function TopicSwitch({
  topic,
  on,
  disabled,
  onToggle,
}: {
  topic: PushTopic;
  on: boolean;
  disabled: boolean;
  onToggle: (topic: PushTopic) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="cell push-topic" data-testid={`push-topic-${topic}`}>
      <span className="cell__label">{t(`settings.push.topics.${topic}`)}</span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        className="push-switch"
        checked={on}
        disabled={disabled}
        onChange={() => onToggle(topic)}
      />
    </label>
  );
}

/**
 * Settings → Notifications: this device's push subscription (the browser asks for permission
 * only when the user taps "Turn on") and the topics pushed to all their devices.
 */
export function NotificationsSection() {
  const { t } = useTranslation();
  const [device, setDevice] = useState<PushDeviceState | 'checking' | 'busy'>('checking');
  const [off, setOff] = useState<readonly PushTopic[] | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const browser = currentBrowser();
    const abort = new AbortController();
    void pushDeviceState(browser).then(setDevice, (err: unknown) => {
      logger.error('push: device state unreadable', err);
      setDevice('unsupported');
    });
    fetchPushPreferences(abort.signal).then(
      (prefs) => setOff(prefs.off),
      () => undefined, // The client already showed the error; the switches stay hidden.
    );
    return () => abort.abort();
  }, []);

  const change = (to: (browser: ReturnType<typeof currentBrowser>) => Promise<PushDeviceState>) => {
    const before = device;
    setDevice('busy');
    to(currentBrowser()).then(setDevice, (err: unknown) => {
      // No push service reachable, or the server refused: say so, and show the state as it was.
      logger.error('push: subscription change failed', err);
      toast.fail(t('settings.push.failed'));
      setDevice(before);
    });
  };

  const toggle = (topic: PushTopic) => {
    if (!off) return;
    const next = off.includes(topic) ? off.filter((x) => x !== topic) : [...off, topic];
    setSaving(true);
    setOff(next);
    savePushPreferences(next)
      .then(
        (saved) => setOff(saved.off),
        () => setOff(off),
      )
      .finally(() => setSaving(false));
  };

  const status =
    device === 'on'
      ? t('settings.push.on')
      : device === 'denied'
        ? t('settings.push.denied')
        : device === 'unsupported'
          ? t('settings.push.unsupported')
          : device === 'off'
            ? t('settings.push.off')
            : t('settings.push.checking');
  const hint =
    device === 'denied'
      ? t('settings.push.deniedHint')
      : device === 'unsupported'
        ? t('settings.push.unsupportedHint')
        : null;

  return (
    <section className="push-settings" data-testid="push-settings" data-state={device}>
      <CellGroup title={t('settings.push.title')}>
        <Cell label={t('settings.push.thisDevice')} value={status} testId="push-device-state" />
        {hint ? <p className="push-settings__hint">{hint}</p> : null}
        {device === 'off' || device === 'on' || device === 'busy' ? (
          <div className="push-settings__action">
            <Button
              variant={device === 'on' ? 'ghost' : 'primary'}
              block
              disabled={device === 'busy'}
              onClick={() => change(device === 'on' ? turnPushOff : turnPushOn)}
              testId="push-toggle-device"
            >
              {device === 'on' ? t('settings.push.turnOff') : t('settings.push.turnOn')}
            </Button>
          </div>
        ) : null}
      </CellGroup>
      {off ? (
        <CellGroup title={t('settings.push.topicsTitle')}>
          {PUSH_TOPICS.map((topic) => (
            <TopicSwitch
              key={topic}
              topic={topic}
              on={!off.includes(topic)}
              disabled={saving}
              onToggle={toggle}
            />
          ))}
        </CellGroup>
      ) : null}
    </section>
  );
}
