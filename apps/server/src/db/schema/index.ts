export * from './identity.ts';
export * from './catalog.ts';
export * from './orders.ts';
export * from './points.ts';
export * from './challenges.ts';
export * from './messaging.ts';
export * from './peer.ts';
export * from './celebrations.ts';
