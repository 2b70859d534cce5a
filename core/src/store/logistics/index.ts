/** The storefront's logistics, for the order module and the workers: start, advance and sweep shipments. */
export type { Carrier, CarrierEvent, CarrierParcel, CarrierReport } from './carrier.ts';
export { storeShipmentEvents, storeShipments } from './schema.ts';
export { redisShipmentPublisher, type ShipmentPublisher } from './shipmentPublisher.ts';
export { enqueueShipmentAdvance, SHIPMENT_JOB_OPTIONS, shipmentQueue } from './shipmentQueue.ts';
export {
  type Advanced,
  advanceShipment,
  bookReturnParcel,
  type Delivered,
  type DeliveredHook,
  dueShipmentIds,
  type LogisticsDeps,
  type StartShipmentDeps,
  shipmentOfUser,
  startShipment,
  sweepShipments,
} from './shipments.ts';
export { carrierOf, LEG_HOURS, SimulatedCarrier, type SimulatedCarrierOptions } from './simulatedCarrier.ts';
