export * from './categories.ts';
export * from './contracts.ts';
export * from './logistics.ts';
export * from './complaints.ts';
