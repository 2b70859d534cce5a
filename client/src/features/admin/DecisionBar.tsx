import { Button } from '../../shared-ui/Button.tsx';

/**
 * Back office's pass-or-refuse row: Pass, the reason a refusal will give, Refuse. Test ids are
 * `${testId}-pass`, `${testId}-reason` and `${testId}-refuse`.
 */
export function DecisionBar<R extends string>({
  busy,
  reasons,
  reason,
  onReason,
  reasonText,
  labels,
  onDecide,
  testId,
}: {
  busy: boolean;
  reasons: readonly R[];
  reason: R;
  onReason: (reason: R) => void;
  reasonText: (reason: R) => string;
  labels: { pass: string; reason: string; refuse: string };
  onDecide: (decision: 'pass' | 'refuse') => void;
  testId: string;
}) {
  return (
    <div className="admin-review__actions">
      <Button disabled={busy} onClick={() => onDecide('pass')} testId={`${testId}-pass`}>
        {labels.pass}
      </Button>
      <select
        className="row-select"
        aria-label={labels.reason}
        value={reason}
        onChange={(e) => onReason(e.target.value as R)}
        data-testid={`${testId}-reason`}
      >
        {reasons.map((r) => (
          <option key={r} value={r}>
            {reasonText(r)}
          </option>
        ))}
      </select>
      <Button variant="danger" disabled={busy} onClick={() => onDecide('refuse')} testId={`${testId}-refuse`}>
        {labels.refuse}
      </Button>
    </div>
  );
}
