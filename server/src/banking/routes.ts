import { bankingRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { bindCardHandler } from './bindCard.handler.ts';
import { cardsHandler } from './cards.handler.ts';
import { setDefaultCardHandler } from './setDefaultCard.handler.ts';
import { transferHandler } from './transfer.handler.ts';
import { transfersHandler } from './transfers.handler.ts';
import { unbindCardHandler } from './unbindCard.handler.ts';

/** /api/bank: bank cards and bank-securities transfers. */
export const bankingRoutes = [
  route(contracts.cards, cardsHandler),
  route(contracts.bindCard, bindCardHandler),
  route(contracts.unbindCard, unbindCardHandler),
  route(contracts.setDefaultCard, setDefaultCardHandler),
  route(contracts.transfer, transferHandler),
  route(contracts.transfers, transfersHandler),
];
