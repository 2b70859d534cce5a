export * from './categories.ts';
export * from './complaints.ts';
export * from './contracts.ts';
export * from './jobs.ts';
export * from './logistics.ts';
export * from './orderStates.ts';
export * from './reviews.ts';
export * from './shopping.ts';
