/** The banking screens, loaded as one chunk (routes.tsx). */
export { BankListScreen } from './BankListScreen.tsx';
export { BindCardScreen } from './BindCardScreen.tsx';
export { QuickPaymentScreen } from './QuickPaymentScreen.tsx';
export { BankInScreen, DepositScreen, WithdrawalScreen } from './TransferFormScreen.tsx';
export { TransferRecordsScreen } from './TransferRecordsScreen.tsx';
export { TransferScreen } from './TransferScreen.tsx';
