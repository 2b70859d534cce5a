export { alertConditionText } from './alertCondition.ts';
export { startInbox } from './inbox.ts';
export { useMessageStore } from './messageStore.ts';
export { refusalReasonText } from './messageText.ts';
export { UnreadBadge } from './UnreadBadge.tsx';
