export * from './categories.ts';
export * from './complaints.ts';
export * from './contracts.ts';
export * from './logistics.ts';
