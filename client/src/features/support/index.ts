export { ChatComposer, chatFailure } from './ChatComposer.tsx';
export { ChatLog } from './ChatLog.tsx';
export { CustomerServiceCell } from './CustomerServiceCell.tsx';
export type { ChatSocket } from './chatRequests.ts';
export { askChat, ChatRefusal } from './chatRequests.ts';
export { chatSocket, resetSupport, supportChannel } from './supportSession.ts';
export { mergeMessages } from './thread.ts';
export { ThreadSync } from './threadSync.ts';
